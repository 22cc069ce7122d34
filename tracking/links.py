"""What belongs to a partida, explicitly: the encounters created and the awards given while it
was open. Combat and characters know nothing of partidas (tests/test_layers.py: combat never
imports tracking); tracking listens — to `combat.signals.encounter_created`, to the commit of an
action its system says awards something (`CombatRules.fight_award`, `action_committed`) and to a
new `characters.Award` — and records the
link in the same transaction. `partida_contents` is what the campaign page and
`GET /campaigns/{id}/partidas/{pid}/` list."""

from __future__ import annotations

from decimal import Decimal

from combat.game_system import system_for

from .journal import visible_to
from .models import Partida, PartidaAward, PartidaEncounter


def _open_partida(campaign_id: int) -> Partida | None:
    return Partida.objects.filter(campaign_id=campaign_id, status=Partida.Status.OPEN).first()


def on_encounter_created(sender, *, encounter, **kwargs) -> None:
    partida = _open_partida(encounter.campaign_id)
    if partida is not None:
        PartidaEncounter.objects.get_or_create(encounter=encounter, defaults={"partida": partida})


def on_award_saved(sender, *, instance, created: bool, raw: bool = False, **kwargs) -> None:
    if not created or raw:
        return
    partida = _open_partida(instance.character.campaign_id)
    if partida is not None:
        PartidaAward.objects.create(
            partida=partida, kind=PartidaAward.Kind.ADVANCEMENT, award=instance, amount=instance.amount
        )


def on_action_committed(sender, *, encounter, result, **kwargs) -> None:
    """What a GM gives in a fight (its system's `fight_award`) belongs to the partida the fight
    belongs to (or, for a fight from before any partida, to the one open now)."""
    if not result.events:
        return
    request = (result.events[-1].patch or {}).get("request") or {}
    award = system_for(encounter).combat.fight_award(request)
    if award is None:
        return
    link = PartidaEncounter.objects.filter(encounter=encounter).select_related("partida").first()
    partida = link.partida if link else _open_partida(encounter.campaign_id)
    if partida is None:
        return
    PartidaAward.objects.create(
        partida=partida,
        kind=PartidaAward.Kind.HERO_POINTS,
        event=result.events[0],
        combatant_id=award.combatant,
        amount=Decimal(award.amount),
    )


def _amount(value: Decimal):
    return int(value) if value == value.to_integral() else float(value)


def _award_view(link: PartidaAward) -> dict:
    if link.award is not None:
        award = link.award
        who, what, character = award.character.name, award.get_category_display(), award.character_id
        note = award.note
    else:
        who = link.combatant.name if link.combatant else ""
        what, character, note = str(PartidaAward.Kind.HERO_POINTS.label), None, ""
        if link.combatant is not None:
            character = link.combatant.character_id
    return {
        "kind": link.kind,
        "amount": _amount(link.amount),
        "what": str(what),
        "to": who,
        "character": character,
        "note": note,
        "encounter": link.event.encounter_id if link.event else None,
        "at": link.created_at.isoformat(),
    }


def partida_contents(partida: Partida, user) -> dict:
    """The encounters, awards and journal entries of `partida` that `user` may see (a member of
    its campaign): every encounter and award (they are the table's), the journal as the user may
    read it. Undone hero points are left out."""
    encounters = [
        {"id": link.encounter_id, "name": link.encounter.name, "status": link.encounter.status}
        for link in partida.encounter_links.select_related("encounter").order_by("encounter__created_at")
    ]
    links = partida.award_links.select_related("award__character", "combatant", "event").exclude(
        event__undone=True
    )
    entries = visible_to(user, partida.campaign).filter(partida=partida).order_by("created_at", "id")
    return {
        "encounters": encounters,
        "awards": [_award_view(link) for link in links],
        "journal": [
            {"id": e.pk, "author": e.author.username, "html": e.html, "created_at": e.created_at.isoformat()}
            for e in entries
        ],
    }

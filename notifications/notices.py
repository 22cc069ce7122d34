"""Turning an `ActionNotice` into outbox rows, once: the notice is locked and marked expanded in
the same transaction as the rows it writes, and each row's key is unique per event and person."""

from __future__ import annotations

from django.db import transaction

from combat.models import Combatant

from .models import ActionNotice
from .outbox import notify
from .table import tell_table


def _tell(row, encounter, event: str, key: str, text: str) -> None:
    notify(
        user=row.owner,
        event=event,
        key=key,
        text=text,
        campaign=encounter.campaign,
        link=f"/encounters/{encounter.pk}/",
    )


def _owners(encounter) -> dict[int, Combatant]:
    return {
        c.pk: c
        for c in Combatant.objects.filter(encounter=encounter, owner__isnull=False).select_related("owner")
    }


def _tell_table(notice, encounter, owners) -> None:
    """The table's webhook hears what everyone at the table may know: whose turn (or that the
    declarations are open), the attacks and a resolved round, by the combatants' names only."""
    link = f"/encounters/{encounter.pk}/"
    base = f"e{encounter.pk}:v{notice.version}"
    if notice.declaring and notice.turn_moved:
        text = f"Declaraciones abiertas en «{encounter.name}». / Declarations are open."
        tell_table(
            campaign=encounter.campaign,
            event="declarations_open",
            key=f"declare:{base}",
            text=text,
            link=link,
        )
    elif notice.turn_moved and notice.waiting:
        names = ", ".join(Combatant.objects.filter(pk__in=notice.waiting).values_list("name", flat=True))
        text = f"Turno de {names} en «{encounter.name}». / {names}'s turn."
        tell_table(campaign=encounter.campaign, event="your_turn", key=f"turn:{base}", text=text, link=link)
    for seq, target, _by in notice.attacks:
        name = Combatant.objects.filter(pk=target).values_list("name", flat=True).first() or ""
        text = f"{name} ha sido atacado en «{encounter.name}». / {name} was attacked."
        tell_table(
            campaign=encounter.campaign,
            event="attacked",
            key=f"attack:e{encounter.pk}:s{seq}",
            text=text,
            link=link,
        )
    if notice.resolved:
        text = f"Asalto resuelto en «{encounter.name}». / The round was resolved."
        tell_table(
            campaign=encounter.campaign, event="round_resolved", key=f"resolved:{base}", text=text, link=link
        )


def expand(pk: int) -> bool:
    with transaction.atomic():
        notice = (
            ActionNotice.objects.select_for_update(of=("self",))
            .select_related("encounter__campaign")
            .filter(pk=pk)
            .first()
        )
        if notice is None or notice.expanded:
            return False
        encounter, owners = notice.encounter, _owners(notice.encounter)
        event = "declarations_open" if notice.declaring else "your_turn"
        for cid in notice.waiting:
            if cid in owners:
                row = owners[cid]
                key = f"{event}:e{encounter.pk}:c{cid}:v{notice.version}"
                _tell(row, encounter, event, key, f"{row.name}: te toca en «{encounter.name}». / Your turn.")
        for seq, target, by in notice.attacks:
            row = owners.get(target)
            if row is not None and row.owner_id != by:
                key = f"attacked:e{encounter.pk}:s{seq}"
                _tell(row, encounter, "attacked", key, f"{row.name} ha sido atacado en «{encounter.name}».")
        if notice.resolved:
            for row in {r.owner_id: r for r in owners.values()}.values():
                key = f"round_resolved:e{encounter.pk}:v{notice.version}"
                _tell(row, encounter, "round_resolved", key, f"Asalto resuelto en «{encounter.name}».")
        _tell_table(notice, encounter, owners)
        notice.expanded = True
        notice.save(update_fields=["expanded"])
        return True


def expand_pending(limit: int = 500) -> int:
    """Every notice no task expanded yet (a lost task, a stopped worker)."""
    ids = list(
        ActionNotice.objects.filter(expanded=False).order_by("pk").values_list("pk", flat=True)[:limit]
    )
    return sum(expand(pk) for pk in ids)

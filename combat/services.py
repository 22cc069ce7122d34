"""Writes for encounters: the only code that changes an encounter (HackSoft services).

Each write is one transaction that locks the encounter row (`log.lock`), checks who may act and
whether it is their moment (the system's `may_act`), resolves with the campaign's system
(`rules.systems`) on a `rules.core.encounter.Table`, and appends what it wrote to the turn log
(`log.commit`). Pages and the API call these same functions; they raise `DomainError` only.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.models import Campaign
from epic20site.errors import Conflict, DomainError, NotAllowed
from epic20site.validation import refuse_unless_single_line, validated
from rules import systems
from rules.core import fold
from rules.core.ahead import DeclaringCombat
from rules.core.dice import DiceSource
from rules.core.encounter import ActionType, Table
from rules.core.errors import Refused, SheetRefused
from rules.core.texts import entry as site_entry

from . import log, waiting
from .access import can_act_for, is_encounter_gm
from .dice import encounter_dice, new_seed, reveal
from .log import ActionResult
from .models import Combatant, Encounter
from .schemas import action_serializer
from .signals import action_committed, encounter_created

NAME_MAX = 120


def system_of(encounter: Encounter) -> systems.GameSystem:
    system = systems.for_encounters(systems.get(encounter.campaign.system))
    if system is None:
        raise Conflict("system.unknown", _("Esta campaña usa un sistema de juego que el sitio ya no ofrece."))
    return system


def _require_gm(user, encounter: Encounter) -> None:
    if not is_encounter_gm(user, encounter):
        raise NotAllowed("encounter.gm_only", _("Sólo el director de juego puede hacer esto."))


def _table(encounter: Encounter, user=None) -> Table:
    table = Table.from_state(encounter.state or fold.initial_state(), commitment=encounter.commitment)
    table.by_gm = user is not None and is_encounter_gm(user, encounter)
    table.options = encounter.campaign.rules_options or {}
    return table


# --- creating, settings, revealing, undoing ---------------------------------------------------------


@transaction.atomic
def encounter_create(*, campaign: Campaign, user, name: str, client_seed: str | None = None) -> Encounter:
    name = (name or "").strip()
    if not name:
        raise DomainError("name.blank", _("El encuentro necesita un nombre."), path="/name")
    refuse_unless_single_line(name, path="/name")
    server_seed, commitment = new_seed()
    encounter = Encounter.objects.create(
        campaign=campaign,
        name=name[:NAME_MAX],
        server_seed=server_seed,
        client_seed=client_seed or new_seed()[0][:32],
        commitment=commitment,
        state=fold.initial_state(),
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    encounter_created.send(sender=Encounter, encounter=encounter)
    return encounter


@transaction.atomic
def encounter_settings_update(*, encounter: Encounter, user, exact_odds_for_players: bool) -> Encounter:
    """GM: whether players see exact odds against the GM's NPCs (off by default)."""
    encounter = log.lock(encounter)
    _require_gm(user, encounter)
    encounter.exact_odds_for_players = bool(exact_odds_for_players)
    log.save(encounter)
    return encounter


@transaction.atomic
def encounter_reveal(*, encounter: Encounter, user) -> str:
    """GM: reveal the seed every roll so far was made with (docs/api.md "Verifiable dice")."""
    encounter = log.lock(encounter)
    _require_gm(user, encounter)
    revealed = reveal(encounter)
    log.save(encounter)
    return revealed


@transaction.atomic
def encounter_undo(*, encounter: Encounter, user) -> list:
    """GM: take back the last action that is not undone. Its events stay in the log marked
    `undone`; the state is replayed without them; dice nonces move only forward."""
    encounter = log.lock(encounter)
    _require_gm(user, encounter)
    undone = log.undo_last(encounter)
    if not undone:
        raise Conflict("undo.nothing", _("No hay ninguna acción que deshacer."))
    return undone


# --- combatants -------------------------------------------------------------------------------------


def _character_combatant(encounter: Encounter, user, character_id: int, *, is_gm: bool):
    from characters.models import Character

    character = Character.objects.filter(pk=character_id, campaign_id=encounter.campaign_id).first()
    if character is not None and not (is_gm or character.owner_id == user.pk):
        raise NotAllowed("character.not_yours", _("Sólo puedes añadir a tus propios personajes."))
    if character is None:
        raise DomainError(
            "character.not_found", _("No hay ningún personaje con ese id en esta campaña."), path="/character"
        )
    if encounter.combatants.filter(character=character, removed=False).exists():
        raise Conflict("character.already_in", _("Ese personaje ya está en el combate."), path="/character")
    return character, character.sheet, character.name, character.owner


def _saved_npc_sheet(encounter: Encounter, user, character_id: int) -> tuple[dict, str]:
    """A copy of one of `user`'s saved sheets of the campaign's system, and its name, for an NPC.
    Someone else's sheet is refused as one that does not exist (no one learns of others' sheets);
    a sheet of another system says which system the campaign plays."""
    from campaigns.game_systems import system_name
    from characters.models import Character

    found = Character.objects.filter(pk=character_id, owner=user).only("name", "system", "sheet").first()
    if found is None:
        raise DomainError(
            "npc_from.not_found", _("No tienes ninguna ficha guardada con ese id."), path="/npc_from"
        )
    system = encounter.campaign.system
    if found.system != system:
        raise DomainError(
            "npc_from.other_system",
            _("«%(name)s» es una ficha de %(sheet_system)s; esta campaña juega a %(system)s.")
            % {"name": found.name, "sheet_system": system_name(found.system), "system": system_name(system)},
            path="/npc_from",
        )
    return copy.deepcopy(found.sheet), found.name


def _npc_name(sheet: Any) -> str:
    raw = sheet.get("name") if isinstance(sheet, Mapping) else None
    refuse_unless_single_line(raw, path="/npc/name")
    return (raw.strip() if isinstance(raw, str) else "") or _("PNJ")


def _numbered(encounter: Encounter, name: str) -> str:
    """An NPC's name, numbered when the fight already has someone of that name ("Matón 2",
    "Matón 3"): two NPCs from one saved sheet must not read the same in a list of targets."""
    taken = set(encounter.combatants.values_list("name", flat=True))
    if name not in taken:
        return name
    number = 2
    while f"{name[: NAME_MAX - 4]} {number}" in taken:
        number += 1
    return f"{name[: NAME_MAX - 4]} {number}"


def _check_add(encounter: Encounter, user, *, side: str, is_gm: bool, npc: bool) -> str:
    if encounter.status == Encounter.Status.ENDED:
        raise Conflict("encounter.ended", _("El combate ya ha terminado."))
    side = (side or "").strip()
    if not side:
        raise DomainError("side.blank", _("Indica el bando."), path="/side")
    refuse_unless_single_line(side, path="/side")
    if npc and not is_gm:
        raise NotAllowed("encounter.gm_only", _("Sólo el director de juego añade PNJ."))
    return side


@transaction.atomic
def combatant_add(
    *,
    encounter: Encounter,
    user,
    side: str,
    character_id: int | None = None,
    npc_sheet: dict | None = None,
    npc_from: int | None = None,
    minion: bool = False,
    hit_points: int | None = None,
    dice: DiceSource | None = None,
) -> Combatant:
    """Add a character of the campaign (its owner, or the GM) or a GM NPC: from a sheet given
    whole (`npc_sheet`) or as a copy of one of the GM's own saved sheets of the campaign's system
    (`npc_from`, a character id; the copy is an NPC like any other, its numbers the GM's). In a
    running fight the newcomer joins as its system says (`CombatRules.join`)."""
    encounter = log.lock(encounter)
    is_gm = is_encounter_gm(user, encounter)
    side = _check_add(encounter, user, side=side, is_gm=is_gm, npc=character_id is None)
    if character_id is not None:
        character, sheet, name, owner = _character_combatant(encounter, user, character_id, is_gm=is_gm)
        minion, hit_points = False, None
    elif npc_from is not None:
        character, owner = None, None
        sheet, name = _saved_npc_sheet(encounter, user, npc_from)
    else:
        character, sheet, name, owner = None, npc_sheet or {}, _npc_name(npc_sheet), None
    if character is None:
        name = _numbered(encounter, name[:NAME_MAX])
    combatant = Combatant.objects.create(
        encounter=encounter,
        character=character,
        npc_sheet=sheet if character is None else None,
        name=name[:NAME_MAX],
        side=side[:40],
        minion=minion,
        hit_points=hit_points,
        owner=owner,
    )
    combat = system_of(encounter).combat
    try:
        state = combat.build_combatant(
            cid=combatant.pk,
            name=combatant.name,
            side=combatant.side,
            sheet=sheet,
            options={"minion": minion, "hit_points": hit_points},
        )
    except SheetRefused as exc:
        prefix = "/npc" if character is None else "/character"
        raise DomainError.from_problems(
            exc.problems, prefix=prefix, fallback=_("La ficha no es válida.")
        ) from None
    table = _table(encounter)
    table.state.setdefault("combatants", {})[str(combatant.pk)] = state
    table.write(
        site_entry("combatant_added", round=table.round, actor=combatant.pk, name=combatant.name, side=side)
    )
    dice = dice or encounter_dice(encounter)
    combat.join(table, dice, combatant.pk)
    log.commit(encounter, table.entries, table.state, user=user, dice=dice)
    combatant.refresh_from_db()
    return combatant


@transaction.atomic
def combatant_remove(
    *, encounter: Encounter, combatant: Combatant, user, dice: DiceSource | None = None
) -> None:
    """GM: the combatant leaves the fight and every order; if it was acting, the turn passes on."""
    encounter = log.lock(encounter)
    _require_gm(user, encounter)
    table = _table(encounter)
    if table.combatant(combatant.pk) is None:
        raise Conflict("combatant.not_in_fight", _("Ese combatiente ya no está en el combate."))
    table.write(site_entry("combatant_removed", round=table.round, actor=combatant.pk, name=combatant.name))
    dice = dice or encounter_dice(encounter)
    system_of(encounter).combat.remove(table, dice, combatant.pk)
    log.commit(encounter, table.entries, table.state, user=user, dice=dice)


# --- actions -------------------------------------------------------------------------------------


def _check_actor(encounter: Encounter, user, action_type: ActionType, actor, *, is_gm: bool) -> None:
    if not action_type.needs_actor:
        return
    in_fight = {
        int(cid) for cid, data in (encounter.state.get("combatants") or {}).items() if not data.get("removed")
    }
    if actor is None:
        raise DomainError("actor.required", _("Indica quién actúa."), path="/actor")
    if actor not in in_fight:
        raise DomainError("actor.not_found", _("Ese combatiente no está en el combate."), path="/actor")
    # The GM acts for anyone: only a player's actor needs its owner read.
    if not is_gm:
        owner = encounter.combatants.filter(pk=actor).values_list("owner_id", flat=True)[:1]
        row = Combatant(pk=actor, owner_id=owner[0]) if owner else None
        if row is None or not can_act_for(user, encounter, row):
            raise NotAllowed("actor.not_yours", _("Sólo puedes actuar por tus propios combatientes."))


def _check_phase(encounter: Encounter, action_type: ActionType) -> None:
    if encounter.status in action_type.phases:
        return
    message = {
        "setup": _("El combate aún no ha empezado."),
        "ended": _("El combate ya ha terminado."),
    }.get(encounter.status, _("El combate ya ha empezado."))
    raise Conflict(f"encounter.{encounter.status}", message)


def _action_type(encounter: Encounter, action: Mapping) -> tuple[systems.GameSystem, ActionType]:
    system = system_of(encounter)
    kind = action.get("type") if isinstance(action, Mapping) else None
    action_type = system.combat.actions.get(kind) if isinstance(kind, str) else None
    if action_type is None:
        raise DomainError("type.unknown", _("Tipo de acción desconocido."), path="/type")
    return system, action_type


def _validated_declaration(system, action: Mapping) -> dict:
    """A declaration made ahead (`rules.core.ahead`): `type`, `actor` and the declared `action`,
    which is checked against its own type's schema (paths under `/action`)."""
    from .serializers import DeclarationSerializer

    outer = validated(DeclarationSerializer, action)
    inner = outer["action"]
    kind = system.combat.declarable.get(inner.get("type")) if isinstance(inner, Mapping) else None
    if kind is None:
        raise DomainError(
            "declare.unknown_type",
            _("Esa acción no se puede declarar: indica uno de los tipos de acción de tu sistema."),
            path="/action/type",
        )
    body = {key: value for key, value in inner.items() if key != "actor"}
    try:
        checked = validated(action_serializer(system.slug, kind), {**body, "actor": outer["actor"]})
    except DomainError as exc:
        for error in exc.errors:
            error["path"] = "/action" + error["path"]
        exc.path = exc.errors[0]["path"]
        raise
    checked.pop("actor", None)
    return {"type": "declare", "actor": outer["actor"], "action": checked}


def _validated_action(system, action_type: ActionType, action) -> dict:
    if isinstance(system.combat, DeclaringCombat) and action_type is system.combat.declare:
        return _validated_declaration(system, action)
    return validated(action_serializer(system.slug, action_type), action)


def _hidden_target(encounter: Encounter, user, action: Mapping) -> bool:
    from .selectors import hidden_combatant_ids

    target = action.get("target")
    return target is not None and target in hidden_combatant_ids(user, encounter)


def _resolve(encounter: Encounter, user, system, action_type: ActionType, table: Table, dice, action) -> None:
    try:
        action_type.resolve(table, dice, action, action.get("actor"))
    except Refused as exc:
        view = system.combat.view_refusal
        if view is not None:
            exc = view(exc, hidden_target=_hidden_target(encounter, user, action))
        raise DomainError.from_refused(exc) from None


def declaration_validated(system, actor: int, action: Any) -> dict:
    """`action` checked as the system's `declare` takes it (paths under `/action`): what a
    standing order holds (`combat.standing_orders`)."""
    declare = system.combat.actions.get("declare")
    if declare is None:
        raise Conflict("standing_order.unsupported", _("En este sistema no se declaran acciones."))
    return _validated_action(system, declare, {"type": "declare", "actor": actor, "action": action})["action"]


def _write_order(encounter: Encounter, system, table: Table, action: Mapping) -> None:
    """A standing order is taken: its "por orden permanente" line opens the action."""
    from rules.core import declarations

    from .presentation import presentation_for

    inner = action["action"] if action.get("type") == "declare" else action
    entry = declarations.order_entry(
        table,
        action["actor"],
        inner,
        system.combat.actions,
        policy=presentation_for(system.slug).standing_orders,
        names=dict(encounter.combatants.values_list("pk", "name")),
    )
    table.write(entry)


def encounter_act(
    *, encounter: Encounter, user, action: Any, dice: DiceSource | None = None, by_order: bool = False
) -> ActionResult:
    """Resolve one action (`POST /encounters/{id}/actions/`) in one locked transaction;
    `by_order`: a combatant's standing order, taken when its deadline ran out."""
    with transaction.atomic():
        encounter = log.lock(encounter)
        system, action_type = _action_type(encounter, action)
        action = _validated_action(system, action_type, action)
        is_gm = is_encounter_gm(user, encounter)
        if action_type.gm_only and not is_gm:
            raise NotAllowed("encounter.gm_only", _("Sólo el director de juego puede hacer esto."))
        _check_actor(encounter, user, action_type, action.get("actor"), is_gm=is_gm)
        _check_phase(encounter, action_type)
        if not system.combat.may_act(encounter.state or {}, action.get("actor"), action):
            raise Conflict("turn.not_yours", _("No es el turno de ese combatiente."))
        dice = dice or encounter_dice(encounter)
        table = _table(encounter, user)
        replaced, before = None, None
        if action_type.rewinds_for(action):
            replaced, before = log.last_action(encounter)
            table.state, table.last_action = fold.copy_json(before), replaced
        if by_order:
            _write_order(encounter, system, table, action)
        _resolve(encounter, user, system, action_type, table, dice, action)
        return _record(encounter, table, action, replaced=replaced, before=before, user=user, dice=dice)


def _record(
    encounter: Encounter, table: Table, action: Mapping, *, replaced, before, user, dice
) -> ActionResult:
    if not table.entries:
        raise DomainError("action.no_effect", _("La acción no ha tenido ningún efecto."))
    if table.status == "ended" and encounter.status != Encounter.Status.ENDED:
        reveal(encounter)  # the end of a fight reveals its dice
    extra: dict = {"request": dict(action)}
    if replaced is not None:
        # The new action takes the place of the one it resolves again, request and all.
        extra = {"request": dict(replaced.request), "rerolls": replaced.action}
        encounter.state = before
        # The first action's events leave the state: open pages redraw the log, as after an undo.
        encounter.undo_version = encounter.version + 1
    # The next turn's deadline starts with the commit; what to tell people goes to the outbox in
    # the same transaction.
    turn_moved = waiting.before_commit(encounter, table.state, table.status)
    result = log.commit(encounter, table.entries, table.state, user=user, dice=dice, extra=extra)
    action_committed.send(sender=Encounter, encounter=encounter, result=result, turn_moved=turn_moved)
    if replaced is not None:
        log.supersede(encounter, replaced.action, by=result.events[0].seq)
    return result


def encounter_declare_ahead(*, encounter: Encounter, user, on: bool) -> ActionResult | None:
    """GM: every combatant declares its next action ahead (on) or acts turn by turn (off), as the
    logged, undoable `declare_ahead_on` / `declare_ahead_off` action. None when already so."""
    state = encounter.state or {}
    if bool(state.get("declare_ahead")) == bool(on):
        return None
    if not isinstance(system_of(encounter).combat, DeclaringCombat):
        raise Conflict(
            "declare_ahead.own_rules",
            _("Este sistema ya declara las acciones a su manera."),
            path="/declare_ahead",
        )
    kind = "declare_ahead_on" if on else "declare_ahead_off"
    return encounter_act(encounter=encounter, user=user, action={"type": kind})


def encounter_end(*, encounter: Encounter, user, dice: DiceSource | None = None) -> ActionResult:
    """GM: end the fight; its dice seed is revealed with it."""
    return encounter_act(encounter=encounter, user=user, action={"type": "end"}, dice=dice)

"""Writes for encounters: the only code that changes an encounter (HackSoft services).

Every write is one transaction that locks the encounter row (`select_for_update()`; on SQLite
the settings open transactions with BEGIN IMMEDIATE, which takes the write lock at once), checks
who may act and whether it is their turn, resolves with the engine (`rules.epic20` through
`combat.encounters.engine`), appends the events with consecutive `seq`, saves the new folded
state with a bumped `version` and, once committed, tells the open pages (`live.publish`).
Pages and the API call these same functions.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaigns.models import Campaign
from combat.access import can_act_for, is_encounter_gm
from combat.models import Combatant, Encounter, Event, IdempotencyKey
from rules.core import fold
from rules.core.dice import DiceSource, VerifiableDice, commitment_of, new_server_seed
from rules.core.errors import Refused
from rules.epic20.resolution import initiative

from . import actions, codec, engine, live, rerolls


class EncounterError(Exception):
    """An encounter action the site or the rules refuse. `code` is stable; `status` is the HTTP
    status the API answers with (400 bad input, 403 not yours, 409 conflict)."""

    status = 400

    def __init__(self, code: str, message: str, *, path: str = "", rule: str = "", status: int | None = None):
        super().__init__(message)
        self.code = code
        self.message = str(message)
        self.path = path
        self.rule = rule
        if status is not None:
            self.status = status

    def as_errors(self) -> list[dict]:
        return [{"code": self.code, "path": self.path, "message": self.message, "rule": self.rule}]


class NotAllowed(EncounterError):
    status = 403


class ConflictError(EncounterError):
    status = 409


class OutOfTurn(ConflictError):
    pass


@dataclass(frozen=True)
class EventSpec:
    """An event about to be appended: what the log shows and the state change it carries."""

    type: str
    payload: dict
    patch: dict = field(default_factory=dict)
    actor: int | None = None
    target: int | None = None
    round: int | None = None


@dataclass(frozen=True)
class ActionResult:
    encounter: Encounter
    events: list[Event]


# --- dice -------------------------------------------------------------------------------------


def _new_seed() -> tuple[str, str]:
    seed = new_server_seed()
    return seed.hex(), commitment_of(seed)


def dice_for(encounter: Encounter) -> DiceSource:
    """The dice an action rolls with. Production: the encounter's verifiable dice, from its
    persisted `next_nonce`. `settings.EPIC20_DICE_FACTORY` (a dotted path to a callable taking the
    encounter) replaces them, so tests can script the faces through the real services."""
    factory_path = getattr(settings, "EPIC20_DICE_FACTORY", None)
    if factory_path:
        return import_string(factory_path)(encounter)
    return VerifiableDice(bytes.fromhex(encounter.server_seed), encounter.client_seed, encounter.next_nonce)


def _persist_nonce(encounter: Encounter, dice: DiceSource) -> None:
    next_nonce = getattr(dice, "next_nonce", None)
    if isinstance(dice, VerifiableDice) and next_nonce is not None:
        # Only ever forward: a nonce is spent once, whatever happens to the roll.
        encounter.next_nonce = max(encounter.next_nonce, next_nonce)


# --- creating and revealing -------------------------------------------------------------------


@transaction.atomic
def encounter_create(*, campaign: Campaign, user, name: str, client_seed: str | None = None) -> Encounter:
    name = (name or "").strip()
    if not name:
        raise EncounterError("name.blank", _("El encuentro necesita un nombre."), path="/name")
    server_seed, commitment = _new_seed()
    encounter = Encounter.objects.create(
        campaign=campaign,
        name=name[:120],
        server_seed=server_seed,
        client_seed=client_seed or new_server_seed().hex()[:32],
        commitment=commitment,
        state=fold.initial_state(),
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    return encounter


def _lock(encounter: Encounter | int) -> Encounter:
    pk = encounter.pk if isinstance(encounter, Encounter) else encounter
    locked = Encounter.objects.select_for_update().select_related("campaign").get(pk=pk)
    # The fold the combatant rows agree with, so a commit updates only the rows it changes.
    locked._rows_state = locked.state
    return locked


def _reveal(encounter: Encounter) -> str:
    """Publish the current server seed and start a fresh seed and commitment for later rolls."""
    revealed = encounter.server_seed
    encounter.revealed_seeds = [
        *encounter.revealed_seeds,
        {
            "server_seed": revealed,
            "commitment": encounter.commitment,
            "client_seed": encounter.client_seed,
            "revealed_at": timezone.now().isoformat(),
        },
    ]
    encounter.server_seed, encounter.commitment = _new_seed()
    return revealed


@transaction.atomic
def encounter_reveal(*, encounter: Encounter, user) -> str:
    """GM: reveal the seed every roll so far was made with (API.md "Verifiable dice")."""
    encounter = _lock(encounter)
    _require_gm(user, encounter)
    revealed = _reveal(encounter)
    _save(encounter)
    return revealed


# --- the log ------------------------------------------------------------------------------------


def _require_gm(user, encounter: Encounter) -> None:
    if not is_encounter_gm(user, encounter):
        raise NotAllowed("encounter.gm_only", _("Sólo el director de juego puede hacer esto."))


def _sync_columns(encounter: Encounter) -> None:
    """Mirror the folded state into the columns lists and filters read."""
    state = encounter.state
    encounter.status = state.get("status") or Encounter.Status.SETUP
    encounter.round = state.get("round") or 0
    encounter.turn_order = list(state.get("turn_order") or [])
    encounter.current_id = state.get("current")


def _save(encounter: Encounter) -> None:
    encounter.version += 1
    _sync_columns(encounter)
    encounter.save()
    live.publish(encounter)


def _row_fields(cstate: dict | None) -> tuple[bool, int | None]:
    """`(removed, initiative)` of a combatant row that agrees with its folded state."""
    if cstate is None:
        return True, None
    return bool(cstate.get("removed")), cstate.get("initiative")


def _sync_combatant_rows(encounter: Encounter) -> None:
    """Keep `Combatant.removed` and `initiative` in step with the fold (one query per change).

    After `_lock` the rows agree with the fold it loaded (every write keeps them so), so only the
    combatants whose `removed` or `initiative` the new fold changes are written, and none is read:
    an attack or a turn's end touches no row. Without that fold (an encounter that did not come
    from `_lock`) every row is read and compared."""
    combatants = encounter.state.get("combatants") or {}
    synced = getattr(encounter, "_rows_state", None)
    if synced is None:
        for row in encounter.combatants.all():
            fields = _row_fields(combatants.get(str(row.pk)))
            if (row.removed, row.initiative) != fields:
                row.removed, row.initiative = fields
                row.save(update_fields=["removed", "initiative"])
    else:
        before = synced.get("combatants") or {}
        for cid, cstate in combatants.items():
            fields = _row_fields(cstate)
            if cid not in before or _row_fields(before[cid]) != fields:
                removed, initiative = fields
                Combatant.objects.filter(encounter=encounter, pk=int(cid)).update(
                    removed=removed, initiative=initiative
                )
        for cid in before.keys() - combatants.keys():  # an undone `combatant_added`
            Combatant.objects.filter(encounter=encounter, pk=int(cid)).update(removed=True, initiative=None)
    encounter._rows_state = encounter.state


def _append(encounter: Encounter, specs: Sequence[EventSpec], *, user) -> list[Event]:
    """Append the events of one action with consecutive seqs and fold their patches in."""
    first = encounter.last_seq + 1
    events = []
    state = encounter.state or fold.initial_state()
    for offset, spec in enumerate(specs):
        state = fold.apply(state, spec.patch)
        events.append(
            Event(
                encounter=encounter,
                seq=first + offset,
                action=first,
                type=spec.type,
                round=spec.round if spec.round is not None else state.get("round") or 0,
                actor_id=spec.actor,
                target_id=spec.target,
                payload=spec.payload,
                patch=spec.patch,
                created_by=user if getattr(user, "is_authenticated", False) else None,
            )
        )
    Event.objects.bulk_create(events)
    encounter.last_seq = first + len(specs) - 1
    encounter.state = state
    return events


def commit_action(
    encounter: Encounter, specs: Sequence[EventSpec], *, user, dice: DiceSource | None = None
) -> ActionResult:
    """Append the events of an action to a locked encounter and save its new state."""
    if not specs:
        raise EncounterError("action.no_effect", _("La acción no ha tenido ningún efecto."))
    events = _append(encounter, specs, user=user)
    if dice is not None:
        _persist_nonce(encounter, dice)
    _save(encounter)
    _sync_combatant_rows(encounter)
    return ActionResult(encounter=encounter, events=events)


def recompute_state(encounter: Encounter) -> dict:
    """The fold of every event not undone, from scratch."""
    patches = encounter.events.filter(undone=False).order_by("seq").values_list("patch", flat=True)
    return fold.replay(patches.iterator(chunk_size=2000))


@transaction.atomic
def encounter_undo(*, encounter: Encounter, user) -> list[Event]:
    """GM: take back the last action that is not undone. Its events stay in the log marked
    `undone`; the state is replayed without them; dice nonces move only forward."""
    encounter = _lock(encounter)
    _require_gm(user, encounter)
    last = encounter.events.filter(undone=False).order_by("-seq").only("action").first()
    if last is None:
        raise ConflictError("undo.nothing", _("No hay ninguna acción que deshacer."))
    undone = list(encounter.events.filter(action=last.action, undone=False).order_by("seq"))
    encounter.events.filter(pk__in=[e.pk for e in undone]).update(undone=True)
    for event in undone:
        event.undone = True
    rerolls.restore(encounter, undone)
    encounter.state = recompute_state(encounter)
    encounter.undo_version = encounter.version + 1
    _save(encounter)
    _sync_combatant_rows(encounter)
    return undone


# --- idempotency ----------------------------------------------------------------------------------


def request_fingerprint(method: str, path: str, body: Any) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{method.upper()} {path}\n{canonical}".encode()).hexdigest()


def run_idempotent(
    *,
    user,
    key: str | None,
    encounter: Encounter,
    fingerprint: str,
    run: Callable[[], tuple[int, dict]],
) -> tuple[int, dict]:
    """Run `run()` (which answers `(status, body)`) once per `Idempotency-Key`: a repeated key
    gets the first answer, status and body, and nothing happens again. Only answers that changed
    something are kept; a refused request changed nothing and may simply be retried."""
    if not key:
        return run()
    with transaction.atomic():
        # The encounter lock serialises two requests with the same key as well.
        _lock(encounter)
        stored = IdempotencyKey.objects.filter(user=user, key=key).first()
        if stored is not None:
            if stored.fingerprint != fingerprint:
                raise ConflictError(
                    "idempotency_key.reused",
                    _("Esta clave de idempotencia ya se usó para otra petición."),
                )
            return stored.status_code, stored.response
        status, body = run()
        try:
            with transaction.atomic():
                IdempotencyKey.objects.create(
                    user=user,
                    key=key,
                    encounter=encounter,
                    fingerprint=fingerprint,
                    status_code=status,
                    response=body,
                )
        except IntegrityError:  # pragma: no cover - the same key raced on another encounter
            raise ConflictError(
                "idempotency_key.reused", _("Esta clave de idempotencia ya se usó para otra petición.")
            ) from None
        return status, body


# --- combatants ---------------------------------------------------------------------------------


def _lang() -> str:
    return "en" if (get_language() or "es").lower().startswith("en") else "es"


def _refused(exc: Refused, *, status: int = 400) -> EncounterError:
    text = exc.text_en if _lang() == "en" else exc.text_es
    return EncounterError(exc.code, text, rule=exc.rule, status=status)


def _invalid(exc: actions.ActionInvalid) -> EncounterError:
    """An action the handler refused: out of turn is a conflict (API.md: 409), the rest bad input."""
    if exc.code in ("turn.not_yours", "turn.none"):
        return OutOfTurn(exc.code, exc.message)
    return EncounterError(exc.code, exc.message, path=exc.path)


def _table(encounter: Encounter) -> engine.Table:
    return engine.Table.from_state(encounter.state or fold.initial_state(), commitment=encounter.commitment)


def _finish(
    encounter: Encounter, table: engine.Table, *, user, dice: DiceSource | None, extra: dict | None = None
) -> ActionResult:
    """Turn the table's entries into events; the whole state change rides on the last one.
    `extra` rides there too, unseen by clients and ignored by the fold: the request of a roll
    that may be rerolled, the action a reroll superseded (`rerolls`)."""
    before = encounter.state or fold.initial_state()
    after = table.result()
    patch = {**fold.diff(before, after), **(extra or {})}
    entries = table.entries
    specs = [
        EventSpec(
            type=entry.type,
            payload=entry.payload,
            patch=patch if i == len(entries) - 1 else {},
            actor=entry.actor,
            target=entry.target,
            round=entry.round,
        )
        for i, entry in enumerate(entries)
    ]
    return commit_action(encounter, specs, user=user, dice=dice)


@transaction.atomic
def combatant_add(
    *,
    encounter: Encounter,
    user,
    side: str,
    character_id: int | None = None,
    npc_sheet: dict | None = None,
    minion: bool = False,
    hit_points: int | None = None,
    hero_points: int | None = None,
    dice: DiceSource | None = None,
) -> Combatant:
    """Add a character of the campaign (its owner, or the GM) or a GM NPC from a sheet. In a running
    fight the newcomer rolls initiative and takes its place from the next round."""
    from characters.models import Character

    encounter = _lock(encounter)
    is_gm = is_encounter_gm(user, encounter)
    if encounter.status == Encounter.Status.ENDED:
        raise ConflictError("encounter.ended", _("El combate ya ha terminado."))
    side = (side or "").strip()
    if not side:
        raise EncounterError("side.blank", _("Indica el bando."), path="/side")
    if character_id is not None:
        character = Character.objects.filter(pk=character_id, campaign_id=encounter.campaign_id).first()
        if character is None or not (is_gm or character.owner_id == user.pk):
            if character is not None:
                raise NotAllowed("character.not_yours", _("Sólo puedes añadir a tus propios personajes."))
            raise EncounterError(
                "character.not_found",
                _("No hay ningún personaje con ese id en esta campaña."),
                path="/character",
            )
        if encounter.combatants.filter(character=character, removed=False).exists():
            raise ConflictError(
                "character.already_in", _("Ese personaje ya está en el combate."), path="/character"
            )
        sheet, name, owner = character.sheet, character.name, character.owner
        minion, hit_points = False, None
    else:
        if not is_gm:
            raise NotAllowed("encounter.gm_only", _("Sólo el director de juego añade PNJ."))
        sheet, owner, character = npc_sheet or {}, None, None
        raw_name = sheet.get("name") if isinstance(sheet, dict) else None
        name = (raw_name.strip() if isinstance(raw_name, str) else "") or _("PNJ")
    if hero_points is not None and not is_gm:
        raise NotAllowed("encounter.gm_only", _("Sólo el director de juego fija los puntos de Héroe."))
    combatant = Combatant.objects.create(
        encounter=encounter,
        character=character,
        npc_sheet=sheet if character is None else None,
        name=name[:120],
        side=side[:40],
        minion=minion,
        hit_points=hit_points,
        owner=owner,
    )
    try:
        state = engine.build_combatant(
            cid=combatant.pk,
            name=combatant.name,
            side=combatant.side,
            sheet=sheet,
            minion=minion,
            hit_points=hit_points,
            hero_points=hero_points,
        )
    except engine.SheetRefused as exc:
        prefix = "/npc" if character is None else "/character"
        errors = [
            {**p.as_dict(_lang()), "path": prefix + p.as_dict(_lang())["path"]} for p in exc.problems
        ] or [{"code": "sheet.invalid", "path": prefix, "message": _("La ficha no es válida."), "rule": ""}]
        raise SheetInvalid(errors) from None
    table = _table(encounter)
    table.put(state)
    table.folded.setdefault("combatants", {})[state.id] = {"initiative": None}
    table.say("combatant_added", actor=state.id, name=state.name, side=state.side)
    if encounter.status == Encounter.Status.ACTIVE:
        dice = dice or dice_for(encounter)
        rolls, events = initiative.roll_initiative([state], dice)
        table.emit(events)
        table.folded["combatants"][state.id].update(
            {"initiative": rolls[0].total, "initiative_roll": codec.encode(rolls[0])}
        )
        engine.insert_in_order(table, state.id, rolls[0])
    _finish(encounter, table, user=user, dice=dice)
    combatant.refresh_from_db()
    return combatant


@transaction.atomic
def combatant_remove(
    *, encounter: Encounter, combatant: Combatant, user, dice: DiceSource | None = None
) -> None:
    """GM: the combatant leaves the fight and every order; if it was acting, the turn passes on."""
    encounter = _lock(encounter)
    _require_gm(user, encounter)
    table = _table(encounter)
    cid = str(combatant.pk)
    if cid not in table.states:
        raise ConflictError("combatant.not_in_fight", _("Ese combatiente ya no está en el combate."))
    was_current = table.current == cid
    order = table.order
    index = order.index(combatant.pk) if combatant.pk in order else -1
    del table.states[cid]
    table.folded["combatants"][cid] = {**table.folded["combatants"][cid], "removed": True}
    for key in fold.ORDER_KEYS:
        table.folded[key] = [c for c in table.folded.get(key) or [] if c != combatant.pk]
    table.say("combatant_removed", actor=cid, name=combatant.name)
    if was_current and encounter.status == Encounter.Status.ACTIVE:
        dice = dice or dice_for(encounter)
        table.folded["current"] = None
        engine.advance(table, dice, from_index=index - 1)
    _finish(encounter, table, user=user, dice=dice)


class SheetInvalid(EncounterError):
    def __init__(self, errors: list[dict]):
        super().__init__(errors[0]["code"], errors[0]["message"], path=errors[0]["path"])
        self.errors = errors

    def as_errors(self) -> list[dict]:
        return self.errors


# --- actions -------------------------------------------------------------------------------------


def encounter_act(
    *, encounter: Encounter, user, action: dict, dice: DiceSource | None = None
) -> ActionResult:
    """Resolve one action (API.md `POST /encounters/{id}/actions/`) in one locked transaction."""
    with transaction.atomic():
        encounter = _lock(encounter)
        kind = action.get("type")
        if kind == "spend_hero_point" and action.get("use") == "repetir-tirada":
            kind = "reroll"  # PUNTOS DE HÉROE: "Repetir un dado de 20 ya lanzado"
        spec = actions.ACTION_TYPES.get(kind)
        if spec is None:
            raise EncounterError("type.unknown", _("Tipo de acción desconocido."), path="/type")
        is_gm = is_encounter_gm(user, encounter)
        if spec.gm_only and not is_gm:
            raise NotAllowed("encounter.gm_only", _("Sólo el director de juego puede hacer esto."))
        state = encounter.state or fold.initial_state()
        in_fight = {
            int(cid) for cid, data in (state.get("combatants") or {}).items() if not data.get("removed")
        }
        actor = action.get("actor")
        if spec.needs_actor:
            if actor is None:
                raise EncounterError("actor.required", _("Indica quién actúa."), path="/actor")
            if actor not in in_fight:
                raise EncounterError(
                    "actor.not_found", _("Ese combatiente no está en el combate."), path="/actor"
                )
            # The GM acts for anyone: only a player's actor needs its owner read.
            if not is_gm:
                owner = encounter.combatants.filter(pk=actor).values_list("owner_id", flat=True)[:1]
                row = Combatant(pk=actor, owner_id=owner[0]) if owner else None
                if row is None or not can_act_for(user, encounter, row):
                    raise NotAllowed("actor.not_yours", _("Sólo puedes actuar por tus propios combatientes."))
        if action.get("free") and not is_gm:
            raise NotAllowed(
                "free.gm_only", _("Sólo el director de juego pide tiradas que no gastan acción.")
            )
        if encounter.status not in spec.phases:
            message = {
                "setup": _("El combate aún no ha empezado."),
                "ended": _("El combate ya ha terminado."),
            }.get(encounter.status, _("El combate ya ha empezado."))
            raise ConflictError(f"encounter.{encounter.status}", message)
        if spec.needs_actor and not actions.is_any_time(kind, action) and state.get("current") != actor:
            raise OutOfTurn("turn.not_yours", _("No es el turno de ese combatiente."))
        dice = dice or dice_for(encounter)
        if kind == "reroll":
            return _reroll(encounter, actor, user=user, dice=dice, which=action.get("seq"))
        table = _table(encounter)
        if kind == "skill_check":
            _ensure_skills(encounter, table, actor)
        try:
            spec.handler(table, dice, action, str(actor) if actor is not None else None)
        except Refused as exc:
            raise _refused(exc) from None
        except actions.ActionInvalid as exc:
            raise _invalid(exc) from None
        if kind == "end":
            _reveal(encounter)
        # A roll keeps its request, so a hero point can have it resolved again (`rerolls`).
        extra = {"request": action} if kind in actions.REROLLABLE else None
        return _finish(encounter, table, user=user, dice=dice, extra=extra)


def _reroll(
    encounter: Encounter, actor: int, *, user, dice: DiceSource, which: int | None = None
) -> ActionResult:
    """Repeat the actor's last roll for hero points (`rerolls`), in the locked transaction."""
    try:
        first = rerolls.last_roll(encounter, actor, which)
    except rerolls.NotRerollable as exc:
        if encounter.state.get("current") != actor:
            raise OutOfTurn("turn.not_yours", _("No es el turno de ese combatiente.")) from None
        raise ConflictError(exc.code, exc.message) from None
    table = engine.Table.from_state(first.state_before, commitment=encounter.commitment)
    if first.request["type"] == "skill_check":
        _ensure_skills(encounter, table, actor)
    try:
        actions.REROLLABLE[first.request["type"]](
            table, dice, first.request, str(actor), **rerolls.reroll_kwargs(first)
        )
    except Refused as exc:
        raise _refused(exc) from None
    except actions.ActionInvalid as exc:
        raise _invalid(exc) from None
    rerolls.keep_first_roll(table.entries, first)
    encounter.state = first.state_before
    # The first action's events leave the state: open pages redraw the log, as after an undo.
    encounter.undo_version = encounter.version + 1
    extra = {"request": first.request, "rerolls": first.action}
    result = _finish(encounter, table, user=user, dice=dice, extra=extra)
    rerolls.supersede(first, by=result.events[0].seq)
    return result


def _ensure_skills(encounter: Encounter, table: engine.Table, actor: int) -> None:
    """A combatant added before states carried skills gets them from its sheet now."""
    state = table.get(actor)
    if state is None or state.skills:
        return
    row = encounter.combatants.select_related("character").filter(pk=actor).first()
    sheet = (row.character.sheet if row.character else row.npc_sheet) if row else None
    try:
        built = engine.build_combatant(cid=actor, name=state.name, side=state.side, sheet=sheet or {})
    except engine.SheetRefused:
        return
    table.put(replace(state, skills=built.skills))


def encounter_end(*, encounter: Encounter, user, dice: DiceSource | None = None) -> ActionResult:
    """GM: end the fight; its dice seed is revealed with it."""
    return encounter_act(encounter=encounter, user=user, action={"type": "end"}, dice=dice)


__all__ = [
    "ActionResult",
    "ConflictError",
    "EncounterError",
    "EventSpec",
    "NotAllowed",
    "OutOfTurn",
    "SheetInvalid",
    "can_act_for",
    "combatant_add",
    "combatant_remove",
    "encounter_act",
    "encounter_end",
    "commit_action",
    "dice_for",
    "encounter_create",
    "encounter_reveal",
    "encounter_undo",
    "recompute_state",
    "request_fingerprint",
    "run_idempotent",
]

"""The turn log of an encounter: append-only events, the fold they make, undo and supersede.

Every write locks the encounter row (`select_for_update()`; on SQLite the settings open
transactions with BEGIN IMMEDIATE, which takes the write lock at once), appends the events of one
action with consecutive `seq`, folds their patches into the cached state (`rules.core.fold`),
saves it with a bumped `version` and, once committed, tells the open pages (`live.publish`).
Undo marks the last action's events `undone` and replays the rest: nothing is deleted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.core import fold
from rules.core.encounter import Entry, LastAction

from . import dice as encounter_dice
from . import live
from .models import Combatant, Encounter, Event


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


def lock(encounter: Encounter | int) -> Encounter:
    pk = encounter.pk if isinstance(encounter, Encounter) else encounter
    locked = Encounter.objects.select_for_update().select_related("campaign").get(pk=pk)
    # The fold the combatant rows agree with, so a commit updates only the rows it changes.
    locked._rows_state = locked.state
    return locked


def _sync_columns(encounter: Encounter) -> None:
    """Mirror the folded state into the columns lists and filters read."""
    state = encounter.state
    encounter.status = state.get("status") or Encounter.Status.SETUP
    encounter.round = state.get("round") or 0
    encounter.turn_order = list(state.get("turn_order") or [])
    encounter.current_id = state.get("current")


def save(encounter: Encounter) -> None:
    encounter.version += 1
    _sync_columns(encounter)
    encounter.save()
    live.publish(encounter)


def _row_fields(cstate: dict | None) -> tuple[bool, int | None]:
    """`(removed, initiative)` of a combatant row that agrees with its folded state."""
    if cstate is None:
        return True, None
    return bool(cstate.get("removed")), cstate.get("initiative")


def sync_combatant_rows(encounter: Encounter) -> None:
    """Keep `Combatant.removed` and `initiative` in step with the fold (one query per change).

    After `lock` the rows agree with the fold it loaded (every write keeps them so), so only the
    combatants whose `removed` or `initiative` the new fold changes are written, and none is read."""
    combatants = encounter.state.get("combatants") or {}
    before = getattr(encounter, "_rows_state", None)
    if before is None:
        before = {"combatants": {str(row.pk): row_state(row) for row in encounter.combatants.all()}}
    before = before.get("combatants") or {}
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


def row_state(row: Combatant) -> dict:
    return {"removed": row.removed, "initiative": row.initiative}


def _stamp_rolls(payload, commitment: str, depth: int = 0):
    """Every roll object, however deep, says which commitment it was made under (docs/api.md)."""
    if depth > 8:
        return payload
    if isinstance(payload, dict):
        if "sides" in payload and ("faces" in payload or "nonces" in payload):
            payload.setdefault("commitment", commitment)
        for value in payload.values():
            _stamp_rolls(value, commitment, depth + 1)
    elif isinstance(payload, list):
        for value in payload:
            _stamp_rolls(value, commitment, depth + 1)
    return payload


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


def commit(
    encounter: Encounter, entries: Sequence[Entry], after: dict, *, user, dice=None, extra: dict | None = None
) -> ActionResult:
    """Append an action's entries to a locked encounter; the whole state change (from
    `encounter.state` to `after`) rides on the last one. `extra` rides there too, unseen by
    clients and ignored by the fold: the request, the action a rewinding action superseded."""
    before = encounter.state or fold.initial_state()
    patch = {**fold.diff(before, after), **(extra or {})}
    specs = [
        EventSpec(
            type=entry.type,
            payload=_stamp_rolls(entry.payload, encounter.commitment),
            patch=patch if i == len(entries) - 1 else {},
            actor=entry.actor,
            target=entry.target,
            round=entry.round,
        )
        for i, entry in enumerate(entries)
    ]
    events = _append(encounter, specs, user=user)
    encounter_dice.persist_nonce(encounter, dice)
    save(encounter)
    sync_combatant_rows(encounter)
    return ActionResult(encounter=encounter, events=events)


def _live_patches(encounter: Encounter, *, exclude_action: int | None = None):
    events = encounter.events.filter(undone=False)
    if exclude_action is not None:
        events = events.exclude(action=exclude_action)
    return events.order_by("seq").values_list("patch", flat=True).iterator(chunk_size=2000)


def recompute(encounter: Encounter) -> dict:
    """The fold of every event not undone, from scratch."""
    return fold.replay(_live_patches(encounter))


def _last_group(encounter: Encounter) -> list[Event]:
    last = encounter.events.filter(undone=False).order_by("-seq").only("action").first()
    if last is None:
        return []
    return list(encounter.events.filter(action=last.action, undone=False).order_by("seq"))


def event_record(event: Event) -> dict:
    return {
        "seq": event.seq,
        "type": event.type,
        "actor": event.actor_id,
        "target": event.target_id,
        "payload": event.payload or {},
    }


def last_action(encounter: Encounter) -> tuple[LastAction | None, dict]:
    """The last action not undone, and the state from before it."""
    group = _last_group(encounter)
    if not group:
        return None, encounter.state or fold.initial_state()
    request = (group[-1].patch or {}).get("request") or {}
    action = LastAction(
        action=group[0].action,
        events=tuple(event_record(e) for e in group),
        request=request,
        present=encounter.state or {},
    )
    return action, fold.replay(_live_patches(encounter, exclude_action=action.action))


def supersede(encounter: Encounter, action: int, *, by: int) -> None:
    """Take a replaced action out of the state; its events stay in the log, marked."""
    for event in encounter.events.filter(action=action, undone=False):
        event.undone = True
        event.payload = {**(event.payload or {}), "superseded_by": by}
        event.save(update_fields=["undone", "payload"])


def _restore(encounter: Encounter, undone: list[Event]) -> None:
    """Undoing a superseding action brings back the action it superseded."""
    replaced = (undone[-1].patch or {}).get("rerolls") if undone else None
    if replaced is None:
        return
    for event in encounter.events.filter(action=replaced, undone=True):
        payload = dict(event.payload or {})
        payload.pop("superseded_by", None)
        event.undone, event.payload = False, payload
        event.save(update_fields=["undone", "payload"])


def undo_last(encounter: Encounter) -> list[Event]:
    """Take back the last action of a locked encounter; [] when there is none."""
    undone = _last_group(encounter)
    if not undone:
        return []
    encounter.events.filter(pk__in=[e.pk for e in undone]).update(undone=True)
    for event in undone:
        event.undone = True
    _restore(encounter, undone)
    encounter.state = recompute(encounter)
    encounter.undo_version = encounter.version + 1
    save(encounter)
    sync_combatant_rows(encounter)
    return undone

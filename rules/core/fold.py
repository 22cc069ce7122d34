"""The current state of an encounter is the fold of its events that are not undone.

Every event stores, next to what it tells (`Event.payload`), the change the engine decided
(`Event.patch`). Folding applies those changes in order, so replay never rolls a die and never
asks the engine again: the state after an undo is exactly the state before the undone action.
This module is pure (plain dicts in, plain dicts out) and knows no rule; the engine in
`rules.epic20` decides every number, this only records and replays its decisions.

A patch is `{"set": {...}, "combatants": {"<id>": {...}}, "remove": [<id>, ...]}`:
- `set` replaces encounter-level keys (`status`, `round`, `turn_order`, `current`, `turn`, …);
- `combatants` merges keys into each combatant's state (a new id adds the combatant);
- `remove` takes combatants out of the fight (they stay listed with `"removed": True`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

State = dict[str, Any]
# Lists of combatant ids that a removal takes the combatant out of.
ORDER_KEYS = ("turn_order", "initiative_order")
Patch = Mapping[str, Any]


_JSON_SCALARS = frozenset({str, int, float, bool, type(None)})


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON value (dicts, lists, scalars), several times faster than
    `copy.deepcopy`; anything else is deep-copied by it."""
    kind = type(value)
    if kind is dict:
        return {key: copy_json(item) for key, item in value.items()}
    if kind is list:
        return [copy_json(item) for item in value]
    if kind in _JSON_SCALARS:
        return value
    if isinstance(value, Mapping):
        return {key: copy_json(item) for key, item in value.items()}
    return copy.deepcopy(value)


def initial_state() -> State:
    return {
        "status": "setup",
        "round": 0,
        "turn_order": [],
        "current": None,
        "turn": {},
        "combatants": {},
    }


def apply(state: State, patch: Patch) -> State:
    """The state after `patch`; `state` itself is left untouched."""
    new = dict(state)
    for key, value in (patch.get("set") or {}).items():
        new[key] = copy_json(value)
    changed = patch.get("combatants") or {}
    removed = patch.get("remove") or []
    if changed or removed:
        combatants = dict(new.get("combatants") or {})
        _merge_changes(combatants, changed)
        _mark_removed(combatants, removed)
        new["combatants"] = combatants
        if removed:
            _take_out_of_order(new, removed)
    return new


def _merge_changes(combatants: dict, changed: Mapping) -> None:
    """Merge each combatant's changes into its state (a new id adds the combatant)."""
    for cid, changes in changed.items():
        merged = dict(combatants.get(str(cid)) or {})
        merged.update(copy_json(dict(changes)))
        combatants[str(cid)] = merged


def _mark_removed(combatants: dict, removed: Iterable) -> None:
    """The removed stay listed, with `"removed": True`."""
    for cid in removed:
        if str(cid) in combatants:
            combatants[str(cid)] = {**combatants[str(cid)], "removed": True}


def _take_out_of_order(state: State, removed: Iterable) -> None:
    """The removed leave the order lists and, if it was theirs, the current turn."""
    gone = {int(cid) for cid in removed}
    for key in ORDER_KEYS:
        if key in state:
            state[key] = [cid for cid in state.get(key) or [] if cid not in gone]
    if state.get("current") in gone:
        state["current"] = None


def replay(patches: Iterable[Patch], start: State | None = None) -> State:
    """Fold `patches` (the events not undone, oldest first) onto `start` (a fresh encounter)."""
    state = copy_json(start) if start is not None else initial_state()
    for patch in patches:
        state = apply(state, patch)
    return state


def merge_patches(*patches: Patch) -> dict:
    """One patch with the effect of applying `patches` in order (used to build the patch of an
    action from several engine steps)."""
    out: dict = {"set": {}, "combatants": {}, "remove": []}
    for patch in patches:
        out["set"].update(copy_json(dict(patch.get("set") or {})))
        for cid, changes in (patch.get("combatants") or {}).items():
            out["combatants"].setdefault(str(cid), {}).update(copy_json(dict(changes)))
        for cid in patch.get("remove") or []:
            if cid not in out["remove"]:
                out["remove"].append(cid)
    return {key: value for key, value in out.items() if value}


def diff(before: State, after: State) -> dict:
    """The patch that turns `before` into `after` (keys are only ever set, never deleted)."""
    patch: dict = {"set": {}, "combatants": {}}
    for key, value in after.items():
        if key == "combatants":
            continue
        if before.get(key) != value:
            patch["set"][key] = copy_json(value)
    old = before.get("combatants") or {}
    for cid, combatant in (after.get("combatants") or {}).items():
        prior = old.get(cid) or {}
        changes = {k: copy_json(v) for k, v in combatant.items() if prior.get(k, _MISSING) != v}
        if changes or cid not in old:
            patch["combatants"][cid] = changes
    return {key: value for key, value in patch.items() if value}


_MISSING = object()

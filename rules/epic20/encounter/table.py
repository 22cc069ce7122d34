"""The fight as Epic20's engine sees it: the folded state decoded into `CombatantState`s, changed
in place while one action resolves, then written back to the site's `rules.core.encounter.Table`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.core.encounter import Entry
from rules.core.encounter import Table as CoreTable
from rules.core.fold import copy_json
from rules.epic20.resolution.state import CombatantState
from rules.epic20.resolution.state import Event as EngineEvent
from rules.epic20.resolution.turn import ActionBudget

from .codec import decode_dataclass, encode
from .combatants import dump, load
from .texts import order_entry


def _int_id(value) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


def engine_entry(event: EngineEvent, *, round: int, commitment: str) -> Entry:
    data = event.as_dict()
    skip = ("type", "actor", "target", "text_es", "text_en", "public_text_es", "public_text_en")
    payload = {k: v for k, v in data.items() if k not in skip}
    payload["text"] = {"es": data["text_es"], "en": data["text_en"]}
    if "public_text_es" in data:
        payload["public_text"] = {"es": data["public_text_es"], "en": data["public_text_en"]}
    roll = payload.get("roll")
    while isinstance(roll, dict):
        roll["commitment"] = commitment
        roll = roll.get("rerolled_from")
    return Entry(event.type, encode(payload), _int_id(event.actor), _int_id(event.target), round)


@dataclass
class Epic20Table:
    """The folded state decoded for the engine, changed in place while an action resolves."""

    folded: dict
    commitment: str
    states: dict[str, CombatantState] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    last_action: object = None  # rules.core.encounter.LastAction, for a reroll
    by_gm: bool = False

    @classmethod
    def from_state(cls, folded: Mapping, *, commitment: str) -> Epic20Table:
        # The table changes its copy in place; the caller's fold stays as it was (it is the
        # `before` of the action's patch).
        table = cls(copy_json(folded), commitment)
        for cid, data in (table.folded.get("combatants") or {}).items():
            if not data.get("removed"):
                table.states[cid] = load(data)
        return table

    # reading
    @property
    def round(self) -> int:
        return int(self.folded.get("round") or 0)

    @property
    def current(self) -> str | None:
        current = self.folded.get("current")
        return str(current) if current is not None else None

    @property
    def order(self) -> list[int]:
        return list(self.folded.get("turn_order") or [])

    def get(self, cid) -> CombatantState | None:
        return self.states.get(str(cid))

    def budget(self) -> ActionBudget | None:
        data = (self.folded.get("turn") or {}).get("budget")
        return decode_dataclass(ActionBudget, data) if data else None

    # writing
    def put(self, *states: CombatantState) -> None:
        for state in states:
            self.states[state.id] = state

    def set_budget(self, budget: ActionBudget | None) -> None:
        turn = dict(self.folded.get("turn") or {})
        if budget is None:
            turn.pop("budget", None)
        else:
            turn["budget"] = encode(budget)
            turn["left"] = budget.as_dict()
        self.folded["turn"] = turn

    def emit(self, events: Iterable[EngineEvent]) -> None:
        for event in events:
            self.entries.append(engine_entry(event, round=self.round, commitment=self.commitment))

    def say(self, kind: str, *, actor=None, target=None, **params) -> None:
        self.entries.append(order_entry(kind, round=self.round, actor=actor, target=target, **params))

    def result(self) -> dict:
        """The new folded state. It shares nested values with the table's own copy (`from_state`
        made it), not with the fold the table was made from: change neither in place."""
        folded = dict(self.folded)
        combatants = dict(folded.get("combatants") or {})
        for cid, state in self.states.items():
            combatants[cid] = {**combatants.get(cid, {}), **dump(state)}
        folded["combatants"] = combatants
        return folded

    def name(self, cid) -> str:
        state = self.get(cid)
        return (state.name or state.id) if state else str(cid)


def resolving(handler):
    """An Epic20 handler `(Epic20Table, dice, action, actor)` as the `resolve` the site calls with
    its `rules.core.encounter.Table`: decode, resolve, write the new state and events back."""

    def resolve(table: CoreTable, dice, action: Mapping, actor) -> None:
        epic = Epic20Table.from_state(table.state, commitment=table.commitment)
        epic.last_action, epic.by_gm = table.last_action, table.by_gm
        handler(epic, dice, action, str(actor) if actor is not None else None)
        table.state = epic.result()
        table.entries.extend(epic.entries)

    resolve.__doc__ = handler.__doc__
    resolve.__name__ = handler.__name__
    return resolve

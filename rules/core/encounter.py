"""What an encounter looks like to every system's engine: the table an action resolves on, the
entries it writes to the turn log, the viewer a read is made for, and the action types.

The site (`combat/`) owns the log: it locks the encounter, hands the system a `Table` made from
the folded state (`rules.core.fold`), lets the action's `resolve` change it, and then stores the
difference as the action's patch and `table.entries` as its events. A system never sees the
database, HTTP or a template; it reads and writes plain JSON values.

How the site drives a system (`combat.services`), so an engine test can do the same with a
`Table` and `FixedDice`:
1. Adding a combatant: `state = system.combat.build_combatant(cid=…, name=…, side=…, sheet=…,
   options=…)`, then `table.state["combatants"][str(cid)] = state` and
   `system.combat.join(table, dice, cid)` (a newcomer to a running fight rolls initiative…).
2. Acting: the site looks the `type` up in `system.combat.actions`, checks `gm_only`, that the
   encounter's `status` is in `phases`, that a `needs_actor` actor is in the fight and the
   user's to move, and that `system.combat.may_act(state, actor, action)` (else 409); the
   action's fields were validated against its `schema` dataclass. Then
   `action_type.resolve(table, dice, action, actor)`. An action is validated once, there: the
   engine trusts its shape, bounds, phase and actor, and refuses only what its rules forbid.
   `start` and `end` are action types of each system: they set `status` to "active" / "ended"
   (the site reveals the seed after `end`).
   A refusal is `rules.core.errors.Refused` (kind "invalid" 400, "conflict" 409, "forbidden" 403)
   and changes nothing.
3. Storing: the patch is `fold.diff(before, table.state)`; the events are `table.entries`, in
   order. Each roll object in a payload (a dict with `sides` and `faces`) gets the encounter's
   `commitment` added by the site.
4. Reading: `clock(state)`, `view_combatant(...)` per combatant and `view_event(...)` per event,
   for the viewer the read is for.

Payload conventions: `text` and optional `public_text` as `{"es", "en"}` (the public one
leaves out a hidden NPC's numbers), `rule` (the section applied), `private` ("actor", "target"
or absent: whose numbers the event carries), and one roll object per die roll
(`{"sides", "faces", "nonces", "total", ...}`).

Schemas: an action's `schema` is a frozen dataclass whose fields use only `int`, `float`,
`str`, `bool`, `typing.Literal[...]` of strings, `list[int]`, `list[str]`, a nested frozen
dataclass or `X | None`; a field with a default is optional. `field(metadata={"help_es": …,
"help_en": …, "min": …, "max": …})` documents and bounds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .dice import DiceSource
from .fold import State, copy_json, initial_state


@dataclass
class Entry:
    """One event of the action being resolved, before the log gives it its `seq`.

    `payload` is what the event list shows (a roll, an outcome, `text: {"es", "en"}`, `rule`);
    `private` names whose numbers it carries (`"actor"`, `"target"` or None), so the system's
    `view_event` can keep a hidden NPC's numbers behind the GM's screen."""

    type: str
    payload: dict
    actor: int | None = None
    target: int | None = None
    round: int = 0


@dataclass(frozen=True)
class LastAction:
    """The last action of the log that is not undone, for an action type that `rewinds` (a hero
    point reroll: the same action resolved again with one roll thrown anew). `events` are
    `{"seq", "type", "actor", "target", "payload"}`, oldest first; `request` is what was asked."""

    action: int
    events: tuple[dict, ...]
    request: Mapping[str, Any]
    # The state as it is now, after that action (the table itself holds the state before it).
    present: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Table:
    """The folded state of one encounter, copied so an action may change it in place.

    `state` keeps the shape of `rules.core.fold`: `status`, `round`, `turn_order`, `current`,
    `combatants` (id → the system's own JSON), plus whatever keys the system adds (its clock,
    declarations…). `entries` collects the action's events in order."""

    state: State
    commitment: str = ""
    entries: list[Entry] = field(default_factory=list)
    # Only for an action type that `rewinds`: the action it would replace. `state` is then the
    # state from before that action.
    last_action: LastAction | None = None
    # Whether the encounter's GM takes the action (some actions are the GM's to take freely).
    by_gm: bool = False
    # The campaign's rules options (the GM's choices the system reads, `check_options`).
    options: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_state(cls, folded: Mapping | None, *, commitment: str = "") -> Table:
        return cls(copy_json(folded) if folded else initial_state(), commitment)

    @property
    def status(self) -> str:
        return str(self.state.get("status") or "setup")

    @property
    def round(self) -> int:
        return int(self.state.get("round") or 0)

    def combatants(self) -> dict[str, dict]:
        """The combatants still in the fight (id → state)."""
        return {cid: c for cid, c in (self.state.get("combatants") or {}).items() if not c.get("removed")}

    def combatant(self, cid) -> dict | None:
        found = (self.state.get("combatants") or {}).get(str(cid))
        return None if found is None or found.get("removed") else found

    def write(self, entry: Entry) -> None:
        self.entries.append(entry)


@dataclass(frozen=True)
class Viewer:
    """Who a read is made for: the encounter's GM sees everything; anyone else sees what the
    system's privacy policy lets through. `controls`: the combatant ids they act for."""

    gm: bool
    controls: frozenset[int] = frozenset()
    # The GM may let players see exact odds against hidden NPCs, encounter by encounter.
    exact_odds: bool = False
    # The encounter has ended (its seed is revealed): every die of every roll is public, so any
    # member can re-derive it (docs/api.md, "Verifiable dice"); the numbers a roll was added to
    # stay the GM's.
    dice_public: bool = False

    def sees_inside(self, combatant: CombatantFacts) -> bool:
        """Whether the viewer may see a combatant's own numbers (an NPC's are the GM's)."""
        return self.gm or not combatant.npc


GM = Viewer(gm=True)


@dataclass(frozen=True)
class CombatantFacts:
    """What the site knows of a combatant apart from its state: whose it is."""

    id: int
    name: str
    side: str
    npc: bool
    minion: bool = False
    owner: int | None = None
    character: int | None = None


# resolve(table, dice, action, actor) changes the table; raises rules.core.errors.Refused.
Resolve = Callable[[Table, DiceSource, Mapping[str, Any], "int | None"], None]


@dataclass(frozen=True)
class ActionType:
    """One kind of action a system accepts in `POST /encounters/{id}/actions/`.

    `schema` is a frozen dataclass whose fields are the action's input (besides `type` and
    `actor`); the site builds its validation, its serializer and its OpenAPI schema from it.
    `phases` are the encounter statuses it may be taken in; whether it is the actor's moment
    is the system's `may_act`."""

    name: str
    resolve: Resolve
    schema: type
    gm_only: bool = False
    needs_actor: bool = True
    phases: tuple[str, ...] = ("active",)
    # Resolves the last action again instead of adding one after it (`Table.last_action`):
    # the site rewinds the state, and the replaced action's events stay in the log, superseded.
    # A predicate of the action when only some of its requests rewind.
    rewinds: bool | Callable[[Mapping[str, Any]], bool] = False
    summary_es: str = ""
    summary_en: str = ""

    def rewinds_for(self, action: Mapping[str, Any]) -> bool:
        return self.rewinds(action) if callable(self.rewinds) else bool(self.rewinds)


__all__ = ["GM", "ActionType", "CombatantFacts", "Entry", "LastAction", "Resolve", "Table", "Viewer"]

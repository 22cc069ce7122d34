"""Whom a fight waits for, and the turn deadline's clock: `before_commit` (called by
`combat.services` with the state an action is about to commit) restarts the deadline whenever
the system's clock moves on, and the commit saves it with the encounter row."""

from __future__ import annotations

from rules.core import declarations

from .deadline import Deadline
from .game_system import system_for
from .models import Encounter


def clock_key(encounter: Encounter, state: dict | None = None) -> dict:
    """Where the fight is (the system's clock, plus who declared while declarations are open)."""
    state = encounter.state if state is None else state
    state = state or {}
    key = dict(system_for(encounter).combat.clock(state))
    block = state.get(declarations.KEY) or {}
    if block.get("open") and state.get("declare_ahead"):
        # Declaring ahead: one deadline for the whole declaration round, however many declare.
        key["declaring"] = block.get("round")
    elif block.get("open"):
        key["declaring"] = sorted(block.get("by") or {})
    return key


def waiting_on(encounter: Encounter) -> list[int]:
    """The combatants the fight waits for: the one whose turn it is, or, while declarations are
    open, everyone who may still declare."""
    state = encounter.state or {}
    if encounter.status != Encounter.Status.ACTIVE:
        return []
    if declarations.is_open(state):
        combat = system_for(encounter).combat
        if state.get("declare_ahead") and combat.waiting is not None:
            return combat.waiting(state)
        ids = [int(c) for c, s in (state.get("combatants") or {}).items() if not s.get("removed")]
        return [
            c
            for c in sorted(ids)
            if not declarations.has_declared(state, c) and combat.may_act(state, c, {"type": "declare"})
        ]
    current = state.get("current")
    return [int(current)] if current is not None else []


def waiting_for(encounter: Encounter) -> list[dict]:
    """`[{"combatant": id, "until": ISO 8601 | null, "paused": bool}]` for `Reader.state()`."""
    deadline = Deadline.of(encounter)
    until = deadline.until()
    return [
        {"combatant": cid, "until": until.isoformat() if until else None, "paused": bool(deadline.paused)}
        for cid in waiting_on(encounter)
    ]


def before_commit(encounter: Encounter, after: dict, status: str | None = None) -> bool:
    """An action is about to commit `after`: answer whether the clock moves on; if it does and
    there is a deadline, the next one starts now (saved with the encounter row by the commit, and
    scheduled by `combat.deadline_tasks` when the action is committed)."""
    moved = (
        clock_key(encounter, after) != clock_key(encounter)
        or (status or encounter.status) != encounter.status
    )
    deadline = Deadline.of(encounter)
    if moved and deadline.hours is not None:
        deadline.restart(clock_key(encounter, after))
        deadline.store(encounter)
    return moved

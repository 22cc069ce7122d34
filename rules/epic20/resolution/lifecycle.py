"""Turn, round, scene, session and day boundaries: what starts, fades and ends at each."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.epic20.dice import DiceSource

from . import dying, equipment, hero_points, progression
from .state import ACTIVE, DONE, DYING, WAITING, CombatantState, Event
from .turn import ActionBudget, budget_for_turn


@dataclass(frozen=True)
class TurnStart:
    state: CombatantState
    budget: ActionBudget
    events: tuple[Event, ...]


def _tick(state: CombatantState, ends: str) -> CombatantState:
    kept, removed_powers = [], set()
    for cond in state.conditions:
        if cond.ends != ends:
            kept.append(cond)
        elif cond.turns > 1:
            kept.append(replace(cond, turns=cond.turns - 1))
        elif cond.slug == "borrowed-power":
            removed_powers.add(cond.source)
    return replace(state, conditions=tuple(kept), powers=state.powers - removed_powers)


def start_turn(state: CombatantState, dice: DiceSource | None = None) -> TurnStart:
    """Start of the holder's turn: conditions that last "until the next turn" end, progression
    powers fade (SUPERPODERES CON PROGRESIÓN), weakened attributes recover ½ (Debilitar), a dying
    character rolls (FAQ), and the turn's actions are counted. One hero point use per turn."""
    events: list[Event] = []
    state = replace(state, turn="acting")
    state = hero_points.start_of_turn(state)
    state = _tick(state, "start_of_turn")
    state, faded = progression.fade(state)
    events += faded
    state = progression.recover_attributes(state)
    if state.status == DYING:
        if dice is None:
            raise ValueError("a dying combatant's turn needs dice for the dying check")
        state, more = dying.dying_check(state, dice)
        events += more
    budget = budget_for_turn(state)
    if state.status != ACTIVE:
        budget = ActionBudget(standard=0, move=0, object=0, communication=0, free=0)
    return TurnStart(state, budget, tuple(events))


def end_turn(state: CombatantState) -> CombatantState:
    """End of the holder's turn: stun and other one-turn conditions count down; a borrowed maneuver
    or instant power is gone (PUNTOS DE HÉROE)."""
    return replace(_tick(state, "end_of_turn"), turn=DONE)


def new_round(states: Iterable[CombatantState]) -> tuple[CombatantState, ...]:
    return tuple(replace(s, turn=WAITING) for s in states)


def _drop(state: CombatantState, ends: Iterable[str]) -> CombatantState:
    ends = set(ends)
    return replace(state, conditions=tuple(c for c in state.conditions if c.ends not in ends))


def end_combat(state: CombatantState) -> CombatantState:
    """Estudiar objetivo lasts "durante toda la duración del combate"; exposures and the like end too."""
    return _drop(state, ("combat", "start_of_turn", "end_of_turn"))


def end_scene(state: CombatantState) -> CombatantState:
    """Ataque sostenido: "sólo puede usarse una vez por escena"."""
    return _drop(state, ("scene",))


def start_session(state: CombatantState) -> CombatantState:
    """A new partida: lost equipment is found, broken or useless items work (Reglas de equipo)."""
    return equipment.start_of_session(_drop(state, ("scene", "session")))


def next_day(state: CombatantState) -> CombatantState:
    """Provocar choque's lesson lasts "durante el mismo día"; Inmortalidad wakes with 1 hit point."""
    return dying.next_day(_drop(state, ("day",)))

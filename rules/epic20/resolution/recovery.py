"""Rest (DAÑO EN COMBATE): "-1 a la defensa (que se recuperará a ritmo de 1 pto por minuto de
descanso)" and "1 pto de vida (que se recuperan con 5 minutos de descanso)". Debilitar nivel:
"Los niveles se recuperan como si fueran puntos de vida perdidos"."""

from __future__ import annotations

from dataclasses import replace

from rules.core.errors import Refused

from .damage import DAMAGE_RULE, heal
from .state import DEAD, DYING, CombatantState, Event

MINUTES_PER_DEFENSE = 1
MINUTES_PER_HIT_POINT = 5


def rest(state: CombatantState, minutes: int) -> tuple[CombatantState, list[Event]]:
    """Whole minutes of rest. A dying character must be stabilized first; the dead do not rest."""
    if minutes < 0:
        raise Refused("rest.negative", DAMAGE_RULE, "Minutos no válidos.", "Invalid minutes.")
    if state.status in (DYING, DEAD):
        raise Refused(
            "rest.cannot_rest", DAMAGE_RULE, "No puede descansar así.", "Cannot rest in this state."
        )
    defense = min(state.defense_penalty, minutes // MINUTES_PER_DEFENSE)
    points = minutes // MINUTES_PER_HIT_POINT
    before = state
    state = replace(state, defense_penalty=state.defense_penalty - defense)
    state = replace(state, level_drain=max(0, state.level_drain - points))
    state = heal(state, points)
    who = state.display_name
    return state, [
        Event(
            "rest",
            f"{who} descansa {minutes} min: recupera {defense} de defensa y {state.hit_points - before.hit_points} pv.",
            f"{who} rests {minutes} min: recovers {defense} defense and {state.hit_points - before.hit_points} hp.",
            DAMAGE_RULE,
            actor=state.id,
            data={
                "minutes": minutes,
                "defense_recovered": defense,
                "hit_points": state.hit_points,
                "defense_penalty": state.defense_penalty,
                "level": state.effective_level,
            },
        )
    ]

"""Initiative, surprise and delaying (INICIATIVA, FAQ "¿Cómo funciona la sorpresa?",
MANIOBRAS DE COMBATE: Iniciativa mejorada, Carga brutal, Retrasar acción; LISTA DE VENTAJAS:
Calculador rápido).

Order: higher total first; ties go to the higher initiative bonus, then to the lower combatant
id (a stable, documented tie-break: the rules name none).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.core.errors import Refused
from rules.epic20.dice import DiceSource, Roll, roll_d20

from .maneuvers import tier
from .state import CombatantState, Condition, Event, with_condition

RULE = "INICIATIVA"
FAQ_SURPRISE = "PREGUNTAS FRECUENTES › ¿Cómo funciona la sorpresa?"
IMPROVED = {0: 0, 1: 4, 2: 6, 3: 8}  # Iniciativa mejorada 1-3: "+6 en lugar de +4", "+8 en lugar de +6"


@dataclass(frozen=True)
class InitiativeRoll:
    combatant: str
    roll: Roll
    attribute: str
    bonus: int
    total: int

    def sort_key(self) -> tuple:
        return (-self.total, -self.bonus, self.combatant)


def initiative_bonus(state: CombatantState, *, charging: bool = False) -> tuple[int, str]:
    """ "1d20 + Agilidad (0, 1/2 o 1) * nivel". Calculador rápido uses Inteligencia and Carga brutal
    Corpulencia (only "cuando no está ya enzarzado en combate y si quiere acercarse"), each
    "en lugar de la Agilidad": the best allowed counts. Iniciativa mejorada adds its highest tier."""
    options = ["agilidad"]
    if "calculador-rapido" in state.advantages:
        options.append("inteligencia")
    if charging and state.has("carga-brutal"):
        options.append("corpulencia")
    attribute = max(options, key=lambda a: (state.attribute(a), a == "agilidad"))
    bonus = math.floor(state.attribute(attribute) * state.effective_level)
    return bonus + IMPROVED[tier(state, "iniciativa-mejorada")], attribute


def roll_initiative(
    states: Iterable[CombatantState], dice: DiceSource, *, charging: Iterable[str] = ()
) -> tuple[tuple[InitiativeRoll, ...], list[Event]]:
    """One roll per combatant, returned in turn order."""
    charging = set(charging)
    rolls = []
    names: dict[str, str] = {}
    for state in states:
        names[state.id] = state.display_name
        bonus, attribute = initiative_bonus(state, charging=state.id in charging)
        roll = roll_d20(dice, 0, bonus)
        rolls.append(InitiativeRoll(state.id, roll, attribute, bonus, roll.total))
    rolls.sort(key=InitiativeRoll.sort_key)
    events = [
        Event(
            "initiative",
            f"Iniciativa de {names[r.combatant]}: {r.total}.",
            f"Initiative of {names[r.combatant]}: {r.total}.",
            RULE,
            actor=r.combatant,
            roll=r.roll,
            data={"initiative": r.total, "attribute": r.attribute},
        )
        for r in rolls
    ]
    return tuple(rolls), events


def turn_order(rolls: Iterable[InitiativeRoll]) -> tuple[str, ...]:
    return tuple(r.combatant for r in sorted(rolls, key=InitiativeRoll.sort_key))


def surprise_round_order(rolls: Iterable[InitiativeRoll], surprising: Iterable[str]) -> tuple[str, ...]:
    """FAQ: the surprising side "actúas primero en el turno. Después de tu ataque actuarían por orden
    de iniciativa el resto de personas presentes … Cuando hayan actuado todos los presentes, empieza
    un nuevo turno que ya es normal" (then use `turn_order`)."""
    surprising = set(surprising)
    order = turn_order(rolls)
    return tuple(c for c in order if c in surprising) + tuple(c for c in order if c not in surprising)


def mark_unaware(state: CombatantState) -> CombatantState:
    """A surprised combatant is unaware (attacks on it have Superioridad) until its first turn starts."""
    return with_condition(
        state, Condition("unaware", source="sorpresa", rule=FAQ_SURPRISE, ends="start_of_turn")
    )


def delay_action(
    state: CombatantState, order: Sequence[str], other: str, where: str = "after"
) -> tuple[str, ...]:
    """Retrasar acción: "en lugar de actuar en su iniciativa puede retrasar su acción hasta justo
    antes o después de otro luchador". The new place is kept in later rounds."""
    if not state.has("retrasar-accion"):
        raise Refused(
            "maneuver.not_owned",
            "MANIOBRAS DE COMBATE",
            "No tiene «Retrasar acción».",
            "Lacks 'Retrasar acción'.",
        )
    if other == state.id or other not in order or state.id not in order or where not in ("before", "after"):
        raise Refused("initiative.bad_delay", RULE, "Retraso no válido.", "Invalid delay.")
    rest = [c for c in order if c != state.id]
    if rest.index(other) < order.index(state.id):
        raise Refused(
            "initiative.delay_backwards",
            RULE,
            "Sólo se retrasa hasta un luchador que actúa después.",
            "One can only delay to a fighter acting later.",
        )
    at = rest.index(other) + (1 if where == "after" else 0)
    return tuple(rest[:at] + [state.id] + rest[at:])

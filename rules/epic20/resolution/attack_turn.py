"""What an attack takes from the turn (Tipos de acciones en el turno, MANIOBRAS DE COMBATE), the
one path the resolved attack and its odds both follow.

An attack uses the turn's standard action ("1 acción estándar (luchar …)"), or what its declared
maneuver costs instead (Ataque poderoso "usa una acción estándar y otra de movimiento", Agarrón
"todas sus acciones del turno menos las gratuitas y de comunicación"…). Spending it is where the
turn adds its own sources (Moverse mientras actúa: "aplica Inferioridad si realiza ataques").
"""

from __future__ import annotations

from collections.abc import Iterable

from .maneuvers import STANDARD_ACTION_MANEUVERS, action_cost, tier
from .sources import Source
from .state import CombatantState
from .turn import ActionBudget


def attack_costs(attacker: CombatantState, maneuvers: Iterable[str]) -> dict[str, object]:
    """The cost table of the declared maneuver that uses the standard action, at the attacker's
    tier; {} when none is declared (the attack then spends one standard action)."""
    declared = [m for m in maneuvers if m in STANDARD_ACTION_MANEUVERS]
    return action_cost(declared[0], tier(attacker, declared[0])) if declared else {}


def spend_for_attack(
    budget: ActionBudget, attacker: CombatantState, maneuvers: Iterable[str]
) -> tuple[ActionBudget, list[Source]]:
    """Spend what the attack takes from the turn; raises `Refused` when the turn has not got it."""
    costs = attack_costs(attacker, maneuvers)
    if costs:
        return budget.spend_costs(costs, harmful=True)
    return budget.spend("standard", harmful=True)

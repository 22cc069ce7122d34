"""Exact attack odds over the d20 with Superioridad/Inferioridad (no sampling).

With n = |k| + 1 dice, P(best ≤ f) = (f/20)ⁿ and P(worst ≥ f) = ((21 − f)/20)ⁿ, so the kept
face has an exact distribution in Fractions; the attack rules of `attack_effects.apply_attack`
are then applied face by face.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from . import damage_types
from .attack import AttackSpec, prepare_attack
from .attack_turn import spend_for_attack
from .sources import Source
from .state import CombatantState
from .success import check_face
from .turn import ActionBudget

NO_DAMAGE_MANEUVERS = {"aturdir", "cegar", "desarmar", "tumbar", "empujar", "agotar"}


def kept_distribution(superiority: int, sides: int = 20) -> dict[int, Fraction]:
    """P(kept face = f) for net `superiority` (RESOLVER ACCIONES: keep best / worst of |k|+1 dice)."""
    n = abs(superiority) + 1
    total = Fraction(sides) ** n
    if superiority >= 0:
        return {f: (Fraction(f) ** n - Fraction(f - 1) ** n) / total for f in range(1, sides + 1)}
    return {f: (Fraction(sides + 1 - f) ** n - Fraction(sides - f) ** n) / total for f in range(1, sides + 1)}


def outcome_for_face(face: int, bonus: int, defense: int) -> tuple[bool, int]:
    """(hit, successes) for one kept face: 20 always hits, 1 always misses, each full 5 of margin
    is a success."""
    result = check_face(face, face + bonus, defense)
    return result.success, result.successes


def odds_for(
    bonus: int, defense: int, superiority: int, *, damaging: bool = True, factor: int = 1
) -> dict[str, Fraction]:
    """`factor` multiplies the damage of every hit: 0 for an immune or insubstantial target, 2 for
    a vulnerable one (damage_types.py)."""
    p_hit = p_damage = expected = p_critical = Fraction(0)
    for face, p in kept_distribution(superiority).items():
        hit, successes = outcome_for_face(face, bonus, defense)
        damage = successes * factor if damaging else 0
        p_hit += p if hit else 0
        p_damage += p if damage >= 1 else 0
        expected += p * damage
        p_critical += p if face == 20 else 0
    return {
        "p_hit": p_hit,
        "p_damage_at_least_1": p_damage,
        "expected_damage": expected,
        "p_critical": p_critical,
    }


def attack_odds(
    attacker: CombatantState,
    target: CombatantState,
    kind: str,
    with_: str,
    sources: Iterable[Source] = (),
    *,
    circumstances: Iterable[str] = (),
    maneuvers: Iterable[str] = (),
    powers: Mapping[str, object] | None = None,
    element: str = "",
    budget: ActionBudget | None = None,
) -> dict:
    """The odds of one attack as it would be resolved now: the same bonus, defense and sources as
    `resolve_attack` (state-driven sources included), plus the extra `sources` given.
    Probabilities are exact Fractions. The hit odds are the attack's own; the damage odds count
    the target's immunity, vulnerability or insubstantiality against it (`element`: the declared
    element, as `AttackSpec.element`; `damage_factor` 0, 1 or 2).

    `budget`: the attacker's turn, when it is its turn: the attack is charged to it the way the
    resolved attack is (`attack_turn.spend_for_attack`, the declared maneuver's cost included), so
    an attack the turn cannot pay is refused here too, and the turn's own sources count."""
    maneuvers = tuple(maneuvers)
    if budget is not None:
        _left, turn_sources = spend_for_attack(budget, attacker, maneuvers)
        sources = (*turn_sources, *sources)
    spec = AttackSpec(
        kind=kind,
        with_=with_,
        circumstances=tuple(circumstances),
        maneuvers=tuple(maneuvers),
        extra_sources=tuple(sources),
        element=element,
    )
    prepared = prepare_attack(attacker, target, spec, powers)
    damaging = prepared.profile.damage is not None and not (set(spec.maneuvers) & NO_DAMAGE_MANEUVERS)
    factor = damage_types.read(prepared).factor
    odds = odds_for(prepared.bonus, prepared.defense.value, prepared.net, damaging=damaging, factor=factor)
    return {
        **odds,
        "damage_factor": factor,
        "bonus": prepared.bonus,
        "defense": prepared.defense.value,
        "superiority": prepared.net,
        "sources": [s.as_dict() for s in prepared.sources],
    }

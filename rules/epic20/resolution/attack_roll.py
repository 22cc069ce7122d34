"""One attack from start to end: prepared, rolled (or rolled again for a hero point), applied,
and answered by an energized target (ARQUETIPOS › Energizado)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.epic20.dice import DiceSource, Roll, roll_d20

from . import hero_points
from .attack import AttackSpec, prepare_attack
from .attack_effects import AttackOutcome, apply_attack
from .energized import energized_retaliation
from .state import CombatantState


def resolve_attack(
    attacker: CombatantState,
    target: CombatantState,
    spec: AttackSpec,
    dice: DiceSource,
    powers: Mapping[str, object] | None = None,
    *,
    rerolling: Roll | None = None,
) -> AttackOutcome:
    """Prepare, roll and apply one attack.

    `rerolling`: the first roll of this same attack, thrown again for a hero point (PUNTOS DE
    HÉROE: "Repetir un dado de 20 ya lanzado. Sólo será válido el segundo resultado. Cuesta 2
    puntos de héroe si la acción es de combate"): the attack is resolved with the new roll only.
    """
    prepared = prepare_attack(attacker, target, spec, powers)
    if rerolling is None:
        outcome = apply_attack(prepared, roll_d20(dice, prepared.net, prepared.bonus))
        return energized_retaliation(prepared, outcome, dice, powers)
    paid, roll, spent = hero_points.roll_or_reroll(
        prepared.attacker, dice, prepared.net, prepared.bonus, rerolling, in_combat=True
    )
    prepared = replace(prepared, attacker=paid, events=(*prepared.events, *spent))
    return energized_retaliation(prepared, apply_attack(prepared, roll), dice, powers)


__all__ = ["resolve_attack"]

"""The cheapest set of power-point trades that covers an overspend (LISTA DE PODERES).

"Se puede invertir ½ pto de poderes en obtener 1 pto de habilidad o 1 ventaja o 2 maniobras de
combate": each ½ power point is one *unit* traded for one *rate* (a package of gains). An
archetype's rates are offered besides the general ones, on creation points only (ARQUETIPOS:
"Los beneficios … sólo se aplican durante la creación"); awarded points trade at general rates.

Quantities are counted in integer steps: skills and advantages in halves, maneuvers in wholes.
Each general rate feeds one category, so once the number of units at each archetype rate (at
most two rates) is fixed, the general units needed follow by division: trying every count of
archetype units gives the exact minimum in a few hundred steps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .archetype_types import ONE, ConversionRate

GENERAL_RATES = (
    ConversionRate("", skills=ONE),
    ConversionRate("", advantages=ONE),
    ConversionRate("", maneuvers=Fraction(2)),
)
MAX_COUNT = 64  # archetype units tried per rate (creation never offers more than 8)


@dataclass(frozen=True)
class Deficit:
    skills: Fraction = Fraction(0)
    advantages: Fraction = Fraction(0)
    restricted_eligible: Fraction = Fraction(0)  # advantage spend a restricted gain may pay
    maneuvers: Fraction = Fraction(0)


@lru_cache(maxsize=256)
def _steps(rate: ConversionRate) -> tuple[int, int, int, int]:
    """Gains of one unit: skill halves, advantage halves, restricted advantage halves, maneuvers."""
    advantages = int(rate.advantages * 2)
    return (
        int(rate.skills * 2),
        0 if rate.restricted_advantages else advantages,
        advantages if rate.restricted_advantages else 0,
        int(rate.maneuvers),
    )


def _target(deficit: Deficit) -> tuple[int, int, int, int]:
    advantages = math.ceil(deficit.advantages * 2)
    return (
        math.ceil(deficit.skills * 2),
        advantages,
        min(advantages, math.floor(deficit.restricted_eligible * 2)),
        math.ceil(deficit.maneuvers),
    )


def _general_units(target, gains) -> tuple[int, int, int]:
    """General units still needed for skills, advantages and maneuvers after `gains`."""
    skills, advantages, restricted, maneuvers = gains
    rest_skills = max(0, target[0] - skills)
    rest_advantages = max(0, target[1] - advantages - min(restricted, target[2]))
    rest_maneuvers = max(0, target[3] - maneuvers)
    return (-(-rest_skills // 2), -(-rest_advantages // 2), -(-rest_maneuvers // 2))


def _limit(steps, target, creation_units: int) -> int:
    """More units at one rate than its most demanding category needs never help. Archetype rates
    only use creation units (at most 8), so the search stays tiny."""
    useful = [-(-target[i] // step) for i, step in enumerate(steps) if step and target[i] > 0]
    return min(creation_units, max(useful, default=0), MAX_COUNT)


def cheapest(
    deficit: Deficit, creation_units: int, awarded_units: int, rates: tuple[ConversionRate, ...]
) -> tuple[list[ConversionRate], bool]:
    """The rates to apply, one per ½ power point (archetype rates first, on creation units), and
    whether they cover the whole deficit. When they cannot, as much as possible is covered."""
    target = _target(deficit)
    if not any(target):
        return [], True
    special = [(rate, _steps(rate)) for rate in rates[:2]]
    limits = [_limit(steps, target, creation_units) for _, steps in special] + [0, 0]
    best = None
    for first in range(limits[0] + 1):
        for second in range(min(limits[1], creation_units - first) + 1):
            counts = (first, second)[: len(special)]
            gains = [
                sum(count * steps[i] for count, (_, steps) in zip(counts, special, strict=True))
                for i in range(4)
            ]
            general = _general_units(target, gains)
            units = first + second + sum(general)
            key = (units, -(first + second))
            if units <= creation_units + awarded_units and (best is None or key < best[0]):
                best = (key, counts, general)
    if best is None:
        return _greedy(target, creation_units, awarded_units, tuple(rates) + GENERAL_RATES)
    _, counts, general = best
    path = [rate for count, (rate, _) in zip(counts, special, strict=True) for _ in range(count)]
    for rate, count in zip(GENERAL_RATES, general, strict=True):
        path += [rate] * count
    return path, True


def _greedy(target, creation_units: int, awarded_units: int, creation) -> tuple[list[ConversionRate], bool]:
    """Not enough units to cover everything: spend them all, each on the rate that covers most,
    repeating a rate while none of the categories it feeds is full."""
    state = [0, 0, 0, 0]
    path: list[ConversionRate] = []
    total = creation_units + awarded_units

    def remaining(i: int) -> int:
        if i == 1:
            return max(0, target[1] - state[1] - state[2])
        return target[i] - state[i]

    def gain(rate) -> int:
        ds, da, dr, dm = _steps(rate)
        restricted = min(dr, target[2] - state[2])
        return min(ds, remaining(0)) + min(da + restricted, remaining(1)) + 2 * min(dm, remaining(3))

    while len(path) < total:
        n = len(path)
        offered = creation if n < creation_units else GENERAL_RATES
        rate = max(offered, key=gain)
        if gain(rate) == 0:
            break
        steps = _steps(rate)
        room = [remaining(i) // step for i, step in enumerate(steps) if step and remaining(i) > 0]
        stop = creation_units if n < creation_units else total
        repeat = max(1, min([stop - n, *room]))
        for i, step in enumerate(steps):
            state[i] = min(target[i], state[i] + step * repeat)
        path += [rate] * repeat
    covered = state[0] >= target[0] and state[1] + state[2] >= target[1] and state[3] >= target[3]
    return path, covered

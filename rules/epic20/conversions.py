"""The cheapest set of power-point trades that covers an overspend (LISTA DE PODERES).

"Se puede invertir ½ pto de poderes en obtener 1 pto de habilidad o 1 ventaja o 2 maniobras de
combate": each ½ power point is one *unit* traded for one *rate* (a package of gains). An
archetype's rates are offered besides the general ones, on creation points only (ARQUETIPOS:
"Los beneficios … sólo se aplican durante la creación"); awarded points trade at general rates.

Quantities are counted in integer steps: skills and advantages in halves, maneuvers in wholes.
A breadth-first search over units finds the fewest units whose gains cover every deficit.
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
MAX_STATES = 4000  # beyond this the search falls back to a greedy choice (only absurd sheets)


@dataclass(frozen=True)
class Deficit:
    skills: Fraction = Fraction(0)
    advantages: Fraction = Fraction(0)
    restricted_eligible: Fraction = Fraction(0)  # advantage spend a restricted gain may pay
    maneuvers: Fraction = Fraction(0)


@lru_cache(maxsize=256)
def _steps(rate: ConversionRate) -> tuple[int, int, int, int]:
    advantages = int(rate.advantages * 2)
    return (
        int(rate.skills * 2),
        0 if rate.restricted_advantages else advantages,
        advantages if rate.restricted_advantages else 0,
        int(rate.maneuvers),
    )


def cheapest(
    deficit: Deficit, creation_units: int, awarded_units: int, rates: tuple[ConversionRate, ...]
) -> tuple[list[ConversionRate], bool]:
    """The rates to apply, one per ½ power point (creation units first), and whether they cover
    the whole deficit. When they cannot, as much as possible is covered."""
    target = (
        math.ceil(deficit.skills * 2),
        math.ceil(deficit.advantages * 2),
        min(math.ceil(deficit.advantages * 2), math.floor(deficit.restricted_eligible * 2)),
        math.ceil(deficit.maneuvers),
    )

    def remaining(state) -> int:
        s, a, r, m = state
        return (target[0] - s) + max(0, target[1] - a - r) + 2 * (target[3] - m)

    creation = tuple(rates) + GENERAL_RATES
    creation_steps = [(rate, _steps(rate)) for rate in creation]
    general_steps = [(rate, _steps(rate)) for rate in GENERAL_RATES]
    start = (0, 0, 0, 0)
    if remaining(start) == 0:
        return [], True
    total = creation_units + awarded_units
    layers: list[dict] = [{start: None}]
    best = (remaining(start), 0, start)
    for n in range(total):
        offered = creation_steps if n < creation_units else general_steps
        layer: dict = {}
        for state in layers[-1]:
            for rate, (ds, da, dr, dm) in offered:
                new = (
                    min(target[0], state[0] + ds),
                    min(target[1], state[1] + da),
                    min(target[2], state[2] + dr),
                    min(target[3], state[3] + dm),
                )
                if new not in layer:
                    layer[new] = (state, rate)
        layers.append(layer)
        for state in layer:
            if remaining(state) < best[0]:
                best = (remaining(state), n + 1, state)
        if best[0] == 0:
            break
        if len(layer) > MAX_STATES:
            return _greedy(target, creation_units, awarded_units, creation)
    _, used, state = best
    path: list[ConversionRate] = []
    for n in range(used, 0, -1):
        state, rate = layers[n][state]
        path.append(rate)
    path.reverse()
    return path, best[0] == 0


def _greedy(target, creation_units: int, awarded_units: int, creation) -> tuple[list[ConversionRate], bool]:
    state = [0, 0, 0, 0]
    path: list[ConversionRate] = []
    for n in range(creation_units + awarded_units):
        offered = creation if n < creation_units else GENERAL_RATES

        def gain(rate, state=state) -> int:
            ds, da, dr, dm = _steps(rate)
            need_a = max(0, target[1] - state[1] - state[2])
            return (
                min(ds, target[0] - state[0])
                + min(da + min(dr, target[2] - state[2]), need_a)
                + 2 * min(dm, target[3] - state[3])
            )

        rate = max(offered, key=gain)
        if gain(rate) == 0:
            break
        ds, da, dr, dm = _steps(rate)
        state[0] = min(target[0], state[0] + ds)
        state[1] = min(target[1], state[1] + da)
        state[2] = min(target[2], state[2] + dr)
        state[3] = min(target[3], state[3] + dm)
        path.append(rate)
    covered = state[0] >= target[0] and state[1] + state[2] >= target[1] and state[3] >= target[3]
    return path, covered

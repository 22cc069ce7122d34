"""What a Hero sheet costs in Character Points, as Hero Designer counts them (6E).

The rule document (seed 004) is about combat and prices nothing, so every number here is 6th
Edition's published cost (6E1, "Characteristics" table and each power's "Cost" line, "Power
Modifiers"); docs/rules-notes-hero.md, "Character points", says so and lists the readings.

- A characteristic costs its price per point for each point above (or refunds each point below)
  its base (`CHARACTERISTIC_COSTS`).
- A power's Active Points are its base cost × (1 + the sum of its Advantages); its Real Points
  the Active Points ÷ (1 + the sum of its Limitations, counted positive) (6E1 "Power Modifiers").
- 6E rounding ("Rounding": whole numbers, .5 in the character's favour): a cost rounds to the
  nearest point, a half rounding down; a refund rounds to the bigger refund.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

# key: (base, cost per point) (6E1 Characteristics table). END costs 1 per 5 points, STUN 1 per 2.
CHARACTERISTIC_COSTS: dict[str, tuple[int, Fraction]] = {
    "str": (10, Fraction(1)),
    "dex": (10, Fraction(2)),
    "con": (10, Fraction(1)),
    "int": (10, Fraction(1)),
    "ego": (10, Fraction(1)),
    "pre": (10, Fraction(1)),
    "ocv": (3, Fraction(5)),
    "dcv": (3, Fraction(5)),
    "omcv": (3, Fraction(3)),
    "dmcv": (3, Fraction(3)),
    "spd": (2, Fraction(10)),
    "pd": (2, Fraction(1)),
    "ed": (2, Fraction(1)),
    "rec": (4, Fraction(1)),
    "end": (20, Fraction(1, 5)),
    "body": (10, Fraction(1)),
    "stun": (20, Fraction(1, 2)),
}

# A power's cost per d6 (6E1: Blast and Hand-To-Hand Attack 5, Killing Attack 15, Mental Blast 10)
# and what ½d6 adds (Blast/HA +3: half of 5 rounded up as Hero Designer prices its "+½d6" adder;
# Killing Attack +10, two damage classes of 5; Mental Blast +5). A killing +1 is one class, 5.
PER_DIE = {"normal": 5, "killing": 15, "mental": 10}
HALF_DIE = {"normal": 3, "killing": 10, "mental": 5}
PLUS_ONE = 5

# 6E Hand-To-Hand Attack carries its own Limitation, "Hand-To-Hand Attack (-¼)".
HAND_TO_HAND_LIMITATION = Fraction(1, 4)
# What the engine reads the sheet's flags as when a sheet names no modifiers of its own
# (`derived.active_points` reads them the same way): an area +1, Autofire (5 shots) +½.
AREA_ADVANTAGE = Fraction(1)
AUTOFIRE_ADVANTAGE = Fraction(1, 2)


def round_cost(value: Fraction) -> int:
    """6E rounding: nearest whole number, .5 in the character's favour: a cost rounds down (2.5 is
    2) and a refund to the bigger refund (−2.5 is −3), so an exact half always goes down."""
    return math.ceil(Fraction(value) - Fraction(1, 2))


def characteristic_cost(key: str, value: int) -> int:
    """6E1 Characteristics table: (value − base) × cost per point, rounded as 6E rounds."""
    base, per_point = CHARACTERISTIC_COSTS[key]
    return round_cost((value - base) * per_point)


def active_points(base: Fraction | int, advantages: Fraction) -> int:
    """6E1 Power Modifiers: Active Points = base × (1 + Advantages), rounded."""
    return round_cost(Fraction(base) * (1 + advantages))


def real_points(active: int, limitations: Fraction) -> int:
    """6E1 Power Modifiers: Real Points = Active Points ÷ (1 + Limitations), rounded; at least 1
    for a power that costs anything (6E: no power costs less than 1 Character Point)."""
    if active <= 0:
        return active
    return max(1, round_cost(Fraction(active) / (1 + limitations)))


def _die_kind(attack: Mapping) -> str:
    if attack.get("kind") == "mental":
        return "mental"
    return "killing" if attack.get("killing") else "normal"


def attack_base_cost(attack: Mapping) -> int:
    """A sheet attack's base cost from its dice (6E1 Blast, HA, Killing Attack, Mental Blast)."""
    kind = _die_kind(attack)
    cost = attack.get("dice", 0) * PER_DIE[kind]
    if attack.get("half_die"):
        cost += HALF_DIE[kind]
    if attack.get("plus_one"):
        cost += PLUS_ONE
    return cost


def is_hand_to_hand_attack(attack: Mapping) -> bool:
    """A normal hand-to-hand attack of the sheet is a 6E Hand-To-Hand Attack (it adds to STR)."""
    return attack.get("kind") == "hth" and not attack.get("killing")


def attack_modifiers(attack: Mapping) -> tuple[Fraction, Fraction]:
    """(Advantages, Limitations) of a sheet attack: its own when the sheet names them (an import
    keeps the file's), else what its flags mean (an area +1, autofire +½, an HA's −¼)."""
    if attack.get("advantages") is not None:
        advantages = Fraction(attack["advantages"]).limit_denominator(4)
    else:
        advantages = (AREA_ADVANTAGE if attack.get("area") else 0) + (
            AUTOFIRE_ADVANTAGE if attack.get("autofire") else 0
        )
    if attack.get("limitations") is not None:
        limitations = Fraction(attack["limitations"]).limit_denominator(4)
    else:
        limitations = HAND_TO_HAND_LIMITATION if is_hand_to_hand_attack(attack) else Fraction(0)
    return Fraction(advantages), Fraction(limitations)


def attack_points(attack: Mapping) -> dict:
    """`{"name", "active", "real"}` of one sheet attack. A Martial Arts maneuver (`martial_cost`)
    costs its own price, Active and Real alike (6E1 Martial Arts: maneuvers take no modifiers)."""
    if attack.get("martial_cost") is not None:
        cost = attack["martial_cost"]
        return {"name": attack["name"], "active": cost, "real": cost}
    advantages, limitations = attack_modifiers(attack)
    active = active_points(attack_base_cost(attack), advantages)
    return {"name": attack["name"], "active": active, "real": real_points(active, limitations)}


def sheet_points(sheet: Mapping) -> dict:
    """`{"characteristics": {key: int}, "powers": [{"name", "active", "real"}], "total"}`: what the
    sheet's characteristics and attacks cost; the total adds every characteristic and each
    power's Real Points."""
    chars = sheet["characteristics"]
    characteristics = {
        key: characteristic_cost(key, chars[key]) for key in CHARACTERISTIC_COSTS if key in chars
    }
    powers = [attack_points(attack) for attack in sheet.get("attacks") or ()]
    total = sum(characteristics.values()) + sum(p["real"] for p in powers)
    return {"characteristics": characteristics, "powers": powers, "total": total}

"""6E Character Point costs of a Hero sheet (rules/hero/costs.py, docs/rules-notes-hero.md
"Character points")."""

from __future__ import annotations

from fractions import Fraction

from rules.hero.costs import attack_points, characteristic_cost, round_cost, sheet_points
from rules.hero.derived import derive
from rules.hero.sheet import parse


def test_each_characteristic_costs_its_6e_price_over_its_base():
    assert [characteristic_cost(k, v) for k, v in (("str", 20), ("dex", 15), ("spd", 4), ("rec", 6))] == [
        10,
        10,
        20,
        2,
    ]
    assert [characteristic_cost(k, v) for k, v in (("end", 30), ("stun", 30), ("ocv", 5), ("omcv", 5))] == [
        2,
        5,
        10,
        6,
    ]


def test_below_the_base_a_characteristic_refunds():
    assert characteristic_cost("dex", 8) == -4
    assert characteristic_cost("pd", 0) == -2


def test_a_half_point_rounds_in_the_characters_favour():
    assert round_cost(Fraction(5, 2)) == 2
    assert round_cost(Fraction(-5, 2)) == -3
    assert round_cost(Fraction(27, 10)) == 3
    assert characteristic_cost("stun", 25) == 2
    assert characteristic_cost("stun", 15) == -3


def test_active_and_real_points_take_advantages_and_limitations():
    rka = {
        "name": "Rifle",
        "kind": "ranged",
        "dice": 2,
        "half_die": True,
        "killing": True,
        "limitations": 1.5,
    }
    blast = {"name": "Rayo", "kind": "ranged", "dice": 10, "advantages": 0.25, "limitations": 1}

    assert attack_points(rka) == {"name": "Rifle", "active": 40, "real": 16}
    assert attack_points(blast) == {"name": "Rayo", "active": 62, "real": 31}


def test_a_builder_attack_reads_its_flags_and_a_hand_to_hand_attack_its_limitation():
    punch = {"name": "Puñetazo", "kind": "hth", "dice": 4}
    burst = {"name": "Ráfaga", "kind": "ranged", "dice": 6, "area": True}
    mind = {"name": "Mente", "kind": "mental", "dice": 3}

    assert attack_points(punch) == {"name": "Puñetazo", "active": 20, "real": 16}
    assert attack_points(burst) == {"name": "Ráfaga", "active": 60, "real": 60}
    assert attack_points(mind) == {"name": "Mente", "active": 30, "real": 30}


def test_a_martial_maneuver_costs_its_own_price():
    strike = {"name": "Martial Strike", "kind": "hth", "dice": 2, "martial_cost": 4}

    assert attack_points(strike) == {"name": "Martial Strike", "active": 4, "real": 4}


def test_a_sheets_derived_numbers_carry_its_points():
    sheet = {
        "system": "hero",
        "name": "Dragón",
        "characteristics": {"str": 15, "dex": 18, "con": 15, "body": 10, "int": 10, "ego": 11, "pre": 10,
                            "pd": 5, "ed": 5, "spd": 4, "rec": 6, "end": 30, "stun": 30},
        "attacks": [{"name": "Puñetazo", "kind": "hth", "dice": 3, "killing": False, "energy": False}],
    }  # fmt: skip
    normal, problems = parse(sheet)

    assert problems == []
    points = derive(normal)["points"]
    assert points["characteristics"]["dex"] == 16
    assert points["powers"] == [{"name": "Puñetazo", "active": 15, "real": 12}]
    assert points["total"] == sum(points["characteristics"].values()) + 12 == sheet_points(normal)["total"]


def test_modifier_sums_come_in_quarters_up_to_ten():
    sheet = {
        "system": "hero",
        "name": "X",
        "characteristics": {"str": 10, "dex": 10, "con": 10, "body": 10, "int": 10, "ego": 10, "pre": 10,
                            "pd": 2, "ed": 2, "spd": 2, "rec": 4, "end": 20, "stun": 20},
        "attacks": [{"name": "A", "kind": "ranged", "dice": 1, "advantages": 0.3},
                    {"name": "B", "kind": "ranged", "dice": 1, "limitations": 11}],
    }  # fmt: skip
    _normal, problems = parse(sheet)

    assert [(p.code, p.path) for p in problems] == [
        ("attacks.advantages", "/attacks/0/advantages"),
        ("attacks.limitations", "/attacks/1/limitations"),
    ]

"""A killing damage class left over (6E's "+1", e.g. 1d6+1 killing): on the sheet, thrown as +1 BODY
before the STUN Multiplier, in the event's dice and in the exact odds."""

from fractions import Fraction

import pytest

from rules.core.encounter import GM
from rules.hero.derived import active_points, attack_end, dice_label
from rules.hero.system import SYSTEM

from .helpers import COMBAT, KB_ROLLS, act, attack_entry, last, sheet, table_with

HIT = [3, 3, 3]
RKA = attack_entry("Pistola", "ranged", 1, killing=True, energy=False, plus_one=True)
HKA = attack_entry("Daga", "hth", 1, killing=True, energy=False)


def problems(attack):
    return {(p.code, p.path) for p in SYSTEM.check_sheet(sheet(attacks=[attack])).errors}


def test_a_killing_attack_takes_a_plus_one_and_the_sheet_keeps_it():
    report = SYSTEM.check_sheet(sheet(attacks=[RKA]))
    assert report.valid
    assert report.sheet["attacks"][0]["plus_one"] is True
    assert report.derived["attacks"]["Pistola"]["plus_one"] is True


def test_plus_one_is_refused_on_normal_damage_and_beside_a_half_die():
    normal = attack_entry("Rayo", "ranged", 2, plus_one=True)
    assert ("attacks.plus_one_not_killing", "/attacks/0/plus_one") in problems(normal)
    both = {**RKA, "half_die": True}
    assert ("attacks.plus_one_and_half", "/attacks/0/plus_one") in problems(both)
    assert ("attacks.not_boolean", "/attacks/0/plus_one") in problems({**RKA, "plus_one": "sí"})


def test_plus_one_is_one_damage_class_of_active_points_and_its_label_is_nd6_plus_1():
    # 6E: RKA 1d6+1 is 4 DC, 20 Active Points, 2 END.
    assert active_points(RKA) == 20 and attack_end(RKA) == 2
    assert dice_label(1, False, True) == "1d6+1" and dice_label(2, True) == "2½d6"


def test_the_plus_one_adds_one_body_before_the_stun_multiplier():
    t = table_with(sheet("A", attacks=[RKA]), sheet("B", body=20, stun=60))
    act(t, {"type": "attack", "target": 2, "attack": "Pistola", "range": 2}, 1, HIT + [4] + [2] + KB_ROLLS)
    p = last(t)
    assert p["damage_roll"]["faces"] == [4] and p["plus_one"] is True
    assert (p["body_rolled"], p["stun_rolled"]) == (5, 10)
    assert p["dice_label"] == "1d6+1"


@pytest.mark.parametrize(
    ("strength", "label", "faces", "body"), [(5, "1d6+1", [4], 5), (15, "2d6+1", [4, 4], 9)]
)
def test_str_on_a_hand_to_hand_killing_attack_leaves_its_odd_class_as_plus_one(strength, label, faces, body):
    # 6E: +1 DC per 5 STR. A 1d6 HKA (3 DC) with STR 5 is 4 DC: 1d6+1; with STR 15, 6 DC is 2d6 and
    # a 1d6+1 HKA (4 DC) with STR 15 is 7 DC: 2d6+1 (at most double, 8 DC).
    weapon = {**HKA, "plus_one": True} if strength == 15 else HKA
    t = table_with(sheet("A", str=strength, attacks=[weapon]), sheet("B", body=20, stun=60))
    act(t, {"type": "attack", "target": 2, "attack": "Daga"}, 1, HIT + faces + [1] + KB_ROLLS)
    p = last(t)
    assert p["dice_label"] == label and (p["body_rolled"], p["stun_rolled"]) == (body, body)


def test_the_exact_odds_count_the_plus_one():
    t = table_with(sheet("A", attacks=[RKA]), sheet("B", pd=5))
    o = COMBAT.odds(
        t.state,
        {"type": "attack", "actor": 1, "target": 2, "attack": "Pistola", "range": 2},
        viewer=GM,
        hidden=frozenset(),
    )
    assert o["plus_one"] is True and o["dice_label"] == "1d6+1"
    assert o["expected_rolled"]["body"]["exact"] == "9/2"  # 3.5 + 1
    assert o["expected_rolled"]["stun"]["exact"] == "9/1"  # × 2 on average
    # STUN after PD 5: the mean of max(0, (d6 + 1) × d3 − 5) over 18 outcomes.
    stun = Fraction(sum(max(0, (d + 1) * m - 5) for d in range(1, 7) for m in (1, 2, 3)), 18)
    assert o["expected_per_hit"]["stun"]["exact"] == f"{stun.numerator}/{stun.denominator}"
    assert o["expected_per_hit"]["body"]["exact"] == "9/2"  # no resistant PD stops the BODY


def test_a_shielding_diver_takes_the_plus_one_at_its_maximum():
    from rules.hero.aim import Weapon
    from rules.hero.damage import maximum_damage

    gun = Weapon("Pistola", "ranged", 1, True, False, False, False, 0, 2, False, plus=True)
    rolled = maximum_damage(1, gun, plus=True)
    assert (rolled.body, rolled.stun) == (7, 21)

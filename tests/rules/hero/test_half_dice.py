"""Half dice (6E ½d6): "N½d6" attacks and STR's ½d6, on the sheet, in the damage roll, in the exact
odds and in the event's re-checkable dice."""

import itertools
from fractions import Fraction

import pytest

from rules.core.encounter import GM
from rules.hero.derived import attack_end, dice_label
from rules.hero.system import SYSTEM

from .helpers import COMBAT, KB_ROLLS, act, attack_entry, c, last, sheet, table_with

HIT = [3, 3, 3]
HALF_BLAST = attack_entry("Rayo", "ranged", 2, half_die=True)
HALF_GUN = attack_entry("Pistola", "ranged", 1, killing=True, energy=False, half_die=True)


@pytest.mark.parametrize(
    ("strength", "whole", "half"),
    [(2, 0, False), (3, 0, True), (4, 0, True), (5, 1, False), (8, 1, True), (12, 2, False), (13, 2, True)],
)
def test_str_over_five_gives_a_half_die_for_a_remainder_of_three_or_four(strength, whole, half):
    derived = SYSTEM.check_sheet(sheet(str=strength)).derived
    assert (derived["strike_dice"], derived["strike_half_die"]) == (whole, half)


@pytest.mark.parametrize(
    ("face", "stun", "body"), [(1, 1, 0), (2, 1, 0), (3, 2, 0), (4, 2, 1), (5, 3, 1), (6, 3, 1)]
)
def test_a_normal_half_die_is_half_a_d6_rounded_up_and_0_or_1_body(face, stun, body):
    t = table_with(sheet("A", str=13), sheet("B", pd=0, body=20, stun=60))
    act(t, {"type": "attack", "target": 2}, 1, HIT + [4, 4] + [face] + [6, 6] + KB_ROLLS)
    p = last(t)
    assert p["damage_roll"]["faces"] == [4, 4] and p["half_die_roll"]["faces"] == [face]
    assert (p["stun_rolled"], p["body_rolled"]) == (8 + stun, 2 + body)
    assert p["damage"] == {"stun": 8 + stun, "body": 2 + body}


def test_a_killing_half_die_adds_half_a_d6_rounded_up_to_body_before_the_stun_multiplier():
    t = table_with(sheet("A", attacks=[HALF_GUN]), sheet("B", body=20, stun=60))
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Pistola", "range": 2},
        1,
        HIT + [4] + [5] + [2] + KB_ROLLS,
    )
    p = last(t)
    assert (p["body_rolled"], p["stun_rolled"]) == (4 + 3, (4 + 3) * 2)


def test_the_half_die_is_a_roll_of_its_own_with_its_nonce_after_the_whole_dice():
    t = table_with(sheet("A", attacks=[HALF_BLAST]), sheet("B"))
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Rayo", "range": 2},
        1,
        HIT + [2, 2] + [6] + [6, 6] + KB_ROLLS,
    )
    p = last(t)
    assert p["damage_roll"]["nonces"] == [3, 4]
    assert p["half_die_roll"] == {"sides": 6, "faces": [6], "nonces": [5], "total": 6, "half": True}


def test_an_attack_without_a_half_die_records_none():
    t = table_with(sheet("A"), sheet("B"))
    act(t, {"type": "attack", "target": 2}, 1, HIT + [2, 2, 2] + [6, 6])
    assert last(t)["half_die_roll"] is None


def test_a_hand_to_hand_killing_attack_gets_a_half_die_from_two_classes_of_str():
    sword = attack_entry("Espada", "hth", 1, killing=True, energy=False)
    t = table_with(sheet("A", str=10, attacks=[sword]), sheet("B"))
    o = COMBAT.odds(
        t.state,
        {"type": "attack", "actor": 1, "target": 2, "attack": "Espada"},
        viewer=GM,
        hidden=frozenset(),
    )
    assert (o["dice"], o["half_die"]) == (1, True)  # 3 DC + 2 DC of STR = 5 DC = 1½d6


def test_two_half_dice_make_a_whole_die():
    fist = attack_entry("Guantelete", "hth", 1, energy=False, half_die=True)
    t = table_with(sheet("A", str=13, attacks=[fist]), sheet("B"))
    o = COMBAT.odds(
        t.state,
        {"type": "attack", "actor": 1, "target": 2, "attack": "Guantelete"},
        viewer=GM,
        hidden=frozenset(),
    )
    assert (o["dice"], o["half_die"]) == (4, False)  # 1½d6 + 2½d6 of STR


def test_a_move_by_halves_str_into_half_dice():
    t = table_with(sheet("A", dex=20, str=15), sheet("B"))
    o = COMBAT.odds(
        t.state,
        {"type": "attack", "actor": 1, "target": 2, "maneuver": "move-by", "velocity": 4},
        viewer=GM,
        hidden=frozenset(),
    )
    assert (o["dice"], o["half_die"]) == (1, True)  # "FUE/2": 3d6 halved


def test_the_exact_odds_count_the_half_die():
    t = table_with(sheet("A", str=13), sheet("B", pd=3))
    o = COMBAT.odds(t.state, {"type": "attack", "actor": 1, "target": 2}, viewer=GM, hidden=frozenset())
    dice = list(itertools.product(range(1, 7), repeat=3))
    stun = Fraction(sum(max(0, a + b + (h + 1) // 2 - 3) for a, b, h in dice), 216)
    body_of = {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2}
    body = Fraction(sum(max(0, body_of[a] + body_of[b] + (h >= 4) - 3) for a, b, h in dice), 216)
    assert o["expected_rolled"]["stun"]["exact"] == "9/1"  # 7 + 2
    assert o["expected_rolled"]["body"]["exact"] == "5/2"  # 2 + ½
    assert o["expected_per_hit"]["stun"]["exact"] == f"{stun.numerator}/{stun.denominator}"
    assert o["expected_per_hit"]["body"]["exact"] == f"{body.numerator}/{body.denominator}"


def test_a_killing_half_die_in_the_odds_is_one_to_three_body():
    t = table_with(sheet("A", attacks=[HALF_GUN]), sheet("B"))
    o = COMBAT.odds(
        t.state,
        {"type": "attack", "actor": 1, "target": 2, "attack": "Pistola", "range": 2},
        viewer=GM,
        hidden=frozenset(),
    )
    assert o["expected_rolled"]["body"]["exact"] == "11/2"  # 3.5 + 2
    assert o["expected_rolled"]["stun"]["exact"] == "11/1"  # × 2 on average


def test_an_explosion_drops_the_whole_dice_before_the_half_die():
    bomb = attack_entry("Granada", "ranged", 2, energy=False, explosion=True, half_die=True)
    t = table_with(sheet("A", attacks=[bomb]), sheet("B", pd=0, body=20, stun=60))
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Granada", "range": 2, "distance_from_center": 2},
        1,
        HIT + [6, 5] + [5] + [1, 1] + KB_ROLLS,
    )
    p = last(t)
    assert p["dropped_dice"] == [6, 5] and not p["half_die_dropped"] and p["stun_rolled"] == 3
    t = table_with(sheet("A", attacks=[bomb]), sheet("B", pd=0))
    o = COMBAT.odds(
        t.state,
        {
            "type": "attack",
            "actor": 1,
            "target": 2,
            "attack": "Granada",
            "range": 2,
            "distance_from_center": 3,
        },
        viewer=GM,
        hidden=frozenset(),
    )
    assert o["expected_rolled"]["stun"]["exact"] == "0/1"


def test_a_shielding_diver_takes_the_half_die_at_its_maximum():
    from rules.hero.aim import Weapon
    from rules.hero.damage import maximum_damage

    blast = Weapon("Rayo", "ranged", 2, False, True, False, False, 0, 0, False, True)
    gun = Weapon("Pistola", "ranged", 1, True, False, False, False, 0, 0, False, True)
    assert (maximum_damage(2, blast, True).stun, maximum_damage(2, blast, True).body) == (15, 5)
    assert (maximum_damage(1, gun, True).body, maximum_damage(1, gun, True).stun) == (9, 27)


def test_the_sheet_takes_half_die_and_checks_it_field_by_field():
    ok = SYSTEM.check_sheet(sheet(attacks=[attack_entry("Cuchillo", "hth", 0, killing=True, half_die=True)]))
    assert not ok.errors and ok.sheet["attacks"][0]["half_die"] is True
    bad = SYSTEM.check_sheet(
        sheet(attacks=[attack_entry("Rayo", "ranged", 0), attack_entry("Otro", "ranged", 2, half_die="sí")])
    )
    paths = {(p.code, p.path) for p in bad.errors}
    assert ("attacks.dice.out_of_range", "/attacks/0/dice") in paths
    assert ("attacks.not_boolean", "/attacks/1/half_die") in paths


def test_half_die_active_points_and_end():
    assert attack_end({"dice": 1, "killing": True, "half_die": True}) == 2  # 25 AP, a half rounding down
    assert attack_end({"dice": 4, "killing": False, "half_die": True}) == 2  # 23 AP
    assert attack_end({"dice": 2, "killing": True}) == 3  # 30 AP, unchanged


def test_dice_labels_write_the_half_die_as_6e_does():
    assert (dice_label(3, False), dice_label(3, True), dice_label(0, True)) == ("3d6", "3½d6", "½d6")


def test_a_combatant_built_from_an_old_sheet_has_no_half_die():
    t = table_with(sheet("A"), sheet("B"))
    assert c(t, 1)["sheet"]["attacks"][0]["half_die"] is False

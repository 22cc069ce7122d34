"""Damage: normal and killing dice, defenses, stunned, unconscious, dying and dead, knockback,
END, hit locations, explosions, autofire and coordinated attacks."""

import pytest

from rules.core.errors import Refused
from rules.hero.damage import body_of_normal_die

from .helpers import KB_ROLLS, act, attack_entry, c, last, sheet, table_with

BLAST = attack_entry("Rayo", "ranged", 4)
GUN = attack_entry("Pistola", "ranged", 2, killing=True, energy=False)
AUTO = attack_entry("Metralleta", "ranged", 1, killing=True, energy=False, autofire=5)


def duel(target=None, **attacker):
    return table_with(sheet("A", attacks=[BLAST, GUN, AUTO], **attacker), target or sheet("B"))


@pytest.mark.parametrize(("face", "body"), [(1, 0), (2, 1), (3, 1), (4, 1), (5, 1), (6, 2)])
def test_a_normal_die_counts_0_1_or_2_body(face, body):
    assert body_of_normal_die(face) == body


def test_normal_dice_stun_is_the_sum_and_pd_stops_both():
    t = duel()
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [6, 6, 1] + [1, 1] + KB_ROLLS)
    p = last(t)
    assert (p["stun_rolled"], p["body_rolled"]) == (13, 4)
    assert p["damage"] == {"stun": 8, "body": 0}
    assert (p["target_stun"], p["target_body"]) == (22, 10)


def test_energy_attacks_meet_ed_and_physical_ones_pd():
    t = duel(sheet("B", pd=2, ed=9))
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Rayo", "range": 2},
        1,
        [3, 3, 3] + [6, 6, 6, 6] + [1, 1] + KB_ROLLS,
    )
    assert last(t)["damage"] == {"stun": 15, "body": 0}


def test_killing_dice_body_is_the_sum_and_stun_is_body_times_1d3():
    t = duel(sheet("B", body=12))
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Pistola", "range": 2},
        1,
        [3, 3, 3] + [5, 6] + [2] + [1, 1, 1] + KB_ROLLS,
    )
    p = last(t)
    assert (p["body_rolled"], p["stun_multiplier"]["total"], p["stun_rolled"]) == (11, 2, 22)
    assert p["stun_multiplier"]["sides"] == 3
    assert p["damage"] == {"stun": 17, "body": 11}  # no resistant PD: all BODY goes through


def test_resistant_defenses_stop_killing_body_and_add_to_pd_against_its_stun():
    b = sheet("B", body=12)
    b["resistant_defenses"] = {"pd": 4, "ed": 0}
    t = duel(b)
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Pistola", "range": 2},
        1,
        [3, 3, 3] + [5, 6] + [2] + [1, 1, 1] + KB_ROLLS,
    )
    assert last(t)["damage"] == {"stun": 13, "body": 7}


def test_resistant_defenses_also_stop_normal_damage():
    b = sheet("B")
    b["resistant_defenses"] = {"pd": 3, "ed": 0}
    t = duel(b)
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [6, 6, 6] + [1, 1] + KB_ROLLS)
    assert last(t)["damage"] == {"stun": 10, "body": 0}


def test_stun_above_con_leaves_the_target_stunned():
    t = duel(sheet("B", con=10), str=30)
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [3] * 6 + [1, 1] + KB_ROLLS)  # 18 − 5 = 13 > 10
    assert last(t)["stunned"]
    # B's phase comes next in segment 12: it is the one lost to the stun.
    assert any(e.type == "stun_recovered" and e.actor == 2 for e in t.entries)


def test_stun_equal_to_con_does_not_stun():
    t = duel(sheet("B", con=13), str=30)
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [3] * 6 + [1, 1] + KB_ROLLS)
    assert not last(t)["stunned"]


def test_stun_at_zero_is_unconscious():
    t = duel(sheet("B", stun=8), str=15)
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [6, 6, 1] + [1, 1] + KB_ROLLS)
    assert (last(t)["target_stun"], last(t)["target_status"]) == (0, "unconscious")
    # Then B's own phase (STUN 0 ≥ −10) and the post-segment 12 recovery bring it round.
    assert [e.type for e in t.entries if e.actor == 2] == ["recovery", "recovery"]


def test_body_below_zero_is_dying_and_at_minus_body_dead():
    t = duel(sheet("B", body=5, stun=60))
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Pistola", "range": 2},
        1,
        [3, 3, 3] + [3, 3] + [1] + [6, 6, 6],
    )
    assert (last(t)["target_body"], last(t)["target_status"]) == (-1, "dying")
    assert c(t, 2)["hit_points"] == -2  # and it bleeds 1 BODY after segment 12
    t = duel(sheet("B", body=5, stun=60))
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Pistola", "range": 2},
        1,
        [3, 3, 3] + [5, 5] + [1] + [6, 6, 6],
    )
    assert (c(t, 2)["hit_points"], c(t, 2)["status"]) == (-5, "dead")


@pytest.mark.parametrize(
    ("kb_faces", "inches", "down"), [([6, 6], 0, False), ([2, 2], 0, True), ([1, 1], 2, True)]
)
def test_knockback_is_body_rolled_minus_2d6(kb_faces, inches, down):
    t = duel()
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [6, 6, 1] + kb_faces + KB_ROLLS)  # 4 BODY rolled
    kb = last(t)["knockback"]
    assert (kb["inches"], kb["knocked_down"]) == (inches, down)
    assert ("prone" in c(t, 2)["conditions"]) is down


def test_killing_attacks_roll_one_more_knockback_die_and_flying_targets_one_fewer():
    t = duel(sheet("B", body=20, stun=60))
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Pistola", "range": 2},
        1,
        [3, 3, 3] + [3, 3] + [1] + [1, 1, 1] + KB_ROLLS,
    )
    assert len(last(t)["knockback"]["roll"]["faces"]) == 3
    t = duel()
    c(t, 2)["conditions"] = ["flying"]
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [6, 6, 1] + [1] + KB_ROLLS)
    assert last(t)["knockback"]["roll"]["faces"] == [1] and last(t)["knockback"]["inches"] == 3


def test_an_attack_spends_its_end_and_a_strike_the_end_of_its_str():
    t = duel(str=20)
    act(t, {"type": "attack", "target": 2}, 1, [6, 6, 6])
    assert c(t, 1)["end"] == 28  # 20 STR: 2 END
    t = duel()
    act(t, {"type": "attack", "target": 2, "attack": "Rayo", "range": 3}, 1, [6, 6, 6])
    assert c(t, 1)["end"] == 28  # 4d6 blast, 20 Active Points


def test_without_enough_end_the_attack_is_refused_and_nothing_changes():
    t = duel()
    c(t, 1)["end"] = 1
    before = repr(t.state)
    with pytest.raises(Refused) as err:
        act(t, {"type": "attack", "target": 2, "attack": "Rayo"}, 1, [3, 3, 3])
    assert err.value.code == "end.not_enough"
    assert repr(t.state) == before


def test_hit_locations_roll_3d6_and_the_head_doubles_normal_stun_and_body():
    t = table_with(sheet("A", str=30), sheet("B"), hit_locations=True)
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [1, 1, 2] + [6, 6, 6, 6, 6, 6] + [6, 6])
    p = last(t)
    assert p["location"] == "head" and p["location_roll"]["total"] == 4
    assert p["damage"] == {"stun": 36 * 2 - 5, "body": (12 - 5) * 2}


def test_a_killing_hit_location_uses_stunx_instead_of_1d3():
    t = table_with(sheet("A", attacks=[GUN]), sheet("B", body=30, stun=80), hit_locations=True)
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Pistola", "range": 2},
        1,
        [3, 3, 3] + [4, 4, 5] + [3, 4] + [1, 1, 1] + KB_ROLLS,
    )  # 13: vitals
    p = last(t)
    assert p["location"] == "vitals" and p["stun_multiplier"] is None
    assert p["damage"] == {"stun": 7 * 4 - 5, "body": 7 * 2}


def test_a_placed_shot_is_not_rolled_for():
    t = table_with(sheet("A"), sheet("B"), hit_locations=True)
    act(t, {"type": "attack", "target": 2, "location": "hands"}, 1, [1, 1, 1] + [6, 6, 6] + [1, 1] + KB_ROLLS)
    p = last(t)
    assert p["location"] == "hands" and p["location_roll"] is None
    assert p["damage"] == {"stun": 4, "body": 0}  # 18 × ½ = 9 − 5; 6 BODY − 5 = 1, × ½ = 0


def test_an_explosion_loses_the_highest_dice_one_per_hex_from_the_centre():
    boom = attack_entry("Bomba", "ranged", 4, explosion=True)
    t = table_with(sheet("A", attacks=[boom]), sheet("B"))
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Bomba", "range": 3, "distance_from_center": 2},
        1,
        [3, 3, 3] + [6, 2, 5, 3] + [1, 1],
    )
    p = last(t)
    assert p["dropped_dice"] == [6, 5] and p["stun_rolled"] == 5


def test_a_missed_area_attack_scatters_one_inch_a_point_up_to_half_the_range():
    area = attack_entry("Granada", "ranged", 4, area=True)
    t = table_with(sheet("A", attacks=[area]), sheet("B"))
    act(t, {"type": "attack", "target": 2, "attack": "Granada", "range": 6}, 1, [6, 6, 5, 4])
    p = last(t)
    assert not p["hit"] and p["scatter"]["inches"] == 3 and p["scatter"]["direction"]["faces"] == [4]


def test_autofire_hits_once_more_for_every_two_points_under_the_roll_needed():
    t = duel()
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Metralleta", "range": 2, "shots": 5},
        1,
        [1, 2, 2] + ([3] + [1] + [1, 1, 1]) * 4,
    )  # 5 against 11: 1 + 3 = 4 hits
    p = last(t)
    assert p["hits"] == 4


def test_autofire_never_hits_more_often_than_the_shots_fired():
    t = duel()
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Metralleta", "range": 2, "shots": 2},
        1,
        [1, 1, 1] + ([3] + [1] + [1, 1, 1]) * 2,
    )
    assert last(t)["hits"] == 2 and len(last(t)["autofire"]) == 2


def test_autofire_spends_end_for_every_shot():
    t = duel()
    act(t, {"type": "attack", "target": 2, "attack": "Metralleta", "range": 2, "shots": 4}, 1, [6, 6, 6])
    assert c(t, 1)["end"] == 30 - 4 * 2


def test_autofire_over_several_hexes_hits_each_target_once_and_takes_one_ocv_per_extra_hex():
    # Andarra: 11 + 6 − 4 − 3 = 10 or less against each.
    t = table_with(sheet("A", attacks=[AUTO]), sheet("B", dex=12), sheet("C", dex=12))
    act(
        t,
        {
            "type": "attack",
            "target": 2,
            "attack": "Metralleta",
            "range": 2,
            "shots": 5,
            "spread_hexes": 3,
            "more_targets": [3],
        },
        1,
        [1, 2, 2] + [3, 1, 1, 1, 1] + [5, 3, 3],
    )
    attacks = [e.payload for e in t.entries if e.type == "attack"]
    assert [a["to_hit"] for a in attacks] == [10, 10]
    assert [a["hit"] for a in attacks] == [True, False] and attacks[0]["hits"] == 1


def test_more_shots_than_the_weapon_fires_are_refused():
    with pytest.raises(Refused) as err:
        act(duel(), {"type": "attack", "target": 2, "attack": "Metralleta", "shots": 6}, 1, [3, 3, 3])
    assert err.value.code == "shots.too_many"


def test_surprised_out_of_combat_doubles_stun_before_defenses():
    t = duel()
    act(
        t,
        {"type": "attack", "target": 2, "modifiers": ["surprised-out-of-combat"]},
        1,
        [3, 3, 3] + [6, 6, 1] + [1, 1] + KB_ROLLS,
    )
    assert last(t)["damage"]["stun"] == 26 - 5


def test_coordinated_attacks_add_their_stun_to_see_if_the_target_is_stunned():
    # Arkelos and Quirón: 15 + 18 = 33 STUN > CON 28.
    t = table_with(
        sheet("Quirón", dex=20, str=30),
        sheet("Arkelos", dex=20, str=30),
        sheet("Dragón", con=28, body=30, stun=100, pd=0),
    )
    act(t, {"type": "attack", "target": 3, "coordinated": True}, 1, [3, 3, 3] + [3, 3, 3, 2, 2, 2] + [6, 6])
    assert not last(t)["stunned"]
    act(t, {"type": "attack", "target": 3, "coordinated": True}, 2, [3, 3, 3] + [3] * 6 + [6, 6])
    assert last(t)["stunned"]


def test_uncoordinated_attacks_do_not_add_up():
    t = table_with(
        sheet("Q", dex=20, str=30), sheet("K", dex=20, str=30), sheet("D", con=28, body=30, stun=100, pd=0)
    )
    act(t, {"type": "attack", "target": 3}, 1, [3, 3, 3] + [3, 3, 3, 2, 2, 2] + [6, 6])
    act(t, {"type": "attack", "target": 3}, 2, [3, 3, 3] + [3] * 6 + [6, 6])
    assert not last(t)["stunned"]


def test_mental_damage_is_stun_only_against_mental_defense():
    mind = attack_entry("Golpe mental", "mental", 4, energy=False)
    b = sheet("B")
    b["mental_defense"] = 5
    t = table_with(sheet("A", attacks=[mind]), b)
    act(t, {"type": "attack", "target": 2, "attack": "Golpe mental"}, 1, [3, 3, 3] + [6, 6, 6, 6])
    p = last(t)
    assert (p["stun_rolled"], p["body_rolled"], p["damage"]) == (24, 0, {"stun": 19, "body": 0})
    assert p["knockback"]["inches"] is None


def test_str_adds_a_damage_class_per_5_str_to_a_hand_to_hand_killing_attack_up_to_double():
    sword = attack_entry("Espada", "hth", 1, killing=True, energy=False)
    t = table_with(sheet("A", str=15, attacks=[sword]), sheet("B", body=30, stun=60))
    act(t, {"type": "attack", "target": 2, "attack": "Espada"}, 1, [3, 3, 3] + [1, 1] + [1] + [6, 6, 6])
    assert len(last(t)["damage_roll"]["faces"]) == 2  # 1d6 + 3 DC from 15 STR
    t = table_with(sheet("A", str=60, attacks=[sword]), sheet("B", body=30, stun=60))
    act(t, {"type": "attack", "target": 2, "attack": "Espada"}, 1, [3, 3, 3] + [1, 1] + [1] + [6, 6, 6])
    assert len(last(t)["damage_roll"]["faces"]) == 2  # never more than twice the weapon


def test_a_hand_to_hand_normal_attack_adds_to_str_damage():
    t = table_with(sheet("A", str=15), sheet("B"))
    act(t, {"type": "attack", "target": 2, "attack": "Puñetazo"}, 1, [3, 3, 3] + [1] * 6 + [6, 6])
    assert len(last(t)["damage_roll"]["faces"]) == 6


def test_a_stunned_character_is_at_half_dcv():
    from .helpers import aim

    t = table_with(sheet("A"), sheet("B"))
    c(t, 2)["conditions"] = ["stunned"]
    assert aim(t, {"target": 2}).dcv == 3


def test_coordinated_attacks_also_add_their_body_for_knockback():
    t = table_with(
        sheet("Q", dex=20, str=30), sheet("K", dex=20, str=30), sheet("D", con=40, body=40, stun=100)
    )
    act(
        t, {"type": "attack", "target": 3, "coordinated": True}, 1, [3, 3, 3] + [3] * 6 + [5, 5]
    )  # 6 BODY − 10
    assert not last(t)["knockback"]["knocked_down"]
    act(
        t, {"type": "attack", "target": 3, "coordinated": True}, 2, [3, 3, 3] + [3] * 6 + [5, 5] + KB_ROLLS
    )  # 12 − 10
    assert last(t)["knockback"]["inches"] == 2


def test_an_unconscious_target_takes_double_stun_before_defenses_unasked():
    # Sorprendido: "un personaje que está inconsciente o dormido recibirá x2 ATU … El x2 a ATU se
    # duplica antes de que se apliquen las defensas." 13 STUN rolled: 26 − 5 PD.
    t = duel()
    act(t, {"type": "adjust", "target": 2, "stun": -30}, None)
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [6, 6, 1] + [1, 1] + KB_ROLLS)
    assert last(t)["damage"]["stun"] == 26 - 5


def test_a_sleeping_target_takes_double_stun_once_even_when_also_surprised():
    t = duel()
    act(t, {"type": "set_condition", "target": 2, "condition": "asleep"}, None)
    act(
        t,
        {"type": "attack", "target": 2, "modifiers": ["surprised-out-of-combat"]},
        1,
        [3, 3, 3] + [6, 6, 1] + [1, 1] + KB_ROLLS,
    )
    assert last(t)["damage"]["stun"] == 26 - 5


def test_a_blow_that_hurts_wakes_a_sleeper():
    t = duel()
    act(t, {"type": "set_condition", "target": 2, "condition": "asleep"}, None)
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [6, 6, 1] + [1, 1] + KB_ROLLS)
    assert last(t)["damage"]["stun"] == 26 - 5
    assert "asleep" not in c(t, 2)["conditions"] and c(t, 2)["status"] == "active"

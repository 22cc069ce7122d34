"""Every maneuver of the seed's table: its phase, its OCV and DCV change and its effect."""

import pytest

from rules.core.errors import Refused
from rules.hero import maneuvers

from .helpers import COMBAT, KB_ROLLS, act, aim, attack_entry, c, last, sheet, table_with

BLAST = attack_entry("Rayo", "ranged", 6)
AUTO = attack_entry("Metralleta", "ranged", 1, killing=True, energy=False, autofire=5)
SWORD = attack_entry("Espada", "hth", 1, killing=True, energy=False)
MISS = [6, 6, 6]


def pair(a=None, b=None, **kw):
    return table_with(a or sheet("A", dex=20, attacks=[BLAST, AUTO, SWORD]), b or sheet("B", dex=18), **kw)


@pytest.mark.parametrize(
    ("slug", "ocv", "dcv", "phase"),
    [
        ("block", None, 0, 0.5),
        ("brace", 2, None, 0),
        ("disarm", -2, 0, 0.5),
        ("dodge", None, 3, 0.5),
        ("grab", -1, -2, 0.5),
        ("haymaker", 0, -5, 0.5),
        ("move-by", -2, -2, 0.5),
        ("move-through", None, -3, 0.5),
        ("set", 1, 0, 1),
        ("strike", 0, 0, 0.5),
        ("other-attacks", 0, 0, 0.5),
        ("cover", -2, 0, 0.5),
        ("dive-for-cover", 0, 0, 0.5),
        ("pulled-punch", None, 0, 0.5),
        ("roll-with-punch", -2, -2, 0.5),
        ("snap-shot", -1, 0, 1),
        ("suppression-fire", -2, 0, 1),
        ("sweep", -2, None, 1),
    ],
)
def test_the_catalogue_reproduces_the_seed_maneuver_table(slug, ocv, dcv, phase):
    m = maneuvers.get(slug)
    assert (m.ocv, m.dcv, float(m.phase)) == (ocv, dcv, phase)


@pytest.mark.parametrize(
    ("slug", "action", "dcv"),
    [
        ("grab", {}, 7 - 2),
        ("haymaker", {}, 7 - 5),
        ("move-by", {"velocity": 5}, 7 - 2),
        ("move-through", {"velocity": 5}, 7 - 3),
        ("strike", {}, 7),
        ("disarm", {"weapon": "Puñetazo"}, 7),
        ("sweep", {"more_targets": [3]}, 4),
    ],
)
def test_an_attack_maneuvers_dcv_change_lasts_until_the_characters_next_phase(slug, action, dcv):
    t = table_with(sheet("A", dex=20), sheet("B", dex=18), sheet("C", dex=10))
    act(t, {"type": "attack", "target": 2, "maneuver": slug, **action}, 1, MISS * 2)
    assert aim(t, {"target": 1}, actor=2).dcv == dcv
    while not (t.state["segment"] == 3 and t.state["current"] == 1):
        act(t, {"type": "end_turn"}, t.state["current"], MISS)  # a haymaker lands (and misses) meanwhile
    assert aim(t, {"target": 1}, actor=2).dcv == 7


@pytest.mark.parametrize(
    ("slug", "dcv"), [("dodge", 10), ("block", 7), ("roll-with-punch", 5), ("dive-for-cover", 4)]
)  # a dive ends prone: ½ DCV
def test_a_defensive_maneuvers_dcv_change_holds_against_the_next_attacker(slug, dcv):
    t = pair()
    act(t, {"type": "defend", "maneuver": slug}, 1, [1, 1, 1])
    assert aim(t, {"target": 1}, actor=2).dcv == dcv


def test_a_failed_block_roll_ends_blocking():
    from rules.core.dice import FixedDice
    from rules.hero.actions.hit import block_roll

    t = pair()
    act(t, {"type": "defend", "maneuver": "block"}, 1)
    result = block_roll(FixedDice([6, 6, 6]), c(t, 1), 7)
    assert not result["success"] and not c(t, 1)["effects"]["blocking"]


def test_dodge_adds_three_against_every_attack_and_ends_the_phase():
    t = pair()
    act(t, {"type": "defend", "maneuver": "dodge"}, 1)
    assert t.state["current"] == 2
    assert aim(t, {"target": 1}, actor=2).dcv == 10
    b_gun = sheet("B", dex=18, attacks=[BLAST])
    t = pair(b=b_gun)
    act(t, {"type": "defend", "maneuver": "dodge"}, 1)
    assert aim(t, {"target": 1, "attack": "Rayo", "range": 3}, actor=2).dcv == 10


def test_block_stops_a_hand_to_hand_hit_and_the_blocker_then_acts_first():
    t = pair(b=sheet("B", dex=10))
    act(t, {"type": "defend", "maneuver": "block"}, 1)
    act(t, {"type": "attack", "target": 1}, 2, [1, 1, 2] + [3, 3, 3])  # hit; block 9 vs 11 + 7 − 3 = 15
    p = last(t)
    assert p["hit"] and p["blocked"] and p["damage"] == {"stun": 0, "body": 0}
    assert c(t, 1)["stun"] == 30
    assert t.state["segment"] == 3 and t.state["turn_order"] == [1, 2]


def test_a_blocker_meets_the_blocked_attacker_first_even_with_lower_dex():
    # "Si estos dos personajes tienen su siguiente fase de acción en el mismo Segmento, el personaje que
    # bloquea automáticamente será el que deba atacar primero, independientemente del valor de DES"
    t = pair(a=sheet("A", dex=20, spd=6), b=sheet("B", dex=10, spd=2))
    act(t, {"type": "end_turn"}, 1)
    act(t, {"type": "defend", "maneuver": "block"}, 2)  # segment 12; B's next phase is segment 6
    assert (t.state["round"], t.state["segment"], t.state["current"]) == (2, 2, 1)
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [1, 1, 2])  # block 4 vs 11 + 3 − 7 = 7
    assert last(t)["blocked"]
    act(t, {"type": "end_turn"}, 1)  # segment 4
    assert t.state["segment"] == 6 and t.state["turn_order"] == [2, 1]


def test_each_further_block_is_at_minus_two_and_a_failed_block_ends_blocking():
    t = table_with(sheet("C", dex=18), sheet("A", dex=10), sheet("B", dex=10))
    act(t, {"type": "defend", "maneuver": "block"}, 1)
    act(t, {"type": "attack", "target": 1}, 2, [1, 1, 1] + [4, 4, 4])  # 12 vs 11 + 6 − 3 = 14
    assert last(t)["block"]["needed"] == 14 and last(t)["blocked"]
    act(
        t, {"type": "attack", "target": 1}, 3, [1, 1, 1] + [5, 5, 3] + [3, 3, 3] + [1, 1] + KB_ROLLS
    )  # 13 vs 12: fails
    assert last(t)["block"]["needed"] == 12 and not last(t).get("blocked")
    assert last(t)["damage"]["stun"] == 4


def test_block_has_no_effect_on_ranged_attacks():
    t = pair(b=sheet("B", dex=10, attacks=[BLAST]))
    act(t, {"type": "defend", "maneuver": "block"}, 1)
    act(t, {"type": "attack", "target": 1, "attack": "Rayo", "range": 3}, 2, [1, 1, 1] + [1] * 6 + [6, 6])
    assert "block" not in last(t) and last(t)["damage_roll"]


def test_disarm_is_str_against_str_counting_body():
    t = pair(a=sheet("A", dex=20, str=20), b=sheet("B", attacks=[SWORD]))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "disarm", "weapon": "Espada", "fly_dice": 2},
        1,
        [3, 3, 3] + [6, 6, 2, 2] + [2, 2, 2] + [4, 5],
    )
    p = last(t)
    assert p["to_hit"] == 11 + 7 - 2 - 6
    assert (p["strength_roll"]["body"], p["defender_strength_roll"]["body"], p["disarmed"]) == (6, 3, True)
    assert p["flies"]["total"] == 9 and c(t, 2)["lost_attacks"] == ["Espada"]
    with pytest.raises(Refused) as err:
        act(t, {"type": "attack", "target": 1, "attack": "Espada"}, 2, [3, 3, 3])
    assert err.value.code == "attack.lost"
    act(t, {"type": "pick_up", "attack": "Espada"}, 2)
    assert c(t, 2)["lost_attacks"] == []


def test_the_defender_keeps_the_weapon_on_equal_body():
    t = pair(a=sheet("A", dex=20, str=15), b=sheet("B", str=15, attacks=[SWORD]))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "disarm", "weapon": "Espada"},
        1,
        [3, 3, 3] + [2, 2, 2] + [3, 3, 3],
    )
    assert not last(t)["disarmed"] and c(t, 2)["lost_attacks"] == []


def test_grab_holds_the_target_at_half_dcv_and_may_squeeze_at_once():
    t = pair(a=sheet("A", dex=20, str=20))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "grab", "then": "squeeze"},
        1,
        [3, 3, 3] + [3, 3, 3, 3] + [6, 6],
    )
    p = last(t)
    assert p["to_hit"] == 11 + 7 - 1 - 6 and p["grabbed"] and p["then"] == "squeeze"
    assert p["stun_rolled"] == 12 and p["damage"]["stun"] == 7
    assert c(t, 2)["grabbed_by"] == 1 and "grabbed" in c(t, 2)["conditions"]
    assert aim(t, {"target": 2}).dcv == 3


def test_a_grabbed_character_cannot_use_hand_to_hand_weapons():
    t = pair(b=sheet("B", attacks=[SWORD]))
    act(t, {"type": "attack", "target": 2, "maneuver": "grab"}, 1, [3, 3, 3])
    with pytest.raises(Refused) as err:
        act(t, {"type": "attack", "target": 1, "attack": "Espada"}, 2, [3, 3, 3])
    assert err.value.code == "attack.grabbed"


def test_escaping_a_grab_needs_more_body_than_the_grabber():
    t = pair()
    act(t, {"type": "attack", "target": 2, "maneuver": "grab"}, 1, [3, 3, 3])
    act(t, {"type": "escape"}, 2, [2, 2, 2] + [2, 2, 2])
    assert not last(t, "escape")["escaped"] and c(t, 2)["grabbed_by"] == 1
    t = pair()
    act(t, {"type": "attack", "target": 2, "maneuver": "grab"}, 1, [3, 3, 3])
    act(t, {"type": "escape"}, 2, [6, 2, 2] + [2, 2, 2])
    assert last(t, "escape")["escaped"] and c(t, 2)["grabbed_by"] is None and c(t, 1)["grabbing"] is None


def test_grabbing_a_weapon_takes_two_more_ocv_and_wrenches_it_str_against_str():
    t = pair(a=sheet("A", dex=20, str=20), b=sheet("B", attacks=[SWORD]))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "grab", "weapon": "Espada"},
        1,
        [3, 3, 3] + [6, 6, 6, 6] + [1, 1, 1],
    )
    p = last(t)
    assert p["to_hit"] == 11 + 7 - 1 - 2 - 6 and p["disarmed"] and c(t, 2)["lost_attacks"] == ["Espada"]


def test_a_haymaker_lands_at_the_end_of_the_next_segment_with_one_and_a_half_str():
    t = pair(a=sheet("A", dex=20, str=20, spd=4), b=sheet("B", dex=18, spd=4))
    act(t, {"type": "attack", "target": 2, "maneuver": "haymaker"}, 1)
    assert [e.type for e in t.entries] == ["haymaker_declared"] and c(t, 1)["pending"]
    assert aim(t, {"target": 1}, actor=2).dcv == 2
    act(t, {"type": "end_turn"}, 2, [3, 3, 3] + [1] * 6 + [6, 6])  # … segment 1 ends: the haymaker lands
    attack = last(t)
    assert attack["maneuver"] == "haymaker" and len(attack["damage_roll"]["faces"]) == 6  # 30 STR: 6d6
    assert c(t, 1)["pending"] is None and (t.state["round"], t.state["segment"]) == (2, 3)


def test_a_haymaker_misses_completely_if_the_target_moves_away_first():
    t = pair(a=sheet("A", dex=20, spd=4), b=sheet("B", dex=18, spd=4))
    act(t, {"type": "attack", "target": 2, "maneuver": "haymaker"}, 1)
    act(t, {"type": "move", "inches": 6, "full": True}, 2)
    assert any(e.type == "haymaker_lost" for e in t.entries)
    assert not any(e.type == "attack" for e in t.entries)


def test_move_by_does_half_str_plus_velocity_over_5_and_the_attacker_takes_a_third():
    t = pair(a=sheet("A", dex=20, str=20, pd=0), b=sheet("B", pd=0))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "move-by", "velocity": 10},
        1,
        [3, 3, 3] + [6, 6, 6, 6] + [6, 6],
    )
    p = last(t)
    assert p["to_hit"] == 11 + 7 - 2 - 6 and p["stun_rolled"] == 24  # 2d6 + 2d6
    assert (
        p["backlash"]["share"] == "1/3"
        and p["backlash"]["stun"] == 8
        and p["backlash"]["attacker_stun"] == 22
    )


def test_a_multiple_move_by_takes_minus_two_more_per_target_and_stops_at_the_first_miss():
    t = table_with(sheet("A", dex=20, str=20), sheet("B", dex=18), sheet("C", dex=18), sheet("D", dex=18))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "move-by", "velocity": 10, "more_targets": [3, 4]},
        1,
        [6, 6, 6],
    )
    attacks = [e.payload for e in t.entries if e.type == "attack"]
    assert len(attacks) == 1 and attacks[0]["to_hit"] == 11 + 7 - 2 - 4 - 6


def test_move_through_takes_velocity_over_5_from_ocv_and_does_str_plus_v_over_3():
    t = pair(a=sheet("A", dex=20, str=15, pd=0), b=sheet("B", pd=0))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "move-through", "velocity": 9},
        1,
        [3, 3, 3] + [2] * 6 + [6, 6],
    )
    p = last(t)
    assert p["to_hit"] == 11 + 7 - 1 - 6 and len(p["damage_roll"]["faces"]) == 6
    assert not p["knockback"]["knocked_down"]
    assert p["backlash"]["share"] == "1/1" and p["backlash"]["stun"] == 12  # not knocked down: full damage


def test_move_through_that_knocks_the_target_down_costs_the_attacker_half():
    t = pair(a=sheet("A", dex=20, str=15, pd=0), b=sheet("B", pd=0))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "move-through", "velocity": 9},
        1,
        [3, 3, 3] + [2] * 6 + [1, 1] + KB_ROLLS,
    )
    assert last(t)["backlash"]["share"] == "1/2" and last(t)["backlash"]["stun"] == 6


def test_velocity_is_at_most_twice_the_move_and_five_per_inch_moved():
    t = pair()
    with pytest.raises(Refused):
        act(t, {"type": "attack", "target": 2, "maneuver": "move-through", "velocity": 13}, 1, MISS)
    with pytest.raises(Refused) as err:
        act(
            t,
            {"type": "attack", "target": 2, "maneuver": "move-through", "velocity": 11, "moved": 2},
            1,
            MISS,
        )
    assert err.value.code == "velocity.too_fast"


def test_strike_and_other_attacks_change_nothing():
    t = pair()
    assert aim(t, {"target": 2, "maneuver": "strike"}).to_hit == 12
    assert aim(t, {"target": 2, "attack": "Rayo", "maneuver": "other-attacks"}).to_hit == 12


def test_cover_rolls_at_minus_two_holds_the_target_and_fires_if_it_tries_to_escape():
    t = pair(b=sheet("B", dex=18, pre=10))
    act(t, {"type": "attack", "target": 2, "attack": "Rayo", "maneuver": "cover", "range": 3}, 1, [3, 3, 3])
    assert last(t)["to_hit"] == 10 and c(t, 2)["covered_by"]["by"] == 1
    assert COMBAT.may_act(t.state, 1, {"type": "cover_fire", "target": 2})
    act(t, {"type": "cover_fire", "target": 2}, 1, [2] * 6 + [1, 1] + KB_ROLLS)
    p = last(t)
    assert p["automatic"] and p["stun_rolled"] == 12 and c(t, 2)["covered_by"] is None


def test_breaking_cover_needs_a_presence_attack_at_minus_3d6_then_dex_against_dex():
    t = pair(a=sheet("A", dex=20, pre=10, attacks=[BLAST]), b=sheet("B", dex=18, pre=30))
    act(t, {"type": "attack", "target": 2, "attack": "Rayo", "maneuver": "cover", "range": 3}, 1, [3, 3, 3])
    act(t, {"type": "break_cover"}, 2, [4, 3, 3] + [2, 2, 2] + [4, 4, 4])  # 10 ≥ PRE 10; 13−6 > 13−12
    p = last(t, "break_cover")
    assert p["distracted"] and p["free"] and c(t, 2)["covered_by"] is None


def test_a_failed_distraction_leaves_the_target_covered():
    t = pair(a=sheet("A", dex=20, pre=20, attacks=[BLAST]), b=sheet("B", dex=18, pre=30))
    act(t, {"type": "attack", "target": 2, "attack": "Rayo", "maneuver": "cover", "range": 3}, 1, [3, 3, 3])
    act(t, {"type": "break_cover"}, 2, [4, 3, 3])
    assert not last(t, "break_cover")["distracted"] and c(t, 2)["covered_by"]["by"] == 1


def test_dive_for_cover_is_a_dex_roll_at_minus_one_an_inch_and_leaves_one_prone():
    t = pair()
    act(t, {"type": "defend", "maneuver": "dive-for-cover", "distance": 3}, 1, [4, 4, 4])
    p = last(t, "maneuver")
    assert p["needed"] == 13 - 3 and not p["success"] and "prone" in c(t, 1)["conditions"]
    with pytest.raises(Refused):
        act(pair(), {"type": "defend", "maneuver": "dive-for-cover", "distance": 4}, 1, [3, 3, 3])


def test_pulled_punch_takes_one_ocv_per_3d6_and_halves_the_body():
    t = pair(a=sheet("A", dex=20, str=30), b=sheet("B", pd=0))
    act(t, {"type": "attack", "target": 2, "maneuver": "pulled-punch"}, 1, [3, 3, 3] + [6] * 6 + [6, 6])
    p = last(t)
    assert p["to_hit"] == 11 + 7 - 2 - 6 and p["damage"] == {"stun": 36, "body": 6}


def test_a_killing_attack_cannot_be_pulled():
    with pytest.raises(Refused):
        act(pair(), {"type": "attack", "target": 2, "attack": "Espada", "maneuver": "pulled-punch"}, 1, MISS)


def test_rolling_with_a_punch_is_declared_by_aborting_and_costs_the_next_phase():
    t = pair(a=sheet("A", dex=20), b=sheet("B", dex=18))
    act(t, {"type": "defend", "maneuver": "roll-with-punch", "abort": True}, 2)
    assert c(t, 2)["effects"]["rolling"] and c(t, 2)["lose_next_phase"]
    act(t, {"type": "end_turn"}, 1)
    assert any(e.type == "phase_lost" and e.actor == 2 for e in t.entries)


def test_a_failed_roll_with_the_punch_takes_the_full_damage():
    t = pair(a=sheet("A", dex=20, str=30), b=sheet("B", dex=18, pd=0, body=20, stun=60))
    act(t, {"type": "defend", "maneuver": "roll-with-punch", "abort": True}, 2)
    act(
        t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [3, 3, 3] + [6] * 6 + [4, 4] + KB_ROLLS
    )  # 9 against 8
    p = last(t)
    assert p["to_hit"] == 11 + 7 - (6 - 2)
    assert p["rolled_with_punch"]["needed"] == 11 + 6 - 2 - 7 and not p["rolled_with_punch"]["success"]
    assert p["damage"] == {"stun": 36, "body": 12}


def test_rolling_with_the_punch_succeeds_against_the_attackers_ocv_minus_two():
    t = pair(a=sheet("A", dex=20, str=30), b=sheet("B", dex=18, pd=0))
    act(t, {"type": "defend", "maneuver": "roll-with-punch", "abort": True}, 2)
    act(t, {"type": "attack", "target": 2}, 1, [3, 3, 3] + [2, 2, 2] + [6] * 6 + [4] + KB_ROLLS)
    p = last(t)
    assert p["rolled_with_punch"]["success"] and p["damage"] == {"stun": 18, "body": 6}
    assert p["knockback"]["inches"] == 4


def test_a_snap_shot_starts_from_cover_at_minus_one_and_takes_the_full_phase():
    t = pair()
    with pytest.raises(Refused) as err:
        act(
            t, {"type": "attack", "target": 2, "attack": "Rayo", "maneuver": "snap-shot", "range": 3}, 1, MISS
        )
    assert err.value.code == "maneuver.needs_cover"
    c(t, 1)["conditions"] = ["in-cover"]
    assert aim(t, {"target": 2, "attack": "Rayo", "maneuver": "snap-shot", "range": 3}).to_hit == 11
    act(t, {"type": "move", "inches": 2}, 1)
    with pytest.raises(Refused):
        act(
            t, {"type": "attack", "target": 2, "attack": "Rayo", "maneuver": "snap-shot", "range": 3}, 1, MISS
        )


def test_suppression_fire_attacks_whoever_enters_once_a_segment_at_minus_two_and_one_a_hex():
    t = table_with(sheet("A", dex=20, attacks=[AUTO]), sheet("B", dex=18, spd=4), sheet("C", dex=10, spd=2))
    act(t, {"type": "suppress", "attack": "Metralleta", "hexes": 3, "shots": 3, "range": 4}, 1)
    assert c(t, 1)["end"] == 30 - 2 * 3 * 3  # three segments until its next phase
    assert COMBAT.may_act(t.state, 1, {"type": "suppression_fire", "target": 2})
    act(t, {"type": "suppression_fire", "target": 2}, 1, [6, 6, 6])
    p = last(t)
    assert p["to_hit"] == 11 + 7 - 2 - 2 - 6 and p["maneuver"] == "suppression-fire"
    with pytest.raises(Refused) as err:
        act(t, {"type": "suppression_fire", "target": 2}, 1, [3, 3, 3])
    assert err.value.kind == "conflict"


def test_suppression_fire_needs_an_autofire_weapon():
    with pytest.raises(Refused):
        act(pair(), {"type": "suppress", "attack": "Rayo"}, 1)


def test_a_sweep_takes_minus_two_per_extra_target_for_every_roll_and_halves_dcv():
    t = table_with(sheet("A", dex=20), sheet("B", dex=18), sheet("C", dex=18), sheet("D", dex=18))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "sweep", "more_targets": [3, 4]},
        1,
        [1, 1, 1] + [1, 1, 1] + [1, 1] + [6, 6, 6],
    )
    attacks = [e.payload for e in t.entries if e.type == "attack"]
    assert [a["to_hit"] for a in attacks] == [8, 8]  # 11 + 7 − 4 − 6; the miss on C ends it before D
    assert [a["hit"] for a in attacks] == [True, False]
    assert c(t, 1)["effects"]["dcv_half"]


def test_a_sweep_needs_more_than_one_target_and_only_some_maneuvers_take_several():
    with pytest.raises(Refused):
        act(pair(), {"type": "attack", "target": 2, "maneuver": "sweep"}, 1, MISS)
    t = table_with(sheet("A"), sheet("B"), sheet("C"))
    with pytest.raises(Refused) as err:
        act(t, {"type": "attack", "target": 2, "more_targets": [3]}, 1, MISS)
    assert err.value.code == "targets.one_only"


def test_an_unknown_or_defensive_maneuver_is_refused_on_an_attack():
    for slug in ("uppercut", "dodge"):
        with pytest.raises(Refused) as err:
            act(pair(), {"type": "attack", "target": 2, "maneuver": slug}, 1, MISS)
        assert (err.value.code, err.value.path) == ("maneuver.unknown", "/maneuver")


def test_hand_to_hand_maneuvers_refuse_ranged_attacks():
    with pytest.raises(Refused) as err:
        act(pair(), {"type": "attack", "target": 2, "attack": "Rayo", "maneuver": "haymaker"}, 1, MISS)
    assert err.value.code == "maneuver.hth_only"


def test_a_successful_dive_takes_the_character_out_of_an_area_attack():
    area = attack_entry("Granada", "ranged", 4, area=True)
    t = table_with(sheet("B", dex=20), sheet("A", dex=18, attacks=[area]))
    act(t, {"type": "defend", "maneuver": "dive-for-cover", "distance": 2}, 1, [2, 2, 2])  # 6 vs 13 − 2
    act(t, {"type": "attack", "target": 1, "attack": "Granada", "range": 5}, 2, [3, 3, 3])
    p = last(t)
    assert p["hit"] and p["dived_clear"] and c(t, 1)["stun"] == 30


def test_diving_to_shield_someone_takes_the_attacks_maximum_damage_without_a_roll():
    t = table_with(
        sheet("Escolta", dex=20, pd=5), sheet("Tirador", dex=18, attacks=[BLAST]), sheet("Senador", dex=5)
    )
    act(t, {"type": "defend", "maneuver": "dive-for-cover", "distance": 1, "protect": 3}, 1, [2, 2, 2])
    act(t, {"type": "attack", "target": 3, "attack": "Rayo", "range": 8}, 2, [6, 6])
    p = last(t)
    assert p["shielded_by"] == 1 and p["aimed_at"] == 3 and p["damage_roll"]["maximum"]
    assert (p["stun_rolled"], p["body_rolled"], p["damage"]) == (36, 12, {"stun": 31, "body": 7})
    assert (p["target_stun"], p["target_status"]) == (-1, "unconscious") and c(t, 3)["stun"] == 30
    assert next(e for e in t.entries if e.type == "attack").target == 1  # the event is about who took it


def test_a_failed_shielding_dive_leaves_the_attack_its_normal_chance():
    t = table_with(
        sheet("Escolta", dex=20), sheet("Tirador", dex=18, attacks=[BLAST]), sheet("Senador", dex=5)
    )
    act(t, {"type": "defend", "maneuver": "dive-for-cover", "distance": 1, "protect": 3}, 1, [6, 6, 6])
    act(t, {"type": "attack", "target": 3, "attack": "Rayo", "range": 8}, 2, [6, 6, 6])
    assert "shielded_by" not in last(t) and not last(t)["hit"]


def test_after_a_snap_shot_the_character_is_exposed_for_a_segment_then_back_in_cover():
    t = table_with(sheet("A", dex=20, spd=12, attacks=[BLAST]), sheet("B", dex=18, spd=2))
    act(t, {"type": "end_turn"}, 1)
    act(t, {"type": "end_turn"}, 2)
    c(t, 1)["conditions"] = ["in-cover"]
    assert (t.state["segment"], t.state["current"]) == (1, 1)
    act(t, {"type": "attack", "target": 2, "attack": "Rayo", "maneuver": "snap-shot", "range": 3}, 1, MISS)
    assert "exposed" in c(t, 1)["conditions"] and t.state["segment"] == 2
    act(t, {"type": "end_turn"}, 1)  # segment 2 ends: back in cover
    assert (
        t.state["segment"] == 3
        and "in-cover" in c(t, 1)["conditions"]
        and "exposed" not in c(t, 1)["conditions"]
    )


def test_squeezing_a_target_already_held_needs_no_roll():
    t = pair(a=sheet("A", dex=20, str=20), b=sheet("B", dex=18, spd=2))
    act(t, {"type": "attack", "target": 2, "maneuver": "grab"}, 1, [3, 3, 3])
    act(t, {"type": "end_turn"}, 2)
    while t.state["current"] != 1:
        act(t, {"type": "end_turn"}, t.state["current"])
    act(t, {"type": "attack", "target": 2, "maneuver": "grab", "then": "squeeze"}, 1, [4, 4, 4, 4] + [6, 6])
    p = last(t)
    assert p["roll"] is None and p["hit"] and p["stun_rolled"] == 16
    assert "sin tirada" in p["text"]["es"] and "no roll" in p["text"]["en"]

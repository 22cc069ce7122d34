"""Time: 12 segments a turn, DEX order inside a segment, recovery after segment 12, combat on
segment 12, half and full phases, aborting and holding."""

import copy

import pytest

from rules.core.dice import FixedDice
from rules.core.errors import Refused

from .helpers import COMBAT, act, c, make_current, sheet, table_with


def test_combat_starts_on_segment_12_with_everyone_acting_in_dex_order():
    t = table_with(
        sheet("Lento", dex=10, spd=2), sheet("Rápido", dex=23, spd=5), sheet("Medio", dex=15, spd=3)
    )
    clock = COMBAT.clock(t.state)
    assert (clock["turn"], clock["segment"], clock["current"]) == (1, 12, 2)
    assert clock["order"] == [2, 3, 1]


def test_equal_dex_is_broken_by_higher_spd_then_by_who_joined_first():
    t = table_with(sheet("A", dex=15, spd=3), sheet("B", dex=15, spd=4), sheet("C", dex=15, spd=3))
    assert COMBAT.clock(t.state)["order"] == [2, 1, 3]


def test_after_segment_12_everyone_recovers_rec_and_turn_two_begins_on_segment_1():
    t = table_with(sheet("A", spd=4, rec=6), sheet("B", spd=2, rec=4))
    c(t, 1)["stun"], c(t, 1)["end"] = 10, 5
    c(t, 2)["stun"], c(t, 2)["end"] = 28, 29  # recovery never goes above the maximum
    act(t, {"type": "end_turn"}, 1)
    act(t, {"type": "end_turn"}, 2)
    assert (t.state["round"], t.state["segment"], t.state["current"]) == (2, 3, 1)
    assert (c(t, 1)["stun"], c(t, 1)["end"]) == (16, 11)
    assert (c(t, 2)["stun"], c(t, 2)["end"]) == (30, 30)
    assert [e.type for e in t.entries].count("recovery") == 2


def test_the_clock_walks_the_segments_each_speed_acts_in():
    t = table_with(sheet("Seis", dex=20, spd=6), sheet("Dos", dex=10, spd=2))
    seen = []
    for _ in range(10):
        seen.append((t.state["round"], t.state["segment"], t.state["current"]))
        act(t, {"type": "end_turn"}, t.state["current"])
    assert seen == [
        (1, 12, 1),
        (1, 12, 2),
        (2, 2, 1),
        (2, 4, 1),
        (2, 6, 1),
        (2, 6, 2),
        (2, 8, 1),
        (2, 10, 1),
        (2, 12, 1),
        (2, 12, 2),
    ]


def test_the_clock_shows_turn_segment_current_and_the_speed_chart():
    t = table_with(sheet("A", spd=3))
    clock = COMBAT.clock(t.state)
    assert {"turn", "segment", "current"} <= set(clock)
    assert clock["chart"] == [{"combatant": 1, "spd": 3, "dex": 18, "segments": [4, 8, 12]}]


def test_acting_outside_ones_phase_is_not_allowed():
    # The site refuses it (409) before the engine sees it: tests/combat/test_hero_api.py.
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    assert not COMBAT.may_act(t.state, 2, {"type": "attack", "target": 1})
    assert not COMBAT.may_act(t.state, 2, {"type": "end_turn"})


def test_a_half_move_leaves_half_a_phase_for_a_half_phase_attack():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    act(t, {"type": "move", "inches": 3}, 1)
    assert (t.state["current"], c(t, 1)["spent"]) == (1, 0.5)
    act(t, {"type": "attack", "target": 2}, 1, [6, 6, 6])
    assert t.state["current"] == 2


def test_a_full_phase_maneuver_is_refused_after_a_half_move():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    act(t, {"type": "move", "inches": 3}, 1)
    with pytest.raises(Refused) as err:
        act(t, {"type": "attack", "target": 2, "maneuver": "set", "attack": "strike"}, 1, [3, 3, 3])
    assert err.value.code == "phase.needs_full"


def test_two_half_moves_end_the_phase():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    act(t, {"type": "move", "inches": 3}, 1)
    act(t, {"type": "move", "inches": 3}, 1)
    assert t.state["current"] == 2


def test_a_move_longer_than_half_the_movement_needs_a_full_phase():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    with pytest.raises(Refused):
        act(t, {"type": "move", "inches": 4}, 1)
    act(t, {"type": "move", "inches": 6, "full": True}, 1)
    assert t.state["current"] == 2


def test_aborting_to_a_defensive_maneuver_costs_the_next_phase():
    t = table_with(sheet("A", dex=20, spd=4), sheet("B", dex=10, spd=4))
    assert COMBAT.may_act(t.state, 2, {"type": "defend", "maneuver": "dodge", "abort": True})
    act(t, {"type": "defend", "maneuver": "dodge", "abort": True}, 2)
    assert c(t, 2)["lose_next_phase"] and c(t, 2)["effects"]["dcv"] == 3
    act(t, {"type": "end_turn"}, 1)  # B's phase in segment 12 is the one lost
    assert (t.state["segment"], t.state["current"]) == (3, 1)
    assert any(e.type == "phase_lost" and e.actor == 2 for e in t.entries)
    assert c(t, 2)["effects"]["dcv"] == 3  # the aborted dodge lasts through the lost phase


def test_one_cannot_abort_after_acting_in_the_segment():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    act(t, {"type": "end_turn"}, 1)
    assert not COMBAT.may_act(t.state, 1, {"type": "defend", "maneuver": "dodge", "abort": True})
    with pytest.raises(Refused) as err:
        act(t, {"type": "defend", "maneuver": "dodge", "abort": True}, 1)
    assert err.value.kind == "conflict"


def test_a_held_phase_is_used_later_without_passing_the_action_on():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10), sheet("C", dex=5))
    act(t, {"type": "hold"}, 1)
    assert t.state["current"] == 2 and c(t, 1)["held"]
    assert COMBAT.may_act(t.state, 1, {"type": "attack", "target": 3})
    act(t, {"type": "attack", "target": 3}, 1, [6, 6, 6])
    assert t.state["current"] == 2 and not c(t, 1)["held"]


def test_a_held_phase_expires_when_the_next_phase_comes():
    t = table_with(sheet("A", dex=20, spd=4), sheet("B", dex=10, spd=4))
    act(t, {"type": "hold"}, 1)
    act(t, {"type": "end_turn"}, 2)
    assert t.state["current"] == 1 and t.state["segment"] == 3 and not c(t, 1)["held"]


def test_a_stunned_character_loses_the_next_phase_recovering():
    t = table_with(sheet("A", dex=20, spd=4), sheet("B", dex=10, spd=4))
    c(t, 2)["conditions"] = ["stunned"]
    act(t, {"type": "end_turn"}, 1)
    assert t.state["current"] == 1 and t.state["segment"] == 3
    assert "stunned" not in c(t, 2)["conditions"]
    assert any(e.type == "stun_recovered" for e in t.entries)


def test_an_unconscious_character_recovers_in_each_of_its_phases_down_to_minus_10():
    t = table_with(sheet("A", dex=20, spd=4), sheet("B", dex=10, spd=4, rec=6))
    c(t, 2).update(stun=-4, status="unconscious", conditions=["unconscious"])
    act(t, {"type": "end_turn"}, 1)  # B's segment-12 phase: −4 → 2, then post-12: 2 → 8
    assert c(t, 2)["stun"] == 8 and c(t, 2)["status"] == "active"


def test_deeply_unconscious_characters_recover_only_after_segment_12():
    t = table_with(sheet("A", dex=20, spd=4), sheet("B", dex=10, spd=4, rec=6))
    c(t, 2).update(stun=-15, status="unconscious", conditions=["unconscious"])
    act(t, {"type": "end_turn"}, 1)
    assert c(t, 2)["stun"] == -9


def _play_until_turn(t, turn):
    while t.round < turn:
        act(t, {"type": "end_turn"}, t.state["current"])


def test_from_minus_21_to_minus_30_stun_recovers_once_a_minute_every_fifth_turn():
    t = table_with(sheet("A", dex=20, spd=4), sheet("B", dex=10, spd=4, rec=6))
    c(t, 2).update(stun=-25, status="unconscious", conditions=["unconscious"])
    _play_until_turn(t, 6)  # after turns 1 to 5: the minute is not up
    assert c(t, 2)["stun"] == -25 and c(t, 2)["minute_recovery_turn"] == 6
    wait = next(e for e in t.entries if e.type == "unconscious_wait")
    assert wait.payload["recovers_on_turn"] == 6 and "turno 6" in wait.payload["text"]["es"]
    assert wait.payload["rule"] == "6E Recovering From Unconsciousness"
    _play_until_turn(t, 7)  # after turn 6 (a minute after turn 1's segment 12)
    assert c(t, 2)["stun"] == -19
    recovery = [e for e in t.entries if e.type == "recovery" and e.actor == 2]
    assert [e.round for e in recovery] == [6] and "once a minute" in recovery[0].payload["rule"]
    _play_until_turn(t, 8)  # −19: back to every post-segment 12
    assert c(t, 2)["stun"] == -13


def test_still_that_deep_after_the_minute_it_waits_another_minute():
    t = table_with(sheet("A", dex=20, spd=4), sheet("B", dex=10, spd=4, rec=2))
    c(t, 2).update(stun=-30, status="unconscious", conditions=["unconscious"])
    _play_until_turn(t, 7)
    assert c(t, 2)["stun"] == -28 and c(t, 2)["minute_recovery_turn"] == 11


def test_below_minus_30_stun_the_gm_says_when_and_the_log_says_so_once():
    t = table_with(sheet("A", dex=20, spd=4), sheet("B", dex=10, spd=4, rec=6))
    c(t, 2).update(stun=-31, status="unconscious", conditions=["unconscious"])
    _play_until_turn(t, 8)
    assert c(t, 2)["stun"] == -31
    assert [e.type for e in t.entries if e.actor == 2] == ["unconscious_long"]
    act(t, {"type": "adjust", "target": 2, "stun": 11, "reason": "Pasa una hora"}, None)
    _play_until_turn(t, 9)
    assert c(t, 2)["stun"] == -14  # −20: post-segment 12 again


def test_a_hidden_npcs_minute_is_the_gms():
    from rules.core.encounter import Viewer

    t = table_with(sheet("A", dex=20, spd=4), sheet("B", dex=10, spd=4))
    c(t, 2).update(stun=-25, status="unconscious", conditions=["unconscious"])
    _play_until_turn(t, 2)
    entry = next(e for e in t.entries if e.type == "unconscious_wait")
    event = {"type": entry.type, "actor": 2, "target": None, "payload": entry.payload}
    seen = COMBAT.view_event(event, hidden=frozenset({2}), viewer=Viewer(gm=False))
    assert "recovers_on_turn" not in seen and "stun" not in seen and seen["text_es"] == "Sigue inconsciente."


def test_a_dying_character_loses_one_body_after_segment_12_and_may_die():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10, body=10))
    c(t, 2).update(hit_points=-9, stun=-5, status="dying")
    act(t, {"type": "end_turn"}, 1)
    assert c(t, 2)["hit_points"] == -10 and c(t, 2)["status"] == "dead"


def test_carried_weight_costs_end_each_turn():
    heavy = sheet("A", dex=20, str=10, rec=0)
    heavy["carried_kg"] = 40  # 3 END a turn at STR 10
    t = table_with(heavy, sheet("B", dex=10))
    act(t, {"type": "end_turn"}, 1)
    act(t, {"type": "end_turn"}, 2)
    assert c(t, 1)["end"] == 27


def test_the_recovery_action_takes_a_full_phase_and_gives_rec():
    t = table_with(sheet("A", dex=20, rec=5), sheet("B", dex=10))
    c(t, 1).update(stun=10, end=3)
    act(t, {"type": "recovery"}, 1)
    assert (c(t, 1)["stun"], c(t, 1)["end"], t.state["current"]) == (15, 8, 2)


def test_the_recovery_action_is_refused_after_a_half_move():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    act(t, {"type": "move", "inches": 2}, 1)
    with pytest.raises(Refused):
        act(t, {"type": "recovery"}, 1)


def test_start_is_refused_twice_and_with_nobody():
    t = table_with(sheet("A"))
    with pytest.raises(Refused):
        act(t, {"type": "start"}, None)
    empty = table_with(started=False)
    with pytest.raises(Refused):
        act(empty, {"type": "start"}, None)


def test_a_removed_current_combatant_passes_the_action_on():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    COMBAT.remove(t, FixedDice([]), 1)
    assert t.state["current"] == 2


def test_make_current_puts_a_phase_up_for_single_rule_tests():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    make_current(t, 2)
    assert COMBAT.may_act(t.state, 2, {"type": "attack", "target": 1})


def test_a_mental_attack_acts_on_ego_instead_of_dex():
    mind = {"name": "Golpe mental", "kind": "mental", "dice": 3, "killing": False, "energy": False}
    t = table_with(sheet("Rival", dex=15), sheet("Mentalista", dex=10, ego=23, attacks=[mind]))
    assert t.state["current"] == 1
    assert COMBAT.may_act(t.state, 2, {"type": "attack", "target": 1, "attack": "Golpe mental"})
    assert not COMBAT.may_act(t.state, 2, {"type": "attack", "target": 1})  # a strike waits for DEX 10
    act(t, {"type": "attack", "target": 1, "attack": "Golpe mental"}, 2, [6, 6, 6])
    assert t.state["current"] == 1 and t.state["turn_order"] == [1]
    act(t, {"type": "end_turn"}, 1)
    assert (t.state["round"], t.state["segment"], t.state["current"]) == (2, 3, 1)


def test_a_low_ego_does_not_jump_the_dex_order():
    mind = {"name": "Golpe mental", "kind": "mental", "dice": 3, "killing": False, "energy": False}
    t = table_with(sheet("Rival", dex=15), sheet("Mentalista", dex=10, ego=12, attacks=[mind]))
    assert not COMBAT.may_act(t.state, 2, {"type": "attack", "target": 1, "attack": "Golpe mental"})


def test_the_gm_may_put_one_tied_combatant_before_another():
    # 6E leaves a DEX tie to a roll or to the GM; the engine's own order stands until the GM speaks.
    t = table_with(
        sheet("A", dex=15, spd=3), sheet("B", dex=15, spd=4), sheet("C", dex=15, spd=3), started=False
    )
    act(t, {"type": "reorder_tie", "first": 3, "second": 2}, None)
    act(t, {"type": "start"}, None)
    assert COMBAT.clock(t.state)["order"] == [3, 2, 1]
    assert [row["combatant"] for row in COMBAT.clock(t.state)["chart"]] == [3, 2, 1]
    tie = next(e for e in t.entries if e.type == "tie_order")
    assert (tie.payload["first"], tie.payload["second"], tie.payload["rule"]) == (3, 2, "6E Speed Chart")


def test_the_gms_tie_order_holds_in_later_segments_and_higher_dex_still_goes_first():
    t = table_with(sheet("A", dex=15, spd=3), sheet("B", dex=15, spd=3), sheet("D", dex=20, spd=3))
    assert COMBAT.clock(t.state)["order"] == [3, 1, 2]
    act(t, {"type": "reorder_tie", "first": 2, "second": 1}, None)
    assert COMBAT.clock(t.state)["order"] == [3, 2, 1]
    for cid in (3, 2, 1):
        act(t, {"type": "end_turn"}, cid)
    assert (t.state["segment"], COMBAT.clock(t.state)["order"]) == (4, [3, 2, 1])


def test_the_current_combatant_keeps_its_phase_and_those_still_to_act_follow_the_new_order():
    t = table_with(sheet("A", dex=15), sheet("B", dex=15), sheet("C", dex=15))
    assert COMBAT.clock(t.state)["order"] == [1, 2, 3]
    act(t, {"type": "reorder_tie", "first": 3, "second": 1}, None)
    assert (t.state["current"], COMBAT.clock(t.state)["order"]) == (1, [1, 3, 2])
    for cid in (1, 3, 2):
        act(t, {"type": "end_turn"}, cid)
    assert (t.state["segment"], COMBAT.clock(t.state)["order"]) == (3, [3, 1, 2])


@pytest.mark.parametrize(
    ("action", "code", "path"),
    [
        ({"first": 1, "second": 3}, "tie.not_tied", "/second"),
        ({"first": 1, "second": 1}, "tie.same", "/second"),
        ({"first": 9, "second": 1}, "first.not_in_fight", "/first"),
    ],
)
def test_only_combatants_tied_on_dex_are_reordered(action, code, path):
    t = table_with(sheet("A", dex=15), sheet("B", dex=15), sheet("C", dex=18))
    before = copy.deepcopy(t.state)
    with pytest.raises(Refused) as refused:
        act(t, {"type": "reorder_tie", **action}, None)
    assert (refused.value.code, refused.value.path) == (code, path)
    assert t.state == before


def test_reordering_a_tie_is_the_gms_and_may_come_at_any_time():
    kind = COMBAT.actions["reorder_tie"]
    assert kind.gm_only and not kind.needs_actor and kind.phases == ("setup", "active")
    t = table_with(sheet("A", dex=15), sheet("B", dex=15))
    assert COMBAT.may_act(t.state, None, {"type": "reorder_tie", "first": 2, "second": 1})


def test_every_event_says_the_segment_its_action_was_taken_in():
    """The log names Hero's time as turn and segment: an action taken on segment 12 of turn 1 is
    stamped 12, even when the segment moves on during it (the recovery after segment 12 keeps
    its own)."""
    t = table_with(sheet("Seis", dex=20, spd=6), sheet("Dos", dex=10, spd=2))
    act(t, {"type": "end_turn"}, 1)
    assert {(e.type, e.payload["segment"]) for e in t.entries} == {("end_phase", 12)}
    t.entries.clear()
    act(t, {"type": "end_turn"}, 2)  # the last phase of segment 12: recovery, then turn 2 begins
    assert t.state["segment"] == 2
    assert {e.payload["segment"] for e in t.entries} == {12}


def test_the_start_of_the_fight_is_stamped_with_the_segment_it_starts_on():
    t = table_with(sheet("A"), sheet("B"), started=False)
    act(t, {"type": "start", "hit_locations": False}, None)
    assert t.entries and {e.payload["segment"] for e in t.entries} == {12}

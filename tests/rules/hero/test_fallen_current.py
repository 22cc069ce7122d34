"""The one whose phase it is, struck down out of their own hand, does not keep the action: the clock
passes on to the next who can act (rules/hero/clock.py `pass_on_from_the_fallen`)."""

from .helpers import act, attack_entry, c, sheet, table_with

BLAST = attack_entry("Rayo", "ranged", 5)
GUN = attack_entry("Pistola", "ranged", 2, killing=True, energy=False, autofire=3)


def _c_in_phase_under_suppression():
    """Segment 12: A (DEX 20) hoses a hex with the gun and B (DEX 15) ends the phase, so C (DEX 12)
    acts, standing in A's suppression fire."""
    t = table_with(
        sheet("A", dex=20, spd=5, attacks=[BLAST, GUN]),
        sheet("B", dex=15, spd=3, attacks=[BLAST]),
        sheet("C", dex=12, spd=2, attacks=[GUN]),
        hit_locations=True,
    )
    act(t, {"type": "suppress", "attack": "Pistola", "hexes": 1, "shots": 1}, 1, [1] * 40)
    act(t, {"type": "end_turn"}, 2)
    assert (t.state["segment"], t.state["current"]) == (12, 3)
    return t


def test_suppression_fire_that_kills_the_one_acting_passes_the_action_on():
    t = _c_in_phase_under_suppression()
    # to-hit 1+1+1 (3 always hits); location 1+1+1 (head, BODY x2); 2d6 killing 4+6: 20 BODY, C at -10
    act(t, {"type": "suppression_fire", "target": 3}, 1, [1, 1, 1, 1, 1, 1, 4, 6] + [1] * 32)
    assert c(t, 3)["status"] == "dead"
    # nobody has a phase in segments 1-2 (SPD 5: 3, 5, 8, 10, 12; SPD 3: 4, 8, 12; SPD 2: 6, 12)
    assert (t.state["round"], t.state["segment"], t.state["current"]) == (2, 3, 1)
    assert 3 not in t.state["turn_order"]


def test_the_gm_knocking_out_the_one_acting_passes_the_action_on():
    t = _c_in_phase_under_suppression()
    act(t, {"type": "adjust", "target": 3, "stun": -40}, None)
    assert c(t, 3)["status"] == "unconscious"
    assert (t.state["round"], t.state["segment"], t.state["current"]) == (2, 3, 1)


def test_a_blow_that_leaves_the_one_acting_standing_keeps_the_phase_theirs():
    t = _c_in_phase_under_suppression()
    act(t, {"type": "adjust", "target": 3, "stun": -1}, None)
    assert c(t, 3)["status"] == "active"
    assert (t.state["segment"], t.state["current"]) == (12, 3)


def test_stunned_in_their_own_phase_the_one_acting_loses_the_rest_of_it():
    t = _c_in_phase_under_suppression()
    # to-hit 1+1+1 (3 always hits); location 1+1+1 (the head); 2d6 killing 2+3: C keeps 0 BODY
    # (standing) and takes more STUN than its CON: stunned (6E Stunned: no actions).
    act(t, {"type": "suppression_fire", "target": 3}, 1, [1, 1, 1, 1, 1, 1, 2, 3] + [1] * 32)
    stunned = c(t, 3)
    assert stunned["status"] == "active" and "stunned" in stunned["conditions"]
    assert t.state["current"] != 3

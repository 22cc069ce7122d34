"""The GM names the obstacle after the attack (6E Knockback; docs/rules-notes-hero.md): right after an
attack that knocked a target back, `knockback_obstacle` gives back the knockback damage the attack
rolled and rolls it into the wall or object the GM names."""

import pytest

from rules.core.encounter import GM, Viewer
from rules.core.errors import Refused

from .helpers import COMBAT, act, c, last, sheet, table_with

HIT = [3, 3, 3]
SIX_SIXES = [6] * 6  # STR 30: 6d6, 36 STUN and 12 BODY rolled
PLAYER = Viewer(gm=False, controls=frozenset({1}))


def knocked_back(**target):
    """A's 6d6 strike: 34 STUN and 10 BODY after PD 2; 12 BODY − 2 = 10" onto open ground: 5d6 of ones,
    5 STUN rolled, 3 after PD."""
    t = table_with(sheet("A", str=30), sheet("B", **({"pd": 2, "body": 20, "stun": 80, "con": 40} | target)))
    act(t, {"type": "attack", "target": 2}, 1, HIT + SIX_SIXES + [1, 1] + [1] * 5)
    return t


def test_the_gm_sends_the_last_knockback_into_a_wall_instead_of_open_ground():
    t = knocked_back()
    assert (c(t, 2)["stun"], c(t, 2)["hit_points"]) == (80 - 34 - 3, 20 - 10)
    act(t, {"type": "knockback_obstacle", "target": 2, "obstacle": "wall"}, None, [3] * 10)
    p = last(t, "knockback_obstacle")
    taken = p["knockback"]["damage_taken"]
    # A wall: 1d6 an inch, 10d6 of threes: 30 STUN and 10 BODY rolled, 28 and 8 after PD 2.
    assert taken["into"] == "wall" and taken["dice"] == 10 and taken["damage"] == {"stun": 28, "body": 8}
    assert p["knockback"]["replaced"] == {"into": "ground", "damage": {"stun": 3, "body": 0}}
    assert (c(t, 2)["stun"], c(t, 2)["hit_points"]) == (80 - 34 - 28, 20 - 10 - 8)
    assert p["target_stun"] == c(t, 2)["stun"] and p["knockback"]["inches"] == 10


def test_an_object_caps_the_amended_dice_at_its_def_plus_body():
    t = knocked_back()
    act(
        t,
        {
            "type": "knockback_obstacle",
            "target": 2,
            "obstacle": "object",
            "obstacle_def": 2,
            "obstacle_body": 3,
        },
        None,
        [6] * 5,
    )
    taken = last(t, "knockback_obstacle")["knockback"]["damage_taken"]
    assert taken["dice"] == 5 and taken["obstacle"]["broken"] is True  # 10 BODY − DEF 2 ≥ its BODY 3


def test_a_stun_the_first_knockback_alone_caused_goes_with_it():
    # PD 20: the strike's 36 STUN is 16 after defenses, not above CON 16; into a wall, 10d6 of sixes is
    # 60 − 20 = 40 STUN: stunned by the knockback alone. Into a flimsy object (1d6 of one) it is not.
    t = table_with(
        sheet("A", str=30), sheet("B", pd=20, con=16, body=30, stun=200, spd=1)
    )  # SPD 1: no phase in 12
    act(t, {"type": "attack", "target": 2, "obstacle": "wall"}, 1, HIT + SIX_SIXES + [1, 1] + [6] * 10)
    assert not last(t)["stunned"] and "stunned" in c(t, 2)["conditions"]
    act(t, {"type": "knockback_obstacle", "target": 2, "obstacle": "object", "obstacle_body": 1}, None, [1])
    # The attack ended segment 12: B recovered its REC 6 after it, which the amendment keeps.
    assert "stunned" not in c(t, 2)["conditions"] and c(t, 2)["stun"] == 200 - 16 + 6


def test_only_the_last_actions_knockback_may_be_amended_and_only_once():
    t = knocked_back()
    act(t, {"type": "knockback_obstacle", "target": 2, "obstacle": "wall"}, None, [1] * 10)
    with pytest.raises(Refused) as again:
        act(t, {"type": "knockback_obstacle", "target": 2, "obstacle": "wall"}, None, [1] * 10)
    assert again.value.code == "knockback.nothing_to_amend" and again.value.kind == "conflict"
    t = knocked_back()
    act(t, {"type": "set_condition", "target": 1, "condition": "prone", "on": True}, None)
    before = dict(c(t, 2))
    with pytest.raises(Refused) as late:
        act(t, {"type": "knockback_obstacle", "target": 2, "obstacle": "wall"}, None, [1] * 10)
    assert late.value.code == "knockback.nothing_to_amend" and c(t, 2) == before


def test_a_bad_obstacle_is_refused_and_leaves_the_knockback_amendable():
    t = knocked_back()
    with pytest.raises(Refused) as err:
        act(t, {"type": "knockback_obstacle", "target": 2, "obstacle": "object"}, None, [1] * 10)
    assert err.value.code == "obstacle.body_missing"
    act(t, {"type": "knockback_obstacle", "target": 2, "obstacle": "wall"}, None, [1] * 10)
    assert last(t, "knockback_obstacle")["knockback"]["damage_taken"]["into"] == "wall"


def test_a_hidden_targets_amended_damage_after_defenses_stays_the_gms():
    t = knocked_back()
    act(t, {"type": "knockback_obstacle", "target": 2, "obstacle": "wall"}, None, [3] * 10)
    entry = t.entries[-1]
    event = {"type": entry.type, "actor": None, "target": 2, "payload": entry.payload}
    seen = COMBAT.view_event(event, hidden=frozenset({2}), viewer=PLAYER)
    kb = seen["knockback"]
    assert "damage" not in kb["damage_taken"] and "damage" not in kb["replaced"]
    assert "target_stun" not in seen and kb["damage_taken"]["stun_rolled"] == 30
    assert "28 ATU" not in seen["text_es"] and "30 ATU" in seen["text_es"]
    gm = COMBAT.view_event(event, hidden=frozenset({2}), viewer=GM)
    assert "28 ATU" in gm["text_es"] and "28 STUN" in gm["text_en"]

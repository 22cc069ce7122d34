"""Knockback damage (6E Knockback): on the ground, into a wall, into an object with its DEF and BODY."""

import pytest

from rules.core.encounter import Viewer
from rules.core.errors import Refused

from .helpers import COMBAT, act, c, last, sheet, table_with

HIT = [3, 3, 3]
FOUR_BODY = [6, 6, 1]  # 13 STUN, 4 BODY rolled: 8 STUN after PD 5
PLAYER = Viewer(gm=False, controls=frozenset({1}))


def strike(faces, **extra):
    t = table_with(sheet("A"), sheet("B", body=20, stun=60))
    act(t, {"type": "attack", "target": 2, **extra}, 1, faces)
    return t, last(t)


def test_knocked_back_onto_open_ground_the_target_takes_1d6_per_two_inches():
    t, p = strike(HIT + FOUR_BODY + [1, 1] + [6])  # 2" of knockback: 1d6
    taken = p["knockback"]["damage_taken"]
    assert (taken["into"], taken["dice"], taken["half_die"]) == ("ground", 1, False)
    assert taken["damage_roll"]["faces"] == [6] and taken["damage"] == {"stun": 1, "body": 0}
    assert p["target_stun"] == 60 - 8 - 1 == c(t, 2)["stun"]


def test_an_odd_inch_on_the_ground_is_a_half_die():
    _, p = strike(HIT + [6, 6, 6] + [1, 2] + [6] + [5])  # 6 BODY − 3 = 3": 1½d6
    taken = p["knockback"]["damage_taken"]
    assert (taken["dice"], taken["half_die"]) == (1, True)
    assert (taken["stun_rolled"], taken["body_rolled"]) == (6 + 3, 2 + 1)


def test_into_a_wall_the_target_takes_1d6_per_inch():
    _, p = strike(HIT + FOUR_BODY + [1, 1] + [6, 6], obstacle="wall")
    taken = p["knockback"]["damage_taken"]
    assert (taken["into"], taken["dice"]) == ("wall", 2)
    assert taken["damage"] == {"stun": 12 - 5, "body": 0}  # PD 5 against 4 BODY
    assert taken["obstacle"] == {"kind": "wall", "body_rolled": 4}


def test_into_an_object_the_dice_stop_at_its_def_plus_body_and_it_takes_the_same_damage():
    t, p = strike(HIT + [6, 6, 6] + [1, 1] + [6, 6, 6], obstacle="object", obstacle_def=2, obstacle_body=1)
    taken = p["knockback"]["damage_taken"]
    assert p["knockback"]["inches"] == 4 and taken["dice"] == 3  # DEF 2 + BODY 1
    assert taken["obstacle"] == {"kind": "object", "def": 2, "body": 1, "body_taken": 4, "broken": True}
    assert "lo atraviesa" in p["text"]["es"] and "goes through it" in p["text"]["en"]


def test_a_strong_object_holds_and_still_takes_its_share():
    _, p = strike(
        HIT + [6, 6, 6] + [1, 1] + [2, 2, 2, 2], obstacle="object", obstacle_def=6, obstacle_body=10
    )
    obstacle = p["knockback"]["damage_taken"]["obstacle"]
    assert (p["knockback"]["damage_taken"]["dice"], obstacle["body_taken"], obstacle["broken"]) == (
        4,
        0,
        False,
    )


def test_a_knockdown_does_no_knockback_damage():
    _, p = strike(HIT + FOUR_BODY + [2, 2], obstacle="wall")
    assert p["knockback"]["knocked_down"] and p["knockback"]["damage_taken"] is None


def test_knockback_damage_above_con_stuns():
    t = table_with(sheet("A", str=20), sheet("B", con=8, body=20, stun=60, pd=0))
    act(t, {"type": "attack", "target": 2, "obstacle": "wall"}, 1, HIT + [2] * 4 + [1, 1] + [5, 5])
    taken = last(t)["knockback"][
        "damage_taken"
    ]  # the blow's 8 STUN does not stun (CON 8); the wall's 10 does
    assert not last(t)["stunned"] and taken["stunned"]
    assert any(e.type == "stun_recovered" and e.actor == 2 for e in t.entries)  # B's next phase is lost


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"obstacle": "object"}, "obstacle.body_missing"),
        ({"obstacle": "wall", "obstacle_def": 3}, "obstacle.wall_numbers"),
        ({"obstacle_body": 3}, "obstacle.unknown"),
    ],
)
def test_an_obstacle_that_does_not_add_up_is_refused_and_changes_nothing(extra, code):
    t = table_with(sheet("A"), sheet("B"))
    before = c(t, 2)["stun"]
    with pytest.raises(Refused) as err:
        act(t, {"type": "attack", "target": 2, **extra}, 1, HIT + FOUR_BODY + [1, 1] + [6] * 4)
    assert err.value.code == code and c(t, 2)["stun"] == before and not t.entries


def test_the_event_tells_the_knockback_in_both_languages_and_hides_a_hidden_targets_damage():
    t, p = strike(HIT + FOUR_BODY + [1, 1] + [6, 6], obstacle="wall")
    assert 'despedido 2" contra una pared, 7 ATU y 0 CUE tras defensas' in p["text"]["es"]
    assert 'knocked back 2" into a wall, 7 STUN and 0 BODY after defenses' in p["text"]["en"]
    assert "12 ATU y 4 CUE tirados" in p["public_text"]["es"]
    entry = next(e for e in t.entries if e.type == "attack")
    event = {"type": "attack", "actor": 1, "target": 2, "payload": entry.payload}
    seen = COMBAT.view_event(event, hidden=frozenset({2}), viewer=PLAYER)
    taken = seen["knockback"]["damage_taken"]
    assert "damage" not in taken and taken["damage_roll"]["faces"] == [6, 6] and taken["stun_rolled"] == 12
    assert "7 ATU" not in seen["text_es"]

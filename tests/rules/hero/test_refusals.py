"""Bad input gets a clear refusal in both languages, with its kind and path, and changes nothing."""

import copy

import pytest

from rules.core.dice import FixedDice
from rules.core.errors import Refused
from rules.systems import SheetRefused

from .helpers import COMBAT, act, attack_entry, sheet, table_with

REFUSED = [
    ({"type": "attack", "target": 2, "maneuver": "uppercut"}, 1, "maneuver.unknown", "invalid", "/maneuver"),
    ({"type": "attack", "target": 2, "attack": "Lanzallamas"}, 1, "attack.unknown", "invalid", "/attack"),
    (
        {"type": "attack", "target": 2, "modifiers": ["fog"]},
        1,
        "modifiers.unknown",
        "invalid",
        "/modifiers/0",
    ),
    (
        {"type": "attack", "target": 2, "modifiers": "off-hand"},
        1,
        "modifiers.invalid",
        "invalid",
        "/modifiers",
    ),
    ({"type": "attack", "target": 9}, 1, "target.not_in_fight", "invalid", "/target"),
    ({"type": "attack", "target": 1}, 1, "target.self", "invalid", "/target"),
    (
        {"type": "attack", "target": 2, "more_targets": [2], "maneuver": "sweep"},
        1,
        "targets.repeated",
        "invalid",
        "/more_targets",
    ),
    (
        {"type": "attack", "target": 2, "more_targets": ["x"], "maneuver": "sweep"},
        1,
        "targets.invalid",
        "invalid",
        "/more_targets",
    ),
    ({"type": "attack", "target": 2, "levels_dcv": 3}, 1, "levels.too_many", "invalid", "/levels_dcv"),
    ({"type": "defend", "maneuver": "strike"}, 1, "maneuver.unknown", "invalid", "/maneuver"),
    ({"type": "stand_up"}, 1, "stand.not_prone", "invalid", ""),
    ({"type": "escape"}, 1, "escape.not_grabbed", "invalid", ""),
    ({"type": "pick_up", "attack": "Rayo"}, 1, "pick_up.not_lost", "invalid", "/attack"),
    ({"type": "suppression_fire", "target": 2}, 1, "suppression.none", "conflict", ""),
    ({"type": "cover_fire", "target": 2}, 1, "cover.not_covering", "conflict", ""),
    ({"type": "adjust", "target": 9}, None, "target.not_in_fight", "invalid", "/target"),
]


@pytest.mark.parametrize(("action", "actor", "code", "kind", "path"), REFUSED)
def test_bad_input_is_refused_with_code_kind_and_path_and_changes_nothing(action, actor, code, kind, path):
    t = table_with(
        sheet("A", dex=20, attacks=[attack_entry("Rayo")], levels=[{"levels": 2, "applies_to": "hth"}]),
        sheet("B", dex=10),
    )
    before = copy.deepcopy(t.state)
    with pytest.raises(Refused) as err:
        act(t, action, actor, [3] * 30)
    assert (err.value.code, err.value.kind, err.value.path) == (code, kind, path)
    assert err.value.text_es and err.value.text_en and err.value.rule is not None
    assert t.state == before and t.entries == []


def test_acting_outside_ones_phase_is_refused_by_may_act():
    # The site asks `may_act` before the engine sees an action (409; tests/combat/test_hero_api.py).
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    assert COMBAT.may_act(t.state, 1, {"type": "attack", "target": 2})
    assert not COMBAT.may_act(t.state, 2, {"type": "attack", "target": 1})
    assert not COMBAT.may_act(t.state, 2, {"type": "defend", "maneuver": "dodge"})
    assert not COMBAT.may_act(t.state, 2, {"type": "move", "inches": 2})
    assert not COMBAT.may_act(t.state, 9, {"type": "attack", "target": 1})
    assert not COMBAT.may_act(t.state, 1, {"type": "fly_away"})


def test_no_one_acts_before_the_fight_starts():
    t = table_with(sheet("A"), sheet("B"), started=False)
    assert not COMBAT.may_act(t.state, 1, {"type": "attack", "target": 2})
    assert COMBAT.actions["attack"].phases == ("active",)


def test_a_target_removed_from_the_fight_cannot_be_attacked():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10), sheet("C", dex=5))
    COMBAT.remove(t, FixedDice([]), 3)
    with pytest.raises(Refused) as err:
        act(t, {"type": "attack", "target": 3}, 1, [3, 3, 3])
    assert err.value.code == "target.not_in_fight"


def test_a_down_character_cannot_act_even_if_current():
    t = table_with(sheet("A", dex=20), sheet("B", dex=10))
    t.state["combatants"]["1"]["status"] = "unconscious"
    assert not COMBAT.may_act(t.state, 1, {"type": "attack", "target": 2})


@pytest.mark.parametrize("bad", [{"spd": 0}, {"spd": 13}, {"body": -1}, {"dex": "fast"}])
def test_a_bad_sheet_cannot_join_a_fight(bad):
    s = sheet("A")
    s["characteristics"].update(bad)
    with pytest.raises(SheetRefused) as err:
        COMBAT.build_combatant(cid=1, name="A", side="x", sheet=s, options={})
    assert err.value.problems


def test_negative_attack_dice_on_a_sheet_are_refused_before_the_fight():
    with pytest.raises(SheetRefused) as err:
        COMBAT.build_combatant(
            cid=1, name="A", side="x", sheet=sheet(attacks=[attack_entry("Rayo", dice=-2)]), options={}
        )
    assert err.value.problems[0].path == "/attacks/0/dice"


@pytest.mark.parametrize("body", [0, -3, 301, 2.5, True])
def test_an_absurd_body_option_is_refused(body):
    with pytest.raises(SheetRefused):
        COMBAT.build_combatant(cid=1, name="A", side="x", sheet=sheet(), options={"hit_points": body})


def test_a_body_option_sets_an_npcs_body():
    state = COMBAT.build_combatant(cid=1, name="A", side="x", sheet=sheet(), options={"hit_points": 20})
    assert (state["hit_points"], state["hit_points_max"]) == (20, 20)

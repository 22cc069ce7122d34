"""Bad input gets a clear refusal in both languages, of the right kind, and changes nothing."""

import pytest

from rules.anima.system import SYSTEM
from rules.core.errors import Refused

from .helpers import NotNow, act, refused_and_unchanged, sheet, table_with

RAY = {"name": "Rayo", "kind": "attack", "capability": "magic", "damage": 20}
FIRE = {"name": "Fuego", "kind": "area", "capability": "magic", "damage": 20, "difficulty": 15}


def _table():
    return table_with(sheet("A", magic_projection=20, powers=[RAY, FIRE]), sheet("B"), started=True)


@pytest.mark.parametrize(
    ("action", "code", "path"),
    [
        ({"type": "attack", "target": 2, "with": "Rayo", "capability": "magic", "distance": -1}, "power.bad_distance", "/distance"),
        ({"type": "area_power", "power": "Fuego", "targets": [2], "difficulty": -4}, "power.bad_difficulty", "/difficulty"),
        ({"type": "area_power", "power": "Fuego", "targets": [2], "difficulty": 10**6}, "power.bad_difficulty", "/difficulty"),
        ({"type": "area_power", "power": "Fuego", "targets": [2], "distance": -2}, "power.bad_distance", "/distance"),
        ({"type": "area_power", "power": "Fuego", "targets": [9]}, "combatant.not_in_fight", "/targets/0"),
        ({"type": "passive_power", "power": "Fuego", "targets": [2]}, "power.unknown", "/power"),
        ({"type": "attack", "target": 2, "with": "Espada larga", "attacks": 1000}, "attack.too_many_attacks", "/attacks"),
        ({"type": "attack", "target": 9, "with": "Espada larga"}, "combatant.not_in_fight", "/target"),
        ({"type": "attack", "target": 2, "with": "Hacha"}, "attack.unknown_weapon", "/with"),
        ({"type": "move", "metres": 10**9}, "move.too_far", "/metres"),
        ({"type": "equip", "weapons": ["Espada larga", "Espada larga"]}, "equip.bad_weapons", "/weapons"),
        ({"type": "condition", "target": 5, "condition": "prone"}, "combatant.not_in_fight", "/target"),
        ({"type": "adjust", "target": 2, "hit_points": -10**6}, "adjust.bad_hit_points", "/hit_points"),
    ],
)  # fmt: skip
def test_bad_numbers_unknown_slugs_and_absent_combatants_are_refused_in_both_languages(action, code, path):
    table = _table()
    actor = None if action["type"] in ("condition", "adjust") else 1
    refusal = refused_and_unchanged(table, [5, 5], action, actor)
    assert (refusal.code, refusal.path, refusal.kind) == (code, path, "invalid")
    assert refusal.text_es and refusal.text_en and refusal.rule
    assert refusal.as_dict()["code"] == code


@pytest.mark.parametrize(
    "action",
    [
        {"type": "attack", "target": 1, "with": "Espada larga"},
        {"type": "move", "metres": 5},
        {"type": "equip", "weapons": []},
        {"type": "area_power", "power": "Fuego", "targets": [1]},
        {"type": "end_turn"},
    ],
)
def test_acting_out_of_turn_is_refused_by_may_act_before_the_engine_runs(action):
    table = _table()
    with pytest.raises(NotNow):
        act(table, [5, 5], action, 2)


def test_an_action_out_of_its_phase_is_refused():
    table = _table()
    assert "active" not in SYSTEM.combat.actions["start"].phases
    with pytest.raises(NotNow):
        act(table, [5, 5], {"type": "start"}, None)
    with pytest.raises(Refused) as info:
        SYSTEM.combat.actions["start"].resolve(table, None, {"type": "start"}, None)
    assert info.value.kind == "conflict"


def test_a_fallen_combatant_cannot_act_even_on_its_turn():
    table = _table()
    table.state["combatants"]["1"]["status"] = "dying"
    assert not SYSTEM.combat.may_act(table.state, 1, {"type": "attack"})
    assert SYSTEM.combat.may_act(table.state, 1, {"type": "end_turn"})
    with pytest.raises(Refused) as info:
        SYSTEM.combat.actions["attack"].resolve(
            table, None, {"type": "attack", "target": 2, "with": "Espada larga"}, 1
        )
    assert (info.value.code, info.value.kind) == ("combatant.down", "conflict")


# A value of the wrong shape never reaches the engine: the site validates each action once,
# against its type's schema (tests/combat/test_anima_validated_once.py).


def test_a_weapon_size_of_the_wrong_type_is_a_sheet_problem():
    checked = SYSTEM.check_sheet(sheet(weapons=[{"name": "X", "size": ["small"], "damage": 5}]))
    assert [p.path for p in checked.errors] == ["/weapons/0/size"]

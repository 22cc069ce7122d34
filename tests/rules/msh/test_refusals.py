"""Bad input gets a clear refusal in both languages and changes nothing."""

from __future__ import annotations

import copy

import pytest

from rules.core.errors import Refused

from .helpers import ATTACKER, COMBAT, DEFENDER, Dice, duel, sheet, table


@pytest.mark.parametrize(
    ("fields", "code", "path"),
    [
        ({"combat_type": "laser"}, "attack.unknown_combat_type", "/combat_type"),
        ({"combat_type": "blunt", "target": 99}, "attack.unknown_target", "/target"),
        ({"combat_type": "blunt", "target": 1}, "attack.self", "/target"),
        ({"combat_type": "blunt", "target": "2"}, "attack.unknown_target", "/target"),
        ({"combat_type": "edged"}, "attack.needs_item", "/with"),
        ({"combat_type": "edged", "with": "Lanza"}, "attack.unknown_item", "/with"),
        ({"combat_type": "edged", "with": "Pistola"}, "attack.item_type", "/with"),
        ({"combat_type": "blunt", "karma": 31}, "attack.not_enough_karma", "/karma"),
        ({"combat_type": "blunt", "karma": -1}, "attack.bad_number", "/karma"),
        ({"combat_type": "blunt", "shifts": 40}, "attack.bad_number", "/shifts"),
        ({"combat_type": "charging", "areas": 10**9}, "attack.bad_number", "/areas"),
        ({"combat_type": "blunt", "areas": 2}, "attack.not_for_type", "/areas"),
        ({"combat_type": "blunt", "point_blank": True}, "attack.not_for_type", "/point_blank"),
        ({"combat_type": "blunt", "obstacles": True}, "attack.not_for_type", "/obstacles"),  # a charge's
        (
            {"combat_type": "edged", "with": "Espada", "max_damage": 5},
            "attack.not_for_type",
            "/max_damage",
        ),  # "No se puede reducir el daño"
        (
            {"combat_type": "charging", "max_colour": "green"},
            "attack.not_for_type",
            "/max_colour",
        ),  # "pero no el color"
        (
            {"combat_type": "shooting", "with": "Pistola", "also_targets": [3]},
            "attack.not_for_type",
            "/also_targets",
        ),
        ({"combat_type": "blunt", "also_targets": [2]}, "attack.repeated_target", "/also_targets"),
        ({"combat_type": "grabbing", "item": "Escudo"}, "attack.unknown_target_item", "/item"),
        ({"combat_type": "thrown-blunt"}, "attack.needs_material", "/material"),
        (
            {"combat_type": "energy", "with": "Rayo", "ground_material": 40},
            "attack.ground_too_strong",
            "/ground_material",
        ),
        (
            {"combat_type": "blunt", "ground_material": 10},
            "attack.ground_too_strong",
            "/ground_material",
        ),  # needs two ranks
        ({"combat_type": "blunt", "combined_with": 2}, "attack.bad_partner", "/combined_with"),
    ],
)
def test_a_bad_attack_is_refused_with_its_path_and_changes_nothing(fields, code, path):
    t = table((1, ATTACKER, "heroes"), (2, DEFENDER, "villains"), (3, DEFENDER, "villains"))
    before = copy.deepcopy(t.state)
    action = {"type": "attack", "target": 2, **fields}
    with pytest.raises(Refused) as refused:
        COMBAT.actions["attack"].resolve(t, Dice([50]), action, 1)
    assert (refused.value.code, refused.value.path, refused.value.kind) == (code, path, "invalid")
    assert refused.value.text_es and refused.value.text_en and refused.value.rule
    assert t.state == before and t.entries == []


def test_a_held_fast_character_cannot_attack():
    t = duel()
    t.combatant(1)["effects"]["held_by"] = {"by": 2, "full": True, "round": 1}
    with pytest.raises(Refused) as refused:
        COMBAT.actions["attack"].resolve(t, Dice([50]), {"target": 2, "combat_type": "blunt"}, 1)
    assert refused.value.kind == "conflict"


def test_a_stunned_character_cannot_act():
    t = duel()
    t.combatant(1)["effects"]["stunned"] = 3
    t.combatant(1)["status"] = "stunned"
    with pytest.raises(Refused) as refused:
        COMBAT.actions["block"].resolve(t, Dice([50]), {}, 1)
    assert refused.value.kind == "conflict"


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({}, "declare.no_action"),
        ({"action": {"type": "fly"}}, "declare.unknown_type"),
        ({"action": {"type": "attack", "target": 2, "combat_type": "laser"}}, "attack.unknown_combat_type"),
        ({"action": {"type": "escape"}}, "escape.not_held"),
        ({"action": {"type": "pass", "effect_karma": 999}}, "declare.bad_karma"),
        ({"action": {"type": "interpose", "protect": 1}}, "interpose.unknown"),
    ],
)
def test_a_bad_declaration_is_refused_and_records_nothing(action, code):
    t = table((1, ATTACKER, "heroes"), (2, DEFENDER, "villains"), phase="declare")
    t.state["declarations"] = {"round": 1, "open": True, "by": {}}
    before = copy.deepcopy(t.state)
    with pytest.raises(Refused) as refused:
        COMBAT.actions["declare"].resolve(t, Dice(), {"type": "declare", **action}, 1)
    assert refused.value.code == code
    assert t.state == before


def test_an_invalid_sheet_cannot_join_a_fight():
    from rules.systems import SheetRefused

    with pytest.raises(SheetRefused) as refused:
        COMBAT.build_combatant(cid=1, name="X", side="a", sheet={**sheet(), "abilities": {}}, options={})
    assert refused.value.problems


def test_absurd_options_cannot_join_a_fight():
    from rules.systems import SheetRefused

    with pytest.raises(SheetRefused):
        COMBAT.build_combatant(cid=1, name="X", side="a", sheet=sheet(), options={"hit_points": -5})

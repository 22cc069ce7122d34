"""Every combat type × colour, with fixed dice (Tipos de combate)."""

from __future__ import annotations

import pytest

from rules.msh.catalogue import COMBAT_TYPES

from .helpers import DEFENDER, FACE, attack, duel, hp, sheet

DEFENDER_STRONG = sheet("Toro", strength=30, weapons=DEFENDER["weapons"])

# (combat_type, with, colour, effect, damage dealt): Ana has 20 in every combat ability and the
# weapons of helpers.ATTACKER; Bruno has Health 40, Endurance 10 and no Body Armor.
TABLE = [
    ("blunt", "unarmed", "white", "miss", 0),
    ("blunt", "unarmed", "green", "hit", 20),  # "tanta Salud como la Fuerza del atacante"
    ("blunt", "unarmed", "yellow", "slam", 20),
    ("blunt", "unarmed", "red", "stun", 20),
    ("edged", "Espada", "white", "miss", 0),
    ("edged", "Espada", "green", "hit", 20),  # max(10, min(material 30, Strength 20))
    ("edged", "Espada", "yellow", "stun", 20),
    ("edged", "Espada", "red", "kill", 20),
    ("shooting", "Pistola", "white", "miss", 0),
    ("shooting", "Pistola", "green", "hit", 10),  # "el daño del arma, ni más ni menos"
    ("shooting", "Pistola", "yellow", "bullseye", 10),
    ("shooting", "Pistola", "red", "kill", 10),
    ("thrown-edged", "Daga", "white", "miss", 0),
    ("thrown-edged", "Daga", "green", "hit", 15),  # min(15, 30, 20)
    ("thrown-edged", "Daga", "yellow", "stun", 15),
    ("thrown-edged", "Daga", "red", "kill", 15),
    ("thrown-blunt", "Roca", "white", "miss", 0),
    ("thrown-blunt", "Roca", "green", "hit", 20),  # min(Strength 20, material 40)
    ("thrown-blunt", "Roca", "yellow", "hit", 20),
    ("thrown-blunt", "Roca", "red", "stun", 20),
    ("energy", "Rayo", "white", "miss", 0),
    ("energy", "Rayo", "green", "hit", 30),
    ("energy", "Rayo", "yellow", "bullseye", 30),
    ("energy", "Rayo", "red", "kill", 30),
    ("force", "Empuje", "white", "miss", 0),
    ("force", "Empuje", "green", "hit", 25),
    ("force", "Empuje", "yellow", "bullseye", 25),
    ("force", "Empuje", "red", "stun", 25),
    ("charging", "unarmed", "white", "overshoot", 0),
    ("charging", "unarmed", "green", "hit", 20),  # max(Endurance 20, Body Armor 0)
    ("charging", "unarmed", "yellow", "slam", 20),
    ("charging", "unarmed", "red", "stun", 20),
]


@pytest.mark.parametrize(("combat_type", "weapon", "colour", "effect", "damage"), TABLE)
def test_each_colour_of_each_damaging_combat_type_does_what_the_seed_says(
    combat_type, weapon, colour, effect, damage
):
    t = duel()
    payload = attack(t, [FACE[colour]], combat_type=combat_type, with_=weapon)
    assert payload["colour"] == colour
    assert payload["effect"] == effect
    assert payload["damage"] == damage
    assert payload["hit"] is (damage > 0)
    assert payload["target_hit_points"] == hp(t, 2) == 40 - damage
    assert payload["roll"]["sides"] == 100 and payload["roll"]["faces"] == [FACE[colour]]
    assert payload["column"] == "excellent"


@pytest.mark.parametrize(
    ("combat_type", "weapon", "colour", "effect", "damage"),
    [r for r in TABLE if r[3] in ("slam", "stun", "kill")],
)
def test_the_special_colours_call_for_the_targets_endurance_roll(combat_type, weapon, colour, effect, damage):
    payload = attack(duel(), [FACE[colour], 100], combat_type=combat_type, with_=weapon)
    assert payload["effect_roll"]["kind"] == effect
    assert payload["effect_roll"]["column"] == "good"  # Bruno's Endurance 10
    assert payload["effect_roll"]["colour"] == "red"


def test_every_combat_type_of_the_catalogue_is_in_the_table_or_the_wrestling_tests():
    covered = {row[0] for row in TABLE} | {"grappling", "grabbing"}
    assert covered == {ct.slug for ct in COMBAT_TYPES}


@pytest.mark.parametrize(
    ("colour", "effect", "held"),
    [
        ("white", "miss", None),
        ("green", "miss", None),
        ("yellow", "partial-hold", "full"),
        ("red", "hold", "full"),
    ],
)
def test_grappling_colours_hold_the_target(colour, effect, held):
    t = duel()
    payload = attack(t, [FACE[colour]], combat_type="grappling")
    assert (payload["effect"], payload.get("held")) == (effect, held)
    assert payload["damage"] == 0
    if held:
        assert t.combatant(2)["effects"]["held_by"]["by"] == 1
        assert "held" in t.combatant(2)["conditions"]


def test_a_yellow_grapple_by_a_weaker_attacker_holds_only_partially():
    t = duel(defender=DEFENDER_STRONG)
    payload = attack(t, [FACE["yellow"]], combat_type="grappling")
    assert payload["held"] == "partial"
    assert t.combatant(2)["conditions"] == ["partially-held"]


@pytest.mark.parametrize(
    ("colour", "effect", "taken", "broken"),
    [
        ("white", "miss", False, False),
        ("green", "grab-if-stronger", True, False),  # Strength 20 > 10: "se lo queda"
        ("yellow", "grab", True, False),
        ("red", "grab-break", True, True),  # Strength 20 > material 10: "lo rompe"
    ],
)
def test_grabbing_colours_take_or_break_the_item(colour, effect, taken, broken):
    t = duel()
    payload = attack(t, [FACE[colour]], combat_type="grabbing", item="Palo")
    assert payload["effect"] == effect
    assert (t.combatant(2)["weapons"] == []) is taken
    assert any(w["name"] == "Palo" for w in t.combatant(1)["weapons"]) is (taken and not broken)


def test_a_green_grab_by_a_weaker_attacker_is_a_miss():
    t = duel(defender=DEFENDER_STRONG)
    payload = attack(t, [FACE["green"]], combat_type="grabbing", item="Palo")
    assert payload["effect"] == "miss"
    assert t.combatant(2)["weapons"][0]["name"] == "Palo"


def test_a_fully_held_target_is_squeezed_for_the_holders_strength_the_next_turn():
    t = duel()
    attack(t, [FACE["red"]], combat_type="grappling")
    t.state["round"] = 2
    payload = attack(t, [], combat_type="grappling")
    assert payload["effect"] == "squeeze"
    assert payload["damage"] == 20 and hp(t, 2) == 20
    assert "roll" not in payload


def test_edged_damage_is_at_least_the_weapons_even_above_strength():
    t = duel(
        attacker=sheet(
            "Ana",
            strength=6,
            weapons=[{"name": "Hacha", "combat_type": "edged", "damage": 10, "material": 40}],
        )
    )
    assert attack(t, [FACE["green"]], combat_type="edged", with_="Hacha")["damage"] == 10


def test_charge_damage_adds_two_per_area_run_and_body_armor_can_be_the_base():
    t = duel(attacker=sheet("Ana", body_armor=30))
    payload = attack(t, [FACE["green"]], combat_type="charging", areas=2)
    assert payload["damage_before_armour"] == 30 + 4


def test_body_armor_reduces_the_damage():
    t = duel(defender=sheet("Bruno", endurance=10, body_armor=6))
    payload = attack(t, [FACE["green"]], combat_type="blunt")
    assert payload["damage"] == 14 and payload["armour"] == 6


@pytest.mark.parametrize(("agility_face", "colour", "avoided"), [(50, "green", True), (10, "white", False)])
def test_a_charge_that_overshoots_rolls_agility_against_the_declared_obstacles(agility_face, colour, avoided):
    # Carga, blanco: "Se pasa al menos un área de largo. Habría que tirar Agilidad para esquivar
    # posibles obstáculos." Ana's Agility is Excellent (20): green from 41.
    payload = attack(duel(), [FACE["white"], agility_face], combat_type="charging", obstacles=True)
    assert payload["effect"] == "overshoot" and payload["damage"] == 0
    assert payload["obstacle_roll"]["column"] == "excellent" and payload["obstacle_roll"]["colour"] == colour
    assert payload["obstacles_avoided"] is avoided and payload["obstacle_rule"] == "Tipos de combate › Carga"
    said = "esquiva los obstáculos" if avoided else "no esquiva los obstáculos"
    assert said in payload["text"]["es"] and said in payload["public_text"]["es"]


def test_a_charge_rolls_for_obstacles_only_when_it_overshoots_and_they_were_declared():
    hit = attack(duel(), [FACE["green"]], combat_type="charging", obstacles=True)
    assert hit["effect"] == "hit" and "obstacle_roll" not in hit
    clear = attack(duel(), [FACE["white"]], combat_type="charging")
    assert clear["effect"] == "overshoot" and "obstacle_roll" not in clear

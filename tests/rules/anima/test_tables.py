"""Every row of the tables the engine serves, applied in a fight with fixed dice."""

import pytest

from rules.anima.catalogue import COMBAT_STATES, ZONES, zone_for_face

from .helpers import act, events, sheet, table_with

ATTACK = {"type": "attack", "target": 2, "with": "Espada larga"}


@pytest.mark.parametrize("zone", ZONES, ids=lambda z: z.slug)
def test_each_aimed_zone_puts_its_penalty_on_the_attack(zone):
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [5, 5], {**ATTACK, "aimed": zone.slug}, 1)
    hit = events(table, "attack")[0]
    assert hit["attack_modifiers"] == [{"slug": "aimed", "value": zone.aim_penalty}]
    assert hit["attack_total"] == 25 + zone.aim_penalty and hit["aimed"] == zone.slug


@pytest.mark.parametrize("face", range(1, 11))
def test_each_face_of_the_damage_zone_die_lands_on_exactly_one_zone(face):
    assert sum(face in z.faces for z in ZONES) == 1
    assert face in zone_for_face(face).faces


def test_the_damage_zone_table_covers_the_d10_and_only_the_head_kills():
    assert sorted(f for z in ZONES for f in z.faces) == list(range(1, 11))
    assert [z.slug for z in ZONES if z.kills] == ["head"]
    assert all(z.near in {other.slug for other in ZONES} and z.near != z.slug for z in ZONES)


@pytest.mark.parametrize("face", range(1, 11))
def test_each_face_of_an_amputation_destroys_its_zone(face):
    attacker = sheet("A", weapons=[{"name": "Mandoble", "size": "large", "damage": 40}])
    table = table_with(attacker, sheet("B", defense=12), started=True)
    act(table, [10, 1, face], {"type": "attack", "target": 2, "with": "Mandoble"}, 1)
    hit = events(table, "attack")[0]
    assert hit["critical"] == "amputation" and hit["zones"] == [zone_for_face(face).slug]
    assert hit["killed"] is zone_for_face(face).kills


@pytest.mark.parametrize("state", COMBAT_STATES, ids=lambda s: s.slug)
def test_each_combat_state_changes_the_attack_and_the_defense_by_its_row(state):
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "condition", "target": 1, "condition": state.slug}, None)
    act(table, [], {"type": "condition", "target": 2, "condition": state.slug}, None)
    act(table, [5, 5], ATTACK, 1)
    hit = events(table, "attack")[0]
    assert (hit["attack_total"], hit["defense_total"]) == (25 + state.attack, 25 + state.defense)


@pytest.mark.parametrize("state", COMBAT_STATES, ids=lambda s: s.slug)
def test_each_combat_state_reaches_a_supernatural_caster_and_shield_only_as_its_row_says(state):
    ray = {"name": "Rayo", "kind": "attack", "capability": "magic", "damage": 10, "fast": False}
    caster = sheet("A", magic_projection=20, powers=[ray])
    table = table_with(caster, sheet("B", magic_projection=20, magic_shield=True), started=True)
    act(table, [], {"type": "choose_defense", "capability": "magic"}, 2)
    act(table, [], {"type": "condition", "target": 1, "condition": state.slug}, None)
    act(table, [], {"type": "condition", "target": 2, "condition": state.slug}, None)
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Rayo", "capability": "magic"}, 1)
    hit = events(table, "attack")[0]
    assert hit["attack_total"] == 25 + (state.attack if state.applies_to_casting else 0)
    assert hit["defense_total"] == 25 + (state.defense if state.applies_to_supernatural_defense else 0)

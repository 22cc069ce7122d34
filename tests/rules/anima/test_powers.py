"""El Combate Sobrenatural: attack, area and passive powers."""

import pytest

from .helpers import act, c, events, refused_and_unchanged, sheet, table_with

RAY = {"name": "Rayo", "kind": "attack", "capability": "magic", "damage": 20}
FIREBALL = {"name": "Bola de fuego", "kind": "area", "capability": "magic", "damage": 40, "difficulty": 20}
MIST = {
    "name": "Niebla",
    "kind": "area",
    "capability": "psychic",
    "damage": 0,
    "difficulty": 20,
    "lasting": True,
}


def _mage(*powers, **changes):
    return sheet("Maga", magic_projection=30, psychic_projection=25, powers=list(powers), **changes)


CAST = {"type": "attack", "target": 2, "with": "Rayo", "capability": "magic"}


def test_an_attack_power_is_an_opposed_roll_and_a_fast_projectile_minus_six_to_the_defense():
    table = table_with(_mage(RAY), sheet("B"), started=True)
    act(table, [5, 5], CAST, 1)
    hit = events(table, "attack")[0]
    assert (hit["kind"], hit["attack_total"], hit["defense_total"]) == ("supernatural-attack", 35, 19)
    assert hit["defense_modifiers"] == [{"slug": "fast-projectile", "value": -6}]
    assert (hit["impact_level"], hit["damage"]) == ("devastating", 30)


def test_a_power_that_is_no_fast_projectile_spares_the_defense():
    table = table_with(_mage({**RAY, "fast": False}), sheet("B"), started=True)
    act(table, [5, 5], CAST, 1)
    assert events(table, "attack")[0]["defense_modifiers"] == []


def test_casting_is_a_free_action_so_a_full_attack_may_follow_in_the_same_turn():
    table = table_with(_mage(RAY), sheet("B"), started=True)
    act(table, [5, 5], CAST, 1)
    assert c(table, 1)["turn_actions"]["complex_used"] is False
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    assert len(events(table, "attack")) == 2


def test_casting_feels_only_reduced_vision_blindness_and_the_aimed_penalty():
    table = table_with(_mage(RAY), sheet("B"), started=True)
    for state in ("prone", "reduced-vision"):
        act(table, [], {"type": "condition", "target": 1, "condition": state}, None)
    act(table, [5, 5], {**CAST, "aimed": "head"}, 1)
    slugs = [m["slug"] for m in events(table, "attack")[0]["attack_modifiers"]]
    assert slugs == ["reduced-vision", "aimed"]


def test_the_movement_penalty_still_weighs_on_casting():
    table = table_with(_mage(RAY), sheet("B"), started=True)
    act(table, [], {"type": "move", "metres": 15}, 1)
    act(table, [5, 5], CAST, 1)
    assert {"slug": "extra-movement", "value": -4} in events(table, "attack")[0]["attack_modifiers"]


def test_a_power_without_its_own_range_reaches_as_far_as_perception_allows():
    table = table_with(_mage(RAY, perception=5), sheet("B"), started=True)
    refusal = refused_and_unchanged(table, [5, 5], {**CAST, "distance": 11}, 1)
    assert (refusal.code, refusal.path) == ("power.out_of_range", "/distance")
    act(table, [5, 5], {**CAST, "distance": 10}, 1)


def test_a_power_with_its_own_range_uses_it():
    table = table_with(_mage({**RAY, "range": 50}, perception=1), sheet("B"), started=True)
    act(table, [5, 5], {**CAST, "distance": 40}, 1)
    assert len(events(table, "attack")) == 1


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"with": "Hielo"}, "power.unknown"),
        ({"capability": "psychic"}, "power.unknown"),
        ({"attacks": 2}, "power.one_at_a_time"),
    ],
)
def test_unknown_powers_and_multiple_casts_are_refused(change, code):
    table = table_with(_mage(RAY), sheet("B"), started=True)
    assert refused_and_unchanged(table, [5, 5], {**CAST, **change}, 1).code == code


AREA = {"type": "area_power", "power": "Bola de fuego", "targets": [2, 3]}


def test_an_area_power_asks_a_reflex_resistance_of_everyone_inside():
    table = table_with(_mage(FIREBALL), sheet("B"), sheet("C", reflex_resistance=15), started=True)
    act(table, [5, 6], AREA, 1)
    failed, passed = events(table, "power_effect")
    assert (failed["resistance_roll"]["total"], failed["passed"]) == (15, False)
    assert (failed["impact_level"], failed["damage_percent"], failed["damage"]) == ("moderate", 50, 20)
    assert (passed["passed"], passed["affected"], c(table, 3)["hit_points"]) == (True, False, 100)
    assert c(table, 2)["hit_points"] == 80


@pytest.mark.parametrize(
    ("face", "slug"), [(10, "minor"), (8, "minor"), (7, "moderate"), (4, "major"), (1, "full")]
)
def test_a_failed_area_resistance_climbs_one_level_per_three_points_short(face, slug):
    table = table_with(_mage(FIREBALL), sheet("B"), started=True)
    act(table, [face], {**AREA, "targets": [2]}, 1)
    assert events(table, "power_effect")[0]["impact_level"] == slug


def test_a_power_on_an_armor_value_adds_the_armor_to_the_reflex_roll():
    table = table_with(_mage({**FIREBALL, "armor_value": True}), sheet("B", armor=3), started=True)
    act(table, [5], {**AREA, "targets": [2]}, 1)
    assert events(table, "power_effect")[0]["resistance_roll"]["total"] == 18


def test_who_passes_a_lasting_area_power_is_immune_next_turn_unless_it_stays():
    table = table_with(
        _mage(MIST), sheet("B", reflex_resistance=15), sheet("C", reflex_resistance=15), started=True
    )
    act(table, [6, 6], {"type": "area_power", "power": "Niebla", "targets": [2, 3]}, 1)
    assert c(table, 2)["area_immunity"] == {"1:Niebla": 2}
    act(table, [], {"type": "end_turn"}, 1)
    act(table, [], {"type": "end_turn"}, 2)
    act(table, [9, 9, 9], {"type": "end_turn"}, 3)  # round 2: a three-way tie, the caster first
    assert (table.round, table.state["current"]) == (2, 1)
    table.entries.clear()
    act(table, [1], {"type": "area_power", "power": "Niebla", "targets": [2, 3], "stayed": [3]}, 1)
    immune, stayed = events(table, "power_effect")
    assert (immune["immune"], immune["affected"]) == (True, False)
    assert (stayed["immune"], stayed["passed"], stayed["affected"]) == (False, False, True)


def test_an_area_power_needs_distinct_targets_in_the_fight_and_a_difficulty():
    table = table_with(
        _mage(FIREBALL, {**FIREBALL, "name": "Sin dificultad", "difficulty": 0}), sheet("B"), started=True
    )
    assert refused_and_unchanged(table, [5], {**AREA, "targets": [2, 2]}, 1).code == "power.bad_targets"
    assert refused_and_unchanged(table, [5], {**AREA, "targets": []}, 1).code == "power.bad_targets"
    assert refused_and_unchanged(table, [5], {**AREA, "targets": [7]}, 1).path == "/targets/0"
    assert (
        refused_and_unchanged(table, [5], {**AREA, "targets": [2], "power": "Sin dificultad"}, 1).code
        == "power.no_difficulty"
    )
    assert (
        refused_and_unchanged(table, [5], {**AREA, "targets": [2], "power": "Rayo"}, 1).code
        == "power.unknown"
    )


def test_a_passive_power_applies_automatically_at_its_full_damage():
    drain = {"name": "Drenar", "kind": "passive", "capability": "psychic", "damage": 15}
    table = table_with(_mage(drain), sheet("B"), started=True)
    left = act(table, [], {"type": "passive_power", "power": "Drenar", "targets": [2]}, 1)
    effect = events(table, "power_effect")[0]
    assert (effect["affected"], effect["damage"], c(table, 2)["hit_points"], left) == (True, 15, 85, 0)


def test_a_passive_power_with_a_resistance_is_avoided_by_beating_its_difficulty():
    fear = {"name": "Miedo", "kind": "passive", "capability": "psychic", "damage": 0, "difficulty": 12}
    table = table_with(_mage(fear), sheet("B"), sheet("C"), started=True)
    act(table, [3, 1], {"type": "passive_power", "power": "Miedo", "targets": [2, 3]}, 1)
    assert [e["affected"] for e in events(table, "power_effect")] == [False, True]

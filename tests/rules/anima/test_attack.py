"""One attack against one defense: (Capacidad Ofensiva + 1D10) − (Capacidad Defensiva + 1D10)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import act, c, events, refused_and_unchanged, sheet, table_with

ATTACK = {"type": "attack", "target": 2, "with": "Espada larga"}


def test_the_attack_is_offensive_capability_plus_1d10_minus_defensive_capability_plus_1d10():
    table = table_with(sheet("A", attack=25), sheet("B", defense=20), started=True)
    act(table, [7, 2], ATTACK, 1)
    hit = events(table, "attack")[0]
    assert (hit["attack_total"], hit["defense_total"], hit["difference"]) == (32, 22, 10)
    assert (hit["impact_level"], hit["damage_percent"], hit["damage"], hit["hit"]) == ("major", 75, 30, True)
    assert hit["target_hit_points"] == 70 == c(table, 2)["hit_points"]
    assert hit["attack_roll"] == {"sides": 10, "faces": [7], "nonces": [0], "bonus": 25, "total": 32}
    assert hit["defense_roll"] == {"sides": 10, "faces": [2], "nonces": [1], "bonus": 20, "total": 22}
    assert hit["counterattack"] is False and hit["critical"] is None and hit["rule"]


def test_the_attack_event_carries_every_key_of_the_rest_contract():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [5, 5], ATTACK, 1)
    keys = {"attack_roll", "defense_roll", "attack_total", "defense_total", "difference", "impact_level",
            "damage_percent", "damage", "counterattack", "critical", "target_hit_points", "hit", "target_status"}  # fmt: skip
    assert keys <= set(events(table, "attack")[0])


def test_armor_takes_ten_points_off_the_damage_percentage():
    table = table_with(sheet("A"), sheet("B", armor=2), started=True)
    act(table, [10, 1], ATTACK, 1)  # 30 - 21 = 9: Impacto mayor, 75 % - 20 = 55 % of 40
    assert events(table, "attack")[0]["damage"] == 22


@pytest.mark.parametrize(("faces", "bonus"), [([1, 10], 4), ([2, 7], 2), ([1, 6], 2), ([3, 6], 1)])
def test_a_counterattack_level_offers_a_counterattack_with_half_the_difference_rounded_down(faces, bonus):
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, faces, ATTACK, 1)
    hit = events(table, "attack")[0]
    assert (hit["impact_level"], hit["counterattack"], hit["damage"]) == ("counterattack", True, 0)
    assert hit["counterattack_bonus"] == bonus
    assert c(table, 2)["counterattack_offer"] == {"against": 1, "bonus": bonus, "round": 1}


def test_a_defender_that_already_counterattacked_this_turn_is_offered_no_second_one():
    table = table_with(sheet("A"), sheet("B"), started=True)
    c(table, 2)["counterattacked_round"] = 1
    act(table, [1, 10], ATTACK, 1)
    assert (
        events(table, "attack")[0]["counterattack_offered"] is False
        and c(table, 2)["counterattack_offer"] is None
    )


def test_from_the_third_defense_of_a_turn_on_each_defense_is_two_worse_cumulatively():
    table = table_with(sheet("A", attack=40), sheet("B"), started=True)
    act(table, [1, 5] * 4, {**ATTACK, "attacks": 4}, 1)
    penalties = [
        [m["value"] for m in e["defense_modifiers"] if m["slug"] == "third-defense"]
        for e in events(table, "attack")
    ]
    assert penalties == [[], [], [-2], [-4]]
    assert c(table, 2)["defenses_this_round"] == 4


def test_a_shielded_defender_may_defend_with_its_magic_capability():
    table = table_with(sheet("A"), sheet("B", magic_projection=40, magic_shield=True), started=True)
    act(table, [], {"type": "choose_defense", "capability": "magic"}, 2)
    act(table, [5, 5], ATTACK, 1)
    hit = events(table, "attack")[0]
    assert (hit["defense_with"], hit["defense_total"], hit["impact_level"]) == ("magic", 45, "counterattack")


def test_defending_with_magic_without_a_shield_is_refused():
    table = table_with(sheet("A"), sheet("B", magic_projection=40), started=True)
    refusal = refused_and_unchanged(table, [], {"type": "choose_defense", "capability": "magic"}, 2)
    assert (refusal.code, refusal.path) == ("defense.no_shield", "/capability")


def test_combat_states_change_the_attack_and_the_defense():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "condition", "target": 1, "condition": "blinded"}, None)
    act(table, [], {"type": "condition", "target": 2, "condition": "prone"}, None)
    act(table, [5, 5], ATTACK, 1)
    hit = events(table, "attack")[0]
    assert hit["attack_total"] == 20 - 10 + 5 and hit["defense_total"] == 20 - 3 + 5
    act(table, [], {"type": "condition", "target": 1, "condition": "blinded", "on": False}, None)
    assert c(table, 1)["conditions"] == []


def test_behind_a_supernatural_shield_only_surprise_reduced_vision_and_blindness_count():
    target = sheet("B", magic_projection=20, magic_shield=True)
    table = table_with(sheet("A"), target, started=True)
    act(table, [], {"type": "choose_defense", "capability": "magic"}, 2)
    for state in ("prone", "surprised"):
        act(table, [], {"type": "condition", "target": 2, "condition": state}, None)
    act(table, [5, 5], ATTACK, 1)
    assert [m["slug"] for m in events(table, "attack")[0]["defense_modifiers"]] == ["surprised"]


def test_a_hit_that_takes_the_last_hit_points_leaves_the_target_between_life_and_death():
    table = table_with(sheet("A"), sheet("B"), started=True)
    c(table, 2)["hit_points"] = 10
    act(table, [10, 1], ATTACK, 1)
    assert (c(table, 2)["hit_points"], c(table, 2)["status"]) == (-20, "dying")


def test_nobody_attacks_themselves_an_absent_target_or_a_dead_one():
    table = table_with(sheet("A"), sheet("B"), started=True)
    assert refused_and_unchanged(table, [5, 5], {**ATTACK, "target": 1}, 1).code == "attack.self"
    assert refused_and_unchanged(table, [5, 5], {**ATTACK, "target": 9}, 1).code == "combatant.not_in_fight"
    c(table, 2)["status"] = "dead"
    assert refused_and_unchanged(table, [5, 5], ATTACK, 1).kind == "conflict"


@pytest.mark.parametrize(
    ("change", "code", "path"),
    [
        ({"with": "Hacha"}, "attack.unknown_weapon", "/with"),
        ({"aimed": "tail"}, "attack.unknown_zone", "/aimed"),
        ({"capability": "ki"}, "attack.unknown_capability", "/capability"),
        ({"attacks": 0}, "attack.too_many_attacks", "/attacks"),
        ({"attacks": -2}, "attack.too_many_attacks", "/attacks"),
    ],
)
def test_bad_attack_input_is_refused_and_changes_nothing(change, code, path):
    table = table_with(sheet("A"), sheet("B"), started=True)
    refusal = refused_and_unchanged(table, [5, 5], {**ATTACK, **change}, 1)
    assert (refusal.code, refusal.path, refusal.kind) == (code, path, "invalid")
    assert refusal.text_es and refusal.text_en


@settings(max_examples=60, deadline=None)
@given(
    attack=st.integers(0, 60), defense=st.integers(0, 60), armor=st.integers(0, 10),
    faces=st.tuples(st.integers(1, 10), st.integers(1, 10)), zones=st.lists(st.integers(1, 10), min_size=2, max_size=2),
)  # fmt: skip
def test_an_attack_always_reads_its_difference_on_one_level_and_never_heals(
    attack, defense, armor, faces, zones
):
    from rules.anima.results import DEFAULT_LEVELS, level_for

    table = table_with(sheet("A", attack=attack), sheet("B", defense=defense, armor=armor), started=True)
    act(table, [*faces, *zones], ATTACK, 1)
    hit = events(table, "attack")[0]
    assert (
        hit["difference"]
        == hit["attack_total"] - hit["defense_total"]
        == attack + faces[0] - defense - faces[1]
    )
    assert level_for(DEFAULT_LEVELS, hit["difference"]).slug == hit["impact_level"]
    assert (
        hit["damage"] >= 0 and c(table, 2)["hit_points"] == 100 - hit["damage"] - hit["max_hit_points_lost"]
    )
    assert hit["counterattack"] == (hit["difference"] <= -3)

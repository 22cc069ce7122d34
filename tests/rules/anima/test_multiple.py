"""Multiple attacks, drawing, reload and an additional weapon (Atacar)."""

import pytest

from .helpers import act, c, events, refused_and_unchanged, sheet, table_with


def _weapons(*weapons):
    return [{"name": n, "size": s, "damage": 10, "ranged": r, "reload": rl} for n, s, r, rl in weapons]


@pytest.mark.parametrize(
    ("size", "count", "each"), [("small", 2, -2), ("medium", 3, -6), ("large", 4, -12), ("large", 1, None)]
)
def test_each_added_attack_puts_the_weapons_size_penalty_on_every_attack(size, count, each):
    attacker = sheet("A", attack=40, weapons=_weapons(("Arma", size, False, 0)))
    table = table_with(attacker, sheet("B", hit_points=1000), started=True)
    act(table, [5, 5] * count, {"type": "attack", "target": 2, "with": "Arma", "attacks": count}, 1)
    strikes = events(table, "attack")
    assert len(strikes) == count
    for strike in strikes:
        found = [m["value"] for m in strike["attack_modifiers"] if m["slug"] == "multiple-attacks"]
        assert found == ([each] if each else [])
        assert strike["attacks"] == count


def test_more_attacks_than_the_final_capability_allows_are_refused_and_change_nothing():
    table = table_with(sheet("A", attack=29), sheet("B"), started=True)
    refusal = refused_and_unchanged(
        table, [5] * 8, {"type": "attack", "target": 2, "with": "Espada larga", "attacks": 4}, 1
    )
    assert (refusal.code, refusal.path, refusal.kind) == ("attack.too_many_attacks", "/attacks", "invalid")
    assert c(table, 1)["turn_actions"]["complex_used"] is False


def test_the_final_capability_counts_the_movement_penalty_when_counting_attacks():
    table = table_with(sheet("A", attack=20), sheet("B"), started=True)
    act(table, [], {"type": "move", "metres": 10}, 1)  # -2: final 18, two attacks
    refusal = refused_and_unchanged(
        table, [5] * 6, {"type": "attack", "target": 2, "with": "Espada larga", "attacks": 3}, 1
    )
    assert refusal.code == "attack.too_many_attacks"


def test_drawing_the_weapon_this_turn_puts_minus_four_on_the_first_attack_only():
    attacker = sheet(
        "A", attack=30, weapons=_weapons(("Espada", "medium", False, 0), ("Daga", "small", False, 0))
    )
    table = table_with(attacker, sheet("B"), started=True)
    act(table, [], {"type": "equip", "weapons": ["Daga"]}, 1)
    act(table, [5, 5, 5, 5], {"type": "attack", "target": 2, "with": "Daga", "attacks": 2}, 1)
    draws = [
        [m["value"] for m in e["attack_modifiers"] if m["slug"] == "draw"] for e in events(table, "attack")
    ]
    assert draws == [[-4], []]


def test_a_weapon_not_in_hand_must_be_readied_first():
    attacker = sheet("A", weapons=_weapons(("Espada", "medium", False, 0), ("Daga", "small", False, 0)))
    table = table_with(attacker, sheet("B"), started=True)
    refusal = refused_and_unchanged(table, [5, 5], {"type": "attack", "target": 2, "with": "Daga"}, 1)
    assert refusal.code == "attack.not_in_hand"


def test_a_ranged_weapons_reduced_reload_is_added_to_every_attack_when_there_is_more_than_one():
    archer = sheet("A", attack=30, dexterity_modifier=2, weapons=_weapons(("Arco", "medium", True, 6)))
    table = table_with(archer, sheet("B", hit_points=500), started=True)
    act(table, [5] * 4, {"type": "attack", "target": 2, "with": "Arco", "attacks": 2}, 1)
    for strike in events(table, "attack"):
        assert {"slug": "reload", "value": -4} in strike["attack_modifiers"]


def test_a_single_ranged_attack_pays_no_reload():
    archer = sheet("A", attack=30, weapons=_weapons(("Arco", "medium", True, 6)))
    table = table_with(archer, sheet("B"), started=True)
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Arco"}, 1)
    assert events(table, "attack")[0]["attack_modifiers"] == []


def test_a_reload_above_five_after_the_reduction_allows_only_one_attack_a_turn():
    crossbow = sheet("A", attack=20, dexterity_modifier=1, weapons=_weapons(("Ballesta", "large", True, 7)))
    table = table_with(crossbow, sheet("B"), started=True)
    refusal = refused_and_unchanged(
        table, [5] * 4, {"type": "attack", "target": 2, "with": "Ballesta", "attacks": 2}, 1
    )
    assert (refusal.code, refusal.path) == ("attack.reload_too_slow", "/attacks")


def test_an_additional_weapon_adds_one_attack_at_minus_four():
    attacker = sheet("A", weapons=_weapons(("Espada", "medium", False, 0), ("Daga", "small", False, 0)),
                     wielding=["Espada", "Daga"])  # fmt: skip
    table = table_with(attacker, sheet("B"), started=True, dice=[10, 1])
    act(table, [5] * 4, {"type": "attack", "target": 2, "with": "Espada", "extra_weapon": "Daga"}, 1)
    first, second = events(table, "attack")
    assert (first["with"], first["attack_modifiers"]) == ("Espada", [])
    assert (second["with"], second["attack_modifiers"]) == ("Daga", [{"slug": "extra-weapon", "value": -4}])
    assert (second["attack_index"], second["attacks"]) == (2, 2)


def test_the_additional_weapon_is_another_weapon_in_hand():
    attacker = sheet("A", weapons=_weapons(("Espada", "medium", False, 0), ("Daga", "small", False, 0)))
    table = table_with(attacker, sheet("B"), started=True)
    action = {"type": "attack", "target": 2, "with": "Espada"}
    assert (
        refused_and_unchanged(table, [5] * 4, {**action, "extra_weapon": "Espada"}, 1).code
        == "attack.same_weapon"
    )
    assert (
        refused_and_unchanged(table, [5] * 4, {**action, "extra_weapon": "Daga"}, 1).code
        == "attack.not_in_hand"
    )


def test_a_counterattack_ends_the_attackers_remaining_multiple_attacks():
    table = table_with(sheet("A", attack=30), sheet("B"), started=True)
    left = act(
        table,
        [5, 5, 1, 10, 9, 9, 9, 9],
        {"type": "attack", "target": 2, "with": "Espada larga", "attacks": 4},
        1,
    )
    assert [e["impact_level"] for e in events(table, "attack")] == ["no-impact", "counterattack"]
    assert events(table, "attacks_lost")[0]["lost"] == 2 and left == 4


def test_a_full_attack_spends_the_complex_action_so_a_second_one_waits_for_the_next_turn():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    refusal = refused_and_unchanged(table, [5, 5], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    assert (refusal.code, refusal.kind) == ("turn.no_complex_action", "conflict")

"""Las Acciones: the movement action, the complex action as a second one, readying weapons."""

from fractions import Fraction

import pytest

from rules.anima.turn_actions import quarters_penalty

from .helpers import act, c, events, refused_and_unchanged, sheet, table_with


@pytest.mark.parametrize(("metres", "penalty"), [(2.5, 0), (5, 0), (5.5, -2), (10, -2), (15, -4), (20, -6)])
def test_a_quarter_of_the_speed_is_free_and_each_further_quarter_costs_two(metres, penalty):
    # The seed's own example: "Velocidad de Movimiento 20 metros … 5 metros sin penalizador, 10 metros
    # con un penalizador de -2, 15 metros con … -4 o 20 metros con … -6".
    assert quarters_penalty(Fraction(metres), 20) == penalty


def test_a_movement_action_may_be_split_and_counts_its_metres_together():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "move", "metres": 2}, 1)
    act(table, [], {"type": "move", "metres": 3}, 1)
    assert c(table, 1)["movement_penalty"] == 0
    act(table, [], {"type": "move", "metres": 1}, 1)
    assert c(table, 1)["movement_penalty"] == -2


def test_the_complex_action_as_a_second_movement_adds_its_penalty_and_spends_the_complex_action():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "move", "metres": 20}, 1)
    act(table, [], {"type": "move", "metres": 10, "use": "complex"}, 1)
    assert c(table, 1)["movement_penalty"] == -8
    refusal = refused_and_unchanged(table, [5, 5], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    assert refusal.code == "turn.no_complex_action"


def test_after_a_full_attack_the_complex_action_cannot_be_a_movement():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    assert (
        refused_and_unchanged(table, [], {"type": "move", "metres": 5, "use": "complex"}, 1).kind
        == "conflict"
    )


@pytest.mark.parametrize("metres", [0, -3, 21])
def test_moving_no_distance_a_negative_one_or_past_the_speed_is_refused(metres):
    table = table_with(sheet("A"), sheet("B"), started=True)
    refusal = refused_and_unchanged(table, [], {"type": "move", "metres": metres}, 1)
    assert (refusal.code, refusal.path) == ("move.too_far", "/metres")


def test_the_movement_penalty_weighs_on_every_action_until_the_movers_next_turn():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "move", "metres": 10}, 1)
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    assert {"slug": "extra-movement", "value": -2} in events(table, "attack")[0]["attack_modifiers"]
    act(table, [], {"type": "end_turn"}, 1)
    act(table, [5, 5], {"type": "attack", "target": 1, "with": "Espada larga"}, 2)
    assert {"slug": "extra-movement", "value": -2} in events(table, "attack")[1]["defense_modifiers"]
    act(table, [9, 1], {"type": "end_turn"}, 2)
    assert table.state["current"] == 1 and c(table, 1)["movement_penalty"] == 0


def test_readying_weapons_keeps_at_most_two_of_the_sheet_in_hand():
    two = sheet(
        "A",
        weapons=[
            {"name": "Espada", "size": "medium", "damage": 40},
            {"name": "Daga", "size": "small", "damage": 20},
        ],
    )
    table = table_with(two, sheet("B"), started=True)
    act(table, [], {"type": "equip", "weapons": ["Espada", "Daga"]}, 1)
    assert c(table, 1)["wielding"] == ["Espada", "Daga"] and c(table, 1)["drawn_round"] == 1
    for bad in (["Hacha"], ["Espada", "Espada"], ["Espada", "Daga", "Espada"]):
        assert refused_and_unchanged(table, [], {"type": "equip", "weapons": bad}, 1).path == "/weapons"


def test_the_gm_may_correct_hit_points_and_absurd_ones_are_refused():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "adjust", "target": 2, "hit_points": 0}, None)
    assert c(table, 2)["status"] == "dying"
    act(table, [], {"type": "adjust", "target": 2, "hit_points": 50}, None)
    assert (c(table, 2)["hit_points"], c(table, 2)["status"]) == (50, "active")
    assert (
        refused_and_unchanged(table, [], {"type": "adjust", "target": 2, "hit_points": 101}, None).path
        == "/hit_points"
    )


def test_an_unknown_combat_state_is_refused():
    table = table_with(sheet("A"), sheet("B"), started=True)
    refusal = refused_and_unchanged(
        table, [], {"type": "condition", "target": 2, "condition": "hechizado"}, None
    )
    assert (refusal.code, refusal.path) == ("condition.unknown", "/condition")


def test_an_unknown_status_from_the_gm_is_refused_and_changes_nothing():
    table = table_with(sheet("A"), sheet("B"), started=True)
    refusal = refused_and_unchanged(
        table, [], {"type": "adjust", "target": 2, "hit_points": 5, "status": "asleep"}, None
    )
    assert (refusal.code, refusal.path) == ("adjust.bad_status", "/status")


def test_the_turn_says_what_the_current_combatant_has_left():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "move", "metres": 5}, 1)
    assert table.state["turn"]["left"] == {"movement_m": 15.0, "complex": 1, "complex_as_movement_m": 20.0}
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    assert table.state["turn"]["left"] == {"movement_m": 15.0, "complex": 0, "complex_as_movement_m": 0.0}
    act(table, [], {"type": "end_turn"}, 1)
    assert table.state["turn"]["left"]["movement_m"] == 20.0

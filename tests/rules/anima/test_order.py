"""Initiative, rounds and whose turn it is (rules notes "Iniciativa")."""

import pytest

from rules.anima.system import SYSTEM
from rules.core.errors import Refused

from .helpers import NotNow, act, c, events, refused_and_unchanged, sheet, table_with


def test_start_rolls_initiative_plus_1d10_and_the_highest_acts_first():
    table = table_with(sheet("A", initiative=10), sheet("B", initiative=15))
    act(table, [9, 1], {"type": "start"}, None)
    assert (c(table, 1)["initiative"], c(table, 2)["initiative"]) == (19, 16)
    assert table.state["turn_order"] == [1, 2] and table.state["current"] == 1
    assert SYSTEM.combat.clock(table.state) == {"round": 1, "current": 1}
    roll = events(table, "initiative")[0]["initiative_roll"]
    assert (roll["sides"], roll["faces"], roll["nonces"], roll["total"]) == (10, [9], [0], 19)


def test_an_initiative_tie_goes_to_the_higher_base_then_the_lower_id():
    table = table_with(sheet("A", initiative=10), sheet("B", initiative=12), sheet("C", initiative=12))
    act(table, [5, 3, 3], {"type": "start"}, None)
    assert table.state["turn_order"] == [2, 3, 1]


def test_the_weapons_in_hand_change_the_initiative_roll():
    two = sheet("A", weapons=[
        {"name": "Espada", "size": "medium", "damage": 40, "initiative": 0},
        {"name": "Daga", "size": "small", "damage": 20, "initiative": 10},
    ], wielding=["Espada", "Daga"])  # fmt: skip
    table = table_with(two, sheet("B"))
    act(table, [1, 1], {"type": "start"}, None)
    assert c(table, 1)["initiative"] == 10 + 0 - 4 + 1


def test_ending_the_last_turn_starts_a_new_round_with_new_initiative_and_fresh_defense_counts():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    assert c(table, 2)["defenses_this_round"] == 1
    act(table, [], {"type": "end_turn"}, 1)
    assert table.state["current"] == 2
    act(table, [1, 10], {"type": "end_turn"}, 2)
    assert table.round == 2 and table.state["turn_order"] == [2, 1] and table.state["current"] == 2
    assert c(table, 2)["defenses_this_round"] == 0


def test_acting_out_of_turn_is_a_conflict_before_and_inside_the_engine():
    table = table_with(sheet("A"), sheet("B"), started=True)
    with pytest.raises(NotNow):
        act(table, [5, 5], {"type": "attack", "target": 1, "with": "Espada larga"}, 2)
    refusal = None
    try:
        SYSTEM.combat.actions["end_turn"].resolve(table, None, {"type": "end_turn"}, 2)
    except Refused as exc:
        refusal = exc
    assert refusal is not None and refusal.kind == "conflict" and refusal.code == "turn.not_yours"


@pytest.mark.parametrize(
    ("action", "actor", "allowed"),
    [
        ({"type": "attack"}, 1, True),
        ({"type": "attack"}, 2, False),
        ({"type": "end_turn"}, 2, False),
        ({"type": "choose_defense"}, 2, True),
        ({"type": "opportunity_attack"}, 2, True),
        ({"type": "counterattack"}, 2, False),
        ({"type": "start"}, None, True),
        ({"type": "attack"}, 99, False),
    ],
)
def test_who_may_act_now(action, actor, allowed):
    table = table_with(sheet("A"), sheet("B"), started=True)
    assert SYSTEM.combat.may_act(table.state, actor, action) is allowed


def test_nobody_acts_before_the_start_or_after_the_end():
    table = table_with(sheet("A"), sheet("B"))
    assert not SYSTEM.combat.may_act(table.state, 1, {"type": "attack"})
    act(table, [5, 5], {"type": "start"}, None)
    act(table, [], {"type": "end"}, None)
    assert table.status == "ended" and not SYSTEM.combat.may_act(table.state, 1, {"type": "end_turn"})


def test_starting_twice_or_with_nobody_is_refused():
    empty = table_with()
    assert refused_and_unchanged(empty, [], {"type": "start"}, None).code == "encounter.nobody"
    table = table_with(sheet("A"), started=True)
    with pytest.raises(Refused) as info:
        SYSTEM.combat.actions["start"].resolve(table, None, {}, None)
    assert info.value.kind == "conflict"


def test_a_newcomer_rolls_initiative_and_acts_this_round_after_the_current_combatant():
    table = table_with(sheet("A"), sheet("B"), started=True)
    table.state["combatants"]["3"] = SYSTEM.combat.build_combatant(
        cid=3, name="C", side="foes", sheet=sheet("C"), options={}
    )
    from rules.core.dice import FixedDice

    SYSTEM.combat.join(table, FixedDice([10]), 3)
    assert table.state["turn_order"] == [1, 3, 2] and c(table, 3)["initiative"] == 20


def test_a_newcomer_before_the_start_waits_for_the_start():
    table = table_with(sheet("A"))
    table.state["combatants"]["2"] = SYSTEM.combat.build_combatant(
        cid=2, name="B", side="foes", sheet=sheet("B"), options={}
    )
    SYSTEM.combat.join(table, None, 2)
    assert c(table, 2)["initiative"] is None and table.entries == []


def test_removing_the_current_combatant_passes_the_turn_on():
    table = table_with(sheet("A"), sheet("B"), sheet("C"), started=True)
    SYSTEM.combat.remove(table, None, 1)
    assert (
        c(table, 1)["removed"] is True and table.state["turn_order"] == [2, 3] and table.state["current"] == 2
    )


def test_removing_the_last_in_the_order_while_it_acts_starts_a_new_round():
    from rules.core.dice import FixedDice

    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "end_turn"}, 1)
    SYSTEM.combat.remove(table, FixedDice([3]), 2)
    assert table.round == 2 and table.state["turn_order"] == [1] and table.state["current"] == 1


def test_a_fallen_combatant_is_skipped_and_left_out_of_the_next_round():
    table = table_with(sheet("A"), sheet("B"), sheet("C"), started=True)
    c(table, 2)["status"] = "dying"
    act(table, [], {"type": "end_turn"}, 1)
    assert table.state["current"] == 3
    # The dying one's Resistencia Física comes first: 10 + 1 is not above 12, so it stays down.
    act(table, [1, 4, 4], {"type": "end_turn"}, 3)
    assert table.state["turn_order"] == [1, 3] and c(table, 2)["status"] == "dying"


def test_a_combatant_starts_with_its_sheets_hit_points_or_the_ones_given():
    built = SYSTEM.combat.build_combatant(
        cid=1, name="A", side="x", sheet=sheet(), options={"hit_points": 30}
    )
    assert (built["hit_points"], built["hit_points_max"], built["status"]) == (30, 100, "active")


@pytest.mark.parametrize("hit_points", [0, -3, 101, "30", True])
def test_absurd_starting_hit_points_are_refused(hit_points):
    from rules.systems import SheetRefused

    with pytest.raises(SheetRefused) as info:
        SYSTEM.combat.build_combatant(
            cid=1, name="A", side="x", sheet=sheet(), options={"hit_points": hit_points}
        )
    assert info.value.problems[0].path == "/hit_points"


def test_an_invalid_sheet_cannot_join_a_fight():
    from rules.systems import SheetRefused

    with pytest.raises(SheetRefused) as info:
        SYSTEM.combat.build_combatant(cid=1, name="A", side="x", sheet=sheet(attack=-4), options={})
    assert info.value.problems[0].path == "/attack"

"""The Estado de Vida y Muerte (named by the seed, read from the published game: rules notes)."""

import pytest

from rules.anima import sheet as sheet_module
from rules.core.encounter import GM, Viewer

from .helpers import SYSTEM, act, c, events, facts, refused_and_unchanged, sheet, table_with

ATTACK = {"type": "attack", "target": 2, "with": "Espada larga"}
PLAYER = Viewer(gm=False, controls=frozenset({1}))


def _hurt_to(table, hit_points: int) -> None:
    c(table, 2)["hit_points"] = hit_points


def _new_round(table, faces) -> None:
    """Ends every turn left this round; `faces` feed the checks and the new initiative rolls."""
    start = table.round
    while table.round == start:
        act(table, faces, {"type": "end_turn"}, table.state["current"])


def test_a_hit_that_leaves_zero_or_fewer_points_puts_the_target_between_life_and_death():
    table = table_with(sheet("A"), sheet("B"), started=True)
    _hurt_to(table, 10)
    act(table, [10, 1], ATTACK, 1)  # 30 − 21 = 9: Impacto mayor, 75 % of 40 = 30, no critical
    assert (c(table, 2)["hit_points"], c(table, 2)["status"]) == (-20, "dying")
    assert "B cae entre la vida y la muerte" in events(table, "attack")[0]["text"]["es"]


def test_a_hit_that_reaches_five_times_the_constitution_below_zero_kills():
    table = table_with(sheet("A"), sheet("B", constitution=4), started=True)
    _hurt_to(table, 10)
    act(table, [10, 1], ATTACK, 1)  # to −20, which is −5 × 4
    assert (c(table, 2)["hit_points"], c(table, 2)["status"]) == (-20, "dead")
    assert "B muere" in events(table, "attack")[0]["text"]["es"]


@pytest.mark.parametrize(
    ("resistance", "face", "outcome", "hit_points", "status"),
    [
        (5, 8, "stabilised", 0, "active"),  # 13 is above 12
        (5, 7, "worse", -4, "dying"),  # 12 does not pass: one point lost
        (0, 6, "worse", -4, "dying"),  # failing by 6 is not "more than 6"
        (0, 5, "dead", -4, "dead"),  # failing by 7 kills
    ],
)
def test_each_round_begins_with_the_resistencia_fisica_check_of_whoever_lies_dying(
    resistance, face, outcome, hit_points, status
):
    table = table_with(sheet("A"), sheet("B", physical_resistance=resistance), started=True)
    _hurt_to(table, -3)
    c(table, 2)["status"] = "dying"
    _new_round(table, [face, 5, 5][: 3 if status == "active" else 2])
    check = events(table, "life_and_death")[0]
    assert (check["outcome"], check["difficulty"], check["total"]) == (outcome, 12, resistance + face)
    assert (c(table, 2)["hit_points"], c(table, 2)["status"]) == (hit_points, status)
    # The check comes before initiative: whoever is stabilised acts this very round.
    assert (2 in table.state["turn_order"]) is (status == "active")


def test_the_point_lost_at_the_limit_kills():
    table = table_with(sheet("A"), sheet("B", physical_resistance=5), started=True)
    _hurt_to(table, -24)
    c(table, 2)["status"] = "dying"
    _new_round(table, [2, 5])
    assert (c(table, 2)["hit_points"], c(table, 2)["status"]) == (-25, "dead")
    assert events(table, "life_and_death")[0]["outcome"] == "dead"


def test_once_stabilised_every_action_bears_minus_six():
    table = table_with(sheet("A"), sheet("B", physical_resistance=5), started=True)
    _hurt_to(table, -3)
    c(table, 2)["status"] = "dying"
    _new_round(table, [8, 1, 10])  # stabilised; initiative A 11, B 20: B acts first
    assert table.state["current"] == 2
    act(table, [5, 5], {"type": "attack", "target": 1, "with": "Espada larga"}, 2)
    strike = events(table, "attack")[0]
    assert {"slug": "life-and-death", "value": -6} in strike["attack_modifiers"]
    assert strike["attack_total"] == 20 - 6 + 5
    act(table, [], {"type": "end_turn"}, 2)
    act(table, [5, 5], ATTACK, 1)
    assert {"slug": "life-and-death", "value": -6} in events(table, "attack")[1]["defense_modifiers"]


def test_the_sheet_brings_the_numbers_the_state_needs():
    checked = sheet_module.check(sheet())
    assert (
        checked.sheet["physical_resistance"],
        checked.sheet["constitution"],
        checked.sheet["medicine"],
    ) == (
        10,  # the Resistencia de Reflejos when none is given
        5,
        0,
    )
    wrong = sheet_module.check(sheet(constitution=0, physical_resistance=-1, medicine="x"))
    assert {p.path for p in wrong.errors} == {"/constitution", "/physical_resistance", "/medicine"}


def test_an_allys_first_aid_stabilises_with_medicina_above_twelve_and_spends_its_complex_action():
    table = table_with(
        sheet("A"), sheet("B"), sheet("C", medicine=8), sides=["heroes", "foes", "foes"], started=True
    )
    _hurt_to(table, -3)
    c(table, 2)["status"] = "dying"
    while table.state["current"] != 3:
        act(table, [], {"type": "end_turn"}, table.state["current"])
    act(table, [5], {"type": "first_aid", "target": 2}, 3)  # 8 + 5 = 13
    assert (c(table, 2)["hit_points"], c(table, 2)["status"], c(table, 2)["life_death_penalty"]) == (
        0,
        "active",
        -6,
    )
    assert events(table, "first_aid")[0]["stabilised"] is True
    c(table, 2)["status"] = "dying"
    refusal = refused_and_unchanged(table, [9], {"type": "first_aid", "target": 2}, 3)
    assert (refusal.code, refusal.kind) == ("turn.no_complex_action", "conflict")


def test_first_aid_that_fails_changes_only_the_healers_turn():
    table = table_with(
        sheet("A", medicine=3), sheet("B"), sheet("C"), sides=["heroes", "heroes", "foes"], started=True
    )
    _hurt_to(table, -3)
    c(table, 2)["status"] = "dying"
    act(table, [9], {"type": "first_aid", "target": 2}, 1)  # 3 + 9 = 12 is not above 12
    assert (c(table, 2)["hit_points"], c(table, 2)["status"]) == (-3, "dying")
    assert c(table, 1)["turn_actions"]["complex_used"] is True


def test_first_aid_is_for_a_dying_ally_only():
    table = table_with(sheet("A"), sheet("B"), sheet("C"), sides=["heroes", "foes", "heroes"], started=True)
    refusal = refused_and_unchanged(table, [9], {"type": "first_aid", "target": 3}, 1)
    assert (refusal.code, refusal.kind) == ("life_and_death.not_dying", "conflict")
    c(table, 2)["status"] = "dying"
    refusal = refused_and_unchanged(table, [9], {"type": "first_aid", "target": 2}, 1)
    assert (refusal.code, refusal.path) == ("life_and_death.not_an_ally", "/target")


def test_nobody_tends_themselves_dying_or_standing_in_or_out_of_turn():
    table = table_with(sheet("A", medicine=9), sheet("B"), sheet("C"), sides=["heroes", "heroes", "foes"],
                       started=True)  # fmt: skip
    _hurt_to(table, -3)
    c(table, 2)["status"] = "dying"
    # The dying one, out of turn: the refusal names the rule, not the turn.
    refusal = refused_and_unchanged(table, [9], {"type": "first_aid", "target": 2}, 2)
    assert (refusal.code, refusal.path, refusal.kind) == ("life_and_death.self", "/target", "invalid")
    assert "aliado" in refusal.text_es
    # Nor a standing healer in its own turn: first aid is an ally's.
    refusal = refused_and_unchanged(table, [9], {"type": "first_aid", "target": 1}, 1)
    assert refusal.code == "life_and_death.self"


def test_the_gm_may_stabilise_whoever_lies_dying_and_nobody_else():
    table = table_with(sheet("A"), sheet("B"), started=True)
    refusal = refused_and_unchanged(table, [], {"type": "stabilise", "target": 2}, None)
    assert refusal.code == "life_and_death.not_dying"
    _hurt_to(table, -7)
    c(table, 2)["status"] = "dying"
    act(table, [], {"type": "stabilise", "target": 2}, None)
    assert (c(table, 2)["hit_points"], c(table, 2)["status"]) == (0, "active")
    assert SYSTEM.combat.actions["stabilise"].gm_only is True


def test_a_gm_adjustment_to_the_limit_kills():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "adjust", "target": 2, "hit_points": -25}, None)
    assert c(table, 2)["status"] == "dead"
    act(table, [], {"type": "adjust", "target": 1, "hit_points": -24}, None)
    assert c(table, 1)["status"] == "dying"


def test_a_hidden_npcs_check_shows_its_outcome_and_none_of_its_numbers():
    table = table_with(sheet("Celia"), sheet("Orco", physical_resistance=5), started=True)
    _hurt_to(table, -3)
    c(table, 2)["status"] = "dying"
    _new_round(table, [3, 5])
    event = next(
        {"type": e.type, "payload": e.payload, "actor": e.actor, "target": e.target}
        for e in table.entries
        if e.type == "life_and_death"
    )
    seen = SYSTEM.combat.view_event(event, hidden=frozenset({2}), viewer=PLAYER)
    assert seen["outcome"] == "worse" and seen["roll"] == {
        "sides": 10,
        "nonces": [event["payload"]["roll"]["nonces"][0]],
        "hidden": True,
    }
    assert not {"physical_resistance", "total", "margin", "hit_points", "death_limit"} & set(seen)
    assert "8" not in seen["text_es"] and seen["text_es"] == "Orco sigue entre la vida y la muerte."
    assert SYSTEM.combat.view_event(event, hidden=frozenset({2}), viewer=GM)["total"] == 8
    npc = SYSTEM.combat.view_combatant(c(table, 2), facts(2, npc=True), viewer=PLAYER)
    assert npc["status"] == "dying" and npc["life_and_death"] == {"difficulty": 12}
    gm = SYSTEM.combat.view_combatant(c(table, 2), facts(2, npc=True), viewer=GM)
    assert gm["life_and_death"] == {"difficulty": 12, "physical_resistance": 5, "death_limit": -25}

"""Contraataque and Ataque de Oportunidad (Los Tipos de Ataque)."""

import pytest

from rules.anima.system import SYSTEM
from rules.core.errors import Refused

from .helpers import NotNow, act, c, events, leaves_reach, refused_and_unchanged, sheet, table_with

ATTACK = {"type": "attack", "target": 2, "with": "Espada larga"}
COUNTER = {"type": "counterattack", "target": 1, "with": "Espada larga"}


def _countered():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [1, 10], ATTACK, 1)  # 21 - 30 = -9: Contraataque, bonus 4
    return table


def test_an_earned_counterattack_is_a_free_melee_attack_out_of_turn_with_half_the_difference():
    table = _countered()
    act(table, [5, 5], COUNTER, 2)
    strike = events(table, "attack")[-1]
    assert (strike["kind"], strike["attack_total"]) == ("counterattack", 20 + 4 + 5)
    assert strike["attack_modifiers"][0] == {"slug": "counterattack-bonus", "value": 4}
    assert c(table, 2)["counterattack_offer"] is None and c(table, 2)["counterattacked_round"] == 1
    assert c(table, 2)["turn_actions"]["complex_used"] is False


def test_a_counterattack_not_earned_is_refused_as_a_conflict():
    table = table_with(sheet("A"), sheet("B"), started=True)
    with pytest.raises(NotNow):
        act(table, [5, 5], COUNTER, 2)
    with pytest.raises(Refused) as info:
        SYSTEM.combat.actions["counterattack"].resolve(table, None, COUNTER, 2)
    assert (info.value.code, info.value.kind) == ("counterattack.not_earned", "conflict")


def test_a_counterattack_is_used_once_and_only_against_the_attacker():
    table = _countered()
    assert refused_and_unchanged(table, [5, 5], {**COUNTER, "target": 3}, 2).code == "combatant.not_in_fight"
    act(table, [5, 5], COUNTER, 2)
    with pytest.raises(NotNow):
        act(table, [5, 5], COUNTER, 2)


def test_a_counterattack_against_another_combatant_is_refused():
    table = table_with(sheet("A"), sheet("B"), sheet("C"), started=True)
    act(table, [1, 10], ATTACK, 1)
    assert (
        refused_and_unchanged(table, [5, 5], {**COUNTER, "target": 3}, 2).code == "counterattack.wrong_target"
    )


def test_a_counterattack_is_melee_only():
    bow = sheet("B", weapons=[{"name": "Arco", "size": "medium", "damage": 30, "ranged": True, "reload": 2}])
    table = table_with(sheet("A"), bow, started=True)
    act(table, [1, 10], ATTACK, 1)
    assert refused_and_unchanged(table, [5, 5], {**COUNTER, "with": "Arco"}, 2).code == "attack.not_melee"
    act(table, [5, 5], {**COUNTER, "with": "unarmed"}, 2)
    assert events(table, "attack")[-1]["with"] == "unarmed"


def test_an_unused_counterattack_lapses_when_the_turn_ends():
    table = _countered()
    act(table, [], {"type": "end_turn"}, 1)
    act(table, [5, 5], {"type": "end_turn"}, 2)
    assert c(table, 2)["counterattack_offer"] is None


@pytest.mark.parametrize(("size", "modifier"), [("small", 3), ("medium", 1), ("large", -1)])
def test_the_opportunity_reflex_roll_adds_the_weapons_size_modifier(size, modifier):
    weapon = [{"name": "Arma", "size": size, "damage": 10}]
    table = table_with(sheet("A", weapons=weapon), sheet("B"), started=True)
    leaves_reach(table, 2, 1)
    act(table, [5, 5, 5, 5], {"type": "opportunity_attack", "target": 2, "with": "Arma"}, 1)
    roll = events(table, "opportunity_roll")[0]
    assert roll["attacker_roll"]["total"] == 10 + modifier + 5 and roll["target_roll"]["total"] == 15
    assert roll["won"] is (modifier > 0)


def test_winning_the_opportunity_roll_gives_a_melee_attack_on_a_flanked_enemy():
    table = table_with(sheet("A"), sheet("B"), started=True)
    leaves_reach(table, 1, 2)
    act(table, [9, 2, 5, 5], {"type": "opportunity_attack", "target": 1, "with": "Espada larga"}, 2)
    strike = events(table, "attack")[0]
    assert strike["kind"] == "opportunity-attack"
    assert strike["defense_modifiers"] == [{"slug": "flanked", "value": -4}] and strike["defense_total"] == 21


def test_a_tied_or_lost_opportunity_roll_gives_no_attack_and_spends_the_chance():
    table = table_with(
        sheet("A"), sheet("B", weapons=[{"name": "Maza", "size": "large", "damage": 30}]), started=True
    )
    leaves_reach(table, 1, 2)
    left = act(
        table, [5, 4], {"type": "opportunity_attack", "target": 1, "with": "Maza"}, 2
    )  # 10 - 1 + 5 ties 10 + 4
    assert (
        events(table, "opportunity_roll")[0]["won"] is False and events(table, "attack") == [] and left == 0
    )
    refusal = refused_and_unchanged(
        table, [9, 1, 5, 5], {"type": "opportunity_attack", "target": 1, "with": "Maza"}, 2
    )
    assert (refusal.code, refusal.kind) == ("opportunity.used", "conflict")


def test_the_opportunity_attack_allows_only_the_aimed_maneuver():
    import dataclasses

    from rules.anima.actions import OpportunityAttack

    assert {f.name for f in dataclasses.fields(OpportunityAttack)} == {"target", "with_", "aimed"}
    table = table_with(sheet("A"), sheet("B"), started=True)
    leaves_reach(table, 1, 2)
    act(
        table,
        [9, 1, 5, 5],
        {"type": "opportunity_attack", "target": 1, "with": "Espada larga", "aimed": "torso"},
        2,
    )
    assert {"slug": "aimed", "value": -1} in events(table, "attack")[0]["attack_modifiers"]


def test_flanking_does_not_reach_a_defender_behind_a_supernatural_shield():
    table = table_with(sheet("A", magic_shield=True, magic_projection=20), sheet("B"), started=True)
    act(table, [], {"type": "choose_defense", "capability": "magic"}, 1)
    leaves_reach(table, 1, 2)
    act(table, [9, 1, 5, 5], {"type": "opportunity_attack", "target": 1, "with": "Espada larga"}, 2)
    assert events(table, "attack")[0]["defense_modifiers"] == []


def test_an_opportunity_attack_is_only_against_an_enemy():
    table = table_with(sheet("A"), sheet("B"), sides=["heroes", "heroes"], started=True)
    refusal = refused_and_unchanged(
        table, [9, 1], {"type": "opportunity_attack", "target": 1, "with": "Espada larga"}, 2
    )
    assert (refusal.code, refusal.path) == ("opportunity.not_an_enemy", "/target")

"""The 2 m reach of the Ataque de Oportunidad (Los Tipos de Ataque), kept as engagements."""

from rules.core.encounter import Viewer

from .helpers import SYSTEM, act, c, events, facts, leaves_reach, refused_and_unchanged, sheet, table_with

BOW = [{"name": "Arco", "size": "medium", "damage": 30, "ranged": True, "reload": 0}]
OPPORTUNITY = {"type": "opportunity_attack", "target": 1, "with": "Espada larga"}
PLAYER = Viewer(gm=False, controls=frozenset({1}))


def _engaged(table, cid) -> list[int]:
    return c(table, cid)["engaged_with"]


def test_a_melee_attack_engages_the_attacker_and_its_target():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    assert (_engaged(table, 1), _engaged(table, 2)) == ([2], [1])


def test_a_ranged_attack_engages_nobody():
    table = table_with(sheet("A", weapons=BOW, wielding=["Arco"]), sheet("B"), started=True)
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Arco"}, 1)
    assert (_engaged(table, 1), _engaged(table, 2)) == ([], [])


def test_leaving_the_reach_offers_the_opportunity_attack_only_to_the_enemies_it_was_engaged_with():
    table = table_with(sheet("A"), sheet("B"), sheet("C"), sheet("D"), sides=["heroes", "foes", "heroes", "foes"],
                       started=True)  # fmt: skip
    for other in (2, 3):
        act(table, [], {"type": "engagement", "target": 1, "other": other}, None)
    act(table, [], {"type": "move", "metres": 3, "leaves_reach": True}, 1)
    assert _engaged(table, 1) == [] and _engaged(table, 2) == [] and _engaged(table, 3) == []
    assert c(table, 2)["opportunity_offer"] == {"against": [1], "round": 1}
    assert c(table, 3)["opportunity_offer"] is None  # an ally has nothing to gain
    assert events(table, "leave_reach")[0]["offered"] == [2]
    assert act(table, [9, 1, 5, 5], OPPORTUNITY, 2) == 0
    # D was never within 2 m of A: refused, and nothing changes.
    refusal = refused_and_unchanged(table, [9, 1, 5, 5], OPPORTUNITY, 4)
    assert (refusal.code, refusal.kind, refusal.path) == ("opportunity.not_in_reach", "conflict", "/target")


def test_an_opportunity_attack_without_anyone_leaving_the_reach_is_refused():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "engagement", "target": 1, "other": 2}, None)
    refusal = refused_and_unchanged(table, [9, 1, 5, 5], OPPORTUNITY, 2)
    assert refusal.code == "opportunity.not_in_reach" and "2 m" in refusal.text_es


def test_a_movement_that_stays_within_reach_keeps_the_engagement_and_offers_nothing():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "engagement", "target": 1, "other": 2}, None)
    act(table, [], {"type": "move", "metres": 1}, 1)
    assert _engaged(table, 1) == [2] and c(table, 2)["opportunity_offer"] is None
    refused_and_unchanged(table, [9, 1, 5, 5], OPPORTUNITY, 2)


def test_the_chance_lapses_when_the_round_ends():
    table = table_with(sheet("A"), sheet("B"), started=True)
    leaves_reach(table, 1, 2)
    act(table, [], {"type": "end_turn"}, 1)
    act(table, [5, 5], {"type": "end_turn"}, 2)
    assert table.round == 2 and c(table, 2)["opportunity_offer"] is None
    refused_and_unchanged(table, [9, 1, 5, 5], OPPORTUNITY, 2)


def test_the_gm_sets_and_clears_an_engagement_but_never_of_one_with_itself():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "engagement", "target": 1, "other": 2}, None)
    assert _engaged(table, 2) == [1]
    act(table, [], {"type": "engagement", "target": 2, "other": 1, "on": False}, None)
    assert (_engaged(table, 1), _engaged(table, 2)) == ([], [])
    refusal = refused_and_unchanged(table, [], {"type": "engagement", "target": 1, "other": 1}, None)
    assert (refusal.code, refusal.path) == ("engagement.same", "/other")
    assert SYSTEM.combat.actions["engagement"].gm_only is True


def test_the_dead_are_engaged_with_nobody():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [], {"type": "engagement", "target": 1, "other": 2}, None)
    act(table, [], {"type": "adjust", "target": 2, "status": "dead"}, None)
    assert (_engaged(table, 1), _engaged(table, 2)) == ([], [])


def test_who_is_within_reach_of_whom_is_seen_by_everyone():
    table = table_with(sheet("Celia"), sheet("Orco"), started=True)
    leaves_reach(table, 1, 2)
    act(table, [], {"type": "engagement", "target": 1, "other": 2}, None)
    npc = SYSTEM.combat.view_combatant(c(table, 2), facts(2, npc=True), viewer=PLAYER)
    assert npc["engaged_with"] == [1] and npc["opportunity_offer"] == {"against": [1], "round": 1}


def test_the_odds_of_an_opportunity_attack_are_refused_as_the_attack_would_be():
    import pytest

    from rules.anima.odds import attack_odds
    from rules.core.errors import Refused

    table = table_with(sheet("A"), sheet("B"), started=True)
    with pytest.raises(Refused) as refusal:
        attack_odds(table, {"type": "opportunity_attack", "target": 1, "with": "Espada larga"}, 2)
    assert refusal.value.code == "opportunity.not_in_reach"

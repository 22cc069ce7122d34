"""One privacy policy: what a player and the GM see of an NPC, of events, of declarations and of
the odds (exact with icepool; bands against a hidden NPC)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core.encounter import GM, CombatantFacts, Viewer
from rules.msh.odds import colour_chances
from rules.msh.ranks import BY_SLUG

from .helpers import ATTACKER, COMBAT, DEFENDER, FACE, act, duel, table

PLAYER = Viewer(gm=False, controls=frozenset({1}))
OPEN_PLAYER = Viewer(gm=False, controls=frozenset({1}), exact_odds=True)
ANA = CombatantFacts(1, "Ana", "heroes", npc=False, owner=7)
BRUNO = CombatantFacts(2, "Bruno", "villains", npc=True)
HIDDEN = frozenset({2})


def _event(entry):
    return {"type": entry.type, "actor": entry.actor, "target": entry.target, "payload": entry.payload}


def test_a_player_sees_an_npcs_status_but_not_its_numbers():
    t = duel()
    seen = COMBAT.view_combatant(t.combatant(2), BRUNO, viewer=PLAYER)
    assert seen["hit_points"] is None and seen["hit_points_max"] is None and seen["karma"] is None
    assert "abilities" not in seen and "weapons" not in seen and "ranks" not in seen
    assert seen["status"] == "active" and seen["conditions"] == [] and "initiative" in seen


def test_the_gm_sees_an_npcs_numbers_and_a_player_sees_their_own():
    t = duel()
    gm = COMBAT.view_combatant(t.combatant(2), BRUNO, viewer=GM)
    assert gm["hit_points"] == 40 and gm["ranks"]["endurance"] == "good" and gm["weapons"]
    own = COMBAT.view_combatant(t.combatant(1), ANA, viewer=PLAYER)
    assert own["hit_points"] == 80 and own["karma"] == 30 and own["abilities"]["fighting"] == 20


def test_an_attack_on_a_hidden_npc_shows_the_player_no_damage_health_or_endurance_column():
    t = duel()
    entries = act(t, "attack", 1, [FACE["red"], 50], target=2, combat_type="blunt")
    event = _event(entries[-1])
    player = COMBAT.view_event(event, hidden=HIDDEN, viewer=PLAYER)
    for key in (
        "damage",
        "target_hit_points",
        "armour",
        "damage_before_armour",
        "text",
        "public_text",
        "private",
    ):
        assert key not in player
    assert "column" not in player["effect_roll"] and player["effect_roll"]["colour"] == "green"
    assert player["colour"] == "red" and player["hit"] is True and player["column"] == "excellent"
    assert "20" not in player["text_es"] and player["text_en"]
    gm = COMBAT.view_event(event, hidden=HIDDEN, viewer=GM)
    assert gm["damage"] == 20 and gm["target_hit_points"] == 20 and "20 de daño" in gm["text_es"]


def test_a_hidden_npcs_attack_hides_its_column_from_players():
    t = duel()
    entries = act(t, "attack", 2, [FACE["green"]], target=1, combat_type="blunt")
    player = COMBAT.view_event(_event(entries[-1]), hidden=HIDDEN, viewer=PLAYER)
    assert "column" not in player and "column" not in player["roll"]
    assert player["roll"]["faces"] == [FACE["green"]]


def test_a_hidden_npcs_charge_hides_the_column_of_its_obstacle_roll_from_players():
    t = duel()
    entries = act(t, "attack", 2, [FACE["white"], 40], target=1, combat_type="charging", obstacles=True)
    event = _event(entries[-1])
    player = COMBAT.view_event(event, hidden=HIDDEN, viewer=PLAYER)
    assert "column" not in player["obstacle_roll"] and player["obstacle_roll"]["faces"] == [40]
    assert player["obstacles_avoided"] is False  # Bruno's Agility is Good (10): white up to 45
    assert COMBAT.view_event(event, hidden=HIDDEN, viewer=GM)["obstacle_roll"]["column"] == "good"


def test_a_hidden_npcs_defense_hides_its_numbers():
    t = duel()
    entries = act(t, "block", 2, [FACE["red"]])
    player = COMBAT.view_event(_event(entries[-1]), hidden=HIDDEN, viewer=PLAYER)
    assert "block_armor" not in player and "column" not in player
    assert COMBAT.view_event(_event(entries[-1]), hidden=HIDDEN, viewer=GM)["block_armor"] == 4


def test_a_hidden_npcs_declared_karma_stays_behind_the_screen():
    from rules.msh.privacy import view_declarations

    t = duel()
    t.state["declarations"] = {
        "round": 1,
        "open": True,
        "by": {"2": {"action": {"type": "attack", "target": 1, "karma": 9}, "order": 1}},
    }
    facts = {1: ANA, 2: BRUNO}
    assert view_declarations(t.state, viewer=PLAYER, facts=facts) == [
        {"combatant": 2, "action": {"type": "attack", "target": 1}}
    ]
    assert view_declarations(t.state, viewer=GM, facts=facts)[0]["action"]["karma"] == 9


@pytest.mark.parametrize("slug", ["feeble", "typical", "excellent", "monstrous", "beyond"])
def test_colour_chances_are_exact_and_add_up(slug):
    rank = BY_SLUG[slug]
    chances = colour_chances(rank)
    assert sum(chances.values()) == 1
    assert chances["red"] == Fraction(101 - rank.red, 100)
    assert chances["white"] == Fraction(rank.green - 1, 100)


def test_karma_moves_the_chances_up():
    plain, helped = colour_chances(BY_SLUG["excellent"]), colour_chances(BY_SLUG["excellent"], 30)
    assert helped["white"] == Fraction(10, 100) < plain["white"]
    assert helped["red"] == Fraction(36, 100)


def test_the_gm_gets_exact_odds_with_what_each_colour_does():
    t = duel()
    odds = COMBAT.odds(
        t.state, {"type": "attack", "actor": 1, "target": 2, "combat_type": "blunt"}, viewer=GM, hidden=HIDDEN
    )
    assert odds["exact"] and odds["column"] == "excellent"
    by_colour = {c["colour"]: c for c in odds["colours"]}
    assert by_colour["green"]["fraction"] == "3/10" and by_colour["green"]["damage"] == 20
    assert by_colour["green"]["target_hit_points"] == 20
    assert by_colour["red"]["effect"] == "stun" and set(by_colour["red"]["special"]) == {
        "white",
        "green",
        "yellow",
        "red",
    }


def test_a_player_against_a_hidden_npc_gets_bands_and_no_numbers_of_it():
    t = duel()
    odds = COMBAT.odds(
        t.state,
        {"type": "attack", "actor": 1, "target": 2, "combat_type": "blunt"},
        viewer=PLAYER,
        hidden=HIDDEN,
    )
    assert not odds["exact"]
    for colour in odds["colours"]:
        assert "probability" not in colour and "fraction" not in colour and "band" in colour
        assert "damage" not in colour and "target_hit_points" not in colour and "special" not in colour


def test_the_gm_may_let_players_see_exact_odds():
    t = duel()
    odds = COMBAT.odds(
        t.state,
        {"type": "attack", "actor": 1, "target": 2, "combat_type": "blunt"},
        viewer=OPEN_PLAYER,
        hidden=HIDDEN,
    )
    assert odds["exact"] and "probability" in odds["colours"][0]


def test_odds_follow_point_blank_and_a_reduced_result():
    t = duel()
    odds = COMBAT.odds(
        t.state,
        {
            "type": "attack",
            "actor": 1,
            "target": 2,
            "combat_type": "shooting",
            "with": "Pistola",
            "point_blank": True,
        },
        viewer=GM,
        hidden=frozenset(),
    )
    by_colour = {c["colour"]: c["probability"] for c in odds["colours"]}
    assert by_colour["white"] == 0  # point blank lifts every white
    capped = COMBAT.odds(
        t.state,
        {"type": "attack", "actor": 1, "target": 2, "combat_type": "blunt", "max_colour": "green"},
        viewer=GM,
        hidden=frozenset(),
    )
    assert {c["colour"]: c["probability"] for c in capped["colours"]}["green"] == pytest.approx(0.6)


def test_odds_of_a_defensive_roll():
    t = duel()
    odds = COMBAT.odds(t.state, {"type": "dodge", "actor": 1}, viewer=GM, hidden=frozenset())
    assert [c["effect"] for c in odds["colours"]] == ["fail", "dodge-2", "dodge-4", "dodge-6"]


def test_odds_of_a_bad_request_are_refused():
    from rules.core.errors import Refused

    t = duel()
    with pytest.raises(Refused):
        COMBAT.odds(
            t.state,
            {"type": "attack", "actor": 1, "target": 2, "combat_type": "laser"},
            viewer=GM,
            hidden=frozenset(),
        )


def test_a_hidden_npcs_declaration_event_shows_players_what_it_does_but_not_its_karma():
    t = table((1, ATTACKER, "heroes"), (2, DEFENDER, "villains"), phase="declare")
    t.state["declarations"] = {"round": 1, "open": True, "by": {}}
    t.state["msh"]["side"] = "villains"
    entries = act(t, "declare", 2, action={"type": "attack", "target": 1, "combat_type": "blunt", "karma": 5})
    event = _event(entries[0])
    player = COMBAT.view_event(event, hidden=HIDDEN, viewer=PLAYER)
    assert player["action"] == {"type": "attack", "target": 1, "combat_type": "blunt"}
    assert "Karma" not in player["text_es"]
    gm = COMBAT.view_event(event, hidden=HIDDEN, viewer=GM)
    assert gm["action"]["karma"] == 5 and "Karma 5" in gm["text_es"]

"""The privacy policy: an NPC's numbers are the GM's; what happens at the table is everyone's."""

from rules.core.encounter import GM, Viewer

from .helpers import SYSTEM, act, c, facts, leaves_reach, sheet, table_with

PLAYER = Viewer(gm=False, controls=frozenset({1}))


def _after_attack(faces=(7, 2)):
    table = table_with(sheet("Celia"), sheet("Orco"), started=True)
    act(table, list(faces), {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    return table


def _event(table, kind="attack"):
    entry = next(e for e in table.entries if e.type == kind)
    return {"type": entry.type, "actor": entry.actor, "target": entry.target, "payload": entry.payload}


def test_a_player_sees_an_npcs_status_and_defenses_used_but_not_its_numbers():
    table = _after_attack((1, 10))
    view = SYSTEM.combat.view_combatant(c(table, 2), facts(2, npc=True), viewer=PLAYER)
    assert {"hit_points", "hit_points_max", "conditions", "status", "initiative"} <= set(view)
    assert (
        view["hit_points"]
        is view["hit_points_max"]
        is view["initiative"]
        is view["sheet"]
        is view["defense"]
        is None
    )
    assert (view["status"], view["defenses_this_round"], view["conditions"]) == ("active", 1, [])
    assert view["counterattack_offer"] == {"against": 1, "round": 1}


def test_the_gm_sees_all_of_an_npc_and_a_player_all_of_a_player_character():
    table = _after_attack((1, 10))
    gm = SYSTEM.combat.view_combatant(c(table, 2), facts(2, npc=True), viewer=GM)
    assert (gm["hit_points"], gm["hit_points_max"], gm["defense"]) == (100, 100, 20)
    assert gm["counterattack_offer"]["bonus"] == 4 and gm["sheet"]["defense"] == 20
    own = SYSTEM.combat.view_combatant(c(table, 1), facts(1, npc=False), viewer=PLAYER)
    assert own["hit_points"] == 100 and own["sheet"]["attack"] == 20 and own["initiative"] == 20


def test_a_player_reads_an_attack_on_a_hidden_npc_without_its_defense_or_hit_points():
    table = _after_attack()
    seen = SYSTEM.combat.view_event(_event(table), hidden=frozenset({2}), viewer=PLAYER)
    for key in (
        "defense_total",
        "defense_capability",
        "difference",
        "target_hit_points",
        "defense_modifiers",
    ):
        assert key not in seen
    assert seen["defense_roll"] == {"sides": 10, "nonces": [1], "hidden": True}
    assert seen["attack_roll"]["faces"] == [7] and seen["attack_total"] == 27
    assert (seen["impact_level"], seen["damage"]) == ("minor", 10)
    assert "22" not in seen["text_es"] and "90" not in seen["text_en"] and "27" in seen["text_es"]
    assert not {"text", "public_text", "partial_texts", "private"} & set(seen)


def test_the_gm_reads_every_number_of_the_same_event():
    table = _after_attack()
    seen = SYSTEM.combat.view_event(_event(table), hidden=frozenset({2}), viewer=GM)
    assert (seen["defense_total"], seen["difference"], seen["target_hit_points"]) == (22, 5, 90)
    assert seen["defense_roll"]["faces"] == [2] and "22" in seen["text_es"]


def test_a_player_attacked_by_a_hidden_npc_sees_the_damage_and_their_own_defense_but_not_the_attack():
    table = table_with(sheet("Celia"), sheet("Orco"), started=True, dice=[1, 10])
    act(table, [7, 2], {"type": "attack", "target": 1, "with": "Espada larga"}, 2)
    seen = SYSTEM.combat.view_event(_event(table), hidden=frozenset({2}), viewer=PLAYER)
    assert "attack_total" not in seen and seen["attack_roll"]["hidden"] is True
    assert (seen["defense_total"], seen["target_hit_points"], seen["damage"]) == (22, 90, 10)
    assert "27" not in seen["text_es"] and "90" in seen["text_es"]


def test_between_two_hidden_npcs_a_player_reads_only_the_public_text():
    table = _after_attack()
    seen = SYSTEM.combat.view_event(_event(table), hidden=frozenset({1, 2}), viewer=PLAYER)
    assert "attack_total" not in seen and "defense_total" not in seen
    assert "27" not in seen["text_es"] and seen["text_en"]


def test_a_hidden_npcs_initiative_is_rolled_in_public_but_its_number_stays_behind_the_screen():
    table = table_with(sheet("Celia"), sheet("Orco"))
    act(table, [5, 3], {"type": "start"}, None)
    entry = next(e for e in table.entries if e.type == "initiative" and e.actor == 2)
    event = {"type": "initiative", "actor": 2, "target": None, "payload": entry.payload}
    seen = SYSTEM.combat.view_event(event, hidden=frozenset({2}), viewer=PLAYER)
    assert "initiative" not in seen and seen["initiative_roll"]["hidden"] and "13" not in seen["text_es"]
    assert SYSTEM.combat.view_event(event, hidden=frozenset({2}), viewer=GM)["initiative"] == 13


def test_an_area_power_on_a_hidden_npc_hides_its_resistance_and_hit_points():
    fire = {"name": "Fuego", "kind": "area", "capability": "magic", "damage": 40, "difficulty": 20}
    table = table_with(sheet("Celia", magic_projection=20, powers=[fire]), sheet("Orco"), started=True)
    act(table, [5], {"type": "area_power", "power": "Fuego", "targets": [2]}, 1)
    seen = SYSTEM.combat.view_event(_event(table, "power_effect"), hidden=frozenset({2}), viewer=PLAYER)
    assert seen["resistance_roll"]["hidden"] and "target_hit_points" not in seen and seen["damage"] == 20
    assert "15" not in seen["text_es"]


ODDS = {"type": "attack", "actor": 1, "target": 2, "with": "Espada larga"}


def test_a_player_gets_only_coarse_bands_against_a_hidden_npc():
    table = table_with(sheet("Celia"), sheet("Orco"), started=True)
    odds = SYSTEM.combat.odds(table.state, ODDS, viewer=PLAYER, hidden=frozenset({2}))
    assert odds["exact"] is False and "expected_damage" not in odds
    strike = odds["strikes"][0]
    assert set(strike) == {"index", "hit", "counterattack", "made"}
    assert set(strike["hit"]) == {"band", "label_es", "label_en"}


def test_neighbouring_hidden_defenses_give_a_player_the_same_answer():
    answers = []
    for defense in (16, 17):
        table = table_with(sheet("Celia"), sheet("Orco", defense=defense), started=True)
        answers.append(SYSTEM.combat.odds(table.state, ODDS, viewer=PLAYER, hidden=frozenset({2})))
    assert answers[0] == answers[1]


def test_the_gm_and_a_player_allowed_exact_odds_get_exact_fractions():
    table = table_with(sheet("Celia"), sheet("Orco"), started=True)
    for viewer in (GM, Viewer(gm=False, controls=frozenset({1}), exact_odds=True)):
        odds = SYSTEM.combat.odds(table.state, ODDS, viewer=viewer, hidden=frozenset({2}))
        assert odds["exact"] is True and odds["strikes"][0]["defense"] == 20
        assert odds["strikes"][0]["counterattack"]["fraction"] == "7/25"


def test_a_player_against_a_player_character_gets_exact_odds():
    table = table_with(sheet("Celia"), sheet("Bruno"), started=True)
    assert SYSTEM.combat.odds(table.state, ODDS, viewer=PLAYER, hidden=frozenset())["exact"] is True


def test_an_opportunity_roll_against_a_hidden_npc_hides_its_reflexes():
    table = table_with(sheet("Celia"), sheet("Orco"), started=True)
    leaves_reach(table, 2, 1)
    act(table, [2, 9], {"type": "opportunity_attack", "target": 2, "with": "Espada larga"}, 1)
    event = _event(table, "opportunity_roll")
    seen = SYSTEM.combat.view_event(event, hidden=frozenset({2}), viewer=PLAYER)
    assert (
        seen["target_roll"] == {"sides": 10, "nonces": [1], "hidden": True}
        and seen["attacker_roll"]["total"] == 13
    )
    assert "19" not in seen["text_es"] and seen["won"] is False
    assert SYSTEM.combat.view_event(event, hidden=frozenset({2}), viewer=GM)["target_roll"]["total"] == 19


def test_a_gm_correction_of_a_hidden_npc_keeps_its_hit_points_from_players():
    table = table_with(sheet("Celia"), sheet("Orco"), started=True)
    act(table, [], {"type": "adjust", "target": 2, "hit_points": 33}, None)
    event = _event(table, "adjust")
    assert "hit_points" not in SYSTEM.combat.view_event(event, hidden=frozenset({2}), viewer=PLAYER)
    assert SYSTEM.combat.view_event(event, hidden=frozenset({2}), viewer=GM)["hit_points"] == 33


def test_every_answer_of_the_odds_is_plain_json():
    import json

    table = table_with(sheet("Celia"), sheet("Orco"), started=True)
    leaves_reach(table, 2, 1)
    for viewer in (PLAYER, GM):
        for request in (ODDS, {**ODDS, "type": "opportunity_attack"}):
            odds = SYSTEM.combat.odds(table.state, request, viewer=viewer, hidden=frozenset({2}))
            assert json.loads(json.dumps(odds)) == odds


def test_the_permanent_loss_of_a_hidden_npc_stays_behind_the_screen_but_the_lost_arm_is_seen():
    axe = [{"name": "Hacha", "size": "large", "damage": 40}]
    table = table_with(sheet("Celia", weapons=axe), sheet("Orco", defense=12), started=True)
    act(table, [10, 1, 8], {"type": "attack", "target": 2, "with": "Hacha"}, 1)
    seen = SYSTEM.combat.view_event(_event(table), hidden=frozenset({2}), viewer=PLAYER)
    assert (seen["critical"], seen["zones"]) == (
        "amputation",
        ["right-arm"],
    ) and "max_hit_points_lost" not in seen
    assert SYSTEM.combat.view_combatant(c(table, 2), facts(2, npc=True), viewer=PLAYER)[
        "destroyed_zones"
    ] == ["right-arm"]

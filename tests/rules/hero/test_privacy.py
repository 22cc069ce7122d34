"""Privacy: an NPC's numbers are the GM's, in combatants, in events and in odds."""

from rules.core.encounter import GM, CombatantFacts, Viewer

from .helpers import COMBAT, KB_ROLLS, act, attack_entry, c, sheet, table_with

PLAYER = Viewer(gm=False, controls=frozenset({1}))
PC = CombatantFacts(id=1, name="Nova", side="pcs", npc=False, owner=7)
NPC = CombatantFacts(id=2, name="Dragón", side="npcs", npc=True)
NUMBERS = ("hit_points", "hit_points_max", "stun", "stun_max", "end", "end_max", "initiative")


def fight():
    return table_with(sheet("Nova", dex=20, attacks=[attack_entry("Rayo", "ranged", 6)]), sheet("Dragón"))


def test_a_player_sees_an_npcs_status_conditions_and_phases_but_none_of_its_numbers():
    t = fight()
    view = COMBAT.view_combatant(c(t, 2), NPC, viewer=PLAYER)
    assert all(view[key] is None for key in NUMBERS)
    assert view["status"] == "active" and view["conditions"] == [] and view["phases"] == [3, 6, 9, 12]
    assert not {"sheet", "characteristics", "dcv", "ocv", "attacks", "effects"} & set(view)


def test_the_gm_sees_an_npcs_numbers_and_sheet():
    t = fight()
    view = COMBAT.view_combatant(c(t, 2), NPC, viewer=GM)
    assert (view["hit_points"], view["stun"], view["end"], view["initiative"]) == (10, 30, 30, 18)
    assert view["sheet"]["name"] == "Dragón" and view["dcv_now"] == 6


def test_everyone_sees_a_player_characters_numbers():
    t = fight()
    view = COMBAT.view_combatant(c(t, 1), PC, viewer=Viewer(gm=False))
    assert view["stun"] == 30 and view["ocv"] == 7


def test_a_combatant_view_always_has_the_keys_the_site_relies_on():
    t = fight()
    for viewer in (PLAYER, GM):
        view = COMBAT.view_combatant(c(t, 2), NPC, viewer=viewer)
        assert {
            "hit_points",
            "hit_points_max",
            "conditions",
            "status",
            "initiative",
            "stun",
            "stun_max",
            "end",
        } <= set(view)
        assert not {"id", "name", "side", "npc"} & set(view)


def attack_event(t):
    entry = next(e for e in t.entries if e.type == "attack")
    return {"type": entry.type, "actor": entry.actor, "target": entry.target, "payload": entry.payload}


def test_a_player_attacking_a_hidden_npc_sees_the_dice_and_the_hit_but_not_its_dcv_or_damage_taken():
    t = fight()
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Rayo", "range": 3},
        1,
        [2, 2, 2] + [3] * 6 + [1, 1] + KB_ROLLS,
    )
    event = attack_event(t)
    seen = COMBAT.view_event(event, hidden=frozenset({2}), viewer=PLAYER)
    assert (
        seen["hit"] is True and seen["roll"]["faces"] == [2, 2, 2] and seen["damage_roll"]["faces"] == [3] * 6
    )
    assert seen["ocv"] == 7 and seen["stun_rolled"] == 18
    assert not {"dcv", "to_hit", "damage", "target_stun", "target_body", "target_end"} & set(seen)
    assert all(line["side"] == "ocv" for line in seen["modifiers"])
    assert "contra" not in seen["text_es"] and "against" not in seen["text_en"]
    assert not {"text", "public_text", "private"} & set(seen)


def test_the_gm_sees_the_whole_attack_event():
    t = fight()
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Rayo", "range": 3},
        1,
        [2, 2, 2] + [3] * 6 + [1, 1] + KB_ROLLS,
    )
    seen = COMBAT.view_event(attack_event(t), hidden=frozenset({2}), viewer=GM)
    assert seen["dcv"] == 6 and seen["to_hit"] == 12 and seen["damage"] == {"stun": 13, "body": 1}
    assert "12 o menos" in seen["text_es"] and "13 STUN" in seen["text_en"]


def test_a_hidden_npc_attacking_a_player_hides_its_ocv_but_not_the_damage_the_player_took():
    t = table_with(sheet("Dragón", dex=20), sheet("Nova"))
    act(t, {"type": "attack", "target": 2}, 1, [2, 2, 2] + [6, 6, 6] + [1, 1] + KB_ROLLS)
    event = attack_event(t)
    player = Viewer(gm=False, controls=frozenset({2}))
    seen = COMBAT.view_event(event, hidden=frozenset({1}), viewer=player)
    assert not {"ocv", "to_hit", "end_spent"} & set(seen)
    assert seen["damage"] == {"stun": 13, "body": 1} and seen["target_stun"] == 17 and seen["dcv"] == 6


def test_an_npcs_recovery_keeps_its_stun_behind_the_screen():
    t = fight()
    c(t, 2)["stun"] = 10
    act(t, {"type": "end_turn"}, 1)
    act(t, {"type": "end_turn"}, 2)
    entry = next(e for e in t.entries if e.type == "recovery" and e.actor == 2)
    event = {"type": entry.type, "actor": 2, "target": None, "payload": entry.payload}
    seen = COMBAT.view_event(event, hidden=frozenset({2}), viewer=PLAYER)
    assert not {"stun", "stun_gained", "end"} & set(seen) and seen["text_es"] == "Se recupera."
    assert COMBAT.view_event(event, hidden=frozenset({2}), viewer=GM)["stun"] == 16


def test_events_without_secrets_read_the_same_for_everyone():
    t = fight()
    act(t, {"type": "move", "inches": 2}, 1)
    entry = t.entries[0]
    event = {"type": entry.type, "actor": 1, "target": None, "payload": entry.payload}
    assert COMBAT.view_event(event, hidden=frozenset({2}), viewer=PLAYER) == COMBAT.view_event(
        event, hidden=frozenset({2}), viewer=GM
    )


def test_a_hidden_npcs_dive_keeps_its_dex_roll_behind_the_screen():
    t = table_with(sheet("Dragón", dex=20), sheet("Nova"))
    act(t, {"type": "defend", "maneuver": "dive-for-cover", "distance": 2}, 1, [3, 3, 3])
    entry = t.entries[0]
    event = {"type": entry.type, "actor": 1, "target": None, "payload": entry.payload}
    seen = COMBAT.view_event(event, hidden=frozenset({1}), viewer=Viewer(gm=False, controls=frozenset({2})))
    assert "needed" not in seen and seen["success"] is True and seen["roll"]["faces"] == [3, 3, 3]
    assert COMBAT.view_event(event, hidden=frozenset({1}), viewer=GM)["needed"] == 11


def test_breaking_a_hidden_npcs_cover_does_not_give_its_dex_away():
    t = table_with(
        sheet("Dragón", dex=20, attacks=[attack_entry("Rayo", "ranged", 6)]), sheet("Nova", pre=30)
    )
    act(t, {"type": "attack", "target": 2, "attack": "Rayo", "maneuver": "cover", "range": 3}, 1, [3, 3, 3])
    act(t, {"type": "break_cover"}, 2, [4, 3, 3] + [2, 2, 2] + [4, 4, 4])
    entry = next(e for e in t.entries if e.type == "break_cover")
    event = {"type": entry.type, "actor": 2, "target": 1, "payload": entry.payload}
    seen = COMBAT.view_event(event, hidden=frozenset({1}), viewer=Viewer(gm=False, controls=frozenset({2})))
    assert "coverer_margin" not in seen and seen["margin"] == 7 and seen["free"] is True

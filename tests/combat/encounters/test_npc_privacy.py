"""A GM's NPC keeps its numbers behind the screen in the turn log too: players read what happened
at the table (who attacked whom, the roll, hit or miss, the damage dealt), never the NPC's
defense, hit points or hero points; the GM reads everything."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.combat.encounters.test_fight_api import started

pytestmark = pytest.mark.django_db

PRIVATE = ("target_defense", "defense", "margin", "target_hit_points", "hit_points", "hero_points")


def _attack_nova_on_thug(table, faces, face=20):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.append(face)
    response = table.act(
        encounter, client=table.player_api, type="attack", actor=nova, target=thug, kind="melee"
    )
    assert response.status_code == 201, response.json()
    return encounter, nova, thug, response.json()["events"]


def _by_type(events, kind):
    return [e for e in events if e["type"] == kind]


def test_a_player_reads_an_attack_on_an_npc_without_its_defense_or_hit_points(table, faces):
    encounter, nova, thug, events = _attack_nova_on_thug(table, faces)
    (attack,) = _by_type(events, "attack")
    assert attack["hit"] is True and attack["damage"] >= 1
    for key in PRIVATE:
        assert key not in attack, key
    assert "defensa" not in attack["text_es"] and "defense" not in attack["text_en"]
    assert re.search(r"impacta \(\d+ de daño\)", attack["text_es"])
    (damage,) = _by_type(events, "damage")
    assert "target_hit_points" not in damage
    points_es, points_en = ("punto", "point") if attack["damage"] == 1 else ("puntos", "points")
    assert damage["text_es"].endswith(f"{points_es} de vida.")
    assert damage["text_en"].endswith(f"hit {points_en}.")
    # The log read later says the same.
    logged = table.events(encounter, client=table.player_api)["results"]
    assert not any(key in e for e in logged for key in ("target_defense", "target_hit_points"))


def test_the_gm_reads_the_same_attack_with_every_number(table, faces):
    encounter, nova, thug, _ = _attack_nova_on_thug(table, faces)
    logged = table.events(encounter)["results"]
    (attack,) = _by_type(logged, "attack")
    assert isinstance(attack["target_defense"], int)
    assert "contra defensa" in attack["text_es"]
    (damage,) = _by_type(logged, "damage")
    assert isinstance(damage["target_hit_points"], int)
    assert re.search(r"\(-?\d+\)\.$", damage["text_es"])


def test_an_npc_attacking_a_player_character_shows_the_characters_defense(table, faces):
    encounter, nova, thug = started(table, faces)
    faces.append(20)
    response = table.act(encounter, type="attack", actor=thug, target=nova, kind="melee", **{"with": "Porra"})
    assert response.status_code == 201, response.json()
    seen = table.events(encounter, client=table.player_api)["results"]
    (attack,) = _by_type(seen, "attack")
    assert isinstance(attack["target_defense"], int)
    assert "contra defensa" in attack["text_es"]


def test_the_hit_points_the_gm_gives_a_minion_stay_hidden(table, faces):
    encounter = table.create()["id"]
    table.add_pc(encounter)
    thug = table.add_npc(encounter, minion=True)["id"]
    response = table.act(encounter, type="set_minion_hp", target=thug, hit_points=7)
    assert response.status_code == 201, response.json()
    (gm_event,) = _by_type(table.events(encounter)["results"], "minion_hit_points")
    (player_event,) = _by_type(
        table.events(encounter, client=table.player_api)["results"], "minion_hit_points"
    )
    assert "7" in gm_event["text_es"]
    assert "7" not in player_event["text_es"] and "7" not in player_event["text_en"]
    assert "Matón" in player_event["text_es"]


def test_an_npcs_hero_points_stay_hidden(table, faces):
    encounter, nova, thug = started(table, faces)
    response = table.act(encounter, type="award_hero_point", target=thug, points=1)
    assert response.status_code == 201, response.json()
    (gm_event,) = _by_type(table.events(encounter)["results"], "hero_point_award")
    (seen,) = _by_type(table.events(encounter, client=table.player_api)["results"], "hero_point_award")
    assert "hero_points" in gm_event and "/" in gm_event["text_es"]
    assert "hero_points" not in seen and "/" not in seen["text_es"]


def test_the_players_log_page_and_flash_message_keep_the_npcs_defense_hidden(table, faces, client):
    encounter, nova, thug = started(table, faces, thug_first=False)
    client.force_login(table.player)
    faces.append(20)
    response = client.post(
        reverse("encounters:act", args=[encounter]),
        {"type": "attack", "actor": nova, "target": thug, "kind": "melee"},
        follow=True,
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "ataca a Matón" in page
    assert "contra defensa" not in page
    log = client.get(reverse("encounters:log", args=[encounter])).content.decode()
    assert "ataca a Matón" in log and "contra defensa" not in log


def test_a_resting_npc_tells_players_neither_its_hit_points_nor_what_it_recovered(table, faces):
    encounter, nova, thug, _events = _attack_nova_on_thug(table, faces, face=15)
    rested = table.act(encounter, type="rest", target=thug, minutes=10)
    assert rested.status_code == 201, rested.json()
    seen = table.player_api.get(f"/api/v1/encounters/{encounter}/events/").json()["results"]
    (rest,) = [e for e in seen if e["type"] == "rest"]
    for key in ("hit_points", "defense_penalty", "defense_recovered", "level"):
        assert key not in rest, key
    assert "pv" not in rest["text_es"] and "defensa" not in rest["text_es"]
    gm_seen = table.gm_api.get(f"/api/v1/encounters/{encounter}/events/").json()["results"]
    assert "hit_points" in next(e for e in gm_seen if e["type"] == "rest")


def test_an_attack_on_an_npc_does_not_tell_players_its_defense_penalty(table, faces):
    encounter, nova, thug, events = _attack_nova_on_thug(table, faces, face=14)
    (attack,) = _by_type(events, "attack")
    assert "defense_penalty" not in attack


def test_healing_an_unhurt_npc_does_not_tell_a_player_it_is_unhurt():
    from rules.core.errors import Refused
    from rules.epic20.encounter.privacy import view_refusal

    unhurt = Refused(
        "support.nothing_to_heal", "X", "Secreto no tiene daño que curar.", "Secreto has no damage to heal."
    )
    told = view_refusal(unhurt, hidden_target=True)
    assert "daño" not in told.text_es and told.code != unhurt.code
    assert view_refusal(unhurt, hidden_target=False) is unhurt

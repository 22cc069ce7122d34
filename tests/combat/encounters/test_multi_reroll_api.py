"""A hero point rerolls one roll of an action with several (an area attack): the player names the
roll's event; only that die is thrown again and the others stay as they were."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.combat.encounters.test_skill_and_reroll import attack, nova_state

pytestmark = pytest.mark.django_db


def area_fight(table, faces):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thugs = [table.add_npc(encounter)["id"] for _ in range(2)]
    faces.extend([15, 3, 2])  # initiative: Nova first
    assert table.act(encounter, type="start").status_code == 201
    faces.extend([2, 17])  # the area attack: 2 against the first thug, 17 against the second
    response = attack(table, encounter, nova, None, targets=thugs)
    assert response.status_code == 201, response.json()
    rolls = [e for e in response.json()["events"] if e["type"] == "attack"]
    return encounter, nova, thugs, rolls


def thug_hit_points(table, encounter, thug):
    return next(c for c in table.state(encounter)["combatants"] if c["id"] == thug)["hit_points"]


def test_the_player_must_say_which_roll_to_reroll(table, faces):
    encounter, nova, thugs, rolls = area_fight(table, faces)
    version = table.state(encounter)["version"]
    response = table.act(encounter, client=table.player_api, type="reroll", actor=nova)
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "reroll.which"
    response = table.act(encounter, client=table.player_api, type="reroll", actor=nova, seq=1)
    assert response.status_code == 409
    assert table.state(encounter)["version"] == version


def test_rerolling_the_missed_target_keeps_the_other_roll(table, faces):
    encounter, nova, thugs, rolls = area_fight(table, faces)
    second_hp = thug_hit_points(table, encounter, thugs[1])
    points = nova_state(table, encounter, nova)["hero_points"]
    faces.append(19)
    response = table.act(encounter, client=table.player_api, type="reroll", actor=nova, seq=rolls[0]["seq"])
    assert response.status_code == 201, response.json()
    again = [e for e in response.json()["events"] if e["type"] == "attack"]
    assert [e["roll"]["kept"] for e in again] == [19, 17]
    assert again[0]["roll"]["rerolled_from"]["kept"] == 2
    assert "rerolled_from" not in again[1]["roll"]
    assert again[1]["roll"]["nonces"] == rolls[1]["roll"]["nonces"]  # the same die, not thrown again
    assert nova_state(table, encounter, nova)["hero_points"] == points - 2
    assert thug_hit_points(table, encounter, thugs[1]) == second_hp
    log = {e["seq"]: e for e in table.events(encounter)["results"]}
    assert log[rolls[0]["seq"]]["undone"] is True and log[rolls[1]["seq"]]["undone"] is True


def test_the_page_offers_each_roll_of_the_area_attack(table, faces, client):
    encounter, nova, thugs, rolls = area_fight(table, faces)
    client.force_login(table.player)
    page = client.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'id="reroll-seq"' in page
    for roll in rolls:
        assert f'value="{roll["seq"]}"' in page
    faces.append(20)
    response = client.post(
        reverse("encounters:act", args=[encounter]), {"type": "reroll", "actor": nova, "seq": rolls[0]["seq"]}
    )
    assert response.status_code == 302
    page = client.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'id="reroll-form"' not in page  # the second result is final

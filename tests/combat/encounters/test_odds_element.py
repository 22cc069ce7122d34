"""The odds before acting know the element the player declares: against a target immune to it the
hit chance stays and the expected damage is 0, in the API and in the page's odds box."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.combat.encounters.test_immunity_api import FIRE, fight, npc

pytestmark = pytest.mark.django_db


def exact_for_players(table, encounter):
    switched = table.gm_api.patch(
        f"/api/v1/encounters/{encounter}/", {"exact_odds_for_players": True}, format="json"
    )
    assert switched.status_code == 200, switched.json()


def odds(table, encounter, nova, foe, **extra):
    response = table.player_api.get(
        f"/api/v1/encounters/{encounter}/odds/",
        {"actor": nova, "target": foe, "kind": "melee", **extra},
    )
    assert response.status_code == 200, response.json()
    return response.json()


def test_declaring_the_element_the_target_is_immune_to_zeroes_the_expected_damage(table, faces):
    encounter, nova, foe = fight(table, faces, npc("Salamandra", (FIRE, "fuego")))
    exact_for_players(table, encounter)
    plain = odds(table, encounter, nova, foe)
    fire = odds(table, encounter, nova, foe, element="fuego")
    assert plain["expected_damage"] > 0
    assert fire["p_hit"] == plain["p_hit"]
    assert fire["expected_damage"] == 0 and fire["p_damage"] == 0
    response = table.player_api.get(
        f"/api/v1/encounters/{encounter}/odds/",
        {"actor": nova, "target": foe, "kind": "melee", "element": "x" * 81},
    )
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == "/element"


def test_the_page_odds_box_follows_the_element_field(table, faces, client):
    encounter, nova, foe = fight(table, faces, npc("Salamandra", (FIRE, "fuego")))
    exact_for_players(table, encounter)
    client.force_login(table.player)
    url = reverse("encounters:odds", args=[encounter])
    base = {"actor": nova, "target": foe, "kind": "melee"}
    plain = client.get(url, base).content.decode()
    fire = client.get(url, {**base, "element": "fuego"}).content.decode()
    assert 'data-odds="damage">0%' not in plain
    assert 'data-odds="damage">0%' in fire

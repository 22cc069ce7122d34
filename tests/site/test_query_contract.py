"""Every API operation takes the query parameters its OpenAPI schema documents and no others
(docs/api.md, "Query parameters"): an unknown one, or a single-valued one given twice, is a 400
in the envelope, so no list answers as though a misspelt or doubled filter had been applied."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from epic20site.query_contract import contract, route_shape
from tests.factories import UserFactory, campaign_for
from tests.rules.hero.helpers import attack_entry
from tests.rules.hero.helpers import sheet as hero_sheet

pytestmark = pytest.mark.django_db


def _routes(patterns, prefix=""):
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            yield route


def test_every_documented_operation_is_a_route_the_contract_recognises():
    shapes = {route_shape(route) for route in _routes(get_resolver().url_patterns)}
    operations = contract()
    assert len(operations) > 40
    assert {shape for _method, shape in operations} <= shapes


def test_an_unknown_parameter_on_a_list_is_refused_by_name(auth_client):
    response = auth_client.get("/api/v1/characters/", {"campain": "1"})
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "campain.unknown",
            "path": "/campain",
            "message": "Parámetro desconocido: «campain».",
            "rule": "",
        }
    ]


def test_the_refusal_speaks_english_on_request(auth_client):
    response = auth_client.get("/api/v1/campaigns/?sort=name", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert response.json()["errors"][0]["message"] == "Unknown parameter: “sort”."


def test_an_object_spread_into_the_query_is_refused(auth_client):
    # `page` sent as an object arrives as its keys: none of them is a parameter.
    response = auth_client.get("/api/v1/campaigns/", {"a": "1", "b": "2"})
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["a.unknown", "b.unknown"]


def test_a_filter_given_twice_is_refused(auth_client):
    response = auth_client.get("/api/v1/characters/?campaign=1&campaign=2")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "campaign.repeated"


def test_an_operation_without_parameters_refuses_any(auth_client):
    assert auth_client.get("/api/v1/auth/me/", {"x": "1"}).status_code == 400
    assert auth_client.get("/api/v1/auth/me/").status_code == 200


def test_documented_parameters_still_work(auth_client):
    assert auth_client.get("/api/v1/characters/", {"page": "1", "page_size": "5"}).status_code == 200


def test_pages_outside_the_api_ignore_unknown_parameters(client):
    assert client.get("/", {"utm_source": "foro"}).status_code == 200


# --- the odds endpoint documents every system's parameters; an encounter takes its own --------


def _hero_fight():
    gm = UserFactory()
    campaign = campaign_for(gm, system="hero")
    api = APIClient()
    api.force_authenticate(gm)
    encounter = api.post(f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "Azotea"}, format="json")
    url = f"/api/v1/encounters/{encounter.json()['id']}"
    ids = []
    for name, side in (("Dragón", "heroes"), ("Matón", "villains")):
        npc = hero_sheet(name, attacks=[attack_entry("Rayo", dice=6)])
        added = api.post(f"{url}/combatants/", {"npc": npc, "side": side}, format="json")
        assert added.status_code == 201, added.json()
        ids.append(added.json()["id"])
    return api, url, ids


def test_hero_odds_through_the_api_are_typed_like_the_form():
    api, url, (dragon, thug) = _hero_fight()
    response = api.get(f"{url}/odds/", {"actor": dragon, "target": thug, "attack": "Rayo", "range": "4"})
    assert response.status_code == 200, response.json()


def test_a_list_parameter_may_be_repeated():
    api, url, (dragon, thug) = _hero_fight()
    response = api.get(
        f"{url}/odds/?actor={dragon}&target={thug}&attack=Rayo&modifiers=off-hand&modifiers=half-hidden"
    )
    assert response.status_code == 200, response.json()


def test_an_encounter_refuses_another_systems_odds_parameter():
    api, url, (dragon, thug) = _hero_fight()
    response = api.get(
        f"{url}/odds/", {"actor": dragon, "target": thug, "attack": "Rayo", "combat_type": "blunt"}
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "combat_type.unknown"

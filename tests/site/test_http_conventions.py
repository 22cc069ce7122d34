"""The HTTP conventions clients rely on (docs/api.md): the token under either prefix, an
address without its final `/` refused plainly, and no schema default the server refuses."""

from __future__ import annotations

import pytest
from django.test import override_settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.combat.encounters.conftest import Table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("prefix", ["Token", "Bearer", "bearer"])
def test_the_token_is_accepted_under_either_prefix(user, prefix):
    key = Token.objects.create(user=user).key
    response = APIClient().get("/api/v1/auth/me/", HTTP_AUTHORIZATION=f"{prefix} {key}")
    assert response.status_code == 200, response.json()
    assert response.json()["username"] == user.username


def test_a_wrong_key_under_bearer_is_a_401_that_asks_for_bearer(user):
    response = APIClient().get("/api/v1/auth/me/", HTTP_AUTHORIZATION="Bearer nope")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"


def test_the_schema_says_http_bearer(client):
    schema = client.get("/api/v1/schema/", {"format": "json"}).json()
    assert schema["components"]["securitySchemes"]["tokenAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "description": schema["components"]["securitySchemes"]["tokenAuth"]["description"],
    }


@pytest.mark.parametrize("debug", [True, False])
def test_a_post_without_the_final_slash_is_a_clear_404_never_a_redirect_or_a_500(user, debug):
    api = APIClient()
    api.force_authenticate(user)
    with override_settings(DEBUG=debug):
        response = api.post("/api/v1/campaigns", {"name": "Sin barra"}, format="json")
        english = api.post("/api/v1/campaigns", {}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    (error,) = response.json()["errors"]
    assert error["code"] == "request.trailing_slash"
    assert "/api/v1/campaigns/" in error["message"]
    assert "/api/v1/campaigns/" in english.json()["errors"][0]["message"]
    assert "end in" in english.json()["errors"][0]["message"]


def test_a_page_without_the_final_slash_is_still_redirected(client):
    assert client.get("/campaigns").status_code == 301


def test_the_combatant_schema_sets_no_minion_default():
    schema = APIClient().get("/api/v1/schema/", {"format": "json"}).json()
    minion = schema["components"]["schemas"]["CombatantCreateRequest"]["properties"]["minion"]
    assert "default" not in minion


@pytest.mark.parametrize(
    ("extra", "paths"),
    [
        ({"minion": False}, ["/minion"]),
        ({"hit_points": 5}, ["/hit_points"]),
        ({"minion": True, "hit_points": 5}, ["/minion", "/hit_points"]),
    ],
)
def test_a_character_refused_for_npc_only_fields_is_told_which_it_sent(extra, paths):
    table = Table()
    encounter = table.create()
    response = table.player_api.post(
        f"/api/v1/encounters/{encounter['id']}/combatants/",
        {"character": table.character.pk, "side": "heroes", **extra},
        format="json",
    )
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == paths


def test_a_character_joins_without_minion():
    table = Table()
    encounter = table.create()
    assert table.add_pc(encounter["id"])["minion"] is False

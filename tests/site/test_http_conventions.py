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
    schemas = APIClient().get("/api/v1/schema/", {"format": "json"}).json()["components"]["schemas"]
    for way in ("CombatantNpcRequest", "CombatantNpcFromRequest"):
        assert "default" not in schemas[way]["properties"]["minion"]
    # A player character takes no NPC field at all.
    assert "minion" not in schemas["CombatantFromCharacterRequest"]["properties"]


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


def test_every_201_is_documented_with_location_and_every_429_with_retry_after(client):
    schema = client.get("/api/v1/schema/", {"format": "json"}).json()
    answers = [
        op["responses"] for item in schema["paths"].values() for op in item.values() if "responses" in op
    ]
    created = [r["201"] for r in answers if "201" in r]
    throttled = [r["429"] for r in answers if "429" in r]
    assert created and throttled
    assert all(r["headers"]["Location"]["required"] for r in created)
    assert all(r["headers"]["Retry-After"]["required"] for r in throttled)


def test_a_created_campaign_and_encounter_say_where_they_are():
    table = Table()
    encounter = table.gm_api.post(
        f"/api/v1/campaigns/{table.campaign.pk}/encounters/", {"name": "Muelle"}, format="json"
    )
    assert encounter["Location"] == f"/api/v1/encounters/{encounter.json()['id']}/"
    assert table.gm_api.get(encounter["Location"]).status_code == 200
    campaign = table.gm_api.post("/api/v1/campaigns/", {"name": "Otra"}, format="json")
    assert campaign["Location"] == f"/api/v1/campaigns/{campaign.json()['id']}/"


def test_an_action_points_at_the_events_it_wrote():
    table = Table()
    encounter = table.create()
    table.add_pc(encounter["id"])
    table.add_npc(encounter["id"])
    started = table.gm_api.post(
        f"/api/v1/encounters/{encounter['id']}/actions/", {"type": "start"}, format="json"
    )
    first = started.json()["events"][0]["seq"]
    assert started["Location"] == f"/api/v1/encounters/{encounter['id']}/events/?after={first - 1}"
    listed = table.gm_api.get(started["Location"]).json()["results"]
    assert [e["seq"] for e in listed] == [e["seq"] for e in started.json()["events"]]


@pytest.mark.parametrize(("rate", "seconds"), [("5/5m", 300), ("10/h", 3600), ("3/s", 1), ("1/2d", 172800)])
def test_a_rate_s_window_is_read_in_seconds(rate, seconds):
    from accounts.throttle import window_seconds

    assert window_seconds(rate) == seconds


def test_failed_logins_past_the_limit_say_when_to_try_again(user, settings):
    settings.LOGIN_FAILURE_RATE = "2/5m"
    api = APIClient()
    answers = [
        api.post("/api/v1/auth/token/", {"username": user.username, "password": "mal"}, format="json")
        for _ in range(3)
    ]
    assert answers[-1].status_code == 429
    assert answers[-1]["Retry-After"] == "300"


def test_a_429_without_its_own_wait_still_says_when(rf):
    from django.http import JsonResponse

    from epic20site.middleware import DEFAULT_RETRY_AFTER, APIErrorsAsEnvelope

    answer = APIErrorsAsEnvelope(lambda request: JsonResponse({}, status=429))(rf.get("/api/v1/x/"))
    assert answer["Retry-After"] == str(DEFAULT_RETRY_AFTER)

"""Every datetime the API answers is in UTC, written one way ("+00:00"), on every endpoint that
answers one, for Spanish and English requests alike, while the pages keep the site's own time
zone (Europe/Madrid). The answers are also checked against the published schema (`format:
date-time`) by the suite's client (tests/schema_contract.py)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from campaigns.models import Campaign
from combat.models import Encounter
from tables import services as tables
from tests.characters.helpers import make_character
from tests.factories import UserFactory
from tracking.models import JournalEntry

pytestmark = pytest.mark.django_db

DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")
UTC_FORM = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$")
# Each endpoint that answers datetimes, with the client that reads it: "gm", or "applicant".
ENDPOINTS = [
    ("gm", "/api/v1/campaigns/"),
    ("gm", "/api/v1/campaigns/{campaign}/"),
    ("gm", "/api/v1/campaigns/{campaign}/members/"),
    ("gm", "/api/v1/campaigns/{campaign}/partidas/"),
    ("gm", "/api/v1/campaigns/{campaign}/partidas/{partida}/"),
    ("gm", "/api/v1/campaigns/{campaign}/journal/"),
    ("gm", "/api/v1/campaigns/{campaign}/journal/{entry}/"),
    ("gm", "/api/v1/campaigns/{campaign}/applications/"),
    ("gm", "/api/v1/campaigns/{campaign}/encounters/"),
    ("gm", "/api/v1/campaigns/{campaign}/characters/{character}/standing/"),
    ("gm", "/api/v1/characters/"),
    ("gm", "/api/v1/characters/{character}/"),
    ("gm", "/api/v1/characters/{character}/awards/"),
    ("gm", "/api/v1/characters/{character}/waivers/"),
    ("gm", "/api/v1/encounters/{encounter}/"),
    ("gm", "/api/v1/encounters/{encounter}/events/"),
    ("applicant", "/api/v1/auth/me/applications/"),
    ("applicant", "/api/v1/auth/me/applications/{application}/"),
]


def _datetimes(node):
    """Every string of an answer that is a datetime, however deep."""
    if isinstance(node, dict):
        for value in node.values():
            yield from _datetimes(value)
    elif isinstance(node, list):
        for value in node:
            yield from _datetimes(value)
    elif isinstance(node, str) and DATETIME.match(node):
        yield node


def _client(user, lang: str) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    client.credentials(HTTP_ACCEPT_LANGUAGE=lang)
    return client


def _created(response) -> int:
    assert response.status_code == 201, response.content
    return response.json()["id"]


@pytest.fixture
def world(settings):
    """The demo's Epic20 table with a running fight under a turn deadline, a partida and its
    journal entry, an award and a waiver on a sheet, and an application from a newcomer."""
    settings.DEBUG = True  # the demo's public passwords
    call_command("load_demo")
    campaign = Campaign.objects.get(system="epic20", name="La Liga de la Noche")
    gm = _client(campaign.gm, "es")
    encounter = Encounter.objects.filter(campaign=campaign).first()
    assert (
        gm.post(f"/api/v1/encounters/{encounter.pk}/actions/", {"type": "start"}, format="json").status_code
        == 201
    )
    deadline = gm.patch(f"/api/v1/encounters/{encounter.pk}/", {"turn_deadline_hours": 24}, format="json")
    assert deadline.status_code == 200, deadline.content
    tables.listing_update(
        campaign=campaign, changes={"listed": True, "pitch": "Una ciudad sin héroes.", "seats": 3}
    )
    newcomer = UserFactory()
    sheet = make_character(newcomer)
    applicant = _client(newcomer, "es")
    application = _created(
        applicant.post(
            f"/api/v1/tables/{campaign.pk}/applications/",
            {"message": "Hola", "character": sheet.pk},
            format="json",
        )
    )
    partida = _created(
        gm.post(f"/api/v1/campaigns/{campaign.pk}/partidas/", {"title": "Primera noche"}, format="json")
    )
    entry = _created(
        gm.post(f"/api/v1/campaigns/{campaign.pk}/journal/", {"body": "Empieza la noche."}, format="json")
    )
    character = campaign.characters.order_by("pk").first()
    award = {"category": "powers", "amount": 1, "note": "Sesión 1"}
    _created(gm.post(f"/api/v1/characters/{character.pk}/awards/", award, format="json"))
    waiver = {"code": "powers.over_budget", "path": "/powers", "reason": "Regalo del Director"}
    _created(gm.post(f"/api/v1/characters/{character.pk}/waivers/", waiver, format="json"))
    ids = {
        "campaign": campaign.pk,
        "partida": partida,
        "entry": entry,
        "application": application,
        "character": character.pk,
        "encounter": encounter.pk,
    }
    return {"gm": campaign.gm, "applicant": newcomer}, ids


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(("who", "path"), ENDPOINTS)
def test_every_datetime_the_api_answers_is_in_utc(world, who, path, lang):
    users, ids = world
    assert timezone.get_current_timezone_name() == "Europe/Madrid"  # the site's own, not UTC

    response = _client(users[who], lang).get(path.format(**ids))

    assert response.status_code == 200, response.content
    found = list(_datetimes(response.json()))
    assert found, f"{path} answered no datetime"
    assert [value for value in found if not UTC_FORM.match(value)] == []


def test_the_encounter_answers_its_deadline_and_the_event_times_in_utc(world):
    users, ids = world
    gm = _client(users["gm"], "en")

    state = gm.get(f"/api/v1/encounters/{ids['encounter']}/").json()
    events = gm.get(f"/api/v1/encounters/{ids['encounter']}/events/").json()["results"]

    until = [w["until"] for w in state["waiting_for"]]
    assert until and all(UTC_FORM.match(u) for u in until)
    assert all(UTC_FORM.match(e["created_at"]) for e in events)


def test_a_campaigns_created_at_is_the_same_instant_in_utc(world):
    users, ids = world
    campaign = Campaign.objects.get(pk=ids["campaign"])

    answered = _client(users["gm"], "es").get(f"/api/v1/campaigns/{campaign.pk}/").json()["created_at"]

    assert datetime.fromisoformat(answered) == campaign.created_at
    assert answered == campaign.created_at.astimezone(UTC).isoformat()


def test_the_write_answers_give_their_datetimes_in_utc_too(world):
    users, ids = world
    gm = _client(users["gm"], "en")
    campaign = ids["campaign"]

    answers = [
        gm.patch(
            f"/api/v1/campaigns/{campaign}/applications/{ids['application']}/",
            {"status": "accepted"},
            format="json",
        ),
        gm.post(f"/api/v1/campaigns/{campaign}/journal/", {"body": "Otra noche."}, format="json"),
        gm.post(f"/api/v1/campaigns/{campaign}/partidas/{ids['partida']}/close/", {}, format="json"),
        gm.post(
            f"/api/v1/characters/{ids['character']}/awards/",
            {"category": "powers", "amount": 1},
            format="json",
        ),
    ]

    for answer in answers:
        assert answer.status_code in (200, 201), answer.content
        found = list(_datetimes(answer.json()))
        assert found and [value for value in found if not UTC_FORM.match(value)] == []


def test_the_pages_keep_showing_the_sites_local_time(world):
    users, ids = world
    entry = JournalEntry.objects.get(pk=ids["entry"])
    JournalEntry.objects.filter(pk=entry.pk).update(created_at=datetime(2026, 12, 3, 10, 15, tzinfo=UTC))
    client = Client()
    client.force_login(users["gm"])

    page = client.get(f"/campaigns/{ids['campaign']}/journal/").content.decode()
    answered = (
        _client(users["gm"], "es").get(f"/api/v1/campaigns/{ids['campaign']}/journal/{entry.pk}/").json()
    )

    assert "11:15" in page and "10:15" not in page  # Madrid, an hour ahead of UTC in December
    assert answered["created_at"] == "2026-12-03T10:15:00+00:00"

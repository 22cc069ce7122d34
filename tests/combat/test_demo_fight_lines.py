"""Every system's demo fight, played for many actions with seeded dice, reads cleanly on every
reader, for the GM and for a player: no `None`, no Python dict or list, and every event that
names an actor or a target names them by name — on the fight page, the log page, the API's log
and both forum exports."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from rules.registration import registrations
from tests.characters.html_parts import element
from tests.combat.demo_fights import play

pytestmark = pytest.mark.django_db
# Python's reprs, and the keys of sides and statuses where words belong.
PYTHON_INTERNALS = ("None", "{'", "[{", "':", "{}", "[]", "heroes", "villains", "[unconscious]")


@pytest.fixture(autouse=True)
def _demo_passwords(settings):
    settings.DEBUG = True


def _clean(text: str, where: str) -> None:
    for internal in PYTHON_INTERNALS:
        assert internal not in text, f"{internal!r} in {where}: {text[:2000]}"


def _every_event(api: APIClient, url: str) -> list[dict]:
    found, page = [], f"{url}/events/"
    while page:
        answer = api.get(page).json()
        found += answer["results"]
        page = answer.get("next")
    return found


@pytest.mark.parametrize("system", list(registrations()))
@pytest.mark.parametrize("reader", ["director", "jugadora"])
def test_a_long_demo_fight_reads_cleanly_everywhere(system, reader):
    encounter = play(system, actions=25)
    user = get_user_model().objects.get(username=reader)
    api = APIClient()
    api.force_authenticate(user)
    url = f"/api/v1/encounters/{encounter.pk}"

    events = _every_event(api, url)
    assert len(events) > 20 and any(e["line"]["rolls"] for e in events)
    for event in events:
        line = event["line"]
        _clean(
            " ".join([line["text"], line["what"], line["outcome"], line["rule"], line["time"]]),
            f"#{line['seq']}",
        )
        _clean(" ".join(roll["text"] for roll in line["rolls"]), f"#{line['seq']} rolls")
        assert line["text"], event
        if event["actor"] is not None:
            assert line["actor"], event
        if event["target"] is not None:
            assert line["target"] and line["target"] in line["text"] + line["what"], event
        if line["target"] and line["actor"]:
            assert line["actor"] in line["text"], event
        assert ".md" not in line["rule"], event
    for fmt in ("bbcode", "markdown"):
        text = api.get(f"{url}/export/", {"format": fmt}).json()["text"]
        _clean(text, fmt)
        assert text.count("\n") > 20
    client = Client()
    client.force_login(user)
    for page in (f"/encounters/{encounter.pk}/", f"/encounters/{encounter.pk}/log/"):
        _clean(element(client.get(page).content.decode(), "event-list"), page)

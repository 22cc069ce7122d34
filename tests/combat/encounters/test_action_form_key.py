"""The fight page's action forms carry a key drawn anew for each rendering of the page: a form
sent twice (a double click, a browser resending it, an htmx retry) acts once and answers as the
first time, through the same idempotency service as the API's `Idempotency-Key`."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from combat.models import IdempotencyKey
from tests.combat.encounters.test_fight_api import started

pytestmark = pytest.mark.django_db
KEY = re.compile(r'name="idempotency_key" value="([^"]*)"')


def keys_on_page(client, encounter) -> set[str]:
    return set(KEY.findall(client.get(reverse("encounters:detail", args=[encounter])).content.decode()))


def end_turns(table, encounter) -> int:
    return sum(1 for e in table.events(encounter)["results"] if e["type"] == "turn_ended")


def test_every_rendering_of_the_page_gives_its_action_forms_a_new_key(table, faces, client):
    encounter, _nova, _thug = started(table, faces)
    client.force_login(table.gm)
    first, second = keys_on_page(client, encounter), keys_on_page(client, encounter)
    assert len(first) == len(second) == 1  # one key per rendering, in every action form
    assert first != second and all(len(k) >= 16 for k in first | second)


def test_an_action_form_sent_twice_acts_once(table, faces, client):
    encounter, nova, thug = started(table, faces)  # the thug's turn
    client.force_login(table.gm)
    [key] = keys_on_page(client, encounter)
    url = reverse("encounters:act", args=[encounter])
    form = {"type": "end_turn", "actor": thug, "idempotency_key": key}
    first = client.post(url, form)
    again = client.post(url, form)
    assert first.status_code == again.status_code == 302
    assert end_turns(table, encounter) == 1 and table.state(encounter)["current"] == nova
    assert IdempotencyKey.objects.filter(user=table.gm).count() == 1


def test_an_htmx_form_sent_twice_answers_the_same_confirmation_and_acts_once(table, faces, client):
    encounter, nova, thug = started(table, faces)
    client.force_login(table.gm)
    [key] = keys_on_page(client, encounter)
    url = reverse("encounters:act", args=[encounter])
    form = {"type": "end_turn", "actor": thug, "idempotency_key": key}
    first = client.post(url, form, HTTP_HX_REQUEST="true")
    again = client.post(url, form, HTTP_HX_REQUEST="true")
    assert first.status_code == again.status_code == 200
    assert first.content == again.content and b"alert" in first.content
    assert end_turns(table, encounter) == 1


def test_the_next_action_on_a_new_rendering_acts_and_a_form_without_a_key_still_acts(table, faces, client):
    encounter, nova, thug = started(table, faces)
    client.force_login(table.gm)
    url = reverse("encounters:act", args=[encounter])
    [key] = keys_on_page(client, encounter)
    client.post(url, {"type": "end_turn", "actor": thug, "idempotency_key": key})
    [key] = keys_on_page(client, encounter)  # the page drawn after the first action
    client.post(url, {"type": "end_turn", "actor": nova, "idempotency_key": key})
    assert end_turns(table, encounter) == 2
    client.post(url, {"type": "end_turn", "actor": thug})
    assert end_turns(table, encounter) == 3


def test_another_action_from_the_same_rendering_is_not_taken_for_a_repeat(table, faces, client):
    """A page left open (or gone back to) sends its key with another action: that one acts."""
    encounter, nova, thug = started(table, faces)
    client.force_login(table.gm)
    url = reverse("encounters:act", args=[encounter])
    [key] = keys_on_page(client, encounter)
    client.post(url, {"type": "end_turn", "actor": thug, "idempotency_key": key})
    client.post(url, {"type": "end_turn", "actor": nova, "idempotency_key": key})
    assert end_turns(table, encounter) == 2

"""Smaller page fixes: the home page pitches every registered system, the list's "new character
of …" buttons speak English too, the award form's amount is a number field, and the campaign
page's deadline form keeps its labels apart."""

from __future__ import annotations

import re

import pytest
from django.conf import settings as django_settings
from django.test import Client

from rules import systems
from tests.characters.helpers import table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def client_for(user=None, language=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    if language:
        client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.mark.parametrize("language", [None, "en"])
def test_the_home_page_pitches_every_registered_system(language):
    html = client_for(language=language).get("/").content.decode()
    pitched = set(re.findall(r'<article class="card h-100" data-system="([^"]+)"', html))
    assert pitched == set(systems.slugs()) and len(pitched) >= 4
    assert "Fichas de personaje de Epic20" not in html


def test_the_logged_out_home_buttons_are_there():
    html = client_for().get("/").content.decode()
    assert 'class="btn btn-outline-dark" href="/accounts/login/"' in html


def test_the_new_character_buttons_of_other_systems_speak_english():
    html = client_for(UserFactory(), "en").get("/characters/").content.decode()
    buttons = re.findall(r'data-system="[^"]+">([^<]+)</a>', html)
    assert len(buttons) == len(list(systems.slugs())) - 1
    assert all(text.startswith("New ") and text.endswith(" character") for text in buttons), buttons
    assert "Nuevo personaje de" not in html


def test_the_award_amount_is_a_number_field_stepping_by_a_half():
    gm, _player, _campaign, character = table()
    html = client_for(gm).get(f"/characters/{character.pk}/").content.decode()
    field = re.search(r'<input[^>]*name="amount"[^>]*>', html)
    assert field, "the GM's award form is on the sheet"
    assert 'type="number"' in field.group(0) and 'step="0.5"' in field.group(0)


def test_a_refused_award_amount_still_gets_its_message():
    gm, _player, _campaign, character = table()
    response = client_for(gm).post(
        f"/characters/{character.pk}/awards/", {"category": "powers", "amount": "abc"}
    )
    assert "La cantidad debe ser un número." in response.content.decode()
    assert not character.awards.exists()

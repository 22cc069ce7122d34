"""The sheet, the builder and the list of characters are remembered under the version of what
they show (`characters.page_versions`, `epic20site.remembered_pages`): read again while nothing
changed, a page is the page drawn afresh; after any change of the sheet, its awards and waivers,
its campaign, or the list's rows, it shows the change; the GM and the owner each get their own
page; and each answer carries its own request's CSRF token, which works."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from characters import services
from rules.registration import registrations
from tests.characters.helpers import form_data, make_character, nova, table
from tests.characters.test_api import client_for as api
from tests.factories import UserFactory, campaign_for, player_in
from tests.remembered import TOKEN, without_tokens

pytestmark = pytest.mark.django_db


def browser(user, **extra) -> Client:
    client = Client(enforce_csrf_checks=True, **extra)
    client.force_login(user)
    return client


def read(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def sheet_url(character) -> str:
    return f"/characters/{character.pk}/"


@pytest.mark.parametrize("suffix", ["", "edit/"])
def test_a_page_read_again_is_the_page_drawn_afresh(suffix):
    _gm, player, _campaign, character = table()
    client = browser(player)
    first = read(client, sheet_url(character) + suffix)
    again = read(client, sheet_url(character) + suffix)
    cache.clear()
    fresh = read(client, sheet_url(character) + suffix)
    assert without_tokens(first) == without_tokens(again) == without_tokens(fresh)
    assert "fresh-" not in again


def test_the_list_read_again_is_the_list_drawn_afresh():
    _gm, player, _campaign, _character = table()
    client = browser(player)
    first = read(client, "/characters/")
    again = read(client, "/characters/")
    cache.clear()
    assert without_tokens(first) == without_tokens(again) == without_tokens(read(client, "/characters/"))


def test_an_award_a_waiver_or_a_saved_sheet_shows_on_the_sheet_at_once():
    gm, player, _campaign, character = table()
    client = browser(player)
    read(client, sheet_url(character))
    response = api(gm).post(
        f"/api/v1/characters/{character.pk}/awards/",
        {"category": "powers", "amount": 1, "note": "Sesión 3"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert "Sesión 3" in read(client, sheet_url(character))
    services.character_update(character=character, sheet=nova(concept="cazadora de tormentas"))
    assert "cazadora de tormentas" in read(client, sheet_url(character))
    assert "cazadora de tormentas" in read(client, sheet_url(character) + "edit/")


def test_renaming_the_campaign_shows_on_the_sheet_and_in_the_list():
    gm, player, campaign, character = table()
    client = browser(player)
    read(client, sheet_url(character))
    read(client, "/characters/")
    response = api(gm).patch(f"/api/v1/campaigns/{campaign.pk}/", {"name": "Noches de neón"}, format="json")
    assert response.status_code == 200, response.json()
    assert "Noches de neón" in read(client, sheet_url(character))
    assert "Noches de neón" in read(client, "/characters/")


def test_a_new_renamed_or_deleted_character_shows_in_the_list_at_once():
    owner = UserFactory()
    client = browser(owner)
    first = make_character(owner)
    assert "Nova" in read(client, "/characters/")
    second = make_character(owner, sheet=nova(name="Centella"))
    assert "Centella" in read(client, "/characters/")
    services.character_update(character=second, sheet=nova(name="Chispa"))
    listed = read(client, "/characters/")
    assert "Chispa" in listed and "Centella" not in listed
    first.delete()
    assert f'id="character-{first.pk}"' not in read(client, "/characters/")


def test_the_gm_and_the_owner_each_get_their_own_sheet_page():
    gm, player, _campaign, character = table()
    assert 'id="gm-awards"' in read(browser(gm), sheet_url(character))
    assert 'id="gm-awards"' not in read(browser(player), sheet_url(character))
    assert 'id="gm-awards"' in read(browser(gm), sheet_url(character))


def test_the_builder_read_back_saves_with_its_own_csrf_token():
    _gm, player, _campaign, character = table()
    read(browser(player), sheet_url(character) + "edit/")  # remembered now
    client = browser(player)
    html = read(client, sheet_url(character) + "edit/")
    token = TOKEN.findall(html)[0]
    data = {**form_data(nova(concept="guardiana del puerto")), "save": "1", "csrfmiddlewaretoken": token}
    response = client.post(sheet_url(character) + "edit/", data)
    assert response.status_code == 302, response.content.decode()[:500]
    assert "guardiana del puerto" in read(client, sheet_url(character))


def test_english_readers_get_their_own_page():
    _gm, player, _campaign, character = table()
    read(browser(player), sheet_url(character))
    english = read(browser(player, HTTP_ACCEPT_LANGUAGE="en"), sheet_url(character))
    assert 'lang="en"' in english and "Jugador:" not in english


# --- A new character's builder: the same page for everyone with the same campaigns -------------

SAVE_KEY = re.compile(r'name="save_key" value="([^"]+)"')


@pytest.mark.parametrize(
    "system", [slug for slug, found in registrations().items() if found.pages is not None]
)
def test_a_new_characters_builder_read_again_is_the_builder_drawn_afresh_with_its_own_save_key(system):
    _gm, player, _campaign, _character = table()
    client = browser(player)
    url = f"/characters/new/?system={system}"
    first, again = read(client, url), read(client, url)
    cache.clear()
    fresh = read(client, url)

    assert without_tokens(first) == without_tokens(again) == without_tokens(fresh)
    assert "fresh-" not in again
    # Each opened builder saves once under its own key: two opened pages are two new sheets.
    keys = [SAVE_KEY.findall(page) for page in (first, again, fresh)]
    assert all(len(found) == 1 for found in keys) and len({found[0] for found in keys}) == 3


def test_each_player_sees_their_own_campaigns_in_a_new_characters_builder_and_a_join_at_once():
    gm, player, campaign, _character = table()
    loner = UserFactory()
    other = campaign_for(gm, name="Mareas de acero")
    assert "La Liga de la Noche" in read(browser(player), "/characters/new/")
    assert "La Liga de la Noche" not in read(browser(loner), "/characters/new/")

    player_in(other, loner)

    page = read(browser(loner), "/characters/new/")
    assert "Mareas de acero" in page and "La Liga de la Noche" not in page
    chosen = read(browser(player), f"/characters/new/?campaign={campaign.pk}")
    assert f'<option value="{campaign.pk}" selected>La Liga de la Noche</option>' in chosen
    assert " selected>La Liga de la Noche" not in read(browser(player), "/characters/new/")


def test_a_new_characters_builder_offers_only_the_campaigns_of_its_system():
    gm, player, _campaign, _character = table()
    hero = campaign_for(gm, name="Campeones de la costa", system="hero")
    player_in(hero, player)
    client = browser(player)

    epic20, hero_page = (
        read(client, "/characters/new/?system=epic20"),
        read(client, "/characters/new/?system=hero"),
    )

    assert "La Liga de la Noche" in epic20 and "Campeones de la costa" not in epic20
    assert "Campeones de la costa" in hero_page and "La Liga de la Noche" not in hero_page
    # The page drawn again for a form posted back (a row added without JavaScript) offers the same.
    posted = Client()
    posted.force_login(player)
    again = posted.post("/characters/new/", {"system": "hero", "op": "add:attacks"}).content.decode()
    assert 'id="attacks-0-name"' in again
    assert "Campeones de la costa" in again and "La Liga de la Noche" not in again

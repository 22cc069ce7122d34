"""The fight page is remembered under the version of everything it shows
(`combat.page_versions`, `epic20site.remembered_pages`): read again while nothing changed, it is
the page drawn afresh; after any change it shows the change; and each answer carries its own
request's CSRF token and poll key."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from combat import live
from tests.characters.helpers import make_character, nova
from tests.combat.encounters.test_fight_api import started
from tests.remembered import POLL_KEY as KEY
from tests.remembered import TOKEN, without_tokens

pytestmark = pytest.mark.django_db


def browser(user, **extra) -> Client:
    client = Client(enforce_csrf_checks=True, **extra)
    client.force_login(user)
    return client


def page(client, encounter, **params) -> str:
    response = client.get(reverse("encounters:detail", args=[encounter]), params)
    assert response.status_code == 200
    return response.content.decode()


def test_a_page_read_again_is_the_page_drawn_afresh(table, faces):
    encounter, _nova, _thug = started(table, faces)
    gm = browser(table.gm)
    first = page(gm, encounter)
    again = page(gm, encounter)
    cache.clear()
    fresh = page(gm, encounter)
    assert without_tokens(again) == without_tokens(first) == without_tokens(fresh)
    assert "fresh-" not in again  # no placeholder is ever left in a page


def test_each_answer_carries_its_own_csrf_token_and_poll_key_and_the_token_works(table, faces):
    encounter, _nova, thug = started(table, faces)
    page(browser(table.gm), encounter)  # remembered now
    other = browser(table.gm)
    html = page(other, encounter)
    tokens = set(TOKEN.findall(html))
    assert tokens and all(len(t) == 64 for t in tokens)
    (key,) = set(KEY.findall(html))
    from urllib.parse import unquote

    assert live.poll_key_user(unquote(key), encounter) == table.gm.pk
    response = other.post(
        reverse("encounters:act", args=[encounter]),
        {"type": "end_turn", "actor": thug, "csrfmiddlewaretoken": tokens.pop()},
    )
    assert response.status_code in (200, 302)
    assert "Turno de Nova" in page(other, encounter)


def test_an_action_and_its_undo_each_show_at_once(table, faces):
    encounter, nova_id, thug = started(table, faces)
    gm = browser(table.gm)
    assert "Turno de Matón" in page(gm, encounter)
    assert table.act(encounter, type="end_turn", actor=thug).status_code == 201
    assert "Turno de Nova" in page(gm, encounter)
    assert table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/").status_code == 200
    assert "Turno de Matón" in page(gm, encounter)


def test_renaming_the_campaign_shows_at_once(table, faces):
    encounter, _nova, _thug = started(table, faces)
    gm = browser(table.gm)
    page(gm, encounter)
    response = table.gm_api.patch(
        f"/api/v1/campaigns/{table.campaign.pk}/", {"name": "Noches de neón"}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert "Noches de neón" in page(gm, encounter)


def test_a_new_or_renamed_character_of_the_campaign_shows_in_the_join_form(table, faces):
    encounter = table.create()["id"]
    player = browser(table.player)
    assert table.character.name in page(player, encounter)
    second = make_character(table.player, campaign=table.campaign, sheet={**nova(), "name": "Centella"})
    assert "Centella" in page(player, encounter)
    second.name = "Chispa"
    second.save()
    assert "Chispa" in page(player, encounter)


def test_a_player_never_reads_the_gms_page_nor_another_language(table, faces):
    encounter, _nova, _thug = started(table, faces)
    assert 'id="gm-drawer"' in page(browser(table.gm), encounter)
    assert 'id="gm-drawer"' not in page(browser(table.player), encounter)
    english = page(browser(table.player, HTTP_ACCEPT_LANGUAGE="en"), encounter)
    assert "Combatants" in english and "Combatientes" not in english


def test_the_address_is_part_of_the_version(table, faces):
    encounter, _nova, _thug = started(table, faces)
    gm = browser(table.gm)
    plain = page(gm, encounter)
    focused = page(gm, encounter, skill="percepcion")
    assert without_tokens(plain) != without_tokens(focused)

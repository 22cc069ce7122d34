"""Right after joining by invite code, and on the campaign page, a player is offered their own
sheets of the campaign's system to bring in, one click each through the attach service (back to
the campaign page), and a new character of that system with the campaign chosen in its builder."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from characters.models import Character
from tests.campaigns.test_campaign_systems import sheet_of
from tests.characters.helpers import make_character
from tests.factories import UserFactory, campaign_for

pytestmark = pytest.mark.django_db
JOIN = reverse("campaigns:campaign_join")
HTMX = {"HTTP_HX_REQUEST": "true"}


def logged(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def offer(html: str) -> str:
    start = html.index("data-bring-character")
    return html[start : html.index("data-new-for-campaign", start) + 200]


@pytest.fixture
def hero_table():
    gm = UserFactory(username="directora")
    campaign = campaign_for(gm, name="Mesa Hero", system="hero")
    other = campaign_for(UserFactory(), name="Otra Hero", system="hero")
    player = UserFactory(username="ana")
    loose = make_character(player, sheet=sheet_of("hero", "Dragón"))
    anima = make_character(player, sheet=sheet_of("anima", "Espadachina"))
    return {"gm": gm, "campaign": campaign, "other": other, "player": player, "loose": loose, "anima": anima}


def test_joining_with_htmx_offers_the_sheets_of_the_campaigns_system_and_a_new_one(hero_table):
    campaign, player = hero_table["campaign"], hero_table["player"]
    response = logged(player).post(JOIN, {"invite_code": campaign.invite_code}, **HTMX)
    block = offer(response.content.decode())
    assert "Dragón" in block and "Espadachina" not in block
    assert f'action="/characters/{hero_table["loose"].pk}/campaign/"' in block
    assert f'href="/characters/new/?system=hero&amp;campaign={campaign.pk}"' in block


def test_joining_without_javascript_lands_on_the_campaign_page_with_the_offer(hero_table):
    campaign, player = hero_table["campaign"], hero_table["player"]
    client = logged(player)
    response = client.post(JOIN, {"invite_code": campaign.invite_code}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("campaigns:campaign_detail", args=[campaign.pk])
    assert "Dragón" in offer(response.content.decode())


def test_one_click_attaches_through_the_attach_service_and_returns_to_the_campaign(hero_table):
    campaign, player, loose = hero_table["campaign"], hero_table["player"], hero_table["loose"]
    client = logged(player)
    client.post(JOIN, {"invite_code": campaign.invite_code})
    back = reverse("campaigns:campaign_detail", args=[campaign.pk])
    response = client.post(
        reverse("characters:attach", args=[loose.pk]), {"campaign": campaign.pk, "next": back}
    )
    assert response.status_code == 302 and response["Location"] == back
    loose.refresh_from_db()
    assert loose.campaign_id == campaign.pk
    page = client.get(back).content.decode()
    assert 'id="campaign-character-list"' in page
    assert "No tienes fichas de este sistema fuera de esta campaña." in offer(page)


def test_a_sheet_in_another_campaign_is_offered_with_where_it_is_now(hero_table):
    campaign, other, player = hero_table["campaign"], hero_table["other"], hero_table["player"]
    client = logged(player)
    client.post(JOIN, {"invite_code": other.invite_code})
    make_character(player, campaign=other, sheet=sheet_of("hero", "Mastín"))
    client.post(JOIN, {"invite_code": campaign.invite_code})
    block = offer(client.get(reverse("campaigns:campaign_detail", args=[campaign.pk])).content.decode())
    assert re.search(r"Mastín\s*<span[^>]*>\(ahora en «Otra Hero»\)", block)


def test_an_outside_next_is_ignored_and_a_refused_attach_changes_nothing(hero_table):
    campaign, player = hero_table["campaign"], hero_table["player"]
    client = logged(player)
    client.post(JOIN, {"invite_code": campaign.invite_code})
    loose, anima = hero_table["loose"], hero_table["anima"]
    response = client.post(
        reverse("characters:attach", args=[loose.pk]),
        {"campaign": campaign.pk, "next": "https://evil.example/"},
    )
    assert response["Location"] == reverse("characters:sheet", args=[loose.pk])
    refused = client.post(
        reverse("characters:attach", args=[anima.pk]), {"campaign": campaign.pk, "next": "/"}
    )
    assert refused.status_code == 400
    assert Character.objects.get(pk=anima.pk).campaign_id is None


def test_the_gm_is_not_offered_to_bring_a_character(hero_table):
    page = logged(hero_table["gm"]).get(
        reverse("campaigns:campaign_detail", args=[hero_table["campaign"].pk])
    )
    assert "data-bring-character" not in page.content.decode()


def test_the_new_character_button_opens_the_systems_builder_with_the_campaign_chosen(hero_table):
    campaign, player = hero_table["campaign"], hero_table["player"]
    client = logged(player)
    client.post(JOIN, {"invite_code": campaign.invite_code})
    html = client.get(f"/characters/new/?system=hero&campaign={campaign.pk}").content.decode()
    assert "Nuevo personaje de Hero System" in html
    assert re.search(rf'<option value="{campaign.pk}"\s+selected>Mesa Hero</option>', html)


def test_a_phone_is_shown_the_offer_after_joining_and_left_at_a_refused_code(hero_table):
    client = logged(hero_table["player"])
    refused = client.post(JOIN, {"invite_code": "NOEXISTE22"}, **HTMX)
    assert "HX-Reswap" not in refused
    joined = client.post(JOIN, {"invite_code": hero_table["campaign"].invite_code}, **HTMX)
    assert joined["HX-Reswap"] == "outerHTML show:window:top"

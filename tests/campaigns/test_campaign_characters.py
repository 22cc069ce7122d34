"""The campaign page lists the campaign's characters as the privacy rules say: a sheet is private
to its owner and the campaign's GM, so the GM sees every one (owner, system, the sheet, and the
award form where the system's sheet has one) and a player only their own. Every change shows at
once, on the campaign page and on the remembered character list."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from characters import services as characters
from tests.campaigns.test_campaign_systems import sheet_of
from tests.characters.helpers import make_character
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db


def client_for(user, **headers) -> Client:
    client = Client(**headers)
    client.force_login(user)
    return client


def detail_url(campaign) -> str:
    return reverse("campaigns:campaign_detail", args=[campaign.pk])


def roster(client, campaign) -> str:
    """The campaign page's character section."""
    response = client.get(detail_url(campaign))
    assert response.status_code == 200
    html = response.content.decode()
    start = html.index('id="campaign-characters"')
    return html[start : html.index("</section>", start)]


@pytest.fixture
def table():
    gm = UserFactory(username="directora")
    campaign = campaign_for(gm, name="Mesa de Anima", system="anima")
    ana, beto = (
        player_in(campaign, UserFactory(username="ana")),
        player_in(campaign, UserFactory(username="beto")),
    )
    celia = make_character(ana, campaign=campaign, sheet=sheet_of("anima", "Celia"))
    bruno = make_character(beto, campaign=campaign, sheet=sheet_of("anima", "Bruno"))
    make_character(ana, sheet=sheet_of("anima", "Fuera de la mesa"))
    return gm, ana, beto, campaign, celia, bruno


def test_the_gm_sees_every_character_with_its_owner_system_and_sheet(table):
    gm, _ana, _beto, campaign, celia, bruno = table
    html = roster(client_for(gm), campaign)
    assert html.index("Bruno") < html.index("Celia")  # by name
    assert "Fuera de la mesa" not in html
    heading = html[: html.index("</h2>")]
    assert "(2)" in heading and 'data-system="anima" title="Sistema de juego">Anima (d10)</span>' in heading
    for character, owner in ((celia, "ana"), (bruno, "beto")):
        row = html[html.index(f'id="campaign-character-{character.pk}"') :]
        row = row[: row.index("</li>")]
        assert f"de {owner}" in row
        assert f'href="{reverse("characters:sheet", args=[character.pk])}"' in row
        # Anima's sheet has no award form: no link to one.
        assert "Otorgar puntos" not in row


def test_the_gm_of_an_epic20_campaign_gets_a_link_to_each_award_form():
    gm = UserFactory()
    campaign = campaign_for(gm)
    nova = make_character(player_in(campaign), campaign=campaign, sheet=sheet_of("epic20", "Nova"))
    html = roster(client_for(gm), campaign)
    award = f'href="{reverse("characters:sheet", args=[nova.pk])}#gm-awards">Otorgar puntos</a>'
    assert award in html
    sheet = client_for(gm).get(reverse("characters:sheet", args=[nova.pk])).content.decode()
    assert 'id="gm-awards"' in sheet  # the link lands on the form
    assert "Otorgar puntos" not in roster(client_for(campaign.memberships.last().user), campaign)


def test_a_player_sees_only_their_own_characters(table):
    _gm, ana, beto, campaign, celia, bruno = table
    html = roster(client_for(ana), campaign)
    assert "Celia" in html
    assert "Bruno" not in html and "beto" not in html
    assert f"campaign-character-{bruno.pk}" not in html
    assert "aquí ves las tuyas" in html
    assert "Celia" not in roster(client_for(beto), campaign)


def test_a_player_without_a_character_here_is_told_where_to_bring_one(table):
    *_, campaign, _celia, _bruno = table
    html = roster(client_for(player_in(campaign)), campaign)
    assert "Aún no has unido ningún personaje a esta campaña." in html
    assert f'href="{reverse("characters:list")}"' in html


def test_an_empty_table_says_so_to_its_gm_in_both_languages():
    gm = UserFactory()
    campaign = campaign_for(gm)
    assert "Aún no hay personajes en esta campaña" in roster(client_for(gm), campaign)
    english = roster(client_for(gm, HTTP_ACCEPT_LANGUAGE="en"), campaign)
    assert "No characters in this campaign yet" in english


def test_outsiders_get_no_page_at_all(table):
    *_, campaign, _celia, _bruno = table
    assert client_for(UserFactory()).get(detail_url(campaign)).status_code == 404


@pytest.mark.parametrize("count", [1, 12])
def test_the_page_reads_the_characters_in_a_fixed_number_of_queries(django_assert_max_num_queries, count):
    gm = UserFactory()
    campaign = campaign_for(gm, system="hero")
    for n in range(count):
        make_character(player_in(campaign), campaign=campaign, sheet=sheet_of("hero", f"Héroe {n}"))
    client = client_for(gm)
    client.get(detail_url(campaign))  # the session and caches warm
    # The page as it was (session, user, campaign, members, partidas, journal…) and one for the characters.
    with django_assert_max_num_queries(9):
        html = roster(client, campaign)
    assert html.count('class="list-group-item') == count


def test_attaching_renaming_and_detaching_show_at_once_on_the_campaign_and_list_pages(table):
    gm, ana, _beto, campaign, _celia, _bruno = table
    gm_client, ana_client = client_for(gm), client_for(ana)
    loose = make_character(ana, sheet=sheet_of("anima", "Vagabunda"))
    assert "Vagabunda" not in roster(gm_client, campaign)
    list_url = reverse("characters:list")
    ana_client.get(list_url)  # remembered from here on

    characters.character_attach(character=loose, campaign=campaign, user=ana)
    assert "Vagabunda" in roster(gm_client, campaign)
    row = ana_client.get(list_url).content.decode()
    row = row[row.index(f'id="character-{loose.pk}"') :]
    assert "Mesa de Anima" in row[: row.index("</tr>")]

    characters.character_update(character=loose, sheet=sheet_of("anima", "Peregrina"))
    html = roster(gm_client, campaign)
    assert "Peregrina" in html and "Vagabunda" not in html
    listed = ana_client.get(list_url).content.decode()
    assert "Peregrina" in listed and "Vagabunda" not in listed

    loose.refresh_from_db()
    characters.character_attach(character=loose, campaign=None, user=ana)
    assert "Peregrina" not in roster(gm_client, campaign)
    listed = ana_client.get(list_url).content.decode()
    row = listed[listed.index(f'id="character-{loose.pk}"') :]
    assert "Mesa de Anima" not in row[: row.index("</tr>")]

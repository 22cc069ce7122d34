"""The partidas section of the campaign page and the journal page, as members use them."""

import pytest
from django.test import Client

from tests.factories import UserFactory, campaign_for, player_in
from tracking.models import JournalEntry, Partida

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    gm = UserFactory(username="director")
    campaign = campaign_for(gm=gm)
    player = player_in(campaign, UserFactory(username="jugadora"))
    return campaign, gm, player


def logged(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_gm_opens_and_closes_a_partida_from_the_campaign_page_and_players_read_it(table):
    campaign, gm, player = table
    base = f"/campaigns/{campaign.pk}/"
    assert logged(gm).post(base + "partidas/open/", {"title": "El robo"}).status_code == 302
    partida = Partida.objects.get()
    logged(gm).post(base + "scenes/new/")
    logged(gm).post(base + f"partidas/{partida.pk}/close/", {"summary": "Huyen por los tejados."})
    page = logged(player).get(base).content.decode()
    assert "El robo" in page and "Huyen por los tejados." in page and "2 escenas" in page
    assert "Abrir una partida" not in page


def test_a_player_cannot_open_a_partida_from_the_page(table):
    campaign, gm, player = table
    assert logged(player).post(f"/campaigns/{campaign.pk}/partidas/open/", {"title": "X"}).status_code == 403
    assert not Partida.objects.exists()


def test_a_refused_partida_shows_why_and_changes_nothing(table):
    campaign, gm, _ = table
    response = logged(gm).post(f"/campaigns/{campaign.pk}/partidas/open/", {"title": " "}, follow=True)
    assert "La partida necesita un título." in response.content.decode()
    assert not Partida.objects.exists()


def test_the_journal_page_posts_searches_and_hides_what_is_not_for_the_reader(table):
    campaign, gm, player = table
    journal = f"/campaigns/{campaign.pk}/journal/"
    logged(gm).post(journal + "post/", {"body": "**Pista** secreta", "visibility": "gm"})
    logged(gm).post(journal + "post/", {"body": "Llega el invierno", "visibility": "all"})
    assert JournalEntry.objects.count() == 2
    seen = logged(player).get(journal).content.decode()
    assert "Llega el invierno" in seen and "Pista" not in seen
    assert "<strong>Pista</strong>" in logged(gm).get(journal).content.decode()
    assert "invierno" not in logged(gm).get(journal + "?q=Pista").content.decode()


def test_the_author_edits_from_the_journal_page_and_the_history_shows(table):
    campaign, gm, player = table
    journal = f"/campaigns/{campaign.pk}/journal/"
    logged(player).post(journal + "post/", {"body": "Antes"})
    entry = JournalEntry.objects.get()
    logged(player).post(journal + f"{entry.pk}/edit/", {"body": "Después"})
    page = logged(player).get(journal).content.decode()
    assert "Después" in page and "Antes" in page and "versión anterior" in page
    assert logged(gm).post(journal + f"{entry.pk}/edit/", {"body": "Del director"}).status_code == 302
    assert JournalEntry.objects.get().body == "Después"

"""The directory's pages through the test client: who may open each, what it shows and hides,
each form's refusals (a 400 with the reason, nothing written)."""

import datetime

import pytest
from django.urls import reverse

from campaigns.models import Membership
from characters.models import Character
from tables import services
from tables.models import Application, Listing
from tables.selectors import today
from tests.factories import UserFactory, campaign_for, player_in

from .helpers import apply, free_character, listed_campaign

pytestmark = pytest.mark.django_db

DIRECTORY = reverse("tables:directory")


def logged_in(client, user):
    client.force_login(user)
    return client


def test_the_directory_is_public_and_shows_only_listed_campaigns(client):
    listed_campaign(name="La Liga de la Noche")
    campaign_for(UserFactory(), name="La Mesa Secreta")
    page = client.get(DIRECTORY)
    assert page.status_code == 200
    text = page.content.decode()
    assert "La Liga de la Noche" in text and "La Mesa Secreta" not in text
    assert "2 plazas libres" in text


def test_the_directory_filters_by_language_pace_and_words(client):
    listed_campaign(name="La Liga de la Noche", pace="daily")
    listed_campaign(UserFactory(), name="Dawn Patrol", language="en")
    assert "La Liga" not in client.get(DIRECTORY, {"language": "en"}).content.decode()
    assert "Dawn Patrol" not in client.get(DIRECTORY, {"pace": "daily"}).content.decode()
    found = client.get(DIRECTORY, {"q": "dawn"}).content.decode()
    assert "Dawn Patrol" in found and "La Liga" not in found
    odd = client.get(DIRECTORY, {"language": "xx"})
    assert odd.status_code == 200 and "Dawn Patrol" in odd.content.decode()  # no filter, said so
    assert "is-invalid" in odd.content.decode()


def test_a_tables_page_shows_its_pitch_and_seats_and_asks_a_stranger_to_log_in(client):
    campaign = listed_campaign()
    text = client.get(reverse("tables:table", args=[campaign.pk])).content.decode()
    assert "<strong>sin héroes</strong>" in text and "2 plazas libres" in text
    assert reverse("accounts:login") in text and campaign.invite_code not in text


def test_an_unlisted_or_closed_tables_page_is_404(client):
    campaign = listed_campaign()
    services.listing_update(campaign=campaign, changes={"listed": False})
    assert client.get(reverse("tables:table", args=[campaign.pk])).status_code == 404
    other = listed_campaign(UserFactory(), name="Otra")
    Listing.objects.filter(campaign=other).update(closes_on=today() - datetime.timedelta(days=1))
    assert client.get(reverse("tables:table", args=[other.pk])).status_code == 404


def test_a_tables_page_shows_no_member_of_it(client):
    campaign = listed_campaign()
    member = player_in(campaign, UserFactory(username="miembro_secreto"))
    Character.objects.filter(pk=free_character(member).pk).update(campaign=campaign, name="Zafira Oculta")
    outsider = player_in(campaign_for(UserFactory(), name="Otra"))
    logged_in(client, outsider)
    for path in (DIRECTORY, reverse("tables:table", args=[campaign.pk])):
        text = client.get(path).content.decode()
        assert "miembro_secreto" not in text and "Zafira Oculta" not in text


def test_applying_needs_an_account(client):
    campaign = listed_campaign()
    response = client.get(reverse("tables:apply", args=[campaign.pk]))
    assert response.status_code == 302 and reverse("accounts:login") in response["Location"]


def test_the_apply_form_offers_only_the_players_free_sheets_of_the_system(client):
    campaign = listed_campaign()
    player = UserFactory()
    mine = free_character(player)
    taken = free_character(player)
    Character.objects.filter(pk=taken.pk).update(
        campaign=campaign_for(UserFactory(), name="Otra"), name="Ocupada"
    )
    other_system = free_character(player)
    Character.objects.filter(pk=other_system.pk).update(system="msh", name="Otro sistema")
    text = logged_in(client, player).get(reverse("tables:apply", args=[campaign.pk])).content.decode()
    assert f'value="{mine.pk}"' in text
    assert "Ocupada" not in text and "Otro sistema" not in text


def test_a_player_applies_with_a_sheet_from_the_page(client):
    campaign = listed_campaign()
    player = UserFactory()
    sheet = free_character(player)
    response = logged_in(client, player).post(
        reverse("tables:apply", args=[campaign.pk]), {"message": "Hola, llevo a Nova.", "character": sheet.pk}
    )
    assert response.status_code == 302 and response["Location"] == reverse("tables:my_applications")
    application = Application.objects.get()
    assert (application.applicant, application.character_id) == (player, sheet.pk)
    mine = client.get(reverse("tables:my_applications")).content.decode()
    assert "La Liga de la Noche" in mine and "Pendiente" in mine


def test_a_refused_application_says_why_and_writes_nothing(client):
    campaign = listed_campaign()
    player = UserFactory()
    logged_in(client, player)
    empty = client.post(reverse("tables:apply", args=[campaign.pk]), {"message": ""})
    assert empty.status_code == 400
    apply(player, campaign)
    again = client.post(reverse("tables:apply", args=[campaign.pk]), {"message": "Otra vez"})
    assert again.status_code == 400
    assert "Ya tienes una solicitud pendiente en esta mesa." in again.content.decode()
    assert Application.objects.count() == 1


def test_applying_from_the_page_is_throttled_with_retry_after(client, settings):
    settings.TABLE_APPLICATION_RATE = "1/h"
    campaign = listed_campaign()
    logged_in(client, UserFactory())
    client.post(reverse("tables:apply", args=[campaign.pk]), {"message": ""})
    response = client.post(reverse("tables:apply", args=[campaign.pk]), {"message": "Hola"})
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert not Application.objects.exists()


def test_the_gm_lists_a_campaign_from_its_page(client):
    gm = UserFactory()
    campaign = campaign_for(gm)
    logged_in(client, gm)
    detail = client.get(reverse("campaigns:campaign_detail", args=[campaign.pk])).content.decode()
    assert reverse("tables:listing", args=[campaign.pk]) in detail
    response = client.post(
        reverse("tables:listing", args=[campaign.pk]),
        {"listed": "on", "pitch": "Una mesa *nueva*.", "pace": "brisk", "language": "es", "seats": "3"},
    )
    assert response.status_code == 302
    listing = Listing.objects.get(campaign=campaign)
    assert listing.listed and listing.seats == 3 and "<em>nueva</em>" in listing.pitch_html


def test_a_bad_listing_from_the_page_is_a_400_and_changes_nothing(client):
    gm = UserFactory()
    campaign = campaign_for(gm)
    response = logged_in(client, gm).post(
        reverse("tables:listing", args=[campaign.pk]),
        {"listed": "on", "pitch": "", "pace": "brisk", "language": "es", "seats": "3"},
    )
    assert response.status_code == 400
    assert "Escribe una presentación antes de anunciar la campaña." in response.content.decode()
    assert not Listing.objects.exists()


def test_only_the_gm_opens_the_listing_and_the_applications(client):
    campaign = listed_campaign()
    player = player_in(campaign)
    logged_in(client, player)
    assert client.get(reverse("tables:listing", args=[campaign.pk])).status_code == 403
    assert client.get(reverse("tables:applications", args=[campaign.pk])).status_code == 403
    logged_in(client, UserFactory())
    assert client.get(reverse("tables:applications", args=[campaign.pk])).status_code == 404


def test_the_gm_accepts_from_the_applications_page(client):
    campaign = listed_campaign()
    player = UserFactory(username="aspirante")
    sheet = free_character(player)
    application = apply(player, campaign, character=sheet)
    logged_in(client, campaign.gm)
    page = client.get(reverse("tables:applications", args=[campaign.pk])).content.decode()
    assert "aspirante" in page and "Nova" in page
    response = client.post(
        reverse("tables:decide", args=[campaign.pk, application.pk]), {"status": "accepted", "note": "¡Hola!"}
    )
    assert response.status_code == 302
    assert Membership.objects.filter(campaign=campaign, user=player).exists()
    assert Character.objects.get(pk=sheet.pk).campaign_id == campaign.pk
    assert "1 plaza libre" in client.get(reverse("tables:applications", args=[campaign.pk])).content.decode()


def test_a_refused_answer_on_the_page_says_why_and_changes_nothing(client):
    campaign = listed_campaign()
    application = apply(UserFactory(), campaign)
    logged_in(client, campaign.gm)
    url = reverse("tables:decide", args=[campaign.pk, application.pk])
    response = client.post(url, {"status": "accepted", "block": "on"}, follow=True)
    assert "Solo se bloquea al rechazar." in response.content.decode()
    response = client.post(url, {"status": "maybe"}, follow=True)
    assert response.status_code == 200
    assert Application.objects.get().status == "pending"


def test_the_menu_links_to_the_directory(client):
    assert DIRECTORY in client.get(DIRECTORY).content.decode()


def test_the_listing_form_shows_the_closing_date_it_stored_and_the_fights_to_make_public(client):
    from combat.models import Encounter

    campaign = listed_campaign(closes_on=datetime.date(2099, 3, 4))
    Encounter.objects.create(campaign=campaign, name="Emboscada en el puerto")
    text = logged_in(client, campaign.gm).get(reverse("tables:listing", args=[campaign.pk])).content.decode()
    assert 'value="2099-03-04"' in text
    assert "Emboscada en el puerto" in text


def test_the_gm_makes_a_fight_public_from_the_listing_form(client):
    from combat.models import Encounter

    campaign = listed_campaign()
    fight = Encounter.objects.create(campaign=campaign, name="Emboscada en el puerto")
    form = {"listed": "on", "pitch": "Hola", "pace": "brisk", "language": "es", "seats": "2"}
    logged_in(client, campaign.gm).post(
        reverse("tables:listing", args=[campaign.pk]), {**form, "public_encounters": [str(fight.pk)]}
    )
    assert list(Listing.objects.get(campaign=campaign).public_encounters.all()) == [fight]


def test_the_gm_sees_the_sheet_sent_and_links_to_it_once_it_is_in_the_campaign(client):
    campaign = listed_campaign()
    player = UserFactory()
    sheet = free_character(player)
    application = apply(player, campaign, character=sheet)
    logged_in(client, campaign.gm)
    page = reverse("tables:applications", args=[campaign.pk])
    sheet_url = reverse("characters:sheet", args=[sheet.pk])
    before = client.get(page).content.decode()
    sent = reverse("tables:applicant_sheet", args=[campaign.pk, application.pk])
    assert f'<a href="{sent}">Nova</a> (Nivel 8)' in before and sheet_url not in before
    services.application_decide(campaign=campaign, application_id=application.pk, status="accepted")
    assert sheet_url in client.get(page).content.decode()
    assert client.get(sheet_url).status_code == 200

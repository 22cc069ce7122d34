"""The directory's writes: listing, applying, answering; every refusal changes nothing."""

import datetime

import pytest
from django.http import Http404

from campaigns.models import Membership
from epic20site.errors import DomainError
from notifications.models import Outbox
from tables import selectors, services
from tables.models import ApplicantBlock, Application, Listing
from tables.selectors import today
from tests.factories import UserFactory, campaign_for

from .helpers import apply, free_character, listed_campaign

pytestmark = pytest.mark.django_db


def _decide(campaign, application, status, **kwargs):
    return services.application_decide(
        campaign=campaign, application_id=application.pk, status=status, **kwargs
    )


def test_a_campaign_is_not_listed_until_its_gm_lists_it():
    campaign = campaign_for(UserFactory())
    assert not Listing.objects.filter(campaign=campaign).exists()
    assert list(selectors.directory()) == []
    services.listing_update(campaign=campaign, changes={"pitch": "Hola", "seats": 3})
    assert list(selectors.directory()) == []


def test_listing_shows_the_campaign_and_unlisting_hides_it_at_once():
    campaign = listed_campaign()
    assert [listing.campaign_id for listing in selectors.directory()] == [campaign.pk]
    services.listing_update(campaign=campaign, changes={"listed": False})
    assert list(selectors.directory()) == []
    with pytest.raises(Http404):
        selectors.table_get(campaign.pk)


def test_the_pitch_is_rendered_from_markdown_and_sanitised():
    campaign = listed_campaign(pitch="**hola** <script>alert(1)</script> [x](javascript:alert(1))")
    html = Listing.objects.get(campaign=campaign).pitch_html
    assert "<strong>hola</strong>" in html
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "href" not in html  # markdown-it leaves a javascript: link as text


def test_a_listing_needs_a_pitch_and_a_closing_date_not_past():
    campaign = campaign_for(UserFactory())
    with pytest.raises(DomainError) as refused:
        services.listing_update(campaign=campaign, changes={"listed": True, "pitch": "   "})
    assert refused.value.code == "listing.pitch_required"
    yesterday = today() - datetime.timedelta(days=1)
    with pytest.raises(DomainError) as refused:
        services.listing_update(
            campaign=campaign, changes={"listed": True, "pitch": "x", "closes_on": yesterday}
        )
    assert refused.value.code == "listing.closes_on_past"
    assert not Listing.objects.filter(campaign=campaign).exists()


def test_a_campaign_past_its_closing_date_leaves_the_directory():
    campaign = listed_campaign(closes_on=today())
    assert selectors.table_get(campaign.pk).campaign_id == campaign.pk
    Listing.objects.filter(campaign=campaign).update(closes_on=today() - datetime.timedelta(days=1))
    assert list(selectors.directory()) == []


def test_the_directory_filters_by_system_language_pace_and_words():
    night = listed_campaign(name="La Liga de la Noche", language="es", pace="daily")
    dawn = listed_campaign(UserFactory(), name="Dawn Patrol", language="en", pace="relaxed")
    assert {listing.campaign_id for listing in selectors.directory(language="en")} == {dawn.pk}
    assert {listing.campaign_id for listing in selectors.directory(pace="daily")} == {night.pk}
    assert {listing.campaign_id for listing in selectors.directory(q="liga noche")} == {night.pk}
    assert {listing.campaign_id for listing in selectors.directory(q="héroes")} == {night.pk, dawn.pk}
    assert list(selectors.directory(system="msh")) == []
    assert len(selectors.directory(system="epic20")) == 2


def test_applying_writes_a_pending_application_and_tells_the_gm():
    campaign = listed_campaign()
    player = UserFactory()
    application = apply(player, campaign, message="Hola, **yo** juego.")
    assert application.status == Application.Status.PENDING
    assert "<strong>yo</strong>" in application.message_html
    told = Outbox.objects.get(user=campaign.gm, event="application")
    assert player.username in told.text and told.link == f"/mesas/campana/{campaign.pk}/solicitudes/"


def test_one_open_application_per_player_and_campaign():
    campaign = listed_campaign()
    player = UserFactory()
    apply(player, campaign)
    with pytest.raises(DomainError) as refused:
        apply(player, campaign)
    assert (refused.value.code, refused.value.status) == ("application.pending", 409)
    assert Application.objects.count() == 1


def test_an_empty_or_too_long_message_is_refused():
    campaign = listed_campaign()
    for message, code in (("   ", "text.required"), ("x" * 2001, "text.too_long")):
        with pytest.raises(DomainError) as refused:
            apply(UserFactory(), campaign, message=message)
        assert (refused.value.code, refused.value.path) == (code, "/message")
    assert not Application.objects.exists()


def test_a_sheet_sent_must_be_the_applicants_own_free_sheet_of_the_campaigns_system():
    campaign = listed_campaign()
    player, other = UserFactory(), UserFactory()
    with pytest.raises(DomainError) as refused:
        apply(player, campaign, character=free_character(other))
    assert refused.value.code == "character.not_found"
    elsewhere = free_character(player)
    elsewhere.campaign = campaign_for(UserFactory(), name="Otra")
    elsewhere.save()
    with pytest.raises(DomainError) as refused:
        apply(player, campaign, character=elsewhere)
    assert refused.value.code == "character.in_campaign"
    assert not Application.objects.exists()


def test_a_sheet_of_another_system_is_refused():
    campaign = listed_campaign()
    player = UserFactory()
    sheet = free_character(player)
    sheet.system = "msh"
    sheet.save()
    with pytest.raises(DomainError) as refused:
        apply(player, campaign, character=sheet)
    assert refused.value.code == "character.wrong_system"


def test_accepting_makes_a_member_attaches_the_sheet_takes_a_seat_and_tells_the_player():
    campaign = listed_campaign(seats=2)
    player = UserFactory()
    sheet = free_character(player)
    application = _decide(campaign, apply(player, campaign, character=sheet), "accepted", note="¡Bienvenida!")
    assert application.status == "accepted" and application.note == "¡Bienvenida!"
    assert Membership.objects.filter(campaign=campaign, user=player, role="player").exists()
    sheet.refresh_from_db()
    assert sheet.campaign_id == campaign.pk
    assert Listing.objects.get(campaign=campaign).seats_left == 1
    told = Outbox.objects.get(user=player, event="application")
    assert "aceptado" in told.text and told.link == f"/campaigns/{campaign.pk}/"


def test_a_full_table_takes_no_more_applications_nor_acceptances():
    campaign = listed_campaign(seats=1)
    first, second, third = UserFactory(), UserFactory(), UserFactory()
    waiting = apply(second, campaign)
    _decide(campaign, apply(first, campaign), "accepted")
    with pytest.raises(DomainError) as refused:
        apply(third, campaign)
    assert (refused.value.code, refused.value.status) == ("table.full", 409)
    with pytest.raises(DomainError) as refused:
        _decide(campaign, waiting, "accepted")
    assert refused.value.code == "table.full"
    assert not Membership.objects.filter(campaign=campaign, user=second).exists()


def test_a_closed_table_refuses_applications_with_409():
    campaign = listed_campaign()
    Listing.objects.filter(campaign=campaign).update(closes_on=today() - datetime.timedelta(days=1))
    with pytest.raises(DomainError) as refused:
        apply(UserFactory(), campaign)
    assert (refused.value.code, refused.value.status) == ("table.closed", 409)


def test_an_unlisted_table_answers_as_none():
    campaign = listed_campaign()
    services.listing_update(campaign=campaign, changes={"listed": False})
    with pytest.raises(Http404):
        apply(UserFactory(), campaign)


def test_a_member_cannot_apply_to_their_own_campaign():
    campaign = listed_campaign()
    with pytest.raises(DomainError) as refused:
        apply(campaign.gm, campaign)
    assert refused.value.code == "application.already_member"


def test_declining_with_a_block_keeps_the_applicant_from_applying_again():
    campaign = listed_campaign()
    player = UserFactory()
    declined = _decide(campaign, apply(player, campaign), "declined", note="No encaja.", block=True)
    assert declined.status == "declined"
    assert ApplicantBlock.objects.filter(campaign=campaign, user=player).exists()
    with pytest.raises(DomainError) as refused:
        apply(player, campaign)
    assert (refused.value.code, refused.value.status) == ("application.blocked", 403)
    told = Outbox.objects.get(user=player, event="application")
    assert "no ha sido aceptada" in told.text


def test_declining_without_a_block_lets_the_player_apply_again():
    campaign = listed_campaign()
    player = UserFactory()
    _decide(campaign, apply(player, campaign), "declined")
    assert apply(player, campaign).status == "pending"


def test_an_answered_application_cannot_be_answered_again_and_block_needs_decline():
    campaign = listed_campaign()
    application = apply(UserFactory(), campaign)
    with pytest.raises(DomainError) as refused:
        _decide(campaign, application, "accepted", block=True)
    assert refused.value.code == "application.block_needs_decline"
    _decide(campaign, application, "declined")
    with pytest.raises(DomainError) as refused:
        _decide(campaign, application, "accepted")
    assert (refused.value.code, refused.value.status) == ("application.decided", 409)


def test_an_application_of_another_campaign_is_not_found():
    campaign, other = listed_campaign(), listed_campaign(UserFactory(), name="Otra")
    application = apply(UserFactory(), other)
    with pytest.raises(Http404):
        _decide(campaign, application, "accepted")


def test_the_seats_taken_count_against_the_seats_offered_until_the_gm_offers_more():
    campaign = listed_campaign(seats=1)
    _decide(campaign, apply(UserFactory(), campaign), "accepted")
    assert Listing.objects.get(campaign=campaign).seats_left == 0
    services.listing_update(campaign=campaign, changes={"seats": 1, "pitch": "Otra presentación"})
    assert Listing.objects.get(campaign=campaign).seats_left == 0
    services.listing_update(campaign=campaign, changes={"seats": 3})
    assert Listing.objects.get(campaign=campaign).seats_left == 2


def test_only_the_campaigns_own_fights_can_be_made_public():
    from combat.models import Encounter

    campaign = listed_campaign()
    other = campaign_for(UserFactory(), name="Otra")
    foreign = Encounter.objects.create(campaign=other, name="Ajeno")
    with pytest.raises(DomainError) as refused:
        services.listing_update(campaign=campaign, changes={"public_encounters": [foreign.pk]})
    assert refused.value.code == "listing.encounter_unknown"


def test_a_gm_who_turned_application_notices_off_is_not_told():
    from notifications.preferences import preference_for

    campaign = listed_campaign()
    preference = preference_for(campaign.gm)
    preference.events = {**preference.events, "application": False}
    preference.save()
    apply(UserFactory(), campaign)
    assert not Outbox.objects.filter(user=campaign.gm).exists()


def test_the_preferences_offer_the_application_event():
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(UserFactory())
    assert client.get("/api/v1/auth/me/notifications/").json()["events"]["application"] is True


def test_a_listing_change_and_a_seat_taken_move_the_campaigns_version():
    from campaigns.models import Campaign

    campaign = listed_campaign()
    before = Campaign.objects.get(pk=campaign.pk).updated_at
    services.listing_update(campaign=campaign, changes={"pitch": "Otra presentación"})
    after_pitch = Campaign.objects.get(pk=campaign.pk).updated_at
    assert after_pitch > before
    _decide(campaign, apply(UserFactory(), campaign), "accepted")
    assert Campaign.objects.get(pk=campaign.pk).updated_at > after_pitch

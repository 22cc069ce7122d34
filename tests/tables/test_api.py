"""The directory's endpoints (API.md "Find a table"): who may call each, what it answers, and
each refusal in the error envelope, in Spanish by default and English when asked."""

import pytest

from campaigns.models import Membership
from characters.models import Character
from tables.models import Application, Listing
from tests.factories import UserFactory, campaign_for, player_in

from .helpers import PITCH, apply, client_for, codes, free_character, listed_campaign, send

pytestmark = pytest.mark.django_db

TABLES = "/api/v1/tables/"
ME = "/api/v1/auth/me/applications/"


def campaign_url(campaign, rest=""):
    return f"/api/v1/campaigns/{campaign.pk}/{rest}"


# --- the campaign's listing ---------------------------------------------------------------


def test_the_gm_lists_a_campaign_with_patch_and_its_members_read_it():
    gm = UserFactory()
    campaign = campaign_for(gm)
    player = player_in(campaign)
    body = {
        "listing": {
            "listed": True,
            "pitch": PITCH,
            "pace": "brisk",
            "language": "es",
            "seats": 3,
            "newcomers_welcome": False,
            "closes_on": None,
        }
    }
    response = send(client_for(gm), "PATCH", campaign_url(campaign), body)
    assert response.status_code == 200, response.content
    listing = response.json()["listing"]
    assert listing["listed"] is True and listing["seats_left"] == 3 and listing["pace"] == "brisk"
    assert "<strong>sin héroes</strong>" in listing["pitch_html"]
    seen = client_for(player).get(campaign_url(campaign)).json()["listing"]
    assert seen == listing


def test_a_campaign_without_a_listing_answers_it_unlisted():
    gm = UserFactory()
    campaign = campaign_for(gm)
    listing = client_for(gm).get(campaign_url(campaign)).json()["listing"]
    assert listing["listed"] is False and listing["pitch_html"] == "" and listing["public_encounters"] == []


def test_a_player_cannot_set_the_listing():
    campaign = campaign_for(UserFactory())
    player = player_in(campaign)
    response = send(client_for(player), "PATCH", campaign_url(campaign), {"listing": {"listed": True}})
    assert response.status_code == 403
    assert not Listing.objects.exists()


def test_a_bad_listing_is_a_400_and_changes_nothing_not_even_the_name():
    gm = UserFactory()
    campaign = campaign_for(gm, name="Antes")
    body = {"name": "Después", "listing": {"listed": True, "pitch": "", "seats": 3}}
    response = send(client_for(gm), "PATCH", campaign_url(campaign), body)
    assert response.status_code == 400
    assert codes(response) == {("/pitch", "listing.pitch_required")}
    campaign.refresh_from_db()
    assert campaign.name == "Antes" and not Listing.objects.exists()


@pytest.mark.parametrize(
    ("listing", "path", "code"),
    [
        ({"seats": 21}, "/listing/seats", "seats.max_value"),
        ({"seats": -1}, "/listing/seats", "seats.min_value"),
        ({"pace": "weekly-ish"}, "/listing/pace", "pace.invalid_choice"),
        ({"language": "fr"}, "/listing/language", "language.invalid_choice"),
        ({"pitch": "x" * 5001}, "/listing/pitch", "pitch.max_length"),
        ({"pitch": 12}, "/listing/pitch", "pitch.invalid"),
        ({"seat": 2}, "/listing/seat", "seat.unknown_field"),
        ({"public_encounters": [2**64]}, "/listing/public_encounters/0", "listing.max_value"),
    ],
)
def test_each_bad_listing_field_is_named(listing, path, code):
    gm = UserFactory()
    campaign = campaign_for(gm)
    response = send(client_for(gm), "PATCH", campaign_url(campaign), {"listing": listing})
    assert response.status_code == 400
    assert (path, code) in codes(response)
    assert not Listing.objects.exists()


def test_errors_are_in_english_when_asked():
    gm = UserFactory()
    campaign = campaign_for(gm)
    body = {"listing": {"listed": True, "pitch": ""}}
    spanish = send(client_for(gm), "PATCH", campaign_url(campaign), body).json()["errors"][0]["message"]
    english = send(client_for(gm, lang="en"), "PATCH", campaign_url(campaign), body).json()["errors"][0][
        "message"
    ]
    assert spanish == "Escribe una presentación antes de anunciar la campaña."
    assert english == "Write a pitch before listing the campaign."


# --- the public directory -----------------------------------------------------------------


def test_the_directory_needs_no_account_and_shows_only_what_the_contract_names():
    campaign = listed_campaign(seats=2, pace="daily")
    campaign_for(UserFactory(), name="Sin anunciar")
    response = client_for().get(TABLES)
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 1
    (table,) = body["results"]
    assert set(table) == {
        "id", "name", "system", "gm", "pitch_html", "pace", "language", "seats", "seats_left",
        "newcomers_welcome", "closes_on",
    }  # fmt: skip
    assert (table["id"], table["gm"], table["seats_left"], table["pace"]) == (
        campaign.pk,
        "director",
        2,
        "daily",
    )


def test_the_directory_filters_and_refuses_a_filter_that_is_no_choice():
    listed_campaign(name="La Liga de la Noche")
    listed_campaign(UserFactory(), name="Dawn Patrol", language="en")
    assert [t["name"] for t in client_for().get(TABLES, {"language": "en"}).json()["results"]] == [
        "Dawn Patrol"
    ]
    assert [t["name"] for t in client_for().get(TABLES, {"q": "liga"}).json()["results"]] == [
        "La Liga de la Noche"
    ]
    assert client_for().get(TABLES, {"system": "hero"}).json()["count"] == 0
    response = client_for().get(TABLES, {"language": "fr"})
    assert response.status_code == 400 and codes(response) == {("/language", "language.invalid_choice")}


def test_one_table_is_public_and_an_unlisted_or_unknown_one_is_404():
    campaign = listed_campaign()
    assert client_for().get(f"{TABLES}{campaign.pk}/").json()["name"] == "La Liga de la Noche"
    Listing.objects.filter(campaign=campaign).update(listed=False)
    assert client_for().get(f"{TABLES}{campaign.pk}/").status_code == 404
    assert client_for().get(f"{TABLES}999999/").status_code == 404


def test_a_player_of_another_campaign_learns_nothing_private_through_the_directory():
    campaign = listed_campaign()
    member = player_in(campaign)
    Character.objects.filter(pk=free_character(member).pk).update(campaign=campaign, name="Zafira Oculta")
    outsider = player_in(campaign_for(UserFactory(), name="Otra"))
    for path in (TABLES, f"{TABLES}{campaign.pk}/"):
        text = client_for(outsider).get(path).content.decode()
        assert member.username not in text and "Zafira Oculta" not in text
        assert campaign.invite_code not in text and "invite" not in text
    assert client_for(outsider).get(campaign_url(campaign)).status_code == 404
    assert client_for(outsider).get(campaign_url(campaign, "applications/")).status_code == 404


# --- applying -----------------------------------------------------------------------------


def test_a_player_applies_with_a_sheet_and_gets_201_with_a_location():
    campaign = listed_campaign()
    player = UserFactory()
    sheet = free_character(player)
    response = send(
        client_for(player),
        "POST",
        f"{TABLES}{campaign.pk}/applications/",
        {"message": "Hola", "character": sheet.pk},
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "pending" and body["character"] == sheet.pk and body["table"] == campaign.pk
    assert response["Location"] == f"{ME}{body['id']}/"
    assert client_for(player).get(response["Location"]).json()["id"] == body["id"]


def test_applying_needs_an_account():
    campaign = listed_campaign()
    response = send(client_for(), "POST", f"{TABLES}{campaign.pk}/applications/", {"message": "Hola"})
    assert response.status_code == 401
    assert not Application.objects.exists()


def test_a_second_pending_application_and_a_full_table_are_409():
    campaign = listed_campaign(seats=1)
    player = UserFactory()
    path = f"{TABLES}{campaign.pk}/applications/"
    assert send(client_for(player), "POST", path, {"message": "Hola"}).status_code == 201
    again = send(client_for(player), "POST", path, {"message": "Hola otra vez"})
    assert again.status_code == 409 and codes(again) == {("", "application.pending")}
    Listing.objects.filter(campaign=campaign).update(seats_taken=1)
    full = send(client_for(UserFactory()), "POST", path, {"message": "Hola"})
    assert full.status_code == 409 and codes(full) == {("", "table.full")}
    assert Application.objects.count() == 1


@pytest.mark.parametrize(
    ("body", "path", "code"),
    [
        ({}, "/message", "message.required"),
        ({"message": ""}, "/message", "message.blank"),
        ({"message": 5}, "/message", "message.invalid"),
        ({"message": "x" * 2001}, "/message", "message.max_length"),
        ({"message": "Hola", "character": "uno"}, "/character", "character.invalid"),
        ({"message": "Hola", "character": 0}, "/character", "character.min_value"),
        ({"message": "Hola", "character": 999999}, "/character", "character.not_found"),
        ({"message": "Hola", "extra": 1}, "/extra", "extra.unknown_field"),
    ],
)
def test_each_bad_application_is_a_400_and_writes_nothing(body, path, code):
    campaign = listed_campaign()
    response = send(client_for(UserFactory()), "POST", f"{TABLES}{campaign.pk}/applications/", body)
    assert response.status_code == 400
    assert (path, code) in codes(response)
    assert not Application.objects.exists()


def test_applications_are_throttled_per_user_with_retry_after(settings):
    settings.TABLE_APPLICATION_RATE = "2/h"
    campaign = listed_campaign()
    player = UserFactory()
    path = f"{TABLES}{campaign.pk}/applications/"
    for _try in range(2):
        send(client_for(player), "POST", path, {"message": ""})
    response = send(client_for(player), "POST", path, {"message": "Hola"})
    assert response.status_code == 429
    assert codes(response) == {("", "request.throttled")}
    assert 0 < int(response["Retry-After"]) <= 3600
    assert not Application.objects.exists()
    assert send(client_for(UserFactory()), "POST", path, {"message": "Hola"}).status_code == 201


# --- the GM's answers ---------------------------------------------------------------------


def test_the_gm_lists_the_applications_and_accepts_one_with_its_sheet():
    campaign = listed_campaign(seats=2)
    player = UserFactory()
    sheet = free_character(player)
    application = apply(player, campaign, character=sheet)
    gm = client_for(campaign.gm)
    listed = gm.get(campaign_url(campaign, "applications/")).json()
    assert [a["id"] for a in listed["results"]] == [application.pk]
    assert listed["results"][0]["character_name"] == "Nova"
    response = send(
        gm, "PATCH", campaign_url(campaign, f"applications/{application.pk}/"), {"status": "accepted"}
    )
    assert response.status_code == 200 and response.json()["status"] == "accepted"
    assert Membership.objects.filter(campaign=campaign, user=player).exists()
    assert Character.objects.get(pk=sheet.pk).campaign_id == campaign.pk
    assert client_for().get(f"{TABLES}{campaign.pk}/").json()["seats_left"] == 1
    mine = client_for(player).get(ME).json()["results"]
    assert [(a["id"], a["status"]) for a in mine] == [(application.pk, "accepted")]


def test_the_gm_declines_with_a_note_and_a_block():
    campaign = listed_campaign()
    player = UserFactory()
    application = apply(player, campaign)
    response = send(
        client_for(campaign.gm),
        "PATCH",
        campaign_url(campaign, f"applications/{application.pk}/"),
        {"status": "declined", "note": "Ya estamos completos de pilotos.", "block": True},
    )
    assert response.json()["note"] == "Ya estamos completos de pilotos."
    again = send(client_for(player), "POST", f"{TABLES}{campaign.pk}/applications/", {"message": "Otra vez"})
    assert again.status_code == 403 and codes(again) == {("", "application.blocked")}


def test_only_the_gm_sees_and_answers_applications():
    campaign = listed_campaign()
    applicant = UserFactory()
    application = apply(applicant, campaign)
    player = player_in(campaign)
    path = campaign_url(campaign, f"applications/{application.pk}/")
    assert client_for(player).get(campaign_url(campaign, "applications/")).status_code == 403
    assert send(client_for(player), "PATCH", path, {"status": "accepted"}).status_code == 403
    assert send(client_for(applicant), "PATCH", path, {"status": "accepted"}).status_code == 404
    assert client_for().get(campaign_url(campaign, "applications/")).status_code == 401
    assert Application.objects.get().status == "pending"


@pytest.mark.parametrize(
    ("body", "path", "code"),
    [
        ({}, "/status", "status.required"),
        ({"status": "pending"}, "/status", "status.invalid_choice"),
        ({"status": "accepted", "note": "x" * 1001}, "/note", "note.max_length"),
        ({"status": "accepted", "block": True}, "/block", "application.block_needs_decline"),
    ],
)
def test_each_bad_answer_is_a_400_and_changes_nothing(body, path, code):
    campaign = listed_campaign()
    application = apply(UserFactory(), campaign)
    response = send(
        client_for(campaign.gm), "PATCH", campaign_url(campaign, f"applications/{application.pk}/"), body
    )
    assert response.status_code == 400
    assert (path, code) in codes(response)
    assert Application.objects.get().status == "pending" and Membership.objects.count() == 1


def test_an_answered_application_is_409_and_another_campaigns_is_404():
    campaign = listed_campaign()
    other = listed_campaign(UserFactory(), name="Otra")
    application = apply(UserFactory(), campaign)
    foreign = apply(UserFactory(), other)
    gm = client_for(campaign.gm)
    send(gm, "PATCH", campaign_url(campaign, f"applications/{application.pk}/"), {"status": "declined"})
    again = send(
        gm, "PATCH", campaign_url(campaign, f"applications/{application.pk}/"), {"status": "accepted"}
    )
    assert again.status_code == 409 and codes(again) == {("", "application.decided")}
    assert (
        send(
            gm, "PATCH", campaign_url(campaign, f"applications/{foreign.pk}/"), {"status": "accepted"}
        ).status_code
        == 404
    )


def test_an_applicant_sees_only_their_own_applications():
    campaign = listed_campaign()
    mine, theirs = UserFactory(), UserFactory()
    apply(mine, campaign)
    other = apply(theirs, campaign)
    assert [a["applicant"] for a in client_for(mine).get(ME).json()["results"]] == [mine.pk]
    assert client_for(mine).get(f"{ME}{other.pk}/").status_code == 404
    assert client_for().get(ME).status_code == 401


def test_every_endpoint_is_in_the_schema_with_its_named_components():
    schema = client_for(UserFactory()).get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    assert "get" in paths["/api/v1/tables/"] and "get" in paths["/api/v1/tables/{id}/"]
    assert "429" in paths["/api/v1/tables/{id}/applications/"]["post"]["responses"]
    assert "201" in paths["/api/v1/tables/{id}/applications/"]["post"]["responses"]
    assert "patch" in paths["/api/v1/campaigns/{id}/applications/{aid}/"]
    assert "get" in paths["/api/v1/auth/me/applications/"]
    components = schema["components"]["schemas"]
    for name in ("DirectoryTable", "TableApplication", "CampaignListing", "CampaignDetail"):
        assert name in components
    assert "listing" in components["CampaignDetail"]["properties"]


def test_the_directory_refuses_a_query_parameter_it_does_not_document():
    listed_campaign()
    unknown = client_for().get(TABLES, {"sistema": "epic20"})
    assert unknown.status_code == 400 and codes(unknown) == {("/sistema", "sistema.unknown")}
    repeated = client_for().get(f"{TABLES}?q=liga&q=noche")
    assert repeated.status_code == 400


@pytest.mark.parametrize("name", ["pace", "language"])
def test_an_empty_filter_names_nothing_and_is_a_400(name):
    """`?pace=` is not "any pace": it names no choice, so it is refused like any other value
    that is not one (found by the API fuzzing)."""
    listed_campaign()
    response = client_for().get(TABLES, {name: ""})
    assert response.status_code == 400 and codes(response) == {(f"/{name}", f"{name}.invalid_choice")}

"""The character sheet endpoints of docs/api.md, through the API as a REST client sees them."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from characters.models import Character
from tests.characters.helpers import make_character, nova, over_budget_powers, table
from tests.factories import UserFactory, campaign_for

pytestmark = pytest.mark.django_db

VALIDATE = "/api/v1/characters/validate/"
LIST = "/api/v1/characters/"


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def detail(character_or_id) -> str:
    return f"/api/v1/characters/{getattr(character_or_id, 'pk', character_or_id)}/"


# --- validate -------------------------------------------------------------------------------------


def test_a_legal_sheet_validates_with_its_budget_and_derived_numbers():
    response = APIClient().post(VALIDATE, nova(), format="json")

    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True
    assert body["errors"] == []
    assert body["budget"]["powers"] == {"available": 3, "spent": 3}
    assert body["derived"]["defense"] == 18
    assert body["derived"]["skills"]["vehiculos"] == {"bonus": 8, "superiority": 2}
    assert set(body) >= {"valid", "errors", "warnings", "budget", "derived"}


def test_an_over_budget_sheet_is_still_a_200_with_the_exact_code_and_path():
    response = APIClient().post(VALIDATE, over_budget_powers(), format="json")

    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is False
    codes = {(e["code"], e["path"]) for e in body["errors"]}
    assert ("powers.over_budget", "/powers") in codes
    error = next(e for e in body["errors"] if e["code"] == "powers.over_budget")
    assert error["rule"] == "LISTA DE PODERES"
    assert "4" in error["message"] and "3" in error["message"]


def test_a_bad_entry_is_reported_at_its_json_pointer():
    sheet = nova()
    sheet["skills"][2]["value"] = 0.3

    body = APIClient().post(VALIDATE, sheet, format="json").json()

    assert {"code": "skills.invalid_value", "path": "/skills/2/value"}.items() <= body["errors"][0].items()


def test_messages_follow_accept_language():
    spanish = APIClient().post(VALIDATE, over_budget_powers(), format="json").json()
    english = (
        APIClient().post(VALIDATE, over_budget_powers(), format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    )

    message_es = next(e["message"] for e in spanish["errors"] if e["code"] == "powers.over_budget")
    message_en = next(e["message"] for e in english["errors"] if e["code"] == "powers.over_budget")
    assert message_es != message_en
    assert "power" in message_en.lower()
    assert "poder" in message_es.lower()


def test_malformed_json_is_a_400_envelope():
    response = APIClient().post(VALIDATE, data='{"name": ', content_type="application/json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "request.malformed"


@pytest.mark.parametrize("body", ["[1, 2]", '"Nova"', "42", "null"])
def test_a_body_that_is_not_an_object_is_a_400_envelope(body):
    response = APIClient().post(VALIDATE, data=body, content_type="application/json")

    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "request.not_object"
    assert error["path"] == ""


# --- create / read / list ---------------------------------------------------------------------------


def test_creating_a_legal_sheet_stores_it_and_answers_201_with_the_stored_sheet(user):
    response = client_for(user).post(LIST, nova(), format="json")

    assert response.status_code == 201
    body = response.json()
    character = Character.objects.get()
    assert body["id"] == character.pk
    assert body["owner"] == {"id": user.pk, "username": user.username}
    assert body["name"] == "Nova" and body["level"] == 8
    assert body["budget"]["skills"] == {"available": 4, "spent": 4}
    assert body["derived"]["hit_points"] == 4
    assert body["waivers"] == []
    assert character.sheet == nova()
    assert (character.name, character.level, character.archetype) == ("Nova", 8, "")


def test_an_invalid_sheet_is_refused_with_its_errors_and_nothing_is_stored(user):
    response = client_for(user).post(LIST, over_budget_powers(), format="json")

    assert response.status_code == 400
    assert ("powers.over_budget", "/powers") in {(e["code"], e["path"]) for e in response.json()["errors"]}
    assert not Character.objects.exists()


def test_an_unknown_top_level_key_is_a_400_pointing_at_it(user):
    response = client_for(user).post(LIST, nova(colour="azul"), format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "sheet.unknown_key",
            "path": "/colour",
            "message": response.json()["errors"][0]["message"],
            "rule": "",
        }
    ]
    assert not Character.objects.exists()


def test_archetype_options_is_an_accepted_optional_key(user):
    response = client_for(user).post(LIST, {**nova(), "archetype_options": {}}, format="json")

    assert response.status_code == 201, response.json()


def test_creating_needs_credentials():
    response = APIClient().post(LIST, nova(), format="json")

    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] == "request.not_authenticated"


def test_a_character_can_be_created_in_a_campaign_the_owner_belongs_to(user):
    campaign = campaign_for(user)

    response = client_for(user).post(LIST, {**nova(), "campaign": campaign.pk}, format="json")

    assert response.status_code == 201
    assert response.json()["campaign"] == campaign.pk
    assert "campaign" not in Character.objects.get().sheet


def test_a_campaign_the_owner_does_not_belong_to_is_a_400_at_slash_campaign(user):
    strangers = campaign_for()

    response = client_for(user).post(LIST, {**nova(), "campaign": strangers.pk}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "/campaign"
    assert not Character.objects.exists()


@pytest.mark.parametrize("campaign", ["1", True, 1.5, [1]])
def test_a_campaign_that_is_not_an_id_is_a_400(user, campaign):
    response = client_for(user).post(LIST, {**nova(), "campaign": campaign}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "campaign.invalid"


def test_the_list_shows_my_characters_and_as_gm_those_in_my_campaigns_only():
    gm, player, campaign, in_campaign = table()
    mine = make_character(gm, sheet=nova(name="PNJ del director"))
    make_character(UserFactory(), sheet=nova(name="Ajena"))

    gm_names = {c["name"] for c in client_for(gm).get(LIST).json()["results"]}
    player_names = {c["name"] for c in client_for(player).get(LIST).json()["results"]}

    assert gm_names == {"Nova", "PNJ del director"}
    assert player_names == {"Nova"}
    filtered = client_for(gm).get(LIST, {"campaign": campaign.pk}).json()
    assert filtered["count"] == 1 and filtered["results"][0]["id"] == in_campaign.pk
    assert set(filtered) == {"count", "next", "previous", "results"}
    assert mine.pk not in {c["id"] for c in filtered["results"]}


def test_a_campaign_filter_that_is_not_a_number_is_a_400(user):
    response = client_for(user).get(LIST, {"campaign": "la-liga"})

    assert response.status_code == 400


def test_anyone_else_gets_404_for_a_character():
    character = make_character()

    response = client_for(UserFactory()).get(detail(character))

    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "request.not_found"


def test_reading_a_character_without_credentials_is_a_401():
    character = make_character()

    assert APIClient().get(detail(character)).status_code == 401


# --- update ----------------------------------------------------------------------------------------


def test_the_owner_replaces_the_sheet_with_put(user):
    character = make_character(user)

    response = client_for(user).put(detail(character), nova(name="Nova Prime"), format="json")

    assert response.status_code == 200
    character.refresh_from_db()
    assert character.name == "Nova Prime"
    assert character.sheet["name"] == "Nova Prime"


def test_an_invalid_put_changes_nothing(user):
    character = make_character(user)

    response = client_for(user).put(detail(character), over_budget_powers(), format="json")

    assert response.status_code == 400
    character.refresh_from_db()
    assert character.sheet == nova()


def test_patch_merges_top_level_keys(user):
    character = make_character(user)

    response = client_for(user).patch(detail(character), {"concept": "as del aire"}, format="json")

    assert response.status_code == 200
    character.refresh_from_db()
    assert character.sheet == nova(concept="as del aire")


def test_patch_with_an_unknown_key_is_a_400(user):
    character = make_character(user)

    response = client_for(user).patch(detail(character), {"poderes": []}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "/poderes"


def test_the_campaigns_gm_may_edit_a_players_sheet():
    gm, _player, _campaign, character = table()

    response = client_for(gm).patch(detail(character), {"concept": "revisado por el director"}, format="json")

    assert response.status_code == 200
    character.refresh_from_db()
    assert character.sheet["concept"] == "revisado por el director"


def test_another_player_of_the_campaign_cannot_see_or_edit_a_sheet():
    _gm, _player, campaign, character = table()
    other = UserFactory()
    from campaigns.models import Membership

    Membership.objects.create(campaign=campaign, user=other)

    assert client_for(other).get(detail(character)).status_code == 404
    assert client_for(other).patch(detail(character), {"concept": "x"}, format="json").status_code == 404


def test_only_the_owner_deletes():
    gm, player, _campaign, character = table()

    assert client_for(gm).delete(detail(character)).status_code == 403
    assert client_for(UserFactory()).delete(detail(character)).status_code == 404
    assert client_for(player).delete(detail(character)).status_code == 204
    assert not Character.objects.exists()


def test_the_owner_moves_a_character_between_campaigns_with_patch(user):
    first, second = campaign_for(user, name="Primera"), campaign_for(user, name="Segunda")
    character = make_character(user, campaign=first)

    response = client_for(user).patch(detail(character), {"campaign": second.pk}, format="json")

    assert response.status_code == 200
    assert response.json()["campaign"] == second.pk
    assert (
        client_for(user).patch(detail(character), {"campaign": None}, format="json").json()["campaign"]
        is None
    )


def test_the_gm_cannot_move_a_players_character_out_of_the_campaign():
    gm, _player, campaign, character = table()

    response = client_for(gm).patch(detail(character), {"campaign": None}, format="json")

    assert response.status_code == 403
    character.refresh_from_db()
    assert character.campaign_id == campaign.pk


# --- export / import / duplicate ---------------------------------------------------------------------


def test_export_gives_the_sheet_exactly_as_accepted(user):
    sheet = nova()
    sheet["powers"][0]["detail"] = "rayo de plasma ✦"
    created = client_for(user).post(LIST, {**sheet, "campaign": None}, format="json").json()

    response = client_for(user).get(detail(created["id"]) + "export/")

    assert response.status_code == 200
    assert response.json() == sheet
    assert response["Content-Disposition"].startswith("attachment;")


def test_import_is_the_same_as_create(user):
    response = client_for(user).post("/api/v1/characters/import/", nova(), format="json")

    assert response.status_code == 201
    assert Character.objects.get().sheet == nova()


def test_import_of_an_invalid_sheet_lists_its_errors(user):
    response = client_for(user).post("/api/v1/characters/import/", over_budget_powers(), format="json")

    assert response.status_code == 400
    assert not Character.objects.exists()


def test_duplicate_makes_my_own_copy():
    gm, player, campaign, character = table()

    response = client_for(player).post(detail(character) + "duplicate/")

    assert response.status_code == 201
    copy = Character.objects.get(pk=response.json()["id"])
    assert copy.owner == player and copy.campaign == campaign
    assert copy.name == "Nova (copia)"
    gm_copy = client_for(gm).post(detail(character) + "duplicate/").json()
    assert gm_copy["owner"]["id"] == gm.pk


# --- awards ------------------------------------------------------------------------------------------


def test_the_gm_awards_points_that_the_sheet_can_then_spend():
    gm, player, _campaign, character = table()

    response = client_for(gm).post(
        detail(character) + "awards/", {"category": "powers", "amount": 1, "note": "Sesión 3"}, format="json"
    )

    assert response.status_code == 201
    assert response.json()["amount"] == 1 and response.json()["awarded_by"]["id"] == gm.pk
    # The awarded point pays for a fourth power that would otherwise be over budget.
    update = client_for(player).put(detail(character), over_budget_powers(), format="json")
    assert update.status_code == 200, update.json()
    assert update.json()["budget"]["powers"] == {"available": 4, "spent": 4}
    history = client_for(player).get(detail(character) + "awards/").json()
    assert [a["note"] for a in history["results"]] == ["Sesión 3"]


def test_awarded_levels_raise_the_sheets_level():
    gm, _player, _campaign, character = table()

    response = client_for(gm).post(
        detail(character) + "awards/", {"category": "levels", "amount": 2}, format="json"
    )

    assert response.status_code == 201
    character.refresh_from_db()
    assert character.level == 10 and character.sheet["level"] == 10


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({"category": "powers", "amount": 0.3}, "/amount"),
        ({"category": "powers", "amount": -1}, "/amount"),
        ({"category": "levels", "amount": 1.5}, "/amount"),
        ({"category": "powers", "amount": "1"}, "/amount"),
        ({"category": "karma", "amount": 1}, "/category"),
        ({"category": "powers", "amount": 1, "extra": 1}, "/extra"),
    ],
)
def test_a_bad_award_is_a_400_at_its_field(payload, path):
    gm, _player, _campaign, character = table()

    response = client_for(gm).post(detail(character) + "awards/", payload, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == path


def test_only_the_gm_awards():
    _gm, player, _campaign, character = table()

    response = client_for(player).post(
        detail(character) + "awards/", {"category": "powers", "amount": 1}, format="json"
    )

    assert response.status_code == 403
    assert not character.awards.exists()


# --- waivers ------------------------------------------------------------------------------------------


def test_a_waived_error_lets_the_sheet_be_saved_and_is_listed_under_waivers():
    gm, player, _campaign, character = table()
    refused = client_for(player).put(detail(character), over_budget_powers(), format="json")
    assert refused.status_code == 400

    waiver = client_for(gm).post(
        detail(character) + "waivers/",
        {
            "code": "powers.over_budget",
            "path": "/powers",
            "reason": "Poder de la trama, acordado en la sesión 0.",
        },
        format="json",
    )
    assert waiver.status_code == 201
    assert waiver.json()["created_by"]["username"] == "director"

    saved = client_for(player).put(detail(character), over_budget_powers(), format="json")
    assert saved.status_code == 200, saved.json()
    body = saved.json()
    assert body["valid"] is True
    assert [(w["code"], w["path"], w["reason"]) for w in body["waivers"]] == [
        ("powers.over_budget", "/powers", "Poder de la trama, acordado en la sesión 0.")
    ]
    validated = client_for(player).get(detail(character)).json()
    assert validated["errors"] == []


def test_a_waiver_needs_a_reason():
    gm, _player, _campaign, character = table()

    response = client_for(gm).post(
        detail(character) + "waivers/",
        {"code": "powers.over_budget", "path": "/powers", "reason": "  "},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "/reason"


def test_the_same_error_cannot_be_waived_twice():
    gm, _player, _campaign, character = table()
    payload = {"code": "powers.over_budget", "path": "/powers", "reason": "Trama."}
    client_for(gm).post(detail(character) + "waivers/", payload, format="json")

    assert client_for(gm).post(detail(character) + "waivers/", payload, format="json").status_code == 409


def test_only_the_gm_waives_and_withdraws():
    gm, player, _campaign, character = table()
    payload = {"code": "powers.over_budget", "path": "/powers", "reason": "Trama."}

    assert client_for(player).post(detail(character) + "waivers/", payload, format="json").status_code == 403
    created = client_for(gm).post(detail(character) + "waivers/", payload, format="json").json()
    url = detail(character) + f"waivers/{created['id']}/"
    assert client_for(player).delete(url).status_code == 403
    assert client_for(gm).delete(url).status_code == 204
    assert client_for(gm).delete(url).status_code == 404
    assert client_for(player).get(detail(character) + "waivers/").json()["count"] == 0


def test_a_character_without_campaign_has_no_gm_to_award_or_waive(user):
    character = make_character(user)

    response = client_for(user).post(
        detail(character) + "awards/", {"category": "powers", "amount": 1}, format="json"
    )

    assert response.status_code == 403


def test_json_nested_too_deep_is_a_400_not_a_crash():
    response = APIClient().post(VALIDATE, data="[" * 50_000 + "]" * 50_000, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "request.malformed"


def test_a_nested_sheet_value_beyond_any_sheets_depth_is_refused(user):
    deep: list = []
    for _ in range(40):
        deep = [deep]

    response = client_for(user).post(LIST, {**nova(), "archetype_options": {"x": deep}}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "sheet.too_deep"


def test_a_nul_character_in_a_sheet_text_is_a_400_at_its_path(user):
    sheet = nova()
    sheet["powers"][0]["detail"] = "rayo\x00"

    response = client_for(user).post(LIST, sheet, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0] == {
        "code": "request.invalid_character",
        "path": "/powers/0/detail",
        "message": response.json()["errors"][0]["message"],
        "rule": "",
    }
    assert not Character.objects.exists()


def test_validate_reports_an_unknown_key_as_create_would_refuse_it():
    body = APIClient().post(VALIDATE, nova(colour="azul"), format="json").json()

    assert body["valid"] is False
    assert body["errors"][0]["code"] == "sheet.unknown_key"
    assert body["errors"][0]["path"] == "/colour"


def test_validating_nothing_is_a_400_not_a_report(api_client):
    response = api_client.post("/api/v1/characters/validate/")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "request.not_object"


def test_a_sheet_without_system_is_an_epic20_sheet(user):
    sheet = nova()
    sheet.pop("system", None)
    response = client_for(user).post(LIST, sheet, format="json")
    assert response.status_code == 201, response.json()
    stored = client_for(user).get(f"{LIST}{response.json()['id']}/").json()
    assert stored.get("system", "epic20") == "epic20" and stored["name"] == sheet["name"]


@pytest.mark.parametrize(
    ("helpers", "unknown"),
    [
        ("tests.rules.msh.helpers", {"attributes": {"k": [{}]}, "skills": []}),
        ("tests.rules.anima.helpers", {"level": 3}),
        ("tests.rules.hero.helpers", {"notas": "sin clave"}),
    ],
)
def test_a_patch_naming_a_key_the_systems_sheet_cannot_have_is_refused_and_changes_nothing(
    user, helpers, unknown
):
    # MSH and Anima ignore an unknown key in a whole sheet (a warning) and Hero drops it; a PATCH
    # of it would replace nothing, so it is a 400 (rules.systems: `sheet_keys`).
    import importlib

    sheet = importlib.import_module(helpers).sheet()
    character = make_character(user, sheet=sheet)
    before = dict(character.sheet)
    response = client_for(user).patch(detail(character), {"name": "Otro", **unknown}, format="json")
    assert response.status_code == 400, response.json()
    error = response.json()["errors"][0]
    assert error["code"] == "sheet.unknown_key" and error["path"] == "/" + sorted(unknown)[0]
    character.refresh_from_db()
    assert character.sheet == before
    assert client_for(user).patch(detail(character), {"name": "Otro"}, format="json").status_code == 200


@pytest.mark.parametrize("key", ["mental_defense", "movement", "carried_kg"])
def test_a_hero_sheet_may_leave_an_optional_number_null_for_its_default(user, key):
    """The Hero sheet takes null for these numbers and uses the rules' default; the published
    schema says so, so that a client sending null is not told otherwise (found by the API fuzzing;
    the suite validates this answer and its request against the schema)."""
    from tests.rules.hero.helpers import sheet as hero_sheet

    response = client_for(user).post("/api/v1/characters/import/", {**hero_sheet(), key: None}, format="json")
    assert response.status_code == 201, response.json()


def test_the_schema_lets_a_hero_sheet_leave_its_optional_numbers_null():
    from characters.systems.hero_schema import SHEET

    properties = SHEET["properties"]
    assert all(properties[key].get("nullable") for key in ("mental_defense", "movement", "carried_kg"))

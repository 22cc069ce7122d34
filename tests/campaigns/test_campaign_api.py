"""Campaign endpoints: docs/api.md's create/join/list plus read, rename, members, leave and a new
invite code; who may do what; bad input changes nothing."""

import json

import pytest
from rest_framework.test import APIClient

from campaigns.models import Campaign, Membership
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db

LIST = "/api/v1/campaigns/"


def url(campaign_or_id, action=""):
    pk = getattr(campaign_or_id, "pk", campaign_or_id)
    return f"{LIST}{pk}/{action}"


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def post(client, path, body=None, **extra):
    payload = body if isinstance(body, str) else json.dumps(body if body is not None else {})
    return client.generic("POST", path, payload, content_type="application/json", **extra)


def patch(client, path, body, **extra):
    return client.generic("PATCH", path, json.dumps(body), content_type="application/json", **extra)


def codes(response):
    return {(e["path"], e["code"]) for e in response.json()["errors"]}


@pytest.fixture
def gm():
    return UserFactory(username="director")


@pytest.fixture
def campaign(gm):
    return campaign_for(gm=gm, name="La Liga de la Noche")


@pytest.fixture
def player(campaign):
    return player_in(campaign, UserFactory(username="jugadora"))


@pytest.fixture
def outsider():
    return UserFactory(username="ajena")


# Create -------------------------------------------------------------------------------------


def test_create_makes_the_creator_its_gm(gm):
    response = post(client_for(gm), LIST, {"name": "  La Liga de la Noche ", "system": "epic20"})
    assert response.status_code == 201
    body = response.json()
    campaign = Campaign.objects.get()
    assert body["id"] == campaign.pk
    assert body["name"] == "La Liga de la Noche"
    assert body["system"] == "epic20"
    assert body["gm"] == gm.pk
    assert body["invite_code"] == campaign.invite_code
    assert body["role"] == "gm"
    assert body["member_count"] == 1
    assert Membership.objects.get(campaign=campaign).role == "gm"


def test_create_defaults_the_system_to_epic20(gm):
    assert post(client_for(gm), LIST, {"name": "Sin sistema"}).json()["system"] == "epic20"


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"name": ""}, "/name"),
        ({"name": "   "}, "/name"),
        ({"name": "x" * 121}, "/name"),
        ({"name": 7}, "/name"),
        ({"name": None}, "/name"),
        ({"name": ["La Liga"]}, "/name"),
        ({}, "/name"),
        ({"name": "La Liga", "system": "dnd"}, "/system"),
        ({"name": "La Liga", "system": ["epic20"]}, "/system"),
        ({"name": "La Liga", "gm": 1}, "/gm"),
        ({"name": "La Liga", "invite_code": "AAAA"}, "/invite_code"),
        ("[]", ""),
        ('{"name": "La Liga"', ""),
    ],
)
def test_create_refuses_bad_input_and_creates_nothing(gm, body, path):
    response = post(client_for(gm), LIST, body)
    assert response.status_code == 400
    assert path in {p for p, _ in codes(response)}
    assert not Campaign.objects.exists()


def test_anonymous_requests_get_401_in_the_envelope(campaign):
    client = APIClient()
    for response in (client.get(LIST), post(client, LIST, {"name": "x"}), client.get(url(campaign))):
        assert response.status_code == 401
        assert response.json()["errors"][0]["code"] == "request.not_authenticated"
    assert Campaign.objects.count() == 1


# List and read ------------------------------------------------------------------------------


def test_list_shows_only_my_campaigns_paginated(gm, campaign, player, outsider):
    campaign_for(gm=outsider, name="Otra mesa")
    body = client_for(player).get(LIST).json()
    assert set(body) == {"count", "next", "previous", "results"}
    assert body["count"] == 1
    [item] = body["results"]
    assert item["name"] == "La Liga de la Noche"
    assert item["role"] == "player"
    assert item["member_count"] == 2
    assert item["invite_code"] is None


def test_list_paginates_with_page_size(gm):
    for n in range(3):
        campaign_for(gm=gm, name=f"Mesa {n}")
    body = client_for(gm).get(LIST, {"page_size": 2}).json()
    assert body["count"] == 3
    assert len(body["results"]) == 2
    assert body["next"]
    assert client_for(gm).get(LIST, {"page": 99}).status_code == 404


def test_a_member_reads_the_campaign_but_only_the_gm_sees_the_code(gm, campaign, player):
    as_gm = client_for(gm).get(url(campaign)).json()
    as_player = client_for(player).get(url(campaign)).json()
    assert as_gm["invite_code"] == campaign.invite_code
    assert as_player["invite_code"] is None
    assert as_player["name"] == as_gm["name"] == "La Liga de la Noche"
    assert as_player["gm"] == gm.pk
    assert as_player["gm_username"] == "director"


@pytest.mark.parametrize("action", ["", "members/", "leave/", "invite/regenerate/"])
def test_a_non_member_gets_404_as_if_the_campaign_did_not_exist(campaign, outsider, action):
    client = client_for(outsider)
    response = (
        client.get(url(campaign, action))
        if action in ("", "members/")
        else post(client, url(campaign, action))
    )
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "request.not_found"
    missing = (
        client.get(url(10**6, action)) if action in ("", "members/") else post(client, url(10**6, action))
    )
    assert missing.status_code == 404
    assert missing.json() == response.json()


@pytest.mark.parametrize("pk", ["0", "99999999999999999999999", "abc", "-1"])
def test_odd_ids_are_404_never_500(gm, pk):
    response = client_for(gm).get(f"{LIST}{pk}/")
    assert response.status_code == 404
    assert response.json()["errors"]


def test_members_lists_the_gm_first_with_roles(gm, campaign, player):
    later = player_in(campaign, UserFactory(username="jugador"))
    body = client_for(player).get(url(campaign, "members/")).json()
    assert body["count"] == 3
    assert [(m["id"], m["username"], m["role"]) for m in body["results"]] == [
        (gm.pk, "director", "gm"),
        (player.pk, "jugadora", "player"),
        (later.pk, "jugador", "player"),
    ]


# Join ---------------------------------------------------------------------------------------


def test_join_with_the_code_makes_a_player(campaign, outsider):
    response = post(client_for(outsider), url(campaign, "join/"), {"invite_code": campaign.invite_code})
    assert response.status_code == 200
    body = response.json()
    assert body["id"] == campaign.pk
    assert body["role"] == "player"
    assert body["invite_code"] is None
    assert Membership.objects.get(campaign=campaign, user=outsider).role == "player"


def test_join_forgives_case_spaces_and_dashes(campaign, outsider):
    code = campaign.invite_code.lower()
    typed = f" {code[:5]}-{code[5:]} "
    assert post(client_for(outsider), url(campaign, "join/"), {"invite_code": typed}).status_code == 200


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"invite_code": "NOEXISTE22"}, "/invite_code"),
        ({"invite_code": ""}, "/invite_code"),
        ({"invite_code": "   "}, "/invite_code"),
        ({"invite_code": "💥" * 10}, "/invite_code"),
        ({"invite_code": "x" * 5000}, "/invite_code"),
        ({"invite_code": 12345}, "/invite_code"),
        ({"invite_code": None}, "/invite_code"),
        ({"invite_code": {"a": 1}}, "/invite_code"),
        ({}, "/invite_code"),
        ({"invite_code": "ABC", "role": "gm"}, "/role"),
        ("not json", ""),
    ],
)
def test_join_with_a_wrong_or_garbage_code_is_400_and_changes_nothing(campaign, outsider, body, path):
    response = post(client_for(outsider), url(campaign, "join/"), body)
    assert response.status_code == 400
    assert path in {p for p, _ in codes(response)}
    assert Membership.objects.count() == 1


def test_a_code_only_opens_its_own_campaign(campaign, outsider):
    other = campaign_for(name="Otra mesa")
    response = post(client_for(outsider), url(other, "join/"), {"invite_code": campaign.invite_code})
    assert response.status_code == 400
    assert codes(response) == {("/invite_code", "invite_code.invalid")}
    missing = post(client_for(outsider), url(10**6, "join/"), {"invite_code": campaign.invite_code})
    assert missing.json() == response.json()
    assert not Membership.objects.filter(user=outsider).exists()


def test_the_wrong_code_message_follows_accept_language(campaign, outsider):
    english = post(
        client_for(outsider), url(campaign, "join/"), {"invite_code": "NOPE"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert english.json()["errors"][0]["message"] == "The invite code is not valid."
    spanish = post(client_for(outsider), url(campaign, "join/"), {"invite_code": "NOPE"})
    assert spanish.json()["errors"][0]["message"] == "El código de invitación no es válido."


def test_joining_twice_is_a_conflict(campaign, player):
    response = post(client_for(player), url(campaign, "join/"), {"invite_code": campaign.invite_code})
    assert response.status_code == 409
    assert codes(response) == {("", "campaign.already_member")}
    assert Membership.objects.filter(campaign=campaign).count() == 2


# GM actions ---------------------------------------------------------------------------------


def test_the_gm_renames_the_campaign(gm, campaign):
    response = patch(client_for(gm), url(campaign), {"name": "La Liga del Alba"})
    assert response.status_code == 200
    assert response.json()["name"] == "La Liga del Alba"
    campaign.refresh_from_db()
    assert campaign.name == "La Liga del Alba"


def test_an_empty_patch_changes_nothing(gm, campaign):
    assert patch(client_for(gm), url(campaign), {}).json()["name"] == "La Liga de la Noche"


@pytest.mark.parametrize(
    "body", [{"name": ""}, {"name": 5}, {"name": "x" * 200}, {"invite_code": "AAAA"}, {"system": "epic20"}]
)
def test_rename_refuses_bad_input_and_changes_nothing(gm, campaign, body):
    response = patch(client_for(gm), url(campaign), body)
    assert response.status_code == 400
    campaign.refresh_from_db()
    assert (campaign.name, campaign.system) == ("La Liga de la Noche", "epic20")


def test_put_and_delete_are_not_offered(gm, campaign):
    client = client_for(gm)
    assert client.put(url(campaign), {"name": "x"}, format="json").status_code == 405
    assert client.delete(url(campaign)).status_code == 405
    assert Campaign.objects.filter(pk=campaign.pk).exists()


def test_a_player_may_not_do_what_only_the_gm_does(campaign, player):
    client = client_for(player)
    old_code = campaign.invite_code
    responses = [
        patch(client, url(campaign), {"name": "Mía"}),
        post(client, url(campaign, "invite/regenerate/")),
    ]
    for response in responses:
        assert response.status_code == 403
        assert response.json()["errors"][0]["code"] == "request.permission_denied"
    campaign.refresh_from_db()
    assert (campaign.name, campaign.invite_code) == ("La Liga de la Noche", old_code)


def test_a_new_code_closes_the_old_one(gm, campaign, outsider):
    old_code = campaign.invite_code
    response = post(client_for(gm), url(campaign, "invite/regenerate/"))
    assert response.status_code == 200
    new_code = response.json()["invite_code"]
    assert new_code != old_code
    client = client_for(outsider)
    assert post(client, url(campaign, "join/"), {"invite_code": old_code}).status_code == 400
    assert post(client, url(campaign, "join/"), {"invite_code": new_code}).status_code == 200


# Leave --------------------------------------------------------------------------------------


def test_a_player_leaves_and_no_longer_sees_the_campaign(campaign, player):
    client = client_for(player)
    assert post(client, url(campaign, "leave/")).status_code == 204
    assert not Membership.objects.filter(campaign=campaign, user=player).exists()
    assert client.get(url(campaign)).status_code == 404
    assert client.get(LIST).json()["count"] == 0


def test_the_gm_cannot_leave_their_own_campaign(gm, campaign):
    response = post(client_for(gm), url(campaign, "leave/"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 403
    [error] = response.json()["errors"]
    assert error["code"] == "campaign.gm_cannot_leave"
    assert error["message"] == "The game master cannot leave their own campaign."
    assert Membership.objects.filter(campaign=campaign, user=gm).exists()


@pytest.mark.parametrize("action", ["", "members/", "join/", "leave/", "invite/regenerate/"])
def test_options_describes_every_endpoint_without_error(gm, campaign, action):
    assert client_for(gm).options(url(campaign, action)).status_code == 200
    assert client_for(gm).options(LIST).status_code == 200


# Queries ------------------------------------------------------------------------------------

MAX_LIST_QUERIES = 5


@pytest.mark.parametrize("campaigns", [2, 20])
def test_the_list_does_not_grow_in_queries_with_more_campaigns(django_assert_max_num_queries, campaigns, gm):
    for n in range(campaigns):
        if n % 2:
            campaign_for(gm=gm, name=f"Mesa {n}")
        else:
            player_in(campaign_for(name=f"Mesa {n}"), gm)
    client = APIClient()
    client.force_login(gm)  # a session, as the browser has
    with django_assert_max_num_queries(MAX_LIST_QUERIES):
        response = client.get(LIST)
    assert response.json()["count"] == campaigns
    assert all(item["member_count"] in (1, 2) for item in response.json()["results"])


def test_a_system_without_rules_options_refuses_them_and_stores_nothing(api_client):
    from tests.factories import UserFactory, campaign_for

    gm = UserFactory()
    campaign = campaign_for(gm)
    api_client.force_authenticate(gm)
    response = api_client.patch(
        f"/api/v1/campaigns/{campaign.pk}/", {"rules_options": {"x": 1}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "rules_options.unsupported"
    campaign.refresh_from_db()
    assert campaign.rules_options == {}

"""`/api/v1/auth/me/notifications/`: each event on or off, digest, a webhook that must be https to
a public address; bad input is refused and changes nothing; unsubscribe links are signed."""

import pytest
from django.test import Client

from notifications.models import EVENTS, Preference
from notifications.unsubscribe import token_for
from tests.factories import UserFactory, campaign_for
from tests.tracking.helpers import client_for, codes, send

pytestmark = pytest.mark.django_db
URL = "/api/v1/auth/me/notifications/"


def choices(**overrides):
    return {
        "email": True,
        "webhook_url": None,
        "digest": False,
        "events": dict.fromkeys(EVENTS, True),
    } | overrides


def test_the_defaults_are_every_event_by_email_immediately():
    data = client_for(UserFactory()).get(URL).json()
    assert data["email"] is True and data["digest"] is False and data["webhook_url"] is None
    assert data["events"] == dict.fromkeys(EVENTS, True)


def test_a_user_turns_events_off_and_chooses_a_public_https_webhook():
    user = UserFactory()
    events = dict.fromkeys(EVENTS, True) | {"attacked": False}
    response = send(
        client_for(user), "PUT", URL, choices(events=events, webhook_url="https://93.184.216.34/h")
    )
    assert response.status_code == 200
    assert response.json()["events"]["attacked"] is False and response.json()["webhook_secret"]
    assert client_for(user).get(URL).json()["webhook_url"] == "https://93.184.216.34/h"


@pytest.mark.parametrize(
    "url",
    [
        "http://93.184.216.34/h",
        "https://127.0.0.1/h",
        "https://10.1.2.3/h",
        "https://192.168.0.1/h",
        "https://169.254.169.254/latest",
        "https://[::1]/h",
        "https://100.64.0.1/h",  # shared address space (a cloud's metadata address is in it)
        "https://100.100.100.200/latest",
        "https://[2002:7f00:1::1]/h",  # 6to4 of 127.0.0.1
        "https://[fec0::1]/h",  # site-local
        "https://user:pw@93.184.216.34/h",
        "ftp://93.184.216.34/h",
    ],
)
def test_a_webhook_that_is_not_https_to_a_public_address_is_refused_and_nothing_changes(url):
    user = UserFactory()
    response = send(client_for(user), "PUT", URL, choices(webhook_url=url, digest=True))
    assert response.status_code == 400 and codes(response) == {"webhook_url.refused"}
    assert not Preference.objects.filter(user=user, digest=True).exists()


@pytest.mark.parametrize(
    "body",
    [
        {"email": "yes"},
        choices(events={"your_turn": "maybe"}),
        choices(email=None),
        "not json",
        choices(email=0),  # true or false, as the schema says, not DRF's 0 and 1
        choices(digest="true"),
        choices(events={**dict.fromkeys(EVENTS, True), "application": 1}),
    ],
)
def test_malformed_choices_are_refused(body):
    user = UserFactory()
    response = send(client_for(user), "PUT", URL, body)
    assert response.status_code == 400
    assert not Preference.objects.filter(user=user).exists()


def test_choices_for_one_campaign_override_the_default_and_need_membership():
    user = UserFactory()
    campaign = campaign_for(gm=user)
    send(client_for(user), "PUT", URL + f"?campaign={campaign.pk}", choices(digest=True))
    assert client_for(user).get(URL + f"?campaign={campaign.pk}").json()["digest"] is True
    assert client_for(user).get(URL).json()["digest"] is False
    assert client_for(UserFactory()).get(URL + f"?campaign={campaign.pk}").status_code == 404


def test_a_signed_unsubscribe_link_turns_one_event_off_and_a_forged_one_does_nothing():
    user = UserFactory()
    link = f"/notifications/unsubscribe/{token_for(user, 'journal')}/"
    assert Client().get(link).status_code == 200
    assert Client().post(link).status_code == 200
    assert client_for(user).get(URL).json()["events"]["journal"] is False
    forged = token_for(user, "journal")[:-2] + "xx"
    assert Client().post(f"/notifications/unsubscribe/{forged}/").status_code == 404


def test_an_unsubscribe_link_for_one_campaign_turns_the_event_off_there_only():
    user = UserFactory()
    here, elsewhere = campaign_for(gm=user), campaign_for(gm=user)
    send(client_for(user), "PUT", URL, choices(digest=True, webhook_url="https://93.184.216.34/h"))
    default = Preference.objects.get(user=user, campaign=None)
    link = f"/notifications/unsubscribe/{token_for(user, 'journal', here)}/"
    assert Client().post(link).status_code == 200
    mine = client_for(user)
    assert mine.get(URL + f"?campaign={here.pk}").json()["events"]["journal"] is False
    assert mine.get(URL + f"?campaign={elsewhere.pk}").json()["events"]["journal"] is True
    assert mine.get(URL).json()["events"]["journal"] is True
    # Everything else in that campaign is as the user chose it by default, the webhook's key too.
    there = mine.get(URL + f"?campaign={here.pk}").json()
    assert there["digest"] is True and there["webhook_url"] == "https://93.184.216.34/h"
    assert there["webhook_secret"] == default.webhook_secret
    assert {k for k, on in there["events"].items() if not on} == {"journal"}


def test_an_unsubscribe_link_turns_off_only_its_event_in_a_campaign_with_choices_of_its_own():
    user = UserFactory()
    campaign = campaign_for(gm=user)
    send(client_for(user), "PUT", URL + f"?campaign={campaign.pk}", choices(email=False))
    Client().post(f"/notifications/unsubscribe/{token_for(user, 'attacked', campaign)}/")
    there = client_for(user).get(URL + f"?campaign={campaign.pk}").json()
    assert there["email"] is False and there["events"]["attacked"] is False
    assert there["events"]["journal"] is True


def test_the_unsubscribe_link_in_a_campaign_mail_names_that_campaign(frozen):
    from django.core import mail

    from notifications import outbox

    user = UserFactory(email="ana@example.org")
    here, elsewhere = campaign_for(gm=user), campaign_for(gm=user)
    outbox.notify(user=user, event="journal", key="journal:1", text="Nueva entrada.", campaign=here)
    outbox.flush()
    link = mail.outbox[0].body.rsplit("/notifications/unsubscribe/", 1)[1].split("/")[0]
    Client().post(f"/notifications/unsubscribe/{link}/")
    assert outbox.notify(user=user, event="journal", key="journal:2", text="Otra.", campaign=here) == []
    assert outbox.notify(user=user, event="journal", key="journal:3", text="Otra.", campaign=elsewhere)


def test_the_preferences_are_for_one_campaign_at_most(auth_client):
    response = auth_client.get("/api/v1/auth/me/notifications/?campaign=1&campaign=2")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "campaign.repeated"

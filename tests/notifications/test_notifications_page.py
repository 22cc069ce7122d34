"""The user's notifications page (`/notifications/`): the same choices and the same service as
`GET/PUT /api/v1/auth/me/notifications/` (by default or for one campaign), a refused webhook shown
at its field with nothing changed, and the notifications they were sent, newest first, a page at a
time, whose unseen count the menu shows until the page is opened."""

import re

import pytest
from django.conf import settings as django_settings
from django.test import Client

from notifications import outbox
from notifications.models import EVENTS, Outbox, Preference
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db
URL = "/notifications/"
HOOK = "https://93.184.216.34/mine"


@pytest.fixture(autouse=True)
def production(settings):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False


def logged(user, language=None):
    client = Client()
    client.force_login(user)
    if language:
        client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    return client


def choices(**changes):
    data = {"email": "on", "push": "on", "webhook_url": "", **{f"event_{name}": "on" for name in EVENTS}}
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def api_choices(client, campaign=None):
    query = f"?campaign={campaign.pk}" if campaign else ""
    return client.get(f"/api/v1/auth/me/notifications/{query}").json()


def unread_badge(html: str) -> str | None:
    found = re.search(r'id="nav-unread">(\d+)<', html)
    return found.group(1) if found else None


def test_the_page_needs_a_login_and_is_linked_from_the_menu():
    assert Client().get(URL).status_code == 302
    page = logged(UserFactory()).get("/campaigns/").content.decode()
    assert 'href="/notifications/" id="nav-notifications"' in page


def test_saving_the_default_choices_is_what_the_api_then_reads():
    user = UserFactory()
    client = logged(user)
    response = client.post(URL, choices(email=None, digest="on", webhook_url=HOOK, event_attacked=None))
    assert response.status_code == 302
    assert api_choices(client) == {
        "email": False,
        "push": True,
        "digest": True,
        "webhook_url": HOOK,
        "webhook_secret": Preference.objects.get(user=user, campaign=None).webhook_secret,
        "events": {name: name != "attacked" for name in EVENTS},
    }
    page = client.get(URL).content.decode()
    assert (
        f'value="{HOOK}"' in page and 'name="event_attacked" class="checkboxinput form-check-input"' in page
    )


def test_choices_for_one_campaign_leave_the_default_alone():
    user = UserFactory()
    campaign = campaign_for(name="Puerto Niebla")
    player_in(campaign, user)
    client = logged(user)
    assert "usa tus preferencias por defecto" in client.get(f"{URL}?campaign={campaign.pk}").content.decode()
    response = client.post(f"{URL}?campaign={campaign.pk}", choices(event_journal=None))
    assert response.status_code == 302 and response["Location"] == f"{URL}?campaign={campaign.pk}"
    assert api_choices(client, campaign)["events"]["journal"] is False
    assert api_choices(client)["events"]["journal"] is True
    assert "tiene sus propias preferencias" in client.get(f"{URL}?campaign={campaign.pk}").content.decode()


def test_a_campaign_the_user_is_not_in_is_not_found():
    stranger = campaign_for()
    client = logged(UserFactory())
    assert client.get(f"{URL}?campaign={stranger.pk}").status_code == 404
    assert client.post(f"{URL}?campaign={stranger.pk}", choices()).status_code == 404
    assert client.get(f"{URL}?campaign=abc").status_code == 404
    assert not Preference.objects.filter(campaign=stranger).exists()


@pytest.mark.parametrize(
    ("language", "url", "expected"),
    [
        (None, "http://93.184.216.34/x", "El webhook debe ser https a una dirección pública"),
        (None, "https://127.0.0.1/x", "apunta a una dirección privada o local"),
        ("en", "https://10.0.0.1/x", "The webhook must be https to a public address"),
    ],
)
def test_a_refused_webhook_is_shown_at_its_field_and_changes_nothing(language, url, expected):
    user = UserFactory()
    client = logged(user, language)
    client.post(URL, choices(webhook_url=HOOK))
    before = Preference.objects.get(user=user, campaign=None)
    response = client.post(URL, choices(email=None, webhook_url=url, event_your_turn=None))
    html = response.content.decode()
    assert response.status_code == 400
    field_error = re.search(r'id="error_1_id_webhook_url"[^>]*>\s*<strong>(.*?)</strong>', html, re.S)
    assert field_error and expected in field_error.group(1)
    after = Preference.objects.get(user=user, campaign=None)
    assert (after.email, after.webhook_url, after.events) == (before.email, HOOK, before.events)


def _tell(user, n, campaign=None):
    return outbox.notify(
        user=user, event="journal", key=f"journal:test:{n}", text=f"Aviso número {n}", campaign=campaign
    )


def test_the_list_shows_each_event_once_newest_first_with_its_channels():
    user = UserFactory()
    Preference.objects.create(user=user, campaign=None, webhook_url=HOOK)
    campaign = campaign_for(name="Puerto Niebla")
    _tell(user, 1, campaign)
    _tell(user, 2)
    assert Outbox.objects.filter(user=user).count() == 4  # e-mail and webhook for each
    html = logged(user).get(URL).content.decode()
    assert html.count("Aviso número") == 2
    assert html.index("Aviso número 2") < html.index("Aviso número 1")
    assert "Enviado por correo, webhook" in html and "Puerto Niebla" in html


def test_the_table_webhook_rows_of_a_gm_are_not_their_notifications():
    gm = UserFactory()
    campaign = campaign_for(gm=gm)
    Outbox.objects.create(
        user=gm, campaign=campaign, event="your_turn", key="table:x", channel="table",
        subject="s", text="Para la mesa", next_attempt_at=campaign.created_at,
    )  # fmt: skip
    assert "Para la mesa" not in logged(gm).get(URL).content.decode()


def test_the_menu_counts_new_notifications_until_the_page_is_opened():
    user = UserFactory()
    client = logged(user)
    assert unread_badge(client.get("/campaigns/").content.decode()) is None
    _tell(user, 1)
    _tell(user, 2)
    assert unread_badge(client.get("/campaigns/").content.decode()) == "2"
    page = client.get(URL).content.decode()
    assert page.count("notification-new") == 2  # new while they are being read
    assert unread_badge(client.get("/campaigns/").content.decode()) is None
    _tell(user, 3)
    assert unread_badge(client.get("/campaigns/").content.decode()) == "1"
    assert client.get(URL).content.decode().count("notification-new") == 1


def test_the_list_is_paginated():
    user = UserFactory()
    for n in range(25):
        _tell(user, n)
    client = logged(user)
    first = client.get(URL).content.decode()
    assert first.count("Aviso número") == 20 and "Página 1 de 2" in first
    second = client.get(f"{URL}?page=2").content.decode()
    assert second.count("Aviso número") == 5
    assert client.get(f"{URL}?page=zzz").status_code == 200


def test_the_list_reads_in_a_constant_number_of_queries(django_assert_max_num_queries):
    user = UserFactory()
    for n in range(20):
        _tell(user, n, campaign_for())
    client = logged(user)
    with django_assert_max_num_queries(16):
        client.get(URL)


def test_a_user_without_an_email_address_is_told_no_mail_will_reach_them():
    assert 'id="no-email-note"' in logged(UserFactory(email="")).get(URL).content.decode()
    assert 'id="no-email-note"' not in logged(UserFactory()).get(URL).content.decode()

"""A page or an answer that shows a secret is never compressed (docs/performance.md, BREACH;
`epic20site.compression.shows_secret`): each one is opened as a browser asks (gzip), the secret
is read off its body, and the body must come plain. Every secret the site shows a user is here:
the API token, the webhook signing secrets (the user's own, a table's) and a campaign's invite
code, on the pages and through the API."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from epic20site.compression import shows_secret
from notifications.models import Preference, TableWebhook
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
# Text a stranger chose, shown on the same pages: a member's name.
STRANGER = "Extraño-" + "a" * 40


@pytest.fixture
def gm():
    return UserFactory(username="directora")


@pytest.fixture
def campaign(gm):
    campaign = campaign_for(gm, name="Mesa con secretos " + "b" * 80)
    player_in(campaign, UserFactory(username=STRANGER))
    return campaign


@pytest.fixture
def browser(gm):
    client = Client()
    client.force_login(gm)
    return client


@pytest.fixture
def api(gm):
    client = APIClient()
    client.force_authenticate(gm)
    return client


def assert_plain_with(response, secret: str) -> None:
    assert response.status_code in (200, 201), response.content[:300]
    assert not response.has_header("Content-Encoding"), response.get("Content-Encoding")
    assert secret in response.content.decode()


def test_the_notifications_page_with_its_webhook_secret(gm, browser, campaign):
    preference = Preference.objects.create(user=gm, webhook_url="https://hooks.example.org/epic20")
    page = browser.get("/notifications/", headers=GZIP)
    assert_plain_with(page, preference.webhook_secret)


def test_the_table_webhook_page_showing_a_new_secret(browser, campaign):
    TableWebhook.objects.create(campaign=campaign, url="https://hooks.example.org/mesa")
    page = browser.post(f"/notifications/campaigns/{campaign.pk}/webhook/rotate/", headers=GZIP)
    assert_plain_with(page, TableWebhook.objects.get(campaign=campaign).secret)


def test_the_table_webhook_page_itself(browser, campaign):
    TableWebhook.objects.create(campaign=campaign, url="https://hooks.example.org/mesa")
    page = browser.get(f"/notifications/campaigns/{campaign.pk}/webhook/", headers=GZIP)
    assert page.status_code == 200
    assert not page.has_header("Content-Encoding")


def test_the_account_page_showing_a_new_token(gm, browser):
    page = browser.post("/accounts/token/", headers=GZIP)
    assert_plain_with(page, Token.objects.get(user=gm).key)


def test_the_account_page(gm, browser):
    Token.objects.create(user=gm)
    page = browser.get("/accounts/", headers=GZIP)
    assert page.status_code == 200
    assert not page.has_header("Content-Encoding")


def test_a_campaign_page_showing_its_invite_code(browser, campaign):
    page = browser.get(f"/campaigns/{campaign.pk}/", headers=GZIP)
    assert_plain_with(page, campaign.invite_code)
    assert STRANGER in page.content.decode()


def test_a_campaign_page_after_a_new_invite_code_or_a_rename(browser, campaign):
    page = browser.post(
        f"/campaigns/{campaign.pk}/invite/regenerate/", headers={**GZIP, "HX-Request": "true"}
    )
    campaign.refresh_from_db()
    assert_plain_with(page, campaign.invite_code)
    renamed = browser.post(
        f"/campaigns/{campaign.pk}/rename/",
        {"name": "Otra mesa " + "c" * 80},
        headers={**GZIP, "HX-Request": "true"},
    )
    assert renamed.status_code in (200, 302)
    assert not renamed.has_header("Content-Encoding")


def test_the_api_token_answer():
    UserFactory(username="cliente", password="una-clave-muy-larga-2026")
    answer = APIClient().post(
        "/api/v1/auth/token/",
        {"username": "cliente", "password": "una-clave-muy-larga-2026"},
        format="json",
        headers=GZIP,
    )
    assert_plain_with(answer, answer.json()["token"])


def test_the_register_answer():
    answer = APIClient().post(
        "/api/v1/auth/register/",
        {"username": "nueva", "password": "una-clave-muy-larga-2026", "email": "nueva@example.org"},
        format="json",
        headers=GZIP,
    )
    assert_plain_with(answer, answer.json()["token"])


def test_the_api_notification_preferences_with_the_webhook_secret(gm, api):
    preference = Preference.objects.create(user=gm, webhook_url="https://hooks.example.org/epic20")
    answer = api.get("/api/v1/auth/me/notifications/", headers=GZIP)
    assert_plain_with(answer, preference.webhook_secret)


def test_the_api_table_webhook_with_its_secret(api, campaign):
    hook = TableWebhook.objects.create(campaign=campaign, url="https://hooks.example.org/mesa")
    answer = api.get(f"/api/v1/campaigns/{campaign.pk}/webhook/", headers=GZIP)
    assert_plain_with(answer, hook.secret)


def test_the_api_campaigns_with_their_invite_code(api, campaign):
    assert_plain_with(api.get(f"/api/v1/campaigns/{campaign.pk}/", headers=GZIP), campaign.invite_code)
    assert_plain_with(api.get("/api/v1/campaigns/", headers=GZIP), campaign.invite_code)
    again = api.post(f"/api/v1/campaigns/{campaign.pk}/invite/regenerate/", headers=GZIP)
    campaign.refresh_from_db()
    assert_plain_with(again, campaign.invite_code)


def test_a_page_without_a_secret_is_still_compressed(browser, campaign):
    page = browser.get("/campaigns/", headers=GZIP)
    assert page["Content-Encoding"] == "gzip"


def test_the_mark_works_on_function_and_class_views():
    from django.http import HttpResponse
    from django.test import RequestFactory
    from django.views import View

    from epic20site.compression import compressible

    @shows_secret
    def page(request):
        return HttpResponse("<p>" + "x" * 500 + "</p>")

    @shows_secret
    class Page(View):
        def get(self, request):
            return HttpResponse("<p>" + "y" * 500 + "</p>")

    request = RequestFactory().get("/")
    assert not compressible(page(request))
    assert not compressible(Page.as_view()(request))
    assert compressible(HttpResponse("<p>" + "z" * 500 + "</p>"))

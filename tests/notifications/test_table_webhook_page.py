"""The GM's page of the table's webhook (`/notifications/campaigns/<id>/webhook/`): the same
service as `PUT /api/v1/campaigns/{id}/webhook/`, so the same https-to-a-public-host check (no
loopback or private host in production), every refusal shown at the field in the page's language
and nothing changed; only the GM sees it (404 for anyone else); the secret is shown once."""

import re

import pytest
from django.conf import settings as django_settings
from django.test import Client

from notifications.models import TableWebhook
from tests.factories import UserFactory, campaign_for, player_in
from tests.tracking.helpers import client_for, send

pytestmark = pytest.mark.django_db
HOOK = "https://93.184.216.34/table"
OTHER = "https://93.184.216.35/elsewhere"


@pytest.fixture(autouse=True)
def production(settings):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False  # as in production


@pytest.fixture
def table():
    gm = UserFactory(username="directora")
    campaign = campaign_for(gm=gm)
    player = player_in(campaign, UserFactory(username="jugador"))
    return campaign, gm, player


def logged(user, language=None):
    client = Client()
    client.force_login(user)
    if language:  # what the language menu leaves behind
        client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    return client


def page_url(campaign, tail=""):
    return f"/notifications/campaigns/{campaign.pk}/webhook/{tail}"


def field_error(response) -> str:
    """The text crispy shows under the URL field."""
    html = response.content.decode()
    found = re.search(r'id="error_1_id_url"[^>]*>\s*<strong>(.*?)</strong>', html, re.S)
    assert found, html
    return found.group(1).strip()


def test_the_gm_sets_a_good_url_and_sees_its_secret_once(table):
    campaign, gm, _player = table
    gm_page = logged(gm)
    assert "Esta campaña no tiene webhook de mesa." in gm_page.get(page_url(campaign)).content.decode()
    response = gm_page.post(page_url(campaign), {"url": f"  {HOOK} "})
    hook = TableWebhook.objects.get(campaign=campaign)
    assert response.status_code == 200 and hook.url == HOOK
    assert hook.secret in response.content.decode() and "no-store" in response["Cache-Control"]
    again = gm_page.get(page_url(campaign)).content.decode()
    assert HOOK in again and hook.secret not in again  # shown once


def test_changing_the_url_keeps_the_secret_and_does_not_show_it(table):
    campaign, gm, _player = table
    logged(gm).post(page_url(campaign), {"url": HOOK})
    secret = TableWebhook.objects.get().secret
    response = logged(gm).post(page_url(campaign), {"url": OTHER}, follow=True)
    hook = TableWebhook.objects.get()
    assert (hook.url, hook.secret) == (OTHER, secret)
    assert secret not in response.content.decode() and "sigue siendo el mismo" in response.content.decode()


@pytest.mark.parametrize(
    "bad, why",
    [
        ("http://93.184.216.34/x", "tiene que empezar por https:// y nombrar un servidor"),
        ("https://127.0.0.1/x", "apunta a una dirección privada o local"),
        ("https://localhost/x", "apunta a una dirección privada o local"),
        ("https://10.0.0.5/x", "apunta a una dirección privada o local"),
        ("https://192.168.1.20/x", "apunta a una dirección privada o local"),
        ("https://u:p@93.184.216.34/", "no puede llevar usuario ni contraseña"),
    ],
)
def test_a_refused_url_is_shown_at_the_field_in_spanish_and_changes_nothing(table, bad, why):
    campaign, gm, _player = table
    logged(gm).post(page_url(campaign), {"url": HOOK})
    before = TableWebhook.objects.values("url", "secret").get()
    response = logged(gm).post(page_url(campaign), {"url": bad})
    assert response.status_code == 400
    assert field_error(response) == f"El webhook debe ser https a una dirección pública ({why})."
    assert TableWebhook.objects.values("url", "secret").get() == before


def test_an_empty_or_too_long_url_is_refused_at_the_field_and_no_webhook_is_made(table):
    campaign, gm, _player = table
    empty = logged(gm).post(page_url(campaign), {"url": "  "})
    assert empty.status_code == 400 and field_error(empty) == "Escribe la URL del webhook."
    long = logged(gm).post(page_url(campaign), {"url": HOOK + "/" + "a" * 500})
    assert long.status_code == 400 and "no puede pasar de 500 caracteres" in field_error(long)
    assert not TableWebhook.objects.exists()


def test_with_the_language_menu_on_english_the_refusal_is_in_english(table):
    campaign, gm, _player = table
    response = logged(gm, language="en").post(page_url(campaign), {"url": "https://127.0.0.1/x"})
    assert field_error(response) == (
        "The webhook must be https to a public address (it points at a private or local address)."
    )
    assert "Table webhook" in response.content.decode() and not TableWebhook.objects.exists()


def test_nobody_but_the_gm_sees_or_changes_the_page(table):
    campaign, gm, player = table
    logged(gm).post(page_url(campaign), {"url": HOOK})
    before = TableWebhook.objects.values("url", "secret").get()
    stranger = UserFactory(username="ajena")
    for user in (player, stranger):
        client = logged(user)
        assert client.get(page_url(campaign)).status_code == 404
        assert client.post(page_url(campaign), {"url": OTHER}).status_code == 404
        assert client.post(page_url(campaign, "rotate/")).status_code == 404
        assert client.post(page_url(campaign, "delete/")).status_code == 404
    anonymous = Client().get(page_url(campaign))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert TableWebhook.objects.values("url", "secret").get() == before


def test_the_campaign_page_links_the_gm_to_it_and_never_a_player(table):
    campaign, gm, player = table
    logged(gm).post(page_url(campaign), {"url": HOOK})
    assert page_url(campaign) in logged(gm).get(f"/campaigns/{campaign.pk}/").content.decode()
    seen = logged(player).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert page_url(campaign) not in seen and HOOK not in seen


def test_a_new_secret_is_shown_once_and_the_old_one_is_gone(table):
    campaign, gm, _player = table
    logged(gm).post(page_url(campaign), {"url": HOOK})
    old = TableWebhook.objects.get().secret
    response = logged(gm).post(page_url(campaign, "rotate/"))
    new = TableWebhook.objects.get().secret
    assert new != old and new.startswith("whsec_") and len(new) == 50
    assert new in response.content.decode() and old not in response.content.decode()


def test_asking_a_new_secret_without_a_webhook_says_so_and_makes_none(table):
    campaign, gm, _player = table
    response = logged(gm).post(page_url(campaign, "rotate/"), follow=True)
    assert "Esta campaña no tiene webhook de mesa." in response.content.decode()
    assert not TableWebhook.objects.exists()


def test_the_gm_deletes_it(table):
    campaign, gm, _player = table
    logged(gm).post(page_url(campaign), {"url": HOOK})
    response = logged(gm).post(page_url(campaign, "delete/"), follow=True)
    assert response.redirect_chain[-1] == (page_url(campaign), 302)
    assert not TableWebhook.objects.exists() and "Webhook borrado." in response.content.decode()


def test_the_api_answers_the_same_as_the_page_leaves_it(table):
    campaign, gm, player = table
    api = client_for(gm)
    url = f"/api/v1/campaigns/{campaign.pk}/webhook/"
    logged(gm).post(page_url(campaign), {"url": HOOK})
    hook = TableWebhook.objects.get()
    assert api.get(url).json() == {"url": HOOK, "secret": hook.secret}
    refused = send(api, "PUT", url, {"url": "https://10.0.0.5/x"})
    [error] = refused.json()["errors"]
    assert refused.status_code == 400 and (error["code"], error["path"]) == ("webhook_url.refused", "/url")
    assert (
        error["message"]
        == "El webhook debe ser https a una dirección pública (apunta a una dirección privada o local)."
    )
    english = api.generic(
        "PUT", url, '{"url": "http://x.example/"}', content_type="application/json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert english.json()["errors"][0]["message"].startswith("The webhook must be https")
    assert send(client_for(player), "PUT", url, {"url": OTHER}).status_code == 403
    assert send(api, "PUT", url, {"url": OTHER}).json() == {"url": OTHER, "secret": hook.secret}
    assert send(api, "PUT", url, {"url": None}).json() == {"url": None, "secret": None}
    assert api.delete(url).status_code == 204 and not TableWebhook.objects.exists()
    assert "Esta campaña no tiene webhook de mesa." in logged(gm).get(page_url(campaign)).content.decode()

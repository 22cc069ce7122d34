"""Repeated failed logins are throttled (429) on the login page and the token endpoint; only
failures count, per username and per client address. With a rate of N per window, N failures
are answered as usual, the next failure is answered 429, and so is every attempt after it until
the window ends (django-ratelimit's "more than N")."""

import json

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LOGIN = reverse("accounts:login")
TOKEN = "/api/v1/auth/token/"
LIMIT = 3


@pytest.fixture(autouse=True)
def _small_limit(settings):
    # A day-long window: no test can straddle two windows and see its count reset.
    settings.LOGIN_FAILURE_RATE = f"{LIMIT}/d"


def _web(username, password, address="10.0.0.1", client=None, **extra):
    client = client or Client(REMOTE_ADDR=address)
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address, **extra)


def _api(username, password, address="10.0.0.1", **extra):
    body = json.dumps({"username": username, "password": password})
    return APIClient().generic(
        "POST", TOKEN, body, content_type="application/json", REMOTE_ADDR=address, **extra
    )


def test_the_login_page_answers_429_after_repeated_failures(user):
    for _ in range(LIMIT):
        assert _web(user.username, "no-es-esta").status_code == 200
    response = _web(user.username, "no-es-esta")
    assert response.status_code == 429
    assert "Demasiados intentos fallidos" in response.content.decode()
    # Now even the right password waits for the window to end.
    assert _web(user.username, DEFAULT_PASSWORD).status_code == 429


def test_the_429_page_speaks_english_when_asked(user):
    for _ in range(LIMIT + 1):
        response = _web(user.username, "no-es-esta", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 429
    assert "Too many failed attempts" in response.content.decode()


def test_the_token_endpoint_answers_429_in_the_envelope(user):
    for _ in range(LIMIT):
        assert _api(user.username, "no-es-esta").status_code == 400
    response = _api(user.username, "no-es-esta", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 429
    error = response.json()["errors"][0]
    assert error["code"] == "request.throttled"
    assert "Too many failed attempts" in error["message"]
    assert _api(user.username, DEFAULT_PASSWORD).status_code == 429


def test_the_web_and_the_api_share_the_count(user):
    for _ in range(LIMIT):
        _web(user.username, "no-es-esta")
    assert _api(user.username, "no-es-esta").status_code == 429
    assert _web(user.username, DEFAULT_PASSWORD).status_code == 429


def test_successful_logins_do_not_count(user):
    for _ in range(LIMIT * 3):
        assert _web(user.username, DEFAULT_PASSWORD).status_code == 302
        assert _api(user.username, DEFAULT_PASSWORD).status_code == 200
    for _ in range(LIMIT):
        assert _web(user.username, "no-es-esta").status_code == 200
    assert _web(user.username, DEFAULT_PASSWORD).status_code == 302


def test_a_right_password_below_the_limit_logs_in(user):
    for _ in range(LIMIT - 1):
        _web(user.username, "no-es-esta")
    assert _web(user.username, DEFAULT_PASSWORD).status_code == 302


def test_empty_fields_are_not_counted_as_failed_logins(user):
    for _ in range(LIMIT * 2):
        assert _web(user.username, "").status_code == 200
    assert _web(user.username, DEFAULT_PASSWORD).status_code == 302


def test_other_players_failures_do_not_block_a_login(user):
    other = UserFactory()
    for _ in range(LIMIT + 1):
        _web(other.username, "no-es-esta", address="10.0.0.9")
        _api(other.username, "no-es-esta", address="10.0.0.9")
    assert _web(user.username, DEFAULT_PASSWORD, address="10.0.0.1").status_code == 302
    assert _api(user.username, DEFAULT_PASSWORD, address="10.0.0.1").status_code == 200


def test_failures_on_one_username_from_many_addresses_are_throttled(user):
    for n in range(LIMIT):
        _api(user.username, "no-es-esta", address=f"10.0.1.{n}")
    assert _api(user.username, "no-es-esta", address="10.0.2.1").status_code == 429
    # The username counter ignores case, so a variant buys no extra guesses.
    assert _api(user.username.upper(), "no-es-esta", address="10.0.2.2").status_code == 429


def test_failures_on_many_usernames_from_one_address_are_throttled(user):
    for n in range(LIMIT):
        assert _web(f"nadie{n}", "no-es-esta", address="10.0.3.3").status_code == 200
    assert _web("nadie-mas", "no-es-esta", address="10.0.3.3").status_code == 429
    assert _web(user.username, DEFAULT_PASSWORD, address="10.0.3.3").status_code == 429
    assert _web(user.username, DEFAULT_PASSWORD, address="10.0.3.4").status_code == 302


def test_a_look_alike_spelling_shares_the_locked_accounts_counter(user):
    # "ｓ" is a fullwidth s: it authenticates as the same account, so it is throttled with it.
    for _ in range(LIMIT + 1):
        _api(user.username, "no-es-esta", address="10.0.4.1")
    fullwidth = "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalnum() else c for c in user.username)
    assert _api(fullwidth, DEFAULT_PASSWORD, address="10.0.4.2").status_code == 429
    assert _web(fullwidth, DEFAULT_PASSWORD, address="10.0.4.3").status_code == 429


ADMIN_LOGIN = "/admin/login/"


def test_the_admin_login_is_throttled_with_the_site_login(admin_user):
    client = Client(REMOTE_ADDR="10.0.5.1")
    for _ in range(LIMIT):
        response = client.post(ADMIN_LOGIN, {"username": "admin", "password": "no-es-esta"})
        assert response.status_code == 200
    assert client.post(ADMIN_LOGIN, {"username": "admin", "password": "no-es-esta"}).status_code == 429
    assert client.post(ADMIN_LOGIN, {"username": "admin", "password": "password"}).status_code == 429
    # The site's own login now waits too: one counter for one account.
    assert _web("admin", "password", address="10.0.5.2").status_code == 429


def test_the_admin_login_still_lets_the_right_password_in(admin_user):
    response = Client().post(ADMIN_LOGIN, {"username": "admin", "password": "password", "next": "/admin/"})
    assert response.status_code == 302


SIGNUP_LIMIT = 2


def _signup_page(n, address):
    password = "dados-de-veinte-caras"
    data = {"username": f"nueva{n}", "password1": password, "password2": password}
    return Client(REMOTE_ADDR=address).post(reverse("accounts:signup"), data, REMOTE_ADDR=address)


def _signup_api(n, address, **extra):
    body = json.dumps({"username": f"api{n}", "password": "dados-de-veinte-caras"})
    return APIClient().post(
        "/api/v1/auth/register/", body, content_type="application/json", REMOTE_ADDR=address, **extra
    )


def test_sign_ups_from_one_address_are_throttled_on_the_page_and_the_api(settings):
    from django.contrib.auth import get_user_model

    settings.SIGNUP_RATE = f"{SIGNUP_LIMIT}/d"
    assert _signup_page(1, "10.0.6.1").status_code == 302
    assert _signup_api(2, "10.0.6.1").status_code == 201
    assert _signup_page(3, "10.0.6.1").status_code == 429
    response = _signup_api(4, "10.0.6.1", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 429
    assert response.json()["errors"][0]["code"] == "request.throttled"
    assert "Too many sign-ups" in response.json()["errors"][0]["message"]
    assert get_user_model().objects.count() == 2
    assert _signup_api(5, "10.0.6.2").status_code == 201


def _change_password(client, old, new="otra-clave-bastante-larga-9", address="10.0.0.1"):
    data = {"old_password": old, "new_password1": new, "new_password2": new}
    return client.post(reverse("accounts:password_change"), data, REMOTE_ADDR=address)


def test_the_password_change_form_throttles_wrong_old_passwords(user):
    client = Client(REMOTE_ADDR="10.0.0.1")
    client.force_login(user)
    for _ in range(LIMIT):
        assert _change_password(client, "no-es-esta").status_code == 200
    response = _change_password(client, "no-es-esta")
    assert response.status_code == 429
    assert "Demasiados intentos fallidos" in response.content.decode()
    # Even the right old password now waits for the window, and the password stays.
    assert _change_password(client, DEFAULT_PASSWORD).status_code == 429
    user.refresh_from_db()
    assert user.check_password(DEFAULT_PASSWORD)


def test_wrong_old_passwords_count_with_the_logins_of_that_account(user):
    client = Client(REMOTE_ADDR="10.0.0.2")
    client.force_login(user)
    for _ in range(LIMIT + 1):
        _change_password(client, "no-es-esta", address="10.0.0.2")
    # The account's counter is the login's: another address cannot log in with guesses either.
    assert _web(user.username, DEFAULT_PASSWORD, address="10.0.0.9").status_code == 429


def test_a_mismatched_new_password_is_not_a_failed_guess(user):
    client = Client(REMOTE_ADDR="10.0.0.1")
    client.force_login(user)
    data = {"old_password": DEFAULT_PASSWORD, "new_password1": "una-larga-clave-1", "new_password2": "otra"}
    for _ in range(LIMIT + 2):
        assert (
            client.post(reverse("accounts:password_change"), data, REMOTE_ADDR="10.0.0.1").status_code == 200
        )
    assert _change_password(client, DEFAULT_PASSWORD).status_code == 302

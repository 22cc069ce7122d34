"""Signing up, logging in and out in the browser."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

SIGNUP = reverse("accounts:signup")
LOGIN = reverse("accounts:login")
LOGOUT = reverse("accounts:logout")
GOOD_PASSWORD = "dados-de-veinte-caras"


def _signup(client, **overrides):
    data = {"username": "nova", "email": "", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD}
    return client.post(SIGNUP, {**data, **overrides})


def test_signup_page_shows_a_labelled_form(client):
    response = client.get(SIGNUP)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'for="id_username"' in html
    assert 'name="password1"' in html


def test_signup_creates_the_account_and_logs_in(client):
    response = _signup(client, email="nova@example.org")
    assert response.status_code == 302
    assert response.url == reverse("campaigns:campaign_list")
    user = get_user_model().objects.get(username="nova")
    assert user.email == "nova@example.org"
    assert client.get(reverse("campaigns:campaign_list")).status_code == 200


def test_signup_follows_a_safe_next_and_ignores_another_site(client):
    assert _signup(client, next="/campaigns/join/?code=ABC").url == "/campaigns/join/?code=ABC"
    client.post(LOGOUT)
    response = _signup(client, username="otra", next="https://evil.example/")
    assert response.url == reverse("campaigns:campaign_list")


def test_signup_with_a_short_password_shows_the_error_next_to_the_field(client):
    response = _signup(client, password1="corta", password2="corta")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'aria-invalid="true"' in html
    assert "aria-describedby" in html
    assert "demasiado corta" in html
    assert not get_user_model().objects.filter(username="nova").exists()


def test_signup_refuses_a_taken_username_whatever_its_case(client):
    UserFactory(username="Nova")
    response = _signup(client)
    assert response.status_code == 200
    assert get_user_model().objects.filter(username__iexact="nova").count() == 1


def test_signup_refuses_mismatched_passwords(client):
    response = _signup(client, password2="otra-clave-distinta-1")
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="nova").exists()


def test_a_logged_in_user_is_sent_from_signup_to_their_campaigns(client, user):
    client.force_login(user)
    assert client.get(SIGNUP).url == reverse("campaigns:campaign_list")


def test_login_page_logs_in_and_goes_to_the_campaigns(client, user):
    assert client.get(LOGIN).status_code == 200
    response = client.post(LOGIN, {"username": user.username, "password": DEFAULT_PASSWORD})
    assert response.status_code == 302
    assert response.url == reverse("campaigns:campaign_list")


def test_login_with_a_wrong_password_shows_the_form_again(client, user):
    response = client.post(LOGIN, {"username": user.username, "password": "no-es-esta"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_logout_ends_the_session(client, user):
    client.force_login(user)
    response = client.post(LOGOUT)
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert "_auth_user_id" not in client.session
    assert client.get(reverse("campaigns:campaign_list")).status_code == 302


def test_logout_needs_a_post(client, user):
    client.force_login(user)
    assert client.get(LOGOUT).status_code == 405


def test_login_page_speaks_english_when_asked(client):
    response = client.get(LOGIN, HTTP_ACCEPT_LANGUAGE="en")
    assert "Log in" in response.content.decode()

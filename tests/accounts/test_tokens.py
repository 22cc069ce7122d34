"""API tokens can be revoked (`DELETE /api/v1/auth/token/`, the account page's button), are
retired by a password change, and the account page shows them masked."""

import json

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.services import masked, token_for
from tests.factories import DEFAULT_PASSWORD

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token/"
CAMPAIGNS = "/api/v1/campaigns/"
NEW_PASSWORD = "otra-clave-bien-larga-2027"


def _with_token(key) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def _obtain(username, password=DEFAULT_PASSWORD) -> str:
    body = json.dumps({"username": username, "password": password})
    response = APIClient().post(TOKEN, body, content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()["token"]


def test_delete_revokes_the_token_it_is_sent_with(user):
    key = _obtain(user.username)
    client = _with_token(key)
    assert client.get(CAMPAIGNS).status_code == 200
    assert client.delete(TOKEN).status_code == 204
    assert client.get(CAMPAIGNS).status_code == 401
    assert _obtain(user.username) != key


def test_delete_without_credentials_is_a_401_in_the_envelope():
    response = APIClient().delete(TOKEN)
    assert response.status_code == 401
    assert "errors" in response.json()


def test_a_password_change_retires_the_old_token(user, client):
    key = _obtain(user.username)
    client.force_login(user)
    response = client.post(
        reverse("accounts:password_change"),
        {"old_password": DEFAULT_PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    assert _with_token(key).get(CAMPAIGNS).status_code == 401
    fresh = _obtain(user.username, NEW_PASSWORD)
    assert fresh != key
    assert _with_token(fresh).get(CAMPAIGNS).status_code == 200


def test_set_password_anywhere_retires_the_token(user):
    key = token_for(user=user).key
    user.set_password(NEW_PASSWORD)
    user.save()
    assert not Token.objects.filter(key=key).exists()


def test_saving_a_user_without_a_new_password_keeps_the_token(user):
    key = token_for(user=user).key
    user.first_name = "Ada"
    user.save()
    user.save(update_fields=["last_login"])
    assert Token.objects.filter(key=key).exists()


def test_the_account_page_shows_the_token_masked_and_revokes_it(user, client):
    key = token_for(user=user).key
    client.force_login(user)
    page = client.get(reverse("accounts:account")).content.decode()
    assert masked(key) in page
    assert key not in page
    response = client.post(reverse("accounts:token_revoke"))
    assert response.status_code == 302
    assert not Token.objects.filter(user=user).exists()
    assert "No tienes ningún token activo." in client.get(reverse("accounts:account")).content.decode()


def test_the_account_page_makes_a_new_token_shown_once(user, client):
    old = token_for(user=user).key
    client.force_login(user)
    response = client.post(reverse("accounts:token_create"))
    new = Token.objects.get(user=user).key
    assert new != old and new in response.content.decode()
    assert new not in client.get(reverse("accounts:account")).content.decode()


def test_the_account_page_needs_a_login(client):
    assert client.get(reverse("accounts:account")).status_code == 302
    assert client.post(reverse("accounts:token_revoke")).status_code == 302


def test_masking_hides_all_but_the_ends():
    assert masked("0123456789abcdef") == "0123…cdef"


def test_the_account_page_speaks_english_when_asked(user, client):
    token_for(user=user)
    client.force_login(user)
    page = client.get(reverse("accounts:account"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "My account" in page and "API token" in page and "Revoke" in page

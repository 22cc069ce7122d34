"""Sessions and logins run on Django's own engines (settings.SESSION_ENGINE) and ModelBackend
(accounts/backends.py): logging in and out, a password change ending other sessions, and the
cached store reading the database on a cache miss."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user
from django.urls import reverse

from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_the_site_uses_djangos_own_session_engines():
    assert settings.SESSION_ENGINE in (
        "django.contrib.sessions.backends.db",
        "django.contrib.sessions.backends.cached_db",
    )
    assert settings.AUTHENTICATION_BACKENDS == ["accounts.backends.NormalisedNameBackend"]


def test_logging_in_and_out_through_the_pages(client):
    UserFactory(username="ana")
    response = client.post(reverse("accounts:login"), {"username": "ana", "password": DEFAULT_PASSWORD})
    assert response.status_code == 302
    campaigns = reverse("campaigns:campaign_list")
    assert client.get(campaigns).status_code == 200
    client.post(reverse("accounts:logout"))
    assert client.get(campaigns).status_code == 302


def test_changing_the_password_ends_the_other_sessions(client):
    user = UserFactory(username="ana")
    client.force_login(user)
    campaigns = reverse("campaigns:campaign_list")
    assert client.get(campaigns).status_code == 200
    user.set_password("otra-clave-distinta-2")
    user.save()
    assert client.get(campaigns).status_code == 302


def test_an_inactive_user_is_logged_out(client):
    user = UserFactory()
    client.force_login(user)
    user.is_active = False
    user.save()
    assert not get_user(client).is_authenticated


def test_the_cached_store_reads_the_database_on_a_cache_miss():
    from django.contrib.sessions.backends.cached_db import SessionStore
    from django.core.cache import caches

    store = SessionStore()
    store["colour"] = "verde"
    store.save()
    caches["default"].delete(store.cache_key)
    again = SessionStore(session_key=store.session_key)
    assert again.load() == {"colour": "verde"}


def test_logging_in_as_another_user_while_logged_in_switches_to_that_account(client):
    ana, bruno = UserFactory(username="ana"), UserFactory(username="bruno")
    client.force_login(ana)
    old_session = client.session.session_key
    response = client.post(reverse("accounts:login"), {"username": "bruno", "password": DEFAULT_PASSWORD})
    assert response.status_code == 302
    assert get_user(client).pk == bruno.pk
    assert client.session.session_key != old_session


def test_a_wrong_password_while_logged_in_keeps_the_first_account_and_says_so(client):
    ana = UserFactory(username="ana")
    UserFactory(username="bruno")
    client.force_login(ana)
    response = client.post(reverse("accounts:login"), {"username": "bruno", "password": "no-es-esta"})
    assert response.status_code == 200
    assert get_user(client).pk == ana.pk


def test_opening_the_login_page_while_logged_in_goes_on_to_the_site(client):
    client.force_login(UserFactory(username="ana"))
    response = client.get(reverse("accounts:login"))
    assert response.status_code == 302

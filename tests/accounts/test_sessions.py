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

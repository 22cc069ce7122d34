"""The session store and the authentication backend read with one plain SQL statement each; they
must hand over exactly what Django's own ORM lookups would."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from accounts.backends import UserBackend
from epic20site.sessions.db import SessionStore
from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_the_backend_builds_the_same_user_as_the_orm():
    user = UserFactory(username="lectora", email="lectora@example.org", first_name="Ada")
    user.last_login = timezone.now()
    user.save()
    mine = UserBackend().get_user(user.pk)
    theirs = get_user_model().objects.get(pk=user.pk)
    for field in get_user_model()._meta.concrete_fields:
        assert getattr(mine, field.attname) == getattr(theirs, field.attname), field.name
    assert type(mine.last_login) is type(theirs.last_login) and mine.last_login.tzinfo is not None
    assert mine.is_active is True and mine._state.adding is False and mine._state.db == "default"
    assert mine.get_session_auth_hash() == theirs.get_session_auth_hash()


@pytest.mark.parametrize("user_id", [987654, "not-a-number", None])
def test_no_user_for_an_unknown_or_malformed_id(user_id):
    assert UserBackend().get_user(user_id) is None


def test_an_inactive_user_is_not_let_in():
    user = UserFactory(is_active=False)
    assert UserBackend().get_user(user.pk) is None


def test_a_saved_session_loads_as_saved():
    store = SessionStore()
    store["colour"] = "azul"
    store["count"] = 3
    store.save()
    again = SessionStore(session_key=store.session_key)
    assert again.load() == {"colour": "azul", "count": 3}
    assert again.session_key == store.session_key


def test_an_expired_or_unknown_session_loads_empty_and_forgets_its_key():
    store = SessionStore()
    store["a"] = 1
    store.save()
    Session.objects.filter(session_key=store.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    expired = SessionStore(session_key=store.session_key)
    assert expired.load() == {}
    assert expired.session_key is None
    unknown = SessionStore(session_key="x" * 32)
    assert unknown.load() == {} and unknown.session_key is None


def test_logging_in_and_out_through_the_pages_uses_them(client):
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


def test_the_cached_store_reads_the_database_on_a_cache_miss():
    from django.core.cache import caches

    from epic20site.sessions.cached_db import SessionStore as CachedStore

    store = CachedStore()
    store["colour"] = "verde"
    store.save()
    caches["default"].delete(store.cache_key)
    again = CachedStore(session_key=store.session_key)
    assert again.load() == {"colour": "verde"}
    assert caches["default"].get(store.cache_key) == {"colour": "verde"}  # and refills the cache

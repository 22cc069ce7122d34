"""One root conftest for the whole suite (Zulip/HackSoft habit): shared fixtures live here."""

import pytest
from django.core.cache import cache
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient

# No test asserts a timing (docs/performance.md): property tests check what the rules do, however
# long an example takes on a machine whose two cores other work shares. Hypothesis's own
# per-example deadline and its "too slow" check are timings, so they are off for the suite.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


@pytest.fixture(autouse=True)
def _fast_hashing_and_clean_cache(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api_client():
    return APIClient()


@pytest.fixture
def user(db):
    from tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def auth_client(user):
    client = APIClient()
    client.force_authenticate(user)
    return client

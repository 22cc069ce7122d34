"""One root conftest for the whole suite (Zulip/HackSoft habit): shared fixtures live here."""

import atexit
import contextlib
import os
import shutil
import tempfile
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient

# No test asserts a timing (docs/performance.md): property tests check what the rules do, however
# long an example takes on a machine whose two cores other work shares. Hypothesis's own
# per-example deadline and its "too slow" check are timings, so they are off for the suite.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


def _own_live_cache_folder() -> None:
    """The live cache's files (settings `_live_cache`) are named after the database, which is
    the development one when settings load: each test process gets a folder of its own instead,
    set before any cache is opened."""
    live = django_settings.CACHES["live"]
    if live["BACKEND"].endswith("FileBasedCache"):
        folder = tempfile.mkdtemp(prefix="epic20site-test-live-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        live["LOCATION"] = folder


_own_live_cache_folder()


def _own_redis_database() -> None:
    """Test processes running side by side (pytest-xdist's workers gw0, gw1, …) each take a Redis
    database of their own, counting down from the configured one, and a cache prefix of their
    own: one worker's cache flush, rate-limit counters or live-update channel never reach
    another's. Set before any connection is opened; a single process keeps the URL as given."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not django_settings.REDIS_URL or not worker.startswith("gw"):
        return
    parts = urlsplit(django_settings.REDIS_URL)
    number = int(parts.path.strip("/") or 0) - int(worker[2:])
    if number < 0:
        raise pytest.UsageError(f"REDIS_URL names too low a database for worker {worker}: use a higher one")
    url = urlunsplit(parts._replace(path=f"/{number}"))
    django_settings.REDIS_URL = url
    on_redis = [c for c in django_settings.CACHES.values() if c["BACKEND"].endswith("RedisCache")]
    for cache in {id(c): c for c in on_redis}.values():  # "live" is "default" itself on Redis
        cache["LOCATION"] = url
        cache["KEY_PREFIX"] = f"{cache.get('KEY_PREFIX') or 'epic20site'}-{worker}"
    queue = getattr(django_settings, "RQ_QUEUES", {}).get("default")
    if queue:
        queue["URL"] = urlunsplit(urlsplit(queue["URL"])._replace(path=f"/{number}"))


_own_redis_database()


@pytest.fixture(autouse=True)
def _fast_hashing_and_clean_cache(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    _clear_caches(settings)
    yield
    _clear_caches(settings)


def _clear_caches(settings):
    for alias in settings.CACHES:
        with contextlib.suppress(Exception):  # a test's own cache server, already stopped
            caches[alias].clear()


@pytest.fixture(autouse=True, scope="session")
def _every_api_answer_fits_the_schema():
    """Every answer the test client receives from the API is checked against the published
    schema (tests/schema_contract.py)."""
    from django.test.client import Client

    from tests.schema_contract import check

    request = Client.request

    def checked_request(self, **kwargs):
        response = request(self, **kwargs)
        check(response)
        return response

    Client.request = checked_request
    yield
    Client.request = request


def pytest_sessionfinish(session):
    from tests.schema_contract import CLIENT_STEPS, COUNTER

    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["api_answers_validated"] = COUNTER["validated"]
        session.config.workeroutput["generated_client_steps"] = dict(CLIENT_STEPS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    from tests.schema_contract import CLIENT_STEPS, COUNTER

    output = getattr(node, "workeroutput", {})
    COUNTER["validated"] += output.get("api_answers_validated", 0)
    for slug, steps in output.get("generated_client_steps", {}).items():
        CLIENT_STEPS[slug] = CLIENT_STEPS.get(slug, 0) + steps


def pytest_terminal_summary(terminalreporter):
    from tests.schema_contract import CLIENT_STEPS, COUNTER

    terminalreporter.write_line(f"API answers validated against the OpenAPI schema: {COUNTER['validated']}")
    if CLIENT_STEPS:
        steps = ", ".join(f"{slug} {count}" for slug, count in sorted(CLIENT_STEPS.items()))
        terminalreporter.write_line(f"Generated-client steps per system: {steps}")


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

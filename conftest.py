"""One root conftest for the whole suite (Zulip/HackSoft habit): shared fixtures live here."""

import atexit
import contextlib
import shutil
import tempfile

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

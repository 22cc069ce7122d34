"""Browser tests: Playwright (sync API) driving Debian's chromium against pytest-django's live server.

Every test here carries `@pytest.mark.e2e`; the default `pytest` run leaves them out and
`make e2e` runs them. Playwright's own browser download cannot work on our machines, so the
fixtures drive `/usr/bin/chromium` (`scripts/install-browser.sh` installs it).

Fixtures:
- `live_url`: the base URL of the live server ("http://127.0.0.1:PORT"), with a database that
  the server thread and the test share (transactional: each test's data is committed, then
  flushed after the test).
- `browser`: one headless chromium for the whole session.
- `page`: a fresh context and page per test, with `base_url` set, so `page.goto("/")` works.
- `new_page`: a factory for more independent contexts (a second user, a phone):
  `new_page(viewport={"width": 390, "height": 844})`.
- `make_user`, `login`, `force_login`: create users with the ORM and sign them in, through the
  login form (`login`) or by planting a session cookie (`force_login`, quicker).

On a failing test, a screenshot of every open page goes to `test-results/`.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

import pytest

# Loopback by address: "localhost" may resolve to ::1 first, which the server does not bind.
os.environ.setdefault("DJANGO_LIVE_TEST_SERVER_ADDRESS", "127.0.0.1")

CHROMIUM = os.environ.get("EPIC20_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Without these, chromium keeps trying to reach its vendor's services, which our closed
    # network refuses many at a time.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
RESULTS_DIR = Path(__file__).resolve().parents[2] / "test-results"
# Fail fast: nothing on a loopback page should take seconds.
DEFAULT_TIMEOUT_MS = 10_000
LOGIN_PATH = "/accounts/login/"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    # Keep each phase's report on the item, so fixtures can tell a failed test at teardown.
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture
def live_url(live_server, transactional_db) -> str:
    """Base URL of the live server, without a trailing slash."""
    return live_server.url.rstrip("/")


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run `bash scripts/install-browser.sh` (or `make e2e`).")
    # Playwright's sync API runs an event loop in the test thread; Django's ORM would refuse to
    # run there ("SynchronousOnlyOperation") although the calls are in fact synchronous. Only
    # while the browser runs: the rest of the suite keeps Django's guard.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def _safe_name(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid).strip("_")[-150:]


@pytest.fixture
def new_page(browser, live_url, request):
    """Factory: `new_page(**context_options)` opens a new, independent browser context (its own
    cookies: another user) and returns its page. Everything opened is closed after the test."""
    contexts = []

    def open_page(**context_options):
        context_options.setdefault("base_url", live_url)
        context_options.setdefault("locale", "es-ES")
        context = browser.new_context(**context_options)
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_page

    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for index, context in enumerate(contexts):
        if failed:
            RESULTS_DIR.mkdir(exist_ok=True)
            for page_index, open_page_ in enumerate(context.pages):
                name = f"{_safe_name(request.node.nodeid)}-failed-{index}-{page_index}.png"
                # A screenshot must never hide the real failure.
                with contextlib.suppress(Exception):
                    open_page_.screenshot(path=str(RESULTS_DIR / name), full_page=True)
        context.close()


@pytest.fixture
def page(new_page):
    """A fresh context and page for this test (desktop size)."""
    return new_page()


@pytest.fixture
def make_user(transactional_db):
    """Factory: `make_user(username=..., password=...)` creates a user with the ORM."""
    from tests.factories import DEFAULT_PASSWORD, UserFactory

    def create(password: str = DEFAULT_PASSWORD, **fields):
        return UserFactory(password=password, **fields)

    return create


@pytest.fixture
def login(live_url):
    """`login(page, user, password=DEFAULT_PASSWORD)` signs in through the login form, as a
    person would, and waits until the site has left the login page."""
    from tests.factories import DEFAULT_PASSWORD

    def sign_in(page, user, password: str = DEFAULT_PASSWORD):
        page.goto(f"{live_url}{LOGIN_PATH}")
        form = page.locator("form:has(input[name='password'])")
        form.locator("input[name='username']").fill(user.get_username())
        form.locator("input[name='password']").fill(password)
        with page.expect_navigation():
            form.locator("input[name='password']").press("Enter")
        if LOGIN_PATH in page.url:
            raise AssertionError(f"login as {user.get_username()!r} failed: still on {page.url}")
        return page

    return sign_in


@pytest.fixture
def force_login(live_url):
    """`force_login(page, user)` plants a logged-in session cookie in the page's context:
    quicker than the form when the test is not about logging in."""
    from django.conf import settings
    from django.test import Client

    def plant(page, user):
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": live_url}]
        )
        return page

    return plant


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite the browser tests use a database file, not the shared in-memory database: the
    live server's threads, the page polls and the test's own writes then wait for each other's
    locks (the site's busy timeout, as in production) instead of failing with "database table is
    locked", which shared-cache memory databases answer at once."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("e2e-db") / "e2e.sqlite3")

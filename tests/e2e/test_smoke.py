"""The home page as a person's browser sees it: it loads, its assets come from our own
origin and it fits a phone."""

from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import RESULTS_DIR

pytestmark = pytest.mark.e2e

LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _record_requests(page) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


def test_home_page_loads_with_its_own_assets_and_nothing_from_elsewhere(page):
    requested = _record_requests(page)
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    response = page.goto("/")
    page.wait_for_load_state("networkidle")

    assert response is not None and response.status == 200
    assert page.title() == "Epic20 Site"
    assert page.locator("h1").first.inner_text().strip() == "Epic20 Site"

    # htmx and Bootstrap arrived and ran.
    assert any(url.endswith("/vendor/htmx/htmx.min.js") for url in requested)
    assert any(url.endswith("/vendor/bootstrap/css/bootstrap.min.css") for url in requested)
    assert page.evaluate("typeof window.htmx !== 'undefined' && typeof window.htmx.ajax === 'function'")
    assert page.evaluate("typeof window.bootstrap !== 'undefined' && !!window.bootstrap.Collapse")
    # Bootstrap's stylesheet applied: the navbar is a flex container.
    assert page.locator("nav.navbar").evaluate("el => getComputedStyle(el).display") == "flex"

    foreign = [url for url in requested if urlsplit(url).hostname not in LOOPBACK_HOSTS]
    assert foreign == [], f"requests left our origin: {foreign}"
    assert failed == []
    assert errors == []

    RESULTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS_DIR / "smoke-home-desktop.png"), full_page=True)


def test_home_page_fits_a_phone_with_a_collapsed_menu(new_page):
    phone = new_page(**PHONE)
    requested = _record_requests(phone)

    phone.goto("/")
    phone.wait_for_load_state("networkidle")

    toggler = phone.locator("button.navbar-toggler")
    assert toggler.is_visible()
    assert not phone.locator("#nav-main").is_visible()
    # Nothing wider than the screen: no sideways scrolling on a phone.
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    RESULTS_DIR.mkdir(exist_ok=True)
    phone.screenshot(path=str(RESULTS_DIR / "smoke-home-phone.png"), full_page=True)

    toggler.click()
    # Bootstrap adds `.show` once the opening transition has finished.
    phone.locator("#nav-main.collapse.show").wait_for(state="visible")
    assert phone.get_by_role("link", name="Iniciar sesión").first.is_visible()
    phone.screenshot(path=str(RESULTS_DIR / "smoke-home-phone-menu.png"), full_page=True)

    foreign = [url for url in requested if urlsplit(url).hostname not in LOOPBACK_HOSTS]
    assert foreign == [], f"requests left our origin: {foreign}"

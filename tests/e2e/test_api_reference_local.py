"""The API reference asks nothing of another server: its sidebar's logo came from its maker's,
which the site's Content-Security-Policy refuses, leaving an error in the console on every
visit. No request leaves the site and the console stays free of CSP errors."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def test_the_api_reference_loads_nothing_from_outside_and_logs_no_csp_error(new_page, live_url):
    page = new_page(viewport={"width": 1366, "height": 900})
    outside, errors = [], []
    page.on(
        "request",
        lambda r: outside.append(r.url) if not r.url.startswith((live_url, f"blob:{live_url}")) else None,
    )
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{live_url}/api/v1/docs/")
    page.wait_for_selector("redoc h1", timeout=30_000)
    page.wait_for_load_state("networkidle")
    assert outside == []
    assert [e for e in errors if "Content Security Policy" in e or "Content-Security-Policy" in e] == []
    logo = page.locator("img[alt='redocly logo']")
    assert logo.count() == 1 and logo.get_attribute("src").startswith("/static/")

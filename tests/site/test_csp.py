"""A strict Content-Security-Policy on every answer (django-csp, settings.CONTENT_SECURITY_POLICY):
nothing from elsewhere, no inline <script> or <style>, and inline event handlers only when
the policy names their exact text by hash."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"
HANDLER = re.compile(r"""\son[a-z]+\s*=\s*"([^"]*)\"""")


# The <style> htmx adds to every page (its request indicator), as the vendored build writes it.
HTMX_INDICATOR_CSS = (
    ".htmx-indicator{opacity:0;visibility: hidden} "
    ".htmx-request .htmx-indicator, .htmx-request.htmx-indicator"
    "{opacity:1;visibility: visible;transition: opacity 200ms ease-in}"
)


def test_the_allowed_htmx_style_is_the_one_the_vendored_htmx_writes():
    source = (Path(settings.BASE_DIR) / "static/vendor/htmx/htmx.min.js").read_text()
    assert "`.${t}{opacity:0;visibility: hidden} `" in source
    assert (
        "`.${n} .${t}, .${n}.${t}{opacity:1;visibility: visible;transition: opacity 200ms ease-in}`" in source
    )
    assert 'indicatorClass:"htmx-indicator",requestClass:"htmx-request"' in source


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def _hash(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


@pytest.mark.parametrize(
    "url", ["/", "/accounts/login/", "/accounts/signup/", "/api/v1/rules/", "/no-existe/"]
)
def test_every_answer_carries_the_strict_policy(client, url):
    policy = _policy(client.get(url))
    assert policy["default-src"] == ["'none'"]
    assert "'unsafe-inline'" not in policy["script-src"]
    assert "'unsafe-eval'" not in policy["script-src"]
    assert policy["style-src"] == ["'self'", _hash(HTMX_INDICATOR_CSS)]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    for sources in policy.values():
        assert all(source.startswith("'") or source == "data:" for source in sources), sources


def test_every_inline_handler_in_the_templates_is_allowed_by_its_hash(client):
    allowed = set(_policy(client.get("/"))["script-src"])
    for template in TEMPLATES.rglob("*.html"):
        for source in HANDLER.findall(template.read_text()):
            assert _hash(source) in allowed, (template.name, source)


def test_no_template_has_an_inline_script_or_style_element():
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text()
        assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", text), template.name
        assert "<style" not in text, template.name


def test_the_api_docs_page_is_redoc_run_from_a_vendored_file_in_the_pages_language(client):
    response = client.get("/api/v1/docs/")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<html lang="es">' in html and '<redoc spec-url="/api/v1/schema/"' in html
    scripts = re.findall(r'<script src="([^"]+)"></script>', html)
    assert scripts == [
        "/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js",
        "/static/js/api-reference.js",
    ]
    assert "googleapis" not in html  # no font from elsewhere: the policy would refuse it anyway
    # ReDoc writes its <style> elements at run time and searches in a blob: worker: allowed on
    # this page alone, with no hash beside 'unsafe-inline' (a hash would make browsers ignore it).
    assert _policy(response)["style-src"] == ["'self'", "'unsafe-inline'"]
    assert _policy(response)["worker-src"] == ["'self'", "blob:"]
    assert _policy(response)["script-src"] == _policy(client.get("/"))["script-src"]
    assert "worker-src" not in _policy(client.get("/"))
    english = client.get("/api/v1/docs/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="en">' in english

"""Every answer under /api/ is JSON in the error envelope, with DEBUG on or off: unknown URLs,
wrong methods, unacceptable or unsupported media, oversized bodies, throttling and crashes."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.characters.helpers import make_character

pytestmark = pytest.mark.django_db


def _envelope(response) -> dict:
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    body = response.json()
    assert set(body) == {"errors"} and body["errors"], body
    for item in body["errors"]:
        assert set(item) == {"code", "path", "message", "rule"}
    return body["errors"][0]


@pytest.fixture(params=[False, True], ids=["debug-off", "debug-on"])
def debug(request, settings):
    settings.DEBUG = request.param
    return request.param


@pytest.mark.parametrize(
    "url", ["/api/v1/characters/null,null/", "/api/v1/no-existe/", "/api/", "/api/v1/characters/9999999/"]
)
def test_an_unknown_api_url_is_a_json_404(debug, auth_client, url):
    response = auth_client.get(url)
    assert response.status_code == 404
    assert _envelope(response)["code"] == "request.not_found"


def test_a_json_404_speaks_english_when_asked(debug, client):
    response = client.get("/api/v1/characters/null,null/", HTTP_ACCEPT_LANGUAGE="en")
    assert _envelope(response)["message"] == "Not found."


def test_a_wrong_method_is_a_json_405_with_allow(debug, auth_client):
    response = auth_client.put("/api/v1/characters/", {}, format="json")
    assert response.status_code == 405
    assert _envelope(response)["code"] == "request.method_not_allowed"
    assert "GET" in response["Allow"]


def test_asking_for_html_is_a_json_406(debug, auth_client):
    response = auth_client.get("/api/v1/campaigns/", HTTP_ACCEPT="text/html")
    assert response.status_code == 406
    assert _envelope(response)["code"] == "request.not_acceptable"


def test_a_body_that_is_not_json_is_a_json_415(debug, auth_client):
    response = auth_client.post("/api/v1/campaigns/", "name=x", content_type="text/plain")
    assert response.status_code == 415
    assert _envelope(response)["code"] == "request.unsupported_media_type"


def test_an_oversized_body_is_a_json_413(debug, auth_client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = '{"name": "' + "x" * 2000 + '"}'
    response = auth_client.post("/api/v1/campaigns/", body, content_type="application/json")
    assert response.status_code == 413
    assert _envelope(response)["code"] == "request.too_large"


def test_throttling_is_a_json_429(debug, settings):
    settings.LOGIN_FAILURE_RATE = "1/d"
    client = APIClient()
    for _ in range(3):
        response = client.post("/api/v1/auth/token/", {"username": "x", "password": "y"}, format="json")
    assert response.status_code == 429
    assert _envelope(response)["code"] == "request.throttled"


def test_a_crash_under_the_api_is_a_json_500(debug, monkeypatch, user):
    from characters import api

    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(api.CharacterListCreateView, "get", boom)
    client = Client(raise_request_exception=False)
    client.force_login(user)
    response = client.get("/api/v1/characters/")
    assert response.status_code == 500
    assert _envelope(response)["code"] == "request.server_error"
    assert "boom" not in response.content.decode()


def test_a_csrf_refusal_under_the_api_is_json(user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post("/api/v1/campaigns/", {"name": "x"}, content_type="application/json")
    assert response.status_code == 403
    _envelope(response)


def test_pages_outside_the_api_keep_their_html_errors(debug, client):
    response = client.get("/no-existe/")
    assert response.status_code == 404
    assert "text/html" in response["Content-Type"]


def test_a_page_zero_is_a_json_404(auth_client):
    make_character()
    response = auth_client.get("/api/v1/characters/", {"page": 0})
    assert response.status_code == 404
    _envelope(response)


def test_the_envelope_of_django_refusals_speaks_english_when_asked(settings, auth_client):
    settings.DEBUG = True
    response = auth_client.get("/api/v1/no-existe/", HTTP_ACCEPT_LANGUAGE="en")
    assert _envelope(response)["message"] == "Not found."
    response = auth_client.post(
        "/api/v1/campaigns/", "x", content_type="text/plain", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 415


def test_a_page_is_a_number_and_last_is_not_one(auth_client):
    assert auth_client.get("/api/v1/characters/", {"page": "last"}).status_code == 404


def test_two_page_numbers_are_refused_as_a_repeated_parameter(auth_client):
    response = auth_client.get("/api/v1/characters/?page=1&page=2")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "page.repeated"


@pytest.mark.parametrize(
    ("kind", "error_class", "status"),
    [("conflict", "Conflict", 409), ("forbidden", "NotAllowed", 403), ("invalid", "DomainError", 400)],
)
def test_an_engine_refusal_is_raised_as_the_site_error_of_its_kind(kind, error_class, status):
    from epic20site import errors
    from rules.core import errors as engine

    refused = engine.Refused(
        "declarations.none_declared", "R", "No.", "No.", kind=getattr(engine, kind.upper())
    )
    error = errors.DomainError.from_refused(refused, path_prefix="/action")
    assert type(error) is getattr(errors, error_class)
    assert (error.status, error.code, error.path, error.rule) == (
        status,
        "declarations.none_declared",
        "/action",
        "R",
    )

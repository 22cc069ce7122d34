"""Site-wide behaviour: health check, home page, language switch, error answers, API schema."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_healthz_reports_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_healthz_leaves_redis_out_when_the_cache_is_not_redis(client, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    assert client.get("/healthz").json() == {"status": "ok", "database": "ok"}


def test_home_page_speaks_spanish_by_default(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    body = response.content.decode()
    assert '<html lang="es">' in body
    assert "Crear una cuenta" in body
    assert 'href="/accounts/signup/"' in body


def test_home_page_for_a_logged_in_user_points_to_their_campaigns(client, user):
    client.force_login(user)
    assert 'href="/campaigns/"' in client.get(reverse("home")).content.decode()


def test_the_language_switch_turns_the_site_english(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/accounts/login/"})
    assert response.status_code == 302
    assert response.url == "/accounts/login/"
    body = client.get(reverse("home")).content.decode()
    assert '<html lang="en">' in body
    assert "Create an account" in body
    assert "Crear una cuenta" not in body
    client.post(reverse("set_language"), {"language": "es", "next": "/"})
    assert "Crear una cuenta" in client.get(reverse("home")).content.decode()


def test_an_unknown_api_url_answers_the_envelope(client):
    response = client.get("/api/v1/no-existe/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "errors": [{"code": "request.not_found", "path": "", "message": "No encontrado.", "rule": ""}]
    }
    english = client.get("/api/v1/no-existe/", HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["errors"][0]["message"] == "Not found."


def test_an_unknown_page_answers_the_404_page(client):
    response = client.get("/no-existe/")
    assert response.status_code == 404
    assert "text/html" in response["Content-Type"]
    assert "No encontrado" in response.content.decode()


def test_the_api_schema_documents_accounts_and_campaigns(client):
    response = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = (
        response.json()["paths"] if response["Content-Type"].endswith("json") else response.content.decode()
    )
    for path in (
        "/api/v1/auth/register/",
        "/api/v1/auth/token/",
        "/api/v1/campaigns/",
        "/api/v1/campaigns/{id}/",
        "/api/v1/campaigns/{id}/members/",
        "/api/v1/campaigns/{id}/join/",
        "/api/v1/campaigns/{id}/leave/",
        "/api/v1/campaigns/{id}/invite/regenerate/",
    ):
        assert path in paths


def test_the_api_docs_page_is_served(client):
    assert client.get(reverse("api-docs")).status_code == 200


def test_nested_list_errors_keyed_by_index_become_json_pointers():
    from rest_framework.exceptions import ErrorDetail

    from epic20site.api import flatten_validation_errors

    detail = {"items": {0: {"name": [ErrorDetail("Obligatorio.", code="required")]}}}
    assert flatten_validation_errors(detail) == [
        {"code": "name.required", "path": "/items/0/name", "message": "Obligatorio.", "rule": ""}
    ]


def test_deeply_nested_json_is_a_400_on_every_endpoint(db):
    from rest_framework.test import APIClient

    from tests.factories import UserFactory

    client = APIClient()
    client.force_authenticate(UserFactory())
    body = "[" * 100_000 + "]" * 100_000
    response = client.post("/api/v1/campaigns/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "request.malformed"

"""The OpenAPI schema documents the refusals every endpoint shares (epic20site/schema.py), so
a client, or schemathesis, meets no answer the schema does not list."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

METHODS = {"get", "put", "post", "patch", "delete"}
ENVELOPE = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def _operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield f"{method.upper()} {path}", operation


def test_every_operation_documents_the_shared_refusals_in_the_envelope(schema):
    for name, operation in _operations(schema):
        for code in ("400", "404", "406"):
            assert code in operation["responses"], (name, code)
            assert "content" in operation["responses"][code], (name, code)


def test_operations_with_a_body_document_413_and_415(schema):
    for name, operation in _operations(schema):
        if "requestBody" in operation:
            assert {"413", "415"} <= set(operation["responses"]), name
            assert (
                operation["responses"]["415"]["content"] == ENVELOPE
                or "content" in operation["responses"]["415"]
            )


def test_operations_that_need_credentials_document_401(schema):
    for name, operation in _operations(schema):
        if operation.get("security"):
            assert "401" in operation["responses"], name


def test_a_paginated_list_documents_404_for_a_page_that_does_not_exist(schema, auth_client):
    operation = schema["paths"]["/api/v1/campaigns/"]["get"]
    assert "page" in {p["name"] for p in operation["parameters"]}
    assert "404" in operation["responses"]
    assert auth_client.get("/api/v1/campaigns/", {"page": 0}).status_code == 404


def test_operations_with_an_idempotency_key_document_409(schema):
    operation = schema["paths"]["/api/v1/encounters/{id}/reveal/"]["post"]
    assert "409" in operation["responses"]


def test_the_envelope_schema_is_a_component(schema):
    assert "errors" in schema["components"]["schemas"]["ErrorEnvelope"]["properties"]

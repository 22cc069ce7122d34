"""No property or object the API sends is left without a type (docs/api.md, "The schema's
own rules" and "The schema describes every system"): the published schema is walked,
every answer's component and every response body, and any property or list item with no type,
and any object with neither properties nor a typed value for its keys (a plain dict in a typed
client), fails the test, named by where it is. A map whose values are typed is fine."""

from __future__ import annotations

import pytest

from tests.schema_contract import published_schema

pytestmark = pytest.mark.django_db

TYPED_BY = ("$ref", "type", "oneOf", "anyOf", "allOf", "enum")
# The one value left open, on purpose: an Epic20 archetype option's override is `[field, value]`,
# the value of the named archetype field's own type (text, number, lists of objects or of lists),
# a union of lists and objects that generated clients cannot type (openapi-python-client refuses
# it). Anything else untyped fails.
OPEN_ON_PURPOSE = ("choices.items.overrides.items[]",)


def _typed(schema) -> bool:
    return isinstance(schema, dict) and any(key in schema for key in TYPED_BY)


def _free_form(schema: dict) -> bool:
    if schema.get("type") != "object" or schema.get("properties"):
        return False
    if any(key in schema for key in ("oneOf", "anyOf", "allOf")):
        return False
    extra = schema.get("additionalProperties")
    return extra is None or extra is True or (isinstance(extra, dict) and not _typed(extra))


def _walk(node, where: str, found: list[str]) -> None:
    if isinstance(node, list):
        for i, item in enumerate(node):
            _walk(item, f"{where}[{i}]", found)
        return
    if not isinstance(node, dict):
        return
    for key, value in (node.get("properties") or {}).items():
        if not _typed(value):
            found.append(f"untyped property {where}.{key}")
    if "items" in node and not _typed(node["items"]) and not f"{where}[]".endswith(OPEN_ON_PURPOSE):
        found.append(f"untyped items {where}[]")
    if _free_form(node):
        found.append(f"free-form object {where}")
    for key, value in node.items():
        _walk(value, where if key == "properties" else f"{where}.{key}", found)


def _answers(schema: dict):
    """What the API sends: every component but request bodies, and every response body."""
    for name, component in schema["components"]["schemas"].items():
        if not name.endswith("Request"):
            yield name, component
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            for status, response in (operation.get("responses") or {}).items():
                for kind, content in (response.get("content") or {}).items():
                    yield f"{method.upper()} {path} {status} {kind}", content.get("schema", {})


def untyped(schema: dict) -> list[str]:
    found: list[str] = []
    for where, node in _answers(schema):
        _walk(node, where, found)
    return found


def test_every_property_and_object_the_api_sends_has_a_type():
    assert untyped(published_schema()) == []


def test_the_walk_finds_an_untyped_property_a_free_form_object_and_untyped_items():
    schema = {
        "components": {
            "schemas": {
                "Shown": {
                    "type": "object",
                    "properties": {
                        "loose": {"description": "no type"},
                        "bag": {"type": "object"},
                        "rows": {"type": "array", "items": {}},
                        "map": {"type": "object", "additionalProperties": {"type": "integer"}},
                    },
                },
                "ShownRequest": {"type": "object"},
            }
        },
        "paths": {"/x/": {"get": {"responses": {"200": {"content": {"application/json": {"schema": {}}}}}}}},
    }
    assert untyped(schema) == [
        "untyped property Shown.loose",
        "free-form object Shown.bag",
        "untyped items Shown.rows[]",
    ]

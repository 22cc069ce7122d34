"""The OpenAPI schema lists every answer an operation can give (docs/api.md, "Conventions").

Views document their own successes and the refusals particular to them; the refusals every
endpoint shares come from the site's edge and are added here, to every operation, in the
error envelope: 400 (a malformed query string or body), 404 (unknown ids, `?page=0`, a page
past the end), 406 (an `Accept` that is not JSON); 401 and 403 where the operation can be
called with credentials; 413 and 415 where it takes a body; 409 where it takes an
`Idempotency-Key` (the same key with another body).

Strict serializers (`epic20site.api.StrictSerializerMixin`) refuse fields they do not know, so
their request schemas say `additionalProperties: false`.
"""

from __future__ import annotations

import copy

from drf_spectacular.extensions import OpenApiSerializerExtension

ENVELOPE = "ErrorEnvelope"
_METHODS = frozenset({"get", "put", "post", "patch", "delete", "head", "options", "trace"})

_DESCRIPTIONS = {
    "400": "Malformed or invalid input (error envelope).",
    "401": "Missing or invalid credentials (error envelope).",
    "403": "Not allowed for this user, or a missing CSRF token with a session (error envelope).",
    "404": "No such object, or no such page of a list (error envelope).",
    "406": "The client does not accept JSON (error envelope).",
    "409": "The request conflicts with the current state or reuses an Idempotency-Key (error envelope).",
    "413": "The body is larger than the site accepts (error envelope).",
    "414": "The URL is longer than the site reads (error envelope).",
    "415": "The body is not JSON (error envelope).",
}

_ENVELOPE_SCHEMA = {
    "type": "object",
    "properties": {
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {name: {"type": "string"} for name in ("code", "path", "message", "rule")},
                "required": ["code", "path", "message", "rule"],
            },
        }
    },
    "required": ["errors"],
}


def _shared_answers(operation: dict) -> list[str]:
    codes = ["400", "404", "406"]
    if "security" in operation and operation["security"]:
        codes += ["401", "403"]
    if "requestBody" in operation:
        codes += ["413", "415"]
    headers = {p["name"].lower() for p in operation.get("parameters", []) if p.get("in") == "header"}
    if "idempotency-key" in headers:
        codes.append("409")
    return codes


LOCATION = {
    "Location": {
        "description": "The new resource's URL (where the events an action wrote are read, for an action).",
        "required": True,
        "schema": {"type": "string", "format": "uri-reference"},
    }
}
RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again.",
        "required": True,
        "schema": {"type": "integer", "minimum": 0},
    }
}


def _document_headers(responses: dict) -> None:
    """Every 201 carries `Location` and every 429 `Retry-After` (docs/api.md, "HTTP conventions")."""
    for code, headers in (("201", LOCATION), ("429", RETRY_AFTER)):
        if code in responses:
            responses[code].setdefault("headers", {}).update(headers)


def document_error_answers(result, generator, request, public):
    """drf-spectacular postprocessing hook (settings.SPECTACULAR_SETTINGS)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault(ENVELOPE, _ENVELOPE_SCHEMA)
    envelope = {"application/json": {"schema": {"$ref": f"#/components/schemas/{ENVELOPE}"}}}
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method not in _METHODS:
                continue
            responses = operation.setdefault("responses", {})
            for code in _shared_answers(operation):
                responses.setdefault(code, {"description": _DESCRIPTIONS[code], "content": envelope})
            # A URL too long is refused by the site itself (`epic20site.long_urls`), in the envelope.
            responses.setdefault("414", {"description": _DESCRIPTIONS["414"], "content": envelope})
            _document_headers(responses)
    return result


class StrictSerializerSchema(OpenApiSerializerExtension):
    """Registered on import (`epic20site.api` imports this module)."""

    target_class = "epic20site.api.StrictSerializerMixin"
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        if direction == "request":
            schema["additionalProperties"] = False
            _not_blank(self.target, schema)
        return schema


# A text the serializer trims and may not be blank holds something besides white space.
NOT_BLANK_PATTERN = "[^\\s\\u001c-\\u001f\\u0085]"


def _not_blank(serializer, schema: dict) -> None:
    from rest_framework import serializers

    for name, field in serializer.fields.items():
        prop = schema.get("properties", {}).get(name)
        trims = isinstance(field, serializers.CharField) and field.trim_whitespace and not field.allow_blank
        if prop is not None and trims and prop.get("type") == "string":
            prop.setdefault("pattern", NOT_BLANK_PATTERN)


_NULL = {"nullable": True, "enum": [None]}


def _nullable_reference(schema: dict) -> dict | None:
    parts = schema.get("allOf")
    if schema.get("nullable") and isinstance(parts, list) and len(parts) == 1 and "$ref" in parts[0]:
        rest = {k: v for k, v in schema.items() if k not in ("allOf", "nullable")}
        return {"oneOf": [parts[0], dict(_NULL)], **rest}
    return None


def _walk_nullable(node):
    if isinstance(node, dict):
        for key, value in list(node.items()):
            replaced = _nullable_reference(value) if isinstance(value, dict) else None
            node[key] = replaced or value
            _walk_nullable(node[key])
    elif isinstance(node, list):
        for item in node:
            _walk_nullable(item)


def nullable_references(result, generator, request, public):
    """drf-spectacular postprocessing hook: a nullable object field is `oneOf: [<ref>, null]`.
    The generator writes `allOf: [<ref>]` with `nullable: true`, which strict OpenAPI 3.0
    validators read as not nullable (`nullable` does not reach into the `allOf`)."""
    _walk_nullable(result.get("components", {}))
    _walk_nullable(result.get("paths", {}))
    return result


class JSONSchemaSerializer:
    """A shape documented by a JSON schema written out (`json_schema`), for answers and bodies
    built by code that has no serializer: each becomes a component named `component`. Made by
    `documented(component, json_schema)`; it validates nothing."""

    component: str = ""
    json_schema: dict = {}


def documented(component: str, json_schema: dict) -> type:
    from rest_framework import serializers

    return type(
        component,
        (JSONSchemaSerializer, serializers.Serializer),
        {"component": component, "json_schema": json_schema},
    )


class JSONSchemaSerializerSchema(OpenApiSerializerExtension):
    target_class = JSONSchemaSerializer
    match_subclasses = True

    def get_name(self, auto_schema, direction):
        return self.target.component

    def map_serializer(self, auto_schema, direction):
        return copy.deepcopy(self.target.json_schema)


def typed_json(schema: dict, name: str = "TypedJSONField") -> type:
    """A JSON field whose value the service checks itself (keeping its own error codes), with the
    type and limits those checks enforce written in the schema (`schema`)."""
    from drf_spectacular.utils import extend_schema_field
    from rest_framework import serializers

    return extend_schema_field(copy.deepcopy(schema))(type(name, (serializers.JSONField,), {}))


# A name or a side is one line (`epic20site.validation.is_single_line`): no control character
# (Unicode category Cc) and no line or paragraph separator.
ONE_LINE_PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$"

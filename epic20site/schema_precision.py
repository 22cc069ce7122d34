"""The schema states what the server checks (docs/api.md, "The schema's own rules" and
"The schema describes every system"): a drf-spectacular postprocessing hook that
writes down, for every operation at once, the requirements the views share and no serializer
says by itself.

- A request body is required where the view refuses a request without one (every body but
  those of the operations in `OPTIONAL_BODIES`, which read a missing body as `{}`).
- A PATCH body keeps the fields its serializer requires: the views validate PATCH bodies whole
  (the `Patched…` component would otherwise say nothing is required).
- Names and sides sent in a request are one line (`epic20site.validation.is_single_line`), and
  the site's own names (a campaign's, an encounter's, a combatant's side) more than spaces.
- Integer query parameters carry the range the views accept (`QUERY_BOUNDS`).
"""

from __future__ import annotations

from .schema import _METHODS, ONE_LINE_PATTERN

# Operations whose view reads a missing body as an empty object and answers it.
OPTIONAL_BODIES = frozenset(
    {
        "campaigns_partial_update",
        "encounters_partial_update",
        "partidas_close",
    }
)
# Keys of request objects that hold a one-line name.
ONE_LINE_KEYS = frozenset({"name", "side"})
# The site's own names and sides the services strip and refuse when nothing is left
# (`campaigns.services._clean_name`, `combat.services.encounter_create` and `_check_add`); a
# sheet's names are its system's rules, read with the rest of the sheet.
NOT_BLANK = {
    "CampaignCreateInputRequest": "name",
    "PatchedCampaignUpdateInputRequest": "name",
    "EncounterCreateRequest": "name",
    "CombatantFromCharacterRequest": "side",
    "CombatantNpcFromRequest": "side",
    "CombatantNpcRequest": "side",
}
_ONE_LINE_CHARS = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029"
# One line with something in it besides spaces.
ONE_LINE_TEXT_PATTERN = f"^[^{_ONE_LINE_CHARS}]*[^\\s{_ONE_LINE_CHARS}][^{_ONE_LINE_CHARS}]*$"
ID_RANGE = {"minimum": 1, "maximum": 2**63 - 1}
# `combat.api.int_param` and the odds' own readers: non-negative 32-bit counts, positive ids.
COUNT_RANGE = {"minimum": 0, "maximum": 2**31 - 1}
SMALL_ID_RANGE = {"minimum": 1, "maximum": 2**31 - 1}
QUERY_BOUNDS = {
    "campaign": ID_RANGE,
    "after": COUNT_RANGE,
    "round": COUNT_RANGE,
    "combatant": SMALL_ID_RANGE,
    "actor": SMALL_ID_RANGE,
    "target": SMALL_ID_RANGE,
}


def _require_bodies(operation: dict) -> None:
    body = operation.get("requestBody")
    if body and operation.get("operationId") not in OPTIONAL_BODIES:
        body["required"] = True


# PATCH bodies their views validate whole, by component: the serializer that checks them.
WHOLE_PATCHES = {
    "PatchedTableApplicationDecisionInputRequest": "tables.serializers.TableApplicationDecisionInputSerializer",
    "PatchedJournalEditInputRequest": "tracking.serializers.JournalEditInput",
}


def _patched_requirements(schemas: dict) -> None:
    from django.utils.module_loading import import_string

    for name, serializer in WHOLE_PATCHES.items():
        fields = import_string(serializer)().fields
        required = [key for key, field in fields.items() if field.required]
        if name in schemas and required:
            schemas[name]["required"] = required


def _one_line(node) -> None:
    if isinstance(node, dict):
        for key, value in (node.get("properties") or {}).items():
            if key in ONE_LINE_KEYS and isinstance(value, dict) and value.get("type") == "string":
                value.setdefault("pattern", ONE_LINE_PATTERN)
        for value in node.values():
            _one_line(value)
    elif isinstance(node, list):
        for item in node:
            _one_line(item)


def _not_blank(schemas: dict) -> None:
    for component, key in NOT_BLANK.items():
        schemas[component]["properties"][key]["pattern"] = ONE_LINE_TEXT_PATTERN


def _bounded_query(operation: dict) -> None:
    for parameter in operation.get("parameters", []):
        schema = parameter.get("schema") or {}
        bounds = QUERY_BOUNDS.get(parameter["name"])
        if parameter.get("in") == "query" and bounds and schema.get("type") == "integer":
            schema.update(bounds)


def state_what_is_checked(result, generator, request, public):
    """drf-spectacular postprocessing hook (settings.SPECTACULAR_SETTINGS)."""
    schemas = result.get("components", {}).get("schemas", {})
    _patched_requirements(schemas)
    _not_blank(schemas)
    _one_line({name: schema for name, schema in schemas.items() if name.endswith("Request")})
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method in _METHODS:
                _require_bodies(operation)
                _bounded_query(operation)
                _one_line(operation.get("requestBody", {}))
    return result


NULL_ONLY = {"type": "string", "nullable": True, "enum": [None]}


def _typed_nullable(node) -> None:
    """`nullable` always beside a `type` (OpenAPI 3.0 reads `nullable` only there): a null-only
    value gets a type, and a nullable `oneOf`/`anyOf` takes null as one more choice."""
    if isinstance(node, list):
        for item in node:
            _typed_nullable(item)
        return
    if not isinstance(node, dict):
        return
    for value in node.values():
        _typed_nullable(value)
    if not node.get("nullable") or "type" in node:
        return
    if node.get("enum") == [None]:
        node["type"] = "string"
        return
    for key in ("oneOf", "anyOf"):
        if key in node:
            node.pop("nullable")
            if NULL_ONLY not in node[key]:
                node[key].append(dict(NULL_ONLY))
            return


def _no_ref_siblings(node) -> None:
    """A `$ref` stands alone (OpenAPI 3.0 ignores what is written beside it): one with a
    description beside it becomes `allOf: [<ref>]` with the description."""
    if isinstance(node, list):
        for item in node:
            _no_ref_siblings(item)
        return
    if not isinstance(node, dict):
        return
    for value in node.values():
        _no_ref_siblings(value)
    if "$ref" in node and len(node) > 1:
        node["allOf"] = [{"$ref": node.pop("$ref")}]


def _public_operations_say_so(operation: dict) -> None:
    """An operation open to everyone says it needs no credentials (`security: []`)."""
    operation.setdefault("security", [])


def type_every_nullable(result, generator, request, public):
    """drf-spectacular postprocessing hook, the last one (settings.SPECTACULAR_SETTINGS)."""
    _typed_nullable(result.get("components", {}))
    _typed_nullable(result.get("paths", {}))
    _no_ref_siblings(result.get("components", {}).get("schemas", {}))
    _no_ref_siblings(result.get("paths", {}))
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method in _METHODS:
                _public_operations_say_so(operation)
    return result

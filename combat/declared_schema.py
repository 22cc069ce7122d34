"""Declared actions as answers describe them (docs/api.md, "The schema describes every system":
"A declared action ... is described with its fields"): the `action` of a `declare` or
`declaration_lapsed` event and of the state's `declarations.declared[]`.

A declared action is what its declarer sent, checked against the system's declarable actions
(`<System>DeclaredAction…Request`). As an answer it is a copy of those request shapes, named
`…View`, whose fields are all optional: a hidden NPC's declaration reaches players with its
private fields left out (each system's privacy). A drf-spectacular postprocessing hook, after
`combat.system_schemas.describe_every_system`; it names no system."""

from __future__ import annotations

import copy

from rules import systems

from .system_schemas import REF, _words, nullable, ref

_EVENTS = (("DeclareEvent", False), ("DeclarationLapsedEvent", True))


def _view_name(request_name: str) -> str:
    return request_name.removesuffix("Request").removesuffix("Input") + "View"


def _as_answer(node, schemas: dict, made: dict):
    """`node` with every reference to a request component replaced by its answer copy."""
    if isinstance(node, dict):
        out = {key: _as_answer(value, schemas, made) for key, value in node.items()}
        target = node.get("$ref", "")
        if target.startswith(REF) and target.endswith("Request"):
            out["$ref"] = REF + _view(target.removeprefix(REF), schemas, made)
        if "mapping" in node and isinstance(node["mapping"], dict):
            out["mapping"] = {
                key: REF + _view(value.removeprefix(REF), schemas, made)
                for key, value in node["mapping"].items()
            }
        return out
    if isinstance(node, list):
        return [_as_answer(item, schemas, made) for item in node]
    return node


def _view(request_name: str, schemas: dict, made: dict) -> str:
    name = _view_name(request_name)
    if name not in made:
        made[name] = None  # a cycle meets the name it is making
        schema = copy.deepcopy(schemas[request_name])
        if schema.get("type") == "object":
            schema.pop("additionalProperties", None)
            schema["required"] = [key for key in ("type",) if key in schema.get("properties", {})]
            if not schema["required"]:
                schema.pop("required")
        made[name] = _as_answer(schema, schemas, made)
    return name


def _declared_component(slug: str, schemas: dict) -> str | None:
    prefix = f"{_words(slug)}DeclaredAction"
    found = sorted(n for n in schemas if n.startswith(prefix) and n.endswith("Request"))
    return found[0] if found else None


def describe_declared_actions(result, generator, request, public):
    schemas = result.get("components", {}).get("schemas", {})
    made: dict = {}
    views = []
    for slug in systems.all_systems():
        request_name = _declared_component(slug, schemas)
        if request_name is None:
            continue
        view = ref(_view(request_name, schemas, made))
        views.append(view)
        for suffix, may_be_null in _EVENTS:
            event = schemas.get(f"{_words(slug)}{suffix}")
            if event and "action" in event.get("properties", {}):
                described = event["properties"]["action"].get("description", "The declared action.")
                shape = nullable(view) if may_be_null else dict(view)
                event["properties"]["action"] = {**shape, "description": described}
    schemas.update({name: schema for name, schema in made.items() if schema is not None})
    declared = schemas.get("Declared", {}).get("properties", {})
    if views and "action" in declared:
        declared["action"] = {
            "anyOf": [*views, {"nullable": True, "enum": [None]}],
            "description": declared["action"].get("description", ""),
        }
    return result

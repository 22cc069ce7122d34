"""Every system's sheet in the OpenAPI schema (docs/api.md, "The schema describes every
system"): sheets, input and stored, are a `oneOf` discriminated by `system`, one component per
system. Each system describes its own in `characters/systems/<slug>_schema.py`, which its
registration hands on as a `characters.sheet_parts.SheetSchemaParts`: `sheet`, `derived`, each a
JSON schema or a serializer (and, when it has serializers of its own, `character_input`, `stored`
and `character`); a stored sheet is otherwise its sheet's keys with their JSON types only
(`loosened`); a system that describes none gets open objects. This module only joins them."""

from __future__ import annotations

import copy
from functools import cache

from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers

from epic20site.schema import documented
from rules import systems
from rules.registration import registration

from .serializers import (
    CharacterInputSerializer,
    CharacterSerializer,
    PatchedCharacterInputSerializer,
    SheetSerializer,
    StoredSheetSerializer,
)
from .sheet_parts import SheetSchemaParts, open_parts


def _words(slug: str) -> str:
    return slug[:1].upper() + slug[1:]


def sheet_parts(slug: str) -> SheetSchemaParts:
    """A system's sheet schema, as its registration names it; open objects when it names none."""
    found = registration(slug)
    own = found.sheet_schema if found is not None else None
    return own if own is not None else open_parts(slug)


def _serializer(slug: str, part, component: str, make=None):
    parts = sheet_parts(slug)
    found = part(parts)
    if found is None:
        return documented(component, make(parts))
    return documented(component, found) if isinstance(found, dict) else found


def _with_campaign(parts: SheetSchemaParts) -> dict:
    schema = copy.deepcopy(parts.sheet)
    schema["properties"]["campaign"] = {
        "type": "integer",
        "nullable": True,
        "description": "Id of a campaign you belong to (null: none).",
    }
    return schema


_REF = "#/components/schemas/"
_META = {
    "id": {"type": "integer"},
    "owner": {"$ref": f"{_REF}UserRef"},
    "campaign": {"type": "integer", "nullable": True},
    "valid": {"type": "boolean"},
    "budget": {
        "type": "object",
        "description": "What a budget was spent on: always empty, this system has none.",
        "additionalProperties": False,
    },
    "errors": {"type": "array", "items": {"$ref": f"{_REF}Problem"}, "description": "Errors nobody waived."},
    "warnings": {"type": "array", "items": {"$ref": f"{_REF}Problem"}},
    "waivers": {"type": "array", "items": {"$ref": f"{_REF}Waiver"}},
    "created_at": {"type": "string", "format": "date-time"},
    "updated_at": {"type": "string", "format": "date-time"},
}


def _character(slug: str):
    def make(parts: SheetSchemaParts) -> dict:
        stored = copy.deepcopy(parts.stored or _stored(parts))
        derived = f"{_REF}{_words(slug)}Derived"
        stored["properties"].update({**_META, "derived": {"$ref": derived}})
        stored["required"] = sorted(
            {*stored.get("required", ()), *_META, "derived"} - {"created_at", "updated_at"}
        )
        stored["description"] = (
            "A stored character: its sheet exactly as accepted, plus what the site knows about it."
        )
        return stored

    return make


_LOOSE_TYPES = {"integer": "number"}


def _loose(schema: dict) -> dict:
    """One key of a stored sheet: its JSON types all the way down (a GM's waiver never lets a
    wrong JSON type in: `shape_problem`), not the bounds or choices today's rules check."""
    kind = schema.get("type")
    out = {k: v for k, v in schema.items() if k in ("description",)}
    if kind == "array":
        out.update(type="array", items=_loose(schema.get("items") or {}))
    elif kind == "object":
        out["type"] = "object"
        if "properties" in schema:
            out["properties"] = {key: _loose(value) for key, value in schema["properties"].items()}
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            out["additionalProperties"] = _loose(extra)
    elif kind:
        out["type"] = _LOOSE_TYPES.get(kind, kind)
    elif "oneOf" in schema or "anyOf" in schema:
        out["anyOf"] = [_loose(option) for option in schema.get("oneOf") or schema["anyOf"]]
    out["nullable"] = True
    return out


def loosened(sheet: dict) -> dict:
    """A stored sheet: the keys of `sheet`, each with its JSON type only. A sheet is stored exactly
    as it was accepted, and may carry an error its GM waived or one a later rule added."""
    properties = {key: _loose(value) for key, value in sheet["properties"].items()}
    properties["system"] = sheet["properties"]["system"]
    return {
        "type": "object",
        "description": "A sheet as stored and exported: exactly as it was accepted.",
        "properties": properties,
        "required": ["system"],
    }


def _stored(parts: SheetSchemaParts) -> dict:
    return loosened(parts.sheet)


KINDS = {
    # kind: (part of `SheetSchemaParts`, component suffix, how to make it when the part is None)
    "sheet": (lambda parts: parts.sheet, "Sheet", None),
    "input": (lambda parts: parts.character_input, "CharacterInput", _with_campaign),
    "stored": (lambda parts: parts.stored, "StoredSheet", _stored),
    "derived": (lambda parts: parts.derived, "Derived", None),
}


def per_system(kind: str) -> dict[str, type]:
    """`{slug: serializer}` of one kind of sheet schema, for every registered system."""
    return _per_system(kind, tuple(systems.all_systems()))


@cache  # per set of registered systems: a test may register one of its own
def _per_system(kind: str, slugs: tuple[str, ...]) -> dict[str, type]:
    out = {}
    for slug in slugs:
        if kind == "character":
            out[slug] = _serializer(
                slug, lambda parts: parts.character, f"{_words(slug)}Character", _character(slug)
            )
        else:
            part, suffix, make = KINDS[kind]
            out[slug] = _serializer(slug, part, f"{_words(slug)}{suffix}", make)
    return out


def _components(auto_schema, kind: str, direction: str) -> dict:
    if kind == "character":
        for serializer in per_system("derived").values():  # the characters' `derived` refer to these
            auto_schema.resolve_serializer(serializer, direction)
    return {
        slug: auto_schema.resolve_serializer(serializer, direction)
        for slug, serializer in per_system(kind).items()
    }


def one_of_systems(auto_schema, kind: str, direction: str) -> dict:
    components = _components(auto_schema, kind, direction)
    return {
        "oneOf": [c.ref for c in components.values()],
        "discriminator": {
            "propertyName": "system",
            "mapping": {slug: c.ref["$ref"] for slug, c in components.items()},
        },
    }


class _OneOfSystems(OpenApiSerializerExtension):
    kind = ""

    def map_serializer(self, auto_schema, direction):
        return one_of_systems(auto_schema, self.kind, direction)


class SheetSchema(_OneOfSystems):
    target_class = SheetSerializer
    kind = "sheet"


class CharacterInputSchema(_OneOfSystems):
    target_class = CharacterInputSerializer
    kind = "input"


class CharacterSchema(_OneOfSystems):
    target_class = CharacterSerializer
    kind = "character"


class StoredSheetSchema(_OneOfSystems):
    target_class = StoredSheetSerializer
    kind = "stored"


_PATCHES: dict[str, type] = {}


def _patch(slug: str, whole: dict) -> type:
    """`<Slug>CharacterPatch`: the input's keys, none required (made once per system)."""
    if slug not in _PATCHES:
        schema = copy.deepcopy(whole)
        schema.pop("required", None)
        schema["description"] = "Any top-level keys of the sheet, each replacing the stored one whole."
        _PATCHES[slug] = documented(f"{_words(slug)}CharacterPatch", schema)
    return _PATCHES[slug]


class PatchedCharacterInputSchema(OpenApiSerializerExtension):
    """PATCH: any top-level keys of the character's own system's sheet."""

    target_class = PatchedCharacterInputSerializer

    def map_serializer(self, auto_schema, direction):
        options = []
        for slug, component in _components(auto_schema, "input", direction).items():
            options.append(auto_schema.resolve_serializer(_patch(slug, component.schema), direction).ref)
        return {"anyOf": options}


class SheetToValidate(serializers.Serializer):
    """`POST /characters/validate/`: one of the systems' sheets, though any JSON object is read
    (the answer then lists every problem)."""


class SheetToValidateSchema(OpenApiSerializerExtension):
    target_class = SheetToValidate

    def map_serializer(self, auto_schema, direction):
        sheet = auto_schema.resolve_serializer(SheetSerializer, direction)
        return {"anyOf": [sheet.ref, {"type": "object"}]}


class DerivedSchema(OpenApiSerializerExtension):
    """A report's derived numbers: the sheet's own system's (a report names no system)."""

    target_class = "characters.serializers.ReportDerivedSerializer"

    def map_serializer(self, auto_schema, direction):
        return {"anyOf": [c.ref for c in _components(auto_schema, "derived", direction).values()]}


def sheet_enum_names() -> dict[str, list]:
    """`ENUM_NAME_OVERRIDES` (settings): the choice sets at the top of the systems' sheets,
    named after the system and the key, never by a hash."""
    names = {}
    for slug in systems.all_systems():
        names[f"{_words(slug)}SheetSystemEnum"] = [slug]
        parts = sheet_parts(slug)
        for schema in (parts.sheet, parts.stored):
            for key, value in (
                (schema or {}).get("properties", {}).items() if isinstance(schema, dict) else ()
            ):
                if "enum" in value:
                    names[f"{_words(slug)}Sheet{key.title().replace('_', '')}Enum"] = value["enum"]
    return names

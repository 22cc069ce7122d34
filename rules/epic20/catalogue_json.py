"""The Epic20 catalogue as the API serves it (`GET /api/v1/rules/epic20/catalogue/`), and its
JSON schema. Pure: the rules app's glue serves it."""

from __future__ import annotations

import dataclasses

from rules.epic20.archetypes import ARCHETYPES, Archetype
from rules.epic20.catalogue import CATALOGUE
from rules.epic20.catalogue.types import Catalogue
from rules.epic20.resolution.circumstances import CIRCUMSTANCES, Circumstance
from rules.epic20.resolution.hero_points import HERO_POINT_USES, HeroPointUse
from rules.jsonable import json_schema, to_jsonable

# docs/api.md lists the catalogue's keys in this order; any list added to `Catalogue` later
# follows them and is served without touching this file.
_KEY_ORDER = ("attributes", "skills", "powers", "archetypes", "advantages", "maneuvers", "complications")

# Served beside the sheet catalogue: the archetypes (their own module, as they carry trade-offs)
# and, for REST clients that act in encounters, the situational sources of Superioridad /
# Inferioridad an attack may name in `circumstances` and the uses of a hero point (docs/api.md,
# "Encounters and the turn log").
_EXTRA = {
    "archetypes": (ARCHETYPES, Archetype),
    "circumstances": (CIRCUMSTANCES, Circumstance),
    "hero_point_uses": (HERO_POINT_USES, HeroPointUse),
}


def _catalogue_keys() -> list[str]:
    names = [f.name for f in dataclasses.fields(Catalogue)] + [k for k in _EXTRA if k != "archetypes"]
    return [k for k in _KEY_ORDER if k in names] + [k for k in names if k not in _KEY_ORDER]


def catalogue_json(catalogue: Catalogue = CATALOGUE) -> dict:
    return {
        key: to_jsonable(_EXTRA[key][0] if key in _EXTRA else getattr(catalogue, key))
        for key in _catalogue_keys()
    }


# An archetype option's value is a text or a number (`archetype_types.OptionChoice.value`).
_CHOICE_VALUE = {"anyOf": [{"type": "string"}, {"type": "number"}]}


def _untitled(schema):
    """A copy without `title`s: a generated client names a class after each, and the same shape
    met twice (an archetype's field and an option's override of it) would be two classes alike."""
    if isinstance(schema, dict):
        return {k: _untitled(v) for k, v in schema.items() if k != "title"}
    if isinstance(schema, list):
        return [_untitled(v) for v in schema]
    return schema


def _archetype_schema() -> dict:
    """`Archetype` with its options typed: `Any` in the dataclasses is a choice's value, and an
    override is `[field, value]`, the value of one of the archetype's own fields."""
    schema = json_schema(Archetype)
    option = schema["properties"]["options"]["items"]
    option["properties"]["default"] = dict(_CHOICE_VALUE)
    choice = option["properties"]["choices"]["items"]
    choice["properties"]["value"] = dict(_CHOICE_VALUE)
    # An override is `[field, value]`: the value has the type of the archetype field it names,
    # several shapes a generated client cannot type as one union, so it is left open.
    choice["properties"]["overrides"]["items"] = {
        "type": "array",
        "description": "[the archetype field it replaces, that field's new value]",
        "minItems": 2,
        "maxItems": 2,
        "items": {"description": "The value, of the named field's type."},
    }
    return schema


def catalogue_schema() -> dict:
    properties = json_schema(Catalogue)["properties"]
    for key, (_entries, cls) in _EXTRA.items():
        properties[key] = {"type": "array", "items": json_schema(cls)}
    properties["archetypes"] = {"type": "array", "items": _archetype_schema()}
    return _untitled(
        {
            "type": "object",
            "properties": {key: properties[key] for key in _catalogue_keys()},
            "required": _catalogue_keys(),
        }
    )

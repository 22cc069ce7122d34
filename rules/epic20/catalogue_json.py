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


def catalogue_schema() -> dict:
    properties = json_schema(Catalogue)["properties"]
    for key, (_entries, cls) in _EXTRA.items():
        properties[key] = {"type": "array", "items": json_schema(cls)}
    return {
        "type": "object",
        "properties": {key: properties[key] for key in _catalogue_keys()},
        "required": _catalogue_keys(),
    }

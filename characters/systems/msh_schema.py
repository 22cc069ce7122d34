"""MSH's sheet as the OpenAPI schema describes it (docs/api.md, "Sheets"): the shape
`rules.msh.sheet` reads, with its bounds; the engine checks everything else and answers every
problem at once."""

from __future__ import annotations

from rules.msh.combat_types import COMBAT_TYPE
from rules.msh.ranks import TOP
from rules.msh.sheet import ABILITIES

_RANK = {"type": "integer", "minimum": 0, "maximum": TOP}
_NAME = {"type": "string", "minLength": 1}
_COMBAT_TYPE = {
    "type": "string",
    "enum": sorted(COMBAT_TYPE),
    "description": "A combat type slug of the catalogue.",
}

POWER = {
    "type": "object",
    "properties": {"name": _NAME, "rank": _RANK, "combat_type": _COMBAT_TYPE},
    "required": ["name", "rank", "combat_type"],
}
WEAPON = {
    "type": "object",
    "properties": {"name": _NAME, "combat_type": _COMBAT_TYPE, "damage": _RANK, "material": _RANK},
    "required": ["name", "combat_type", "damage", "material"],
}
SHEET = {
    "type": "object",
    "description": "An MSH sheet: abilities are rank numbers; `health` defaults to F+A+S+E and `karma` "
    "to R+I+P when null. Keys it does not know are ignored with a warning.",
    "properties": {
        "system": {"type": "string", "enum": ["msh"]},
        "name": _NAME,
        "abilities": {
            "type": "object",
            "properties": dict.fromkeys(ABILITIES, _RANK),
            "required": list(ABILITIES),
            "additionalProperties": False,
        },
        "health": {**_RANK, "nullable": True},
        "karma": {**_RANK, "nullable": True},
        "body_armor": _RANK,
        "powers": {"type": "array", "items": POWER},
        "weapons": {"type": "array", "items": WEAPON},
    },
    "required": ["system", "name", "abilities"],
}
DERIVED = {
    "type": "object",
    "properties": {
        "ranks": {
            "type": "object",
            "additionalProperties": {"type": "string"},
            "description": "Ability → rank slug.",
        },
        "health": {"type": "integer"},
        "karma": {"type": "integer"},
        "body_armor": {"type": "integer"},
        "body_armor_rank": {"type": "string"},
        "powers": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "rank": {"type": "string"}},
                "required": ["name", "rank"],
            },
        },
    },
}

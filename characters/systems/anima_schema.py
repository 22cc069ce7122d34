"""Anima's sheet as the OpenAPI schema describes it (docs/api.md, "Sheets"): the numbers and
lists `rules.anima.sheet` reads, with its own bounds."""

from __future__ import annotations

from rules.anima.catalogue import SIZES
from rules.anima.sheet import (
    NUMBERS,
    POWER_CAPABILITIES,
    POWER_KINDS,
    POWER_NUMBERS,
    REQUIRED,
    WEAPON_NUMBERS,
)


def _numbers(specs) -> dict:
    return {n.key: {"type": "integer", "minimum": n.low, "maximum": n.high} for n in specs}


def _required(specs) -> list[str]:
    return [n.key for n in specs if n.default is REQUIRED]


_NAME = {"type": "string", "minLength": 1, "maxLength": 100}
_FLAG = {"type": "boolean"}
WEAPON = {
    "type": "object",
    "properties": {
        "name": _NAME,
        "size": {"type": "string", "enum": list(SIZES)},
        "ranged": _FLAG,
        **_numbers(WEAPON_NUMBERS),
    },
    "required": ["name", "size", *_required(WEAPON_NUMBERS)],
}
POWER = {
    "type": "object",
    "properties": {
        "name": _NAME,
        "kind": {"type": "string", "enum": list(POWER_KINDS)},
        "capability": {"type": "string", "enum": list(POWER_CAPABILITIES)},
        **_numbers(POWER_NUMBERS),
        "range": {"type": "integer", "minimum": 1, "maximum": 100000, "nullable": True},
        "fast": _FLAG,
        "armor_value": _FLAG,
        "lasting": _FLAG,
    },
    "required": ["name"],
}
_NUMBERS = _numbers(NUMBERS)
_NUMBERS["physical_resistance"] = {**_NUMBERS["physical_resistance"], "nullable": True}
SHEET = {
    "type": "object",
    "description": "An Anima sheet. Keys it does not know are ignored with a warning.",
    "properties": {
        "system": {"type": "string", "enum": ["anima"]},
        "name": _NAME,
        **_NUMBERS,
        "defense_kind": {"type": "string", "enum": ["block", "dodge"]},
        "weapons": {"type": "array", "items": WEAPON, "maxItems": 20},
        "wielding": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
        "magic_shield": _FLAG,
        "psychic_shield": _FLAG,
        "powers": {"type": "array", "items": POWER, "maxItems": 20},
        "concept": {"type": "string", "maxLength": 2000},
        "notes": {"type": "string", "maxLength": 2000},
    },
    "required": ["system", "name", *_required(NUMBERS)],
}
DERIVED = {
    "type": "object",
    "properties": {
        "attacks_per_turn": {"type": "integer"},
        "initiative": {"type": "integer"},
        "weapons_initiative_modifier": {"type": "integer"},
        "defenses": {"type": "object", "additionalProperties": {"type": "integer"}},
        "power_range": {"type": "integer", "nullable": True},
        "movement_quarter": {"type": "number"},
        "reload": {"type": "object", "additionalProperties": {"type": "integer"}},
    },
}

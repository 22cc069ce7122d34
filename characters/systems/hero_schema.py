"""The Hero System's sheet as the OpenAPI schema describes it (docs/api.md, "Sheets"): the
characteristics, defenses, levels and attacks `rules.hero.sheet` reads, with its bounds."""

from __future__ import annotations

from rules.hero.sheet import (
    ATTACK_KIND_SLUGS,
    CHARACTERISTICS,
    MAX_ATTACKS,
    MAX_DICE,
    MAX_MARTIAL_COST,
    MAX_MODIFIERS,
    MAX_SHOTS,
)

_FLAG = {"type": "boolean"}
_NUMBER = {"type": "number", "minimum": 0}
# An optional number the sheet may leave null: the rules' default then (`rules.hero.sheet`).
_OPTIONAL_NUMBER = {**_NUMBER, "nullable": True}
ATTACK = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 80},
        "kind": {"type": "string", "enum": sorted(ATTACK_KIND_SLUGS)},
        "dice": {"type": "integer", "minimum": 0, "maximum": MAX_DICE},
        **dict.fromkeys(("killing", "energy", "area", "explosion", "half_die", "plus_one"), _FLAG),
        "autofire": {"type": "integer", "minimum": 0, "maximum": MAX_SHOTS},
        "end": {"type": "integer", "minimum": 0, "maximum": 100, "nullable": True},
        **{
            key: {
                "type": "number",
                "minimum": 0,
                "maximum": MAX_MODIFIERS,
                "multipleOf": 0.25,
                "description": f"The sum of the attack's {key} (6E Power Modifiers), counted positive.",
            }
            for key in ("advantages", "limitations")
        },
        "martial_cost": {
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_MARTIAL_COST,
            "description": "A Martial Arts maneuver: its Character Points (it then costs no dice).",
        },
    },
    "required": ["name", "kind", "dice"],
}
SHEET = {
    "type": "object",
    "description": "A Hero System sheet. Keys it does not know are dropped.",
    "properties": {
        "system": {"type": "string", "enum": ["hero"]},
        "name": {"type": "string", "minLength": 1},
        "characteristics": {
            "type": "object",
            "properties": {
                key: {"type": "integer", "minimum": low, "maximum": high, "description": en}
                for key, _es, en, low, high in CHARACTERISTICS
            },
            "required": [key for key, *_rest in CHARACTERISTICS],
        },
        "resistant_defenses": {
            "type": "object",
            "properties": {key: {"type": "integer", "minimum": 0, "maximum": 300} for key in ("pd", "ed")},
            "nullable": True,
        },
        "mental_defense": {**_OPTIONAL_NUMBER, "maximum": 300},
        "combat_levels": {
            "type": "array",
            "nullable": True,
            "items": {
                "type": "object",
                "properties": {
                    "levels": {"type": "integer", "minimum": 0},
                    "applies_to": {
                        "type": "string",
                        "description": "A level scope slug, or an attack's name.",
                    },
                },
                "required": ["levels", "applies_to"],
            },
        },
        "range_levels": {"type": "integer", "minimum": 0},
        "movement": _OPTIONAL_NUMBER,
        "carried_kg": _OPTIONAL_NUMBER,
        "attacks": {"type": "array", "items": ATTACK, "maxItems": MAX_ATTACKS, "nullable": True},
    },
    "required": ["system", "name", "characteristics"],
}
_DICE = {
    "type": "object",
    "properties": {
        "dice": {"type": "integer"},
        "half_die": _FLAG,
        "plus_one": _FLAG,
        "end": {"type": "integer"},
    },
}
_POWER_POINTS = {
    "type": "object",
    "properties": {
        "name": {
            "type": "string",
            "description": "The attack's name (an import keeps the file's NAME, else ALIAS).",
        },
        "active": {"type": "integer", "description": "Active Points (6E)."},
        "real": {"type": "integer", "description": "Real Points (6E)."},
    },
    "required": ["name", "active", "real"],
}
POINTS = {
    "type": "object",
    "description": "What the sheet costs in 6E Character Points, as Hero Designer counts them.",
    "properties": {
        "characteristics": {
            "type": "object",
            "properties": {key: {"type": "integer"} for key, *_rest in CHARACTERISTICS},
            "required": [key for key, *_rest in CHARACTERISTICS],
        },
        "powers": {"type": "array", "items": _POWER_POINTS},
        "total": {"type": "integer", "description": "Every characteristic plus each power's Real Points."},
    },
    "required": ["characteristics", "powers", "total"],
}
DERIVED = {
    "type": "object",
    "properties": {
        "ocv": {"type": "integer"},
        "dcv": {"type": "integer"},
        "ecv": {"type": "integer"},
        "phases": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 12}},
        "strike_dice": {"type": "integer"},
        "strike_half_die": _FLAG,
        "encumbrance": {
            "type": "object",
            "properties": {"dcv": {"type": "integer"}, "end_per_turn": {"type": "integer"}},
        },
        "attacks": {"type": "object", "additionalProperties": _DICE, "description": "By attack name."},
        "points": POINTS,
    },
}

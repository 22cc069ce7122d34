"""MSH's encounters as the OpenAPI schema describes them (docs/api.md, "Encounters of every
system"): its clock, what its combatants add, its d100 roll and its events, per type, with the
keys `rules.msh` writes (`rules/msh/privacy.py` decides what a player sees of an NPC's: every
key that may be hidden is optional). Joined by `combat.system_schemas`."""

from __future__ import annotations

from combat.system_schemas import (
    FLAG,
    INT,
    NUMBER,
    TEXT,
    SystemSchema,
    array,
    dice_roll,
    nullable,
    ref,
)

CLOCK = (
    "PhaseClock",
    {
        "type": "object",
        "description": 'Declare then act: `phase` is "declare" or "act", `side` the side that declares '
        "or acts now; `current` stays null.",
        "properties": {
            "round": INT,
            "phase": nullable({"type": "string", "enum": ["declare", "act"]}),
            "side": nullable(TEXT),
            "current": nullable(INT),
        },
        "required": ["round", "phase", "side", "current"],
    },
)
COMBATANT = {
    "conditions": {**array(TEXT), "description": "Its conditions, by slug."},
    "karma": nullable(INT),
    "karma_max": nullable(INT),
    "abilities": {"type": "object", "additionalProperties": INT, "description": "Rank numbers."},
    "ranks": {"type": "object", "additionalProperties": TEXT, "description": "Ability → rank slug."},
    "body_armor": INT,
    "powers": array(
        {
            "type": "object",
            "properties": {"name": TEXT, "rank": INT, "combat_type": TEXT},
            "required": ["name", "rank", "combat_type"],
        }
    ),
    "weapons": array(
        {
            "type": "object",
            "properties": {"name": TEXT, "combat_type": TEXT, "damage": INT, "material": INT},
            "required": ["name", "combat_type", "damage", "material"],
        }
    ),
    "effects": {
        "type": "object",
        "description": "What its actions and the special results left on it, until they run out "
        "(rounds are the round they end or began).",
        "properties": {
            "effect_karma": INT,
            "squeezed": INT,
            "held_by": {
                "type": "object",
                "properties": {"by": INT, "full": FLAG, "round": INT},
            },
            "holding": INT,
            "evade": TEXT,
            "bonus_cs": {"type": "object", "properties": {"round": INT, "shifts": INT}},
            "dodge": INT,
            "block_armor": INT,
            "escaped": TEXT,
            "away": FLAG,
            "interpose": INT,
            "aimed": INT,
            "stunned": INT,
            "unconscious": INT,
            "dying": INT,
            "dead": FLAG,
        },
    },
}
_COLOUR = {"type": "string", "enum": ["white", "green", "yellow", "red"]}
# A column shift and why (`rules.msh.shifts`).
SHIFT_REASON = {
    "type": "object",
    "properties": {"slug": TEXT, "shifts": INT, "rule": TEXT},
    "required": ["slug", "shifts", "rule"],
}
# A chance: exact (`probability`, `fraction`) or, for a player against a hidden NPC, a band.
_CHANCE = {
    "probability": NUMBER,
    "fraction": TEXT,
    "band": TEXT,
    "label_es": TEXT,
    "label_en": TEXT,
}
COLOUR_ODDS = {
    "type": "object",
    "description": "One colour of the column: its chance and what it does.",
    "properties": {
        "colour": _COLOUR,
        **_CHANCE,
        "effect": TEXT,
        "text_es": TEXT,
        "text_en": TEXT,
        "damage": INT,
        "target_hit_points": INT,
        "special": {
            "type": "object",
            "description": "The target's Endurance roll for a Slam, Stun or Kill: colour → its effect and chance.",
            "additionalProperties": {"type": "object", "properties": {"effect": TEXT, **_CHANCE}},
        },
    },
    "required": ["colour"],
}
COLUMN_RANGE = {
    "type": "object",
    "properties": {"colour": _COLOUR, "from": INT, "to": INT, "count": INT},
    "required": ["colour", "from", "to", "count"],
}
NAMES = {"type": "object", "properties": {"es": TEXT, "en": TEXT}, "required": ["es", "en"]}

ROLL_FIELDS = {
    "areas": INT,
    "colour": _COLOUR,
    "column": TEXT,
    "combatant": INT,
    "dead": FLAG,
    "duration_roll": ref("D100Roll"),
    "effect": TEXT,
    "karma": INT,
    "kind": TEXT,
    "ko_roll": ref("D100Roll"),
    "rule": TEXT,
    "shifts": INT,
    "side": TEXT,
    "turns": INT,
}
ROLLS = {
    "D100Roll": dice_roll(
        "A d100 roll on the Universal Table (one face), or a d10 (initiative).", **ROLL_FIELDS
    )
}
EVENTS = {
    "attack": {
        "armour": INT,
        "colour": nullable(_COLOUR),
        "column": TEXT,
        "combat_type": TEXT,
        "combined_roll": ref("D100Roll"),
        "damage": INT,
        "damage_before_armour": INT,
        "effect": TEXT,
        "effect_roll": ref("D100Roll"),
        "evade_rule": TEXT,
        "held": TEXT,
        "hit": FLAG,
        "item": TEXT,
        "item_broken": FLAG,
        "obstacle_roll": ref("D100Roll"),
        "obstacle_rule": TEXT,
        "obstacles_avoided": FLAG,
        "read_on": TEXT,
        "roll": ref("D100Roll"),
        "shift_reasons": array(SHIFT_REASON),
        "shifts": INT,
        "target_hit_points": INT,
        "target_status": TEXT,
        "with": TEXT,
        "zero_health_roll": ref("D100Roll"),
    },
    "declaration_lapsed": {
        "action": {"type": "object", "description": "The declared action."},
    },
    "declarations_closed": {},
    "declare": {
        "action": {"type": "object", "description": "The declared action."},
    },
    "defense": {
        "away": FLAG,
        "block_armor": INT,
        "colour": _COLOUR,
        "column": TEXT,
        "defense": TEXT,
        "effect": TEXT,
        "freed": FLAG,
        "incoming_shifts": INT,
        "interposed": FLAG,
        "protect": INT,
        "roll": ref("D100Roll"),
    },
    "dying": {
        "endurance": INT,
        "status": TEXT,
    },
    "end": {},
    "initiative": {
        "initiative": {
            "type": "object",
            "description": "Side → its initiative.",
            "additionalProperties": INT,
        },
        "modifiers": {"type": "object", "description": "Side → its modifier.", "additionalProperties": INT},
        "rolls": array(ref("D100Roll")),
        "sides": array(TEXT),
    },
    "round_end": {},
    "start": {},
}

# The odds before acting (`rules.msh.odds`): each colour's chance on the column rolled, and what
# it does; a band for a player against a hidden NPC. Other keys may be added.
ODDS = {
    "type": "object",
    "additionalProperties": True,
    "properties": {
        "type": TEXT,
        "combat_type": TEXT,
        "shifts": INT,
        "shift_reasons": array(SHIFT_REASON),
        "exact": FLAG,
        "colours": array(COLOUR_ODDS),
        "squeeze": FLAG,
        "column": TEXT,
        "column_name": NAMES,
        "column_ranges": array(COLUMN_RANGE),
        "strength": INT,
        "damage": INT,
        "target_hit_points": INT,
    },
    "required": ["type", "exact"],
}

# The rolls an event always carries: each side's initiative die (`initiative`). An attack's
# `roll` is not among them: a hold's squeeze deals its damage without one (`attack._squeeze`).
ALWAYS = {"initiative": ("rolls",)}

SCHEMA = SystemSchema(clock=CLOCK, combatant=COMBATANT, rolls=ROLLS, events=EVENTS, odds=ODDS, always=ALWAYS)

"""MSH's encounters as the OpenAPI schema describes them (docs/api.md, "Encounters of every
system"): its clock, what its combatants add, its d100 roll and its events, per type, with the
keys `rules.msh` writes (`rules/msh/privacy.py` decides what a player sees of an NPC's: every
key that may be hidden is optional). Joined by `combat.system_schemas`."""

from __future__ import annotations

from combat.system_schemas import (
    ANY,
    FLAG,
    INT,
    LIST,
    OBJECT,
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
    "karma": nullable(INT),
    "karma_max": nullable(INT),
    "abilities": {"type": "object", "additionalProperties": INT, "description": "Rank numbers."},
    "ranks": {"type": "object", "additionalProperties": TEXT, "description": "Ability → rank slug."},
    "body_armor": INT,
    "powers": array(OBJECT),
    "weapons": array(OBJECT),
    "effects": OBJECT,
}
_COLOUR = {"type": "string", "enum": ["white", "green", "yellow", "red"]}

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
        "shift_reasons": LIST,
        "shifts": INT,
        "target_hit_points": INT,
        "target_status": TEXT,
        "with": TEXT,
        "zero_health_roll": ref("D100Roll"),
    },
    "declaration_lapsed": {
        "action": OBJECT,
    },
    "declarations_closed": {},
    "declare": {
        "action": OBJECT,
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
        "initiative": OBJECT,
        "modifiers": OBJECT,
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
        "shift_reasons": LIST,
        "exact": FLAG,
        "colours": array(OBJECT),
        "squeeze": FLAG,
        "column": TEXT,
        "column_name": OBJECT,
        "column_ranges": ANY,
    },
    "required": ["type", "exact"],
}

SCHEMA = SystemSchema(clock=CLOCK, combatant=COMBATANT, rolls=ROLLS, events=EVENTS, odds=ODDS)

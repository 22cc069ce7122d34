"""Anima's encounters as the OpenAPI schema describes them (docs/api.md, "Encounters of every
system"): its clock, what its combatants add (defense, engagement, the Estado de Vida y Muerte),
its d10 roll and its events, per type, with the keys `rules.anima` writes
(`rules/anima/privacy.py` decides what a player sees of an NPC's: every key that may be hidden is
optional). Joined by `combat.system_schemas`."""

from __future__ import annotations

from combat.system_schemas import (
    FLAG,
    INT,
    LIST,
    NUMBER,
    OBJECT,
    ROUND_CLOCK,
    TEXT,
    SystemSchema,
    array,
    dice_roll,
    nullable,
    ref,
)

CLOCK = ROUND_CLOCK
COMBATANT = {
    "defense": nullable(INT),
    "defense_with": nullable(TEXT),
    "defenses_this_round": INT,
    "next_defense_penalty": INT,
    "counterattack_offer": nullable(OBJECT),
    "counterattack_used": INT,
    "opportunity_used": INT,
    "movement_penalty": INT,
    "turn_actions": nullable(OBJECT),
    "wielding": array(TEXT),
    "destroyed_zones": array(TEXT),
    "engaged_with": array(INT),
    "opportunity_offer": nullable(OBJECT),
    "life_death_penalty": INT,
    "life_and_death": nullable(OBJECT),
    "sheet": nullable(OBJECT),
    "derived": nullable(OBJECT),
}
_CRITICAL = nullable({"type": "string", "enum": ["amputation", "dismemberment", "death"]})

ROLL_FIELDS = {
    "bonus": INT,
    "hidden": FLAG,
    "side": TEXT,
}
ROLLS = {
    "D10Roll": dice_roll(
        "A d10 roll; `hidden`: a hidden NPC's roll, its faces, total and commitment left out.",
        required=("sides", "nonces"),
        **ROLL_FIELDS,
    )
}
EVENTS = {
    "adjust": {
        "hit_points": INT,
        "status": TEXT,
    },
    "attack": {
        "aimed": nullable(TEXT),
        "attack_capability": INT,
        "attack_index": INT,
        "attack_modifiers": LIST,
        "attack_roll": ref("D10Roll"),
        "attack_total": INT,
        "attacks": INT,
        "capability": TEXT,
        "counterattack": FLAG,
        "counterattack_bonus": nullable(INT),
        "counterattack_offered": FLAG,
        "critical": _CRITICAL,
        "damage": INT,
        "damage_percent": INT,
        "defense_capability": INT,
        "defense_modifiers": LIST,
        "defense_roll": ref("D10Roll"),
        "defense_total": INT,
        "defense_with": TEXT,
        "difference": INT,
        "hit": FLAG,
        "impact_level": TEXT,
        "killed": FLAG,
        "kind": TEXT,
        "max_hit_points_lost": INT,
        "target_defenses": INT,
        "target_hit_points": INT,
        "target_hit_points_max": INT,
        "target_status": TEXT,
        "with": TEXT,
        "zone_roll": nullable(ref("D10Roll")),
        "zones": array(TEXT),
    },
    "attacks_lost": {
        "lost": INT,
        "reason": TEXT,
    },
    "choose_defense": {
        "defense_with": TEXT,
    },
    "combatant_added": {},
    "condition": {
        "condition": TEXT,
        "on": FLAG,
    },
    "end": {},
    "end_turn": {},
    "engagement": {
        "on": FLAG,
        "other": INT,
    },
    "equip": {
        "drawn": array(TEXT),
        "wielding": array(TEXT),
    },
    "first_aid": {
        "difficulty": INT,
        "medicine": INT,
        "modifiers": LIST,
        "roll": ref("D10Roll"),
        "stabilised": FLAG,
        "total": INT,
    },
    "initiative": {
        "initiative": {"oneOf": [INT, OBJECT], "description": "A number, or by side."},
        "initiative_roll": ref("D10Roll"),
        "rolls": array(ref("D10Roll")),
        "sides": array(TEXT),
    },
    "leave_reach": {
        "left": array(INT),
        "offered": array(INT),
    },
    "life_and_death": {
        "death_limit": INT,
        "difficulty": INT,
        "hit_points": INT,
        "margin": INT,
        "outcome": TEXT,
        "physical_resistance": INT,
        "roll": ref("D10Roll"),
        "status": TEXT,
        "total": INT,
    },
    "move": {
        "leaves_reach": FLAG,
        "metres": NUMBER,
        "movement_penalty": INT,
        "use": TEXT,
    },
    "opportunity_roll": {
        "attacker_roll": ref("D10Roll"),
        "target_roll": ref("D10Roll"),
        "won": FLAG,
    },
    "power_effect": {
        "affected": FLAG,
        "critical": _CRITICAL,
        "damage": INT,
        "damage_percent": INT,
        "difficulty": nullable(INT),
        "immune": FLAG,
        "impact_level": TEXT,
        "killed": FLAG,
        "max_hit_points_lost": INT,
        "passed": FLAG,
        "power": TEXT,
        "power_kind": TEXT,
        "resistance_roll": ref("D10Roll"),
        "target_hit_points": INT,
        "target_hit_points_max": INT,
        "target_status": TEXT,
        "zone_roll": nullable(ref("D10Roll")),
        "zones": array(TEXT),
    },
    "removed": {},
    "results_table": {
        "levels": LIST,
    },
    "round": {},
    "stabilised": {
        "by": TEXT,
        "hit_points": INT,
    },
    "start": {},
}

# The odds before acting (`rules.anima.odds`): the chance of each impact level; a band for a
# player against a hidden NPC. Other keys may be added.
ODDS = {"type": "object", "additionalProperties": True, "description": "The odds of an Anima action."}

SCHEMA = SystemSchema(clock=CLOCK, combatant=COMBATANT, rolls=ROLLS, events=EVENTS, odds=ODDS)

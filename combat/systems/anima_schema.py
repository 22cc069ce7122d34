"""Anima's encounters as the OpenAPI schema describes them (docs/api.md, "Encounters of every
system"): its clock, what its combatants add (defense, engagement, the Estado de Vida y Muerte),
its d10 roll and its events, per type, with the keys `rules.anima` writes
(`rules/anima/privacy.py` decides what a player sees of an NPC's: every key that may be hidden is
optional). Joined by `combat.system_schemas`."""

from __future__ import annotations

from combat.system_schemas import (
    FLAG,
    INT,
    NUMBER,
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
    "conditions": {**array(TEXT), "description": "Its conditions, by slug."},
    "defense": nullable(INT),
    "defense_with": nullable(TEXT),
    "defenses_this_round": INT,
    "next_defense_penalty": INT,
    "counterattack_offer": nullable(
        {
            "type": "object",
            "description": "A counterattack the combatant may make now (the bonus left out for a hidden NPC's).",
            "properties": {"against": INT, "bonus": INT, "round": INT},
            "required": ["against", "round"],
        }
    ),
    "counterattack_used": INT,
    "opportunity_used": INT,
    "movement_penalty": INT,
    "turn_actions": nullable(
        {
            "type": "object",
            "description": "What it used of its own turn: metres moved, metres of its complex action, the complex action.",
            "properties": {"movement_m": NUMBER, "complex_m": NUMBER, "complex_used": FLAG},
        }
    ),
    "wielding": array(TEXT),
    "destroyed_zones": array(TEXT),
    "engaged_with": array(INT),
    "opportunity_offer": nullable(
        {
            "type": "object",
            "description": "The enemies who left its reach this round: it may attack them by opportunity.",
            "properties": {"against": array(INT), "round": INT},
            "required": ["against", "round"],
        }
    ),
    "life_death_penalty": INT,
    "life_and_death": nullable(
        {
            "type": "object",
            "description": "The Estado de Vida y Muerte while it lasts (only the difficulty for a hidden NPC).",
            "properties": {"difficulty": INT, "physical_resistance": INT, "death_limit": INT},
            "required": ["difficulty"],
        }
    ),
    "sheet": nullable(
        {**ref("AnimaStoredSheet"), "description": "Its sheet as the fight reads it (GM and owner)."}
    ),
    "derived": nullable(ref("AnimaDerived")),
}
# A modifier added to a roll, and why (`rules.anima.combatant.total` adds them).
MODIFIER = {"type": "object", "properties": {"slug": TEXT, "value": INT}, "required": ["slug", "value"]}
# A level of the results table (`rules.anima.results.ImpactLevel`).
IMPACT_LEVEL = {
    "type": "object",
    "properties": {
        "slug": TEXT,
        "name_es": TEXT,
        "name_en": TEXT,
        "min_difference": nullable(INT),
        "max_difference": nullable(INT),
        "damage_percent": INT,
        "counterattack": FLAG,
    },
    "required": ["slug", "min_difference", "max_difference", "damage_percent"],
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
        "attack_modifiers": array(MODIFIER),
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
        "defense_modifiers": array(MODIFIER),
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
        "modifiers": array(MODIFIER),
        "roll": ref("D10Roll"),
        "stabilised": FLAG,
        "total": INT,
    },
    "initiative": {
        "initiative": {**INT, "description": "The initiative rolled (its roll's total)."},
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
        "levels": array(IMPACT_LEVEL),
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
# A chance: exact (`probability`, `fraction`) or a band (`rules.core.odds.band`).
CHANCE = {
    "type": "object",
    "properties": {
        "probability": NUMBER,
        "fraction": TEXT,
        "band": TEXT,
        "label_es": TEXT,
        "label_en": TEXT,
    },
}
_BY_LEVEL = {
    "type": "object",
    "description": "Impact level slug → its chance.",
    "additionalProperties": CHANCE,
}
STRIKE_ODDS = {
    "type": "object",
    "properties": {
        "index": INT,
        "hit": CHANCE,
        "counterattack": CHANCE,
        "made": CHANCE,
        "levels": _BY_LEVEL,
        "attack": INT,
        "defense": INT,
        "expected_damage": NUMBER,
    },
    "required": ["index", "hit", "counterattack", "made"],
}
TARGET_ODDS = {
    "type": "object",
    "properties": {
        "target": INT,
        "exact": FLAG,
        "pass": CHANCE,
        "levels": _BY_LEVEL,
        "expected_damage": NUMBER,
        "reflex": INT,
    },
    "required": ["target", "exact", "pass"],
}
ODDS = {
    "type": "object",
    "description": "The odds of an Anima action: an attack's strike by strike, or an area power's per target.",
    "properties": {
        "exact": FLAG,
        "strikes": array(STRIKE_ODDS),
        "reach": CHANCE,
        "any_counterattack": CHANCE,
        "expected_damage": NUMBER,
        "expected_damage_fraction": TEXT,
        "targets": array(TARGET_ODDS),
    },
}

# The rolls an event always carries: an attack rolls both dice (`attack.strike`), and initiative,
# an opportunity's reflexes, life and death and first aid are each a roll. A hidden NPC's roll
# keeps its key, its dice left out (`privacy.PRIVATE_ROLLS`).
ALWAYS = {
    "attack": ("attack_roll", "defense_roll"),
    "initiative": ("initiative_roll",),
    "opportunity_roll": ("attacker_roll", "target_roll"),
    "life_and_death": ("roll",),
    "first_aid": ("roll",),
}

SCHEMA = SystemSchema(clock=CLOCK, combatant=COMBATANT, rolls=ROLLS, events=EVENTS, odds=ODDS, always=ALWAYS)

"""Epic20's encounters as the OpenAPI schema describes them (docs/api.md, "Encounters and the
turn log"): its clock, what its combatants add (defense, hero points, equipment), its d20 roll
(with `superiority`, `kept` and `bonus`) and its events, per type, with the keys
`rules.epic20.encounter` writes (`rules/epic20/encounter/privacy.py` decides what a player sees of
an NPC's: every key that may be hidden is optional). Joined by `combat.system_schemas`."""

from __future__ import annotations

from combat.system_schemas import (
    FLAG,
    INT,
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
# An item of the sheet's equipment and what happened to it (`rules.epic20.resolution.state.EquipmentState`).
_FLAGS = ("armor", "shield", "two_handed", "burst", "reach", "ranged", "heavy")
EQUIPMENT = {
    "type": "object",
    "properties": {
        "name": TEXT,
        "kind": TEXT,
        "power": nullable(TEXT),
        **dict.fromkeys(_FLAGS, FLAG),
        "status": TEXT,
        "chosen_for": array(TEXT),
        "immune_to": array(TEXT),
    },
}
# A source of Superioridad or Inferioridad (`rules.epic20.resolution.sources.Source`).
SOURCE = {
    "type": "object",
    "properties": {"slug": TEXT, "delta": INT, "rule": TEXT, "label_es": TEXT, "label_en": TEXT},
    "required": ["slug", "delta", "rule", "label_es", "label_en"],
}
# The target's defense as the attack met it (`rules.epic20.resolution.defense.Defense`).
DEFENSE = {
    "type": "object",
    "properties": {
        "value": INT,
        "base": INT,
        "best": INT,
        "best_source": nullable(TEXT),
        "maneuver_bonus": INT,
        "penalty": INT,
    },
}
# A timed state on a combatant (`rules.epic20.resolution.state.Condition`).
CONDITION = {
    "type": "object",
    "properties": {
        "slug": TEXT,
        "source": TEXT,
        "rule": TEXT,
        "by": nullable(TEXT),
        "other": nullable(TEXT),
        "value": INT,
        "ends": TEXT,
        "turns": INT,
    },
    "required": ["slug"],
}
COMBATANT = {
    "conditions": {**array(CONDITION), "description": "Its conditions, each with its timing."},
    "defense": nullable({**INT, "description": "Current defense, penalties applied."}),
    "defense_penalty": nullable(INT),
    "hero_points": nullable(INT),
    "hero_points_max": nullable(INT),
    "equipment": array(EQUIPMENT),
}

ROLL_FIELDS = {
    "bonus": nullable(INT),
    "fumble": FLAG,
    "kept": INT,
    "natural_1": FLAG,
    "natural_20": FLAG,
    "rerolled_from": ref("D20Roll"),
    "sources": array(SOURCE),
    "superiority": INT,
}
ROLLS = {
    "D20Roll": {
        **dice_roll(
            "A d20 roll: `superiority` extra dice (negative: Inferioridad), the face `kept`, the `bonus` added.",
            **ROLL_FIELDS,
        ),
        "required": ["sides", "faces", "nonces", "superiority", "kept", "bonus", "total", "commitment"],
    }
}
# Any event may carry the roll that decided it, with the sources of its Superioridad.
EVENT_FIELDS = {"roll": ref("D20Roll")}
_ATTACK_KEYS = {
    "attack_type": NUMBER,
    "attribute": TEXT,
    "critical": FLAG,
    "damage": INT,
    "defense": DEFENSE,
    "defense_penalty": INT,
    "hit": FLAG,
    "kind": TEXT,
    "level": INT,
    "margin": INT,
    "successes": INT,
    "target_defense": INT,
    "target_hit_points": INT,
    "target_status": TEXT,
    "with": TEXT,
}
EVENTS = {
    # Read from the engine's events (`rules.epic20.resolution`: each `Event` and its `data`).
    "blind_fight": {"opposed_roll": ref("D20Roll"), "success": FLAG},
    "counter_attack": {},
    "dying_check": {"hit_points": INT, "status": TEXT},
    "element_sleep": {"unhealable_damage": INT, "with_element": TEXT},
    "energized_attack": {
        **_ATTACK_KEYS,
        "blocked": {**nullable(TEXT), "description": "Why the aura did nothing (an immunity), or null."},
        "element": TEXT,
    },
    "equipment": {"item": TEXT, "item_status": TEXT},
    "escape": {
        "action": TEXT,
        "degrees": INT,
        "degrees_removed": INT,
        "difficulty": INT,
        "margin": INT,
        "power": TEXT,
        "success": FLAG,
    },
    "gas_form": {},
    "immunity_ignored": {"immunity": TEXT, "reason": TEXT},
    "insubstantial": {},
    "maneuver": {"maneuver": TEXT},
    "progression": {"degrees": INT, "effect_es": TEXT, "power": TEXT},
    "progression_fade": {"degrees": INT, "power": TEXT},
    "progression_maintained": {},
    "provoked_attack": {"extra_attack": FLAG, "maneuver": TEXT, "victim": nullable(INT)},
    "stunned": {},
    "suggestion": {"order": TEXT, "power": TEXT},
    "vulnerable": {"damage": INT, "vulnerability": TEXT},
    "weakened": {"attribute": TEXT, "level": INT, "value": NUMBER},
    "attack": {
        "attack_type": NUMBER,
        "attribute": TEXT,
        "critical": FLAG,
        "damage": INT,
        "defense": DEFENSE,
        "defense_penalty": INT,
        "hit": FLAG,
        "immunity": TEXT,
        "immunity_ignored": nullable(TEXT),
        "kind": TEXT,
        "level": INT,
        "maneuvers": array(TEXT),
        "margin": INT,
        "penetrating": FLAG,
        "roll": ref("D20Roll"),
        "successes": INT,
        "superseded_by": INT,
        "target_defense": INT,
        "target_hit_points": INT,
        "target_status": TEXT,
        "with": TEXT,
    },
    "combatant_added": {},
    "damage": {
        "damage": INT,
        "damage_type": TEXT,
        "superseded_by": INT,
        "target_hit_points": INT,
    },
    "declaration_lapsed": {
        "action": nullable(OBJECT),
    },
    "declarations_closed": {},
    "declarations_opened": {
        "declaration_round": INT,
    },
    "declare": {
        "action": OBJECT,
    },
    "declare_ahead": {
        "on": FLAG,
    },
    "encounter_ended": {},
    "encounter_started": {},
    "heal": {
        "heal_type": TEXT,
        "healed": INT,
        "target_hit_points": INT,
    },
    "hero_point": {
        "first_total": INT,
        "hero_points": INT,
        "hit_points": INT,
        "points": INT,
        "use": TEXT,
    },
    "hero_point_award": {
        "gained": INT,
        "hero_points": INT,
        "reason": TEXT,
    },
    "immune": {
        "detail": TEXT,
        "immunity": TEXT,
    },
    "initiative": {
        "attribute": TEXT,
        "initiative": INT,
        "roll": ref("D20Roll"),
    },
    "invention": {
        "cost": TEXT,
        "item": TEXT,
        "lost": array(TEXT),
        "reserve_left": TEXT,
    },
    "minion_hit_points": {
        "hit_points": INT,
    },
    "power": {
        "active": FLAG,
        "hero_points": INT,
        "hero_points_spent": INT,
        "power": TEXT,
        "spell_turns": INT,
    },
    "rest": {
        "defense_penalty": INT,
        "defense_recovered": INT,
        "hit_points": INT,
        "level": INT,
        "minutes": INT,
    },
    "round_started": {},
    "skill_check": {
        "attribute": TEXT,
        "combat_action": FLAG,
        "critical": FLAG,
        "difficulty": nullable(INT),
        "difficulty_label_en": TEXT,
        "difficulty_label_es": TEXT,
        "fumble": FLAG,
        "margin": nullable(INT),
        "opposed_total": nullable(INT),
        "roll": ref("D20Roll"),
        "skill": TEXT,
        "skill_name_en": TEXT,
        "skill_name_es": TEXT,
        "stressful": FLAG,
        "success": nullable(FLAG),
    },
    "status": {
        "superseded_by": INT,
        "target_status": TEXT,
    },
    "support": {
        "allies": array(TEXT),
        "attribute": TEXT,
        "critical": FLAG,
        "difficulty": INT,
        "fumble": FLAG,
        "margin": INT,
        "roll": {"oneOf": [ref("D20Roll"), TEXT]},
        "stressful": FLAG,
        "success": FLAG,
        "successes": INT,
        "use": TEXT,
    },
    "turn_ended": {},
    "turn_skipped": {},
    "turn_started": {},
}

# The odds before acting: the shape `combat.serializers.OddsSerializer` describes.
ODDS = "Odds"

# The rolls an event always carries: every initiative (`resolution.initiative`) and every skill
# check (`resolution.skills`) is a roll; no reader's view leaves it out (`encounter.privacy`).
ALWAYS = {"initiative": ("roll",), "skill_check": ("roll",)}

SCHEMA = SystemSchema(
    clock=CLOCK,
    combatant=COMBATANT,
    rolls=ROLLS,
    event_fields=EVENT_FIELDS,
    events=EVENTS,
    odds=ODDS,
    always=ALWAYS,
)

"""Epic20's encounters as the OpenAPI schema describes them (docs/api.md, "Encounters and the
turn log"): its clock, what its combatants add (defense, hero points, equipment), its d20 roll
(with `superiority`, `kept` and `bonus`) and its events, per type, with the keys
`rules.epic20.encounter` writes (`rules/epic20/encounter/privacy.py` decides what a player sees of
an NPC's: every key that may be hidden is optional). Joined by `combat.system_schemas`."""

from __future__ import annotations

from combat.system_schemas import FLAG, INT, LIST, NUMBER, OBJECT, TEXT, array, dice_roll, nullable, ref

CLOCK = (
    "RoundClock",
    {
        "type": "object",
        "description": "One combatant acts at a time: the round and who acts now.",
        "properties": {"round": INT, "current": nullable(INT)},
        "required": ["round", "current"],
    },
)
COMBATANT = {
    "defense": nullable({**INT, "description": "Current defense, penalties applied."}),
    "defense_penalty": nullable(INT),
    "hero_points": nullable(INT),
    "hero_points_max": nullable(INT),
    "equipment": array(OBJECT),
}

ROLL_FIELDS = {
    "bonus": nullable(INT),
    "fumble": FLAG,
    "kept": INT,
    "natural_1": FLAG,
    "natural_20": FLAG,
    "rerolled_from": ref("D20Roll"),
    "sources": LIST,
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
EVENTS = {
    "attack": {
        "attack_type": NUMBER,
        "attribute": TEXT,
        "critical": FLAG,
        "damage": INT,
        "defense": OBJECT,
        "defense_penalty": INT,
        "hit": FLAG,
        "immunity": TEXT,
        "immunity_ignored": nullable(TEXT),
        "kind": TEXT,
        "level": INT,
        "maneuvers": LIST,
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

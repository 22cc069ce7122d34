"""The Hero System's encounters as the OpenAPI schema describes them (docs/api.md, "Encounters
of every system"): its clock (turn, segment, the SPD chart), what its combatants add (STUN, END,
OCV/DCV), its d6 rolls (3d6 to hit, damage, half die, location) and its events, per type, with
the keys `rules.hero` writes (`rules/hero/privacy.py` decides what a player sees of an NPC's:
every key that may be hidden is optional). Joined by `combat.system_schemas`."""

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

from .hero_shapes import (
    BACKLASH,
    BAND,
    CONTEST,
    EFFECTS,
    EXACT,
    KNOCKBACK,
    KNOCKBACK_AMENDED,
    KNOCKBACK_ODDS,
    MODIFIER,
    PENDING,
    SCATTER,
    STUN_BODY,
    SUPPRESSING,
)

CLOCK = (
    "SegmentClock",
    {
        "type": "object",
        "description": "SPD phases over 12 segments, DEX order inside a segment.",
        "properties": {
            "turn": INT,
            "segment": nullable(INT),
            "current": nullable(INT),
            "order": array(INT),
            "spent": nullable(
                {**NUMBER, "description": "How much of its phase the acting combatant has used."}
            ),
            "held": array(INT),
            "chart": array(
                {
                    "type": "object",
                    "properties": {"combatant": INT, "spd": INT, "dex": INT, "segments": array(INT)},
                    "required": ["combatant", "spd", "dex", "segments"],
                }
            ),
        },
        "required": ["turn", "segment", "current"],
    },
)
COMBATANT = {
    "conditions": {**array(TEXT), "description": "Its conditions, by slug."},
    **{key: nullable(INT) for key in ("stun", "stun_max", "end", "end_max")},
    "spd": INT,
    "phases": array(INT),
    "held": FLAG,
    "lose_next_phase": FLAG,
    "grabbed_by": nullable(INT),
    "grabbing": nullable(INT),
    "covered_by": nullable(INT),
    "maneuver": nullable(TEXT),
    "lost_attacks": array(TEXT),
    "characteristics": {"type": "object", "additionalProperties": INT},
    "resistant_defenses": {"type": "object", "additionalProperties": INT},
    "ocv": INT,
    "dcv": INT,
    "dcv_now": INT,
    "ecv": INT,
    "attacks": array(TEXT),
    "effects": EFFECTS,
    "set_on": nullable(INT),
    "spent": {**NUMBER, "description": "How much of its phase it has used (1: all of it; ½ a half phase)."},
    "pending": PENDING,
    "minute_recovery_turn": nullable(INT),
    "suppressing": SUPPRESSING,
    "sheet": {**ref("HeroStoredSheet"), "description": "Its sheet as the fight reads it (GM and owner)."},
}
_DAMAGE = {
    "type": "object",
    "description": "After defenses.",
    "properties": {"stun": INT, "body": INT},
    "required": ["stun", "body"],
}

ROLL_FIELDS = {
    "body": INT,
    "half": FLAG,
    "half_die_roll": nullable(ref("D6Roll")),
    "maximum": FLAG,
}
ROLLS = {
    "D6Roll": dice_roll("A roll of d6s: 3d6 to hit, the damage dice, a half die, a location.", **ROLL_FIELDS)
}
EVENTS = {
    "adjust": {
        "body": INT,
        "end": INT,
        "status": TEXT,
        "stun": INT,
    },
    "attack": {
        "aimed_at": INT,
        "attack": TEXT,
        "autofire": array({}),  # below: the hits of the burst
        "automatic": FLAG,
        "backlash": BACKLASH,
        "block": CONTEST,
        "blocked": FLAG,
        "body_rolled": INT,
        "covered": FLAG,
        "damage": _DAMAGE,
        "damage_roll": ref("D6Roll"),
        "dcv": INT,
        "defender_strength_roll": ref("D6Roll"),
        "dice_label": TEXT,
        "disarmed": FLAG,
        "dived_clear": FLAG,
        "dropped_dice": array(INT),
        "end_spent": INT,
        "flies": ref("D6Roll"),
        "grabbed": FLAG,
        "half_die_dropped": FLAG,
        "half_die_roll": nullable(ref("D6Roll")),
        "hit": FLAG,
        "hits": INT,
        "knockback": KNOCKBACK,
        "location": nullable(TEXT),
        "location_roll": nullable(ref("D6Roll")),
        "maneuver": TEXT,
        "maneuver_en": TEXT,
        "maneuver_es": TEXT,
        "modifiers": array(MODIFIER),
        "ocv": INT,
        "plus_one": FLAG,
        "roll": nullable(ref("D6Roll")),
        "rolled_with_punch": nullable(CONTEST),
        "scatter": SCATTER,
        "shielded_by": INT,
        "strength_roll": ref("D6Roll"),
        "stun_multiplier": nullable(ref("D6Roll")),
        "stun_rolled": INT,
        "stunned": FLAG,
        "target_body": INT,
        "target_end": INT,
        "target_id": INT,
        "target_status": TEXT,
        "target_stun": INT,
        "then": TEXT,
        "to_hit": INT,
        "weapon": TEXT,
    },
    "bleeding": {
        "body": INT,
        "status": TEXT,
    },
    "break_cover": {
        "coverer_dex_roll": ref("D6Roll"),
        "coverer_margin": INT,
        "dex_roll": ref("D6Roll"),
        "distracted": FLAG,
        "free": FLAG,
        "margin": INT,
        "presence_roll": ref("D6Roll"),
    },
    "combatant_added": {},
    "condition": {
        "condition": TEXT,
        "on": FLAG,
    },
    "end": {},
    "end_phase": {},
    "escape": {
        "escaped": FLAG,
        "grabber": INT,
        "grabber_strength_roll": ref("D6Roll"),
        "strength_roll": ref("D6Roll"),
    },
    "haymaker_declared": {
        "attack": TEXT,
        "end_spent": INT,
    },
    "haymaker_lost": {},
    "hold": {},
    "knockback_obstacle": {
        "attacker": INT,
        "knockback": KNOCKBACK_AMENDED,
        "target_body": INT,
        "target_status": TEXT,
        "target_stun": INT,
    },
    "maneuver": {
        "aborted": FLAG,
        "dcv_levels": EFFECTS["properties"]["dcv_levels"],
        "maneuver": TEXT,
        "needed": INT,
        "protects": INT,
        "roll": ref("D6Roll"),
        "success": FLAG,
    },
    "move": {
        "full": FLAG,
        "inches": INT,
    },
    "phase_lost": {
        "segment": INT,
    },
    "pick_up": {},
    "recovery": {
        "end": INT,
        "end_gained": INT,
        "status": TEXT,
        "stun": INT,
        "stun_gained": INT,
    },
    "start": {
        "hit_locations": FLAG,
    },
    "stun_recovered": {
        "segment": INT,
    },
    "suppression": {
        "attack": TEXT,
        "hexes": INT,
        "range": INT,
        "segments": INT,
        "shots": INT,
    },
    "track": {},
    "tie_order": {
        "first": INT,
        "second": INT,
    },
    "unconscious_long": {
        "stun": INT,
    },
    "unconscious_wait": {
        "recovers_on_turn": INT,
        "stun": INT,
    },
}

# The odds before acting (`rules.hero.odds`): exact for the GM and against one's own side, a band
# otherwise. Its nested numbers are described in docs/api.md; other keys may be added.
ODDS = {
    "type": "object",
    "properties": {
        "exact": FLAG,
        "to_hit": INT,
        "ocv": INT,
        "dcv": INT,
        "modifiers": array(MODIFIER),
        "p_hit": EXACT,
        "hit": BAND,
        "expected_hits": EXACT,
        "dice": INT,
        "half_die": FLAG,
        "plus_one": FLAG,
        "dice_label": TEXT,
        "killing": FLAG,
        "end": INT,
        "expected_rolled": nullable(STUN_BODY),
        "expected_per_hit": STUN_BODY,
        "expected": STUN_BODY,
        "knockback": KNOCKBACK_ODDS,
        "expected_with_knockback": STUN_BODY,
    },
    "required": ["exact", "hit"],
}

# Autofire: each hit of the burst, with the keys an attack's hit writes.
EVENTS["attack"]["autofire"] = array(
    {
        "type": "object",
        "description": "One hit of the burst.",
        "properties": {k: v for k, v in EVENTS["attack"].items() if k != "autofire"},
    }
)

# Every Hero event says the segment its action was taken in (`rules.hero.actions.registry`).
EVENT_FIELDS = {"segment": {**INT, "description": "The segment (1–12) of the turn it happened in."}}

SCHEMA = SystemSchema(
    event_fields=EVENT_FIELDS, clock=CLOCK, combatant=COMBATANT, rolls=ROLLS, events=EVENTS, odds=ODDS
)

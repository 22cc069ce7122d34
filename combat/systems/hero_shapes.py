"""The Hero System's nested objects in the OpenAPI schema, as `rules.hero` writes them: a
combatant's maneuver effects, its pending haymaker and its suppression fire; an attack's
knockback (`rules.hero.knockback`, `rules.hero.actions.hit._knockback`) and the GM's amendment
of it (`knockback_obstacle`). Keys a hidden NPC's view may lack are optional."""

from __future__ import annotations

from combat.system_schemas import FLAG, INT, NUMBER, TEXT, array, nullable, ref

DAMAGE = {
    "type": "object",
    "description": "After defenses.",
    "properties": {"stun": INT, "body": INT},
    "required": ["stun", "body"],
}
# The fields of an action request as a combatant keeps it: JSON scalars, or lists of them.
_REQUEST_VALUE = {"anyOf": [TEXT, NUMBER, FLAG, array({"anyOf": [TEXT, NUMBER]})], "nullable": True}

EFFECTS = {
    "type": "object",
    "description": "What its last maneuver leaves until its next phase.",
    "properties": {
        "maneuver": nullable(TEXT),
        "dcv": INT,
        "dcv_half": FLAG,
        "dcv_levels": {
            "type": "object",
            "description": "Combat skill levels put into DCV, by what they defend against (all, hth, mental).",
            "additionalProperties": INT,
        },
        "blocking": FLAG,
        "block_rolls": INT,
        "rolling": FLAG,
        "dived": FLAG,
        "shielding": nullable(INT),
        "block_first": array(INT),
    },
}
PENDING = nullable(
    {
        "type": "object",
        "description": "A haymaker wound up: it lands at the end of the next segment.",
        "properties": {
            "kind": TEXT,
            "action": {
                "type": "object",
                "description": "The attack as it was asked for.",
                "additionalProperties": _REQUEST_VALUE,
            },
            "declared": {**array(INT), "description": "[round, segment]"},
            "evaded": FLAG,
        },
    }
)
SUPPRESSING = nullable(
    {
        "type": "object",
        "description": "Suppression fire kept up until its next phase: the request, and whom it hit when.",
        "properties": {
            "hit": {
                "type": "object",
                "description": "Target id → [round, segment] it was hit in.",
                "additionalProperties": array(INT),
            }
        },
        "additionalProperties": _REQUEST_VALUE,
    }
)
OBSTACLE = {
    "type": "object",
    "description": "What the knockback sent the target into, and what it took.",
    "properties": {
        "kind": {"type": "string", "enum": ["wall", "object"]},
        "def": INT,
        "body": INT,
        "body_taken": INT,
        "broken": FLAG,
        "body_rolled": INT,
    },
}
DAMAGE_TAKEN = nullable(
    {
        "type": "object",
        "description": "The knockback's damage to the target (none when it flew 0 inches).",
        "properties": {
            "into": {"type": "string", "enum": ["ground", "wall", "object"]},
            "dice": INT,
            "half_die": FLAG,
            "damage_roll": ref("D6Roll"),
            "half_die_roll": nullable(ref("D6Roll")),
            "stun_rolled": INT,
            "body_rolled": INT,
            "damage": DAMAGE,
            "stunned": FLAG,
            "obstacle": nullable(OBSTACLE),
        },
    }
)
KNOCKBACK = {
    "type": "object",
    "description": "Knockback: the dice thrown, the inches flown, and what it did.",
    "properties": {
        "roll": ref("D6Roll"),
        "inches": nullable(INT),
        "knocked_down": FLAG,
        "obstacle": nullable(OBSTACLE),
        "damage_taken": DAMAGE_TAKEN,
    },
}
KNOCKBACK_AMENDED = {
    "type": "object",
    "description": "The GM's obstacle for the last knockback, and what it replaced.",
    "properties": {
        "inches": INT,
        "obstacle": OBSTACLE,
        "damage_taken": DAMAGE_TAKEN,
        "replaced": {
            "type": "object",
            "description": "What the knockback did before (the damage left out where it is hidden).",
            "properties": {"into": TEXT, "damage": DAMAGE},
        },
    },
}
# A modifier to the attack roll (`rules.hero.tohit`): which side it counts on, why, how much.
MODIFIER = {
    "type": "object",
    "properties": {"side": TEXT, "source": TEXT, "value": NUMBER, "rule": TEXT},
    "required": ["side", "source", "value", "rule"],
}
# A roll against a number (Block, Roll with a Punch).
CONTEST = {
    "type": "object",
    "properties": {"roll": ref("D6Roll"), "needed": INT, "success": FLAG},
    "required": ["roll", "needed", "success"],
}
BACKLASH = {
    "type": "object",
    "description": "What a Move By or Move Through did to the attacker (against its own PD).",
    "properties": {"share": TEXT, "stun": INT, "body": INT, "attacker_stun": INT, "attacker_body": INT},
}
SCATTER = {
    "type": "object",
    "description": "Where a missed area attack landed: inches off, and the d6 of its direction.",
    "properties": {"inches": NUMBER, "direction": ref("D6Roll")},
}
# An odds figure: its value as a number and as an exact fraction (`rules.hero.odds._exact`).
EXACT = {
    "type": "object",
    "description": "A number, and exactly as a fraction.",
    "properties": {"value": NUMBER, "exact": TEXT},
    "required": ["value", "exact"],
}
STUN_BODY = {
    "type": "object",
    "properties": {"stun": EXACT, "body": EXACT},
    "required": ["stun", "body"],
}
BAND = {
    "type": "object",
    "description": "A coarse band of a chance (`rules.core.odds.band`).",
    "properties": {"band": TEXT, "label_es": TEXT, "label_en": TEXT},
    "required": ["band", "label_es", "label_en"],
}
KNOCKBACK_ODDS = nullable(
    {
        "type": "object",
        "description": "Knockback's odds; against a hidden combatant only `into`, `band` and the damage rolled.",
        "properties": {
            "into": TEXT,
            "knockdown": EXACT,
            "chance": EXACT,
            "inches": EXACT,
            "band": BAND,
            "expected_rolled_per_hit": nullable(STUN_BODY),
            "expected_per_hit": STUN_BODY,
            "expected": STUN_BODY,
        },
        "required": ["into"],
    }
)

"""A Hero combatant's state (plain JSON inside the encounter) and the small reads and writes every
action shares. Keys are only ever set, never deleted (`rules.core.fold.diff` cannot delete)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.errors import INVALID, Refused

from . import derived

DOWN = ("unconscious", "dying", "dead")


def no_effects() -> dict:
    """What a maneuver leaves until the character's next phase ("Their DCV changes last until the
    character's next phase", docs/rules-notes-hero.md)."""
    return {
        "maneuver": None,
        "dcv": 0,
        "dcv_half": False,
        "dcv_levels": {},
        "blocking": False,
        "block_rolls": 0,
        "rolling": False,
        "dived": False,
        "shielding": None,
        "block_first": [],
    }


def new_combatant(sheet: Mapping, body_max: int | None = None) -> dict:
    chars = sheet["characteristics"]
    body = body_max if body_max is not None else chars["body"]
    return {
        "sheet": dict(sheet),
        "hit_points": body,
        "hit_points_max": body,
        "stun": chars["stun"],
        "stun_max": chars["stun"],
        "end": chars["end"],
        "end_max": chars["end"],
        "conditions": [],
        "status": "active",
        "initiative": chars["dex"],
        "spd": chars["spd"],
        "phases": derived.derive(sheet)["phases"],
        "spent": 0,
        "acted_in": None,
        "effects": no_effects(),
        "lose_next_phase": False,
        "held": False,
        "grabbed_by": None,
        "grabbing": None,
        "covered_by": None,
        "set_on": None,
        "lost_attacks": [],
        "pending": None,
        "suppressing": None,
        "velocity": 0,
        "exposed_until": None,
        "minute_recovery_turn": None,  # STUN −21 to −30: the turn after which it recovers (6E)
        "long_out": False,  # STUN below −30: out "a long time", the GM's call (6E)
    }


def chars(c: Mapping) -> Mapping:
    return c["sheet"]["characteristics"]


def has(c: Mapping, condition: str) -> bool:
    return condition in c.get("conditions", [])


def add_condition(c: dict, condition: str) -> None:
    if condition not in c["conditions"]:
        c["conditions"] = [*c["conditions"], condition]


def drop_condition(c: dict, condition: str) -> None:
    if condition in c["conditions"]:
        c["conditions"] = [x for x in c["conditions"] if x != condition]


def out_cold(c: Mapping) -> bool:
    """Unconscious (STUN at 0 or below) or asleep: Sorprendido, "un personaje que está inconsciente o
    dormido recibirá x2 ATU", and 6E puts such a target at DCV 0 (docs/rules-notes-hero.md)."""
    return c["stun"] <= 0 or c["status"] == "unconscious" or has(c, "asleep")


def status_of(c: Mapping) -> str:
    """6E: BODY at −BODY is dead, below 0 dying; STUN at 0 or below unconscious (the issue's reading:
    "STUN at 0: unconscious; BODY below 0: dying; at −BODY: dead")."""
    if c["hit_points"] <= -c["hit_points_max"]:
        return "dead"
    if c["hit_points"] < 0:
        return "dying"
    if c["stun"] <= 0:
        return "unconscious"
    return "active"


def update_status(c: dict) -> str:
    status = status_of(c)
    c["status"] = status
    for down in DOWN:
        (add_condition if down == status else drop_condition)(c, down)
    if status != "active":
        drop_condition(c, "stunned")
    return status


def refuse(code: str, es: str, en: str, *, rule: str, path: str = "", kind: str = INVALID) -> Refused:
    return Refused(code, rule, es, en, path=path, kind=kind)


def combatant_or_refuse(table, cid, *, path: str = "/actor", role: str = "actor") -> dict:
    c = table.combatant(cid) if cid is not None else None
    if c is None:
        raise refuse(
            f"{role}.not_in_fight",
            "Ese combatiente no está en el combate.",
            "That combatant is not in the fight.",
            rule="Comprobación de secuencia de combate",
            path=path,
        )
    return c


def spend_end(c: dict, cost: int, rule: str = "Comprobación de secuencia de combate") -> None:
    """ "Pagar el coste de AGU, si es necesario del ataque." (sequence step 4)"""
    if cost > c["end"]:
        raise refuse(
            "end.not_enough",
            f"No queda AGU suficiente ({c['end']}, hace falta {cost}).",
            f"Not enough END left ({c['end']}, {cost} needed).",
            rule=rule,
        )
    c["end"] -= cost

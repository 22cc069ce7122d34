"""Knockback damage (sequence step 6b, "caídas por daño"; the seed names knockback but gives neither
its distance nor its damage, so 6E2 "Knockback" is followed):

- a target knocked back and hitting nothing takes 1d6 normal damage per 2" (half the dice: 1" is ½d6);
- knocked into a wall or object it takes 1d6 per 1" of knockback, but never more dice than the
  object's DEF + BODY; the object takes the same damage, its DEF stopping BODY, and breaks when the
  BODY left reaches its BODY (the character then goes through it: where it ends is the table's);
- a plain "wall" (no numbers given) stops the target: the full 1d6 per inch, the wall's own damage
  only told (its BODY rolled), not tracked;
- the target's PD and resistant PD stop the damage (normal physical damage); STUN taken above CON
  stuns, as any damage does (6E Stunned).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Table

from .aim import Weapon
from .damage import DamageDice, defenses, roll_damage
from .state import add_condition, chars, drop_condition, refuse, update_status

RULE = "6E Knockback"
OBSTACLES = ("wall", "object")
# Knockback damage is normal physical damage (6E): PD stops it.
KNOCKBACK = Weapon("knockback", "hth", 0, False, False, False, False, 0, 0, False)


def obstacle_of(req: Mapping) -> dict | None:
    """The obstacle an attack's `obstacle`, `obstacle_def` and `obstacle_body` describe (refused when
    the numbers and the kind disagree)."""
    kind = req.get("obstacle")
    has_numbers = bool(req.get("obstacle_def") or req.get("obstacle_body"))
    if kind is None and not has_numbers:
        return None
    if kind not in OBSTACLES:
        raise refuse(
            "obstacle.unknown",
            "El obstáculo es «wall» (una pared) u «object» (un objeto con su DEF y CUE).",
            "The obstacle is “wall” (a wall) or “object” (an object with its DEF and BODY).",
            rule=RULE,
            path="/obstacle",
        )
    if kind == "wall" and has_numbers:
        raise refuse(
            "obstacle.wall_numbers",
            "Una pared sin más no lleva DEF ni CUE: para darlos, elige «object».",
            "A plain wall takes no DEF or BODY: to give them, choose “object”.",
            rule=RULE,
            path="/obstacle_def" if req.get("obstacle_def") else "/obstacle_body",
        )
    if kind == "object" and not req.get("obstacle_body"):
        raise refuse(
            "obstacle.body_missing",
            "Un objeto necesita su CUE (1 o más).",
            "An object needs its BODY (1 or more).",
            rule=RULE,
            path="/obstacle_body",
        )
    if kind == "wall":
        return {"kind": "wall"}
    return {"kind": "object", "def": req.get("obstacle_def") or 0, "body": req["obstacle_body"]}


def knockback_dice(inches: int, obstacle: Mapping | None) -> DamageDice:
    if obstacle is None:
        return DamageDice(inches // 2, inches % 2 == 1)  # 6E: half the damage when nothing is hit
    if obstacle["kind"] == "object":
        return DamageDice(min(inches, obstacle["def"] + obstacle["body"]))
    return DamageDice(inches)


def _obstacle_after(obstacle: Mapping, body_rolled: int) -> dict:
    out = dict(obstacle)
    if obstacle["kind"] == "object":
        taken = max(0, body_rolled - obstacle["def"])
        out.update({"body_taken": taken, "broken": taken >= obstacle["body"]})
    else:
        out.update({"body_rolled": body_rolled})
    return out


def knockback_damage(dice: DiceSource, target: dict, inches: int, obstacle: Mapping | None) -> dict | None:
    """Roll and apply the damage of `inches` of knockback; None when there is none."""
    if inches <= 0:
        return None
    count = knockback_dice(inches, obstacle)
    rolled = roll_damage(dice, count.whole, KNOCKBACK, None, half=count.half)
    against_stun, against_body = defenses(target, KNOCKBACK)
    stun, body = max(0, rolled.stun - against_stun), max(0, rolled.body - against_body)
    was_active = target["status"] == "active"
    target["stun"] -= stun
    target["hit_points"] -= body
    status = update_status(target)
    stunned = was_active and status == "active" and stun > chars(target)["con"]
    if stunned:
        add_condition(target, "stunned")
    return {
        "into": obstacle["kind"] if obstacle else "ground",
        "dice": count.whole,
        "half_die": count.half,
        "damage_roll": rolled.roll,
        "half_die_roll": rolled.half_roll,
        "stun_rolled": rolled.stun,
        "body_rolled": rolled.body,
        "damage": {"stun": stun, "body": body},
        "stunned": stunned,
        "obstacle": _obstacle_after(obstacle, rolled.body) if obstacle else None,
    }


# The knockbacks of the last action, which the GM may still send into an obstacle
# (`knockback_obstacle`); every other action forgets them (`forget_knockbacks`).
LAST = "knockback_last"


def remember_knockback(
    table: Table, target_id: int, attacker_id: int, kb: Mapping, stunned_before: bool
) -> None:
    """Keep what a knockback of inches did, so the GM may name the obstacle right after the attack.
    A later knockback of the same target in the same action (another autofire hit) takes its place."""
    taken = kb.get("damage_taken")
    if not taken:
        return
    last = dict(table.state.get(LAST) or {})
    last[str(target_id)] = {
        "by": attacker_id,
        "inches": kb["inches"],
        "into": taken["into"],
        "damage": dict(taken["damage"]),
        "stunned": bool(taken["stunned"]) and not stunned_before,
    }
    table.state[LAST] = last


def forget_knockbacks(state: dict) -> None:
    """Emptied, never deleted: the log's patches only ever set keys (rules/core/fold.py)."""
    if state.get(LAST):
        state[LAST] = {}


def amendable(state: Mapping) -> dict:
    """Target id → what its knockback did, for the knockbacks of the last action."""
    return dict(state.get(LAST) or {})


def amend_knockback(dice: DiceSource, target: dict, record: Mapping, obstacle: Mapping) -> dict:
    """The GM says after the attack what the target hit (6E Knockback): the damage the knockback did
    is given back (and the stun it alone caused), and the knockback's damage into `obstacle` is rolled
    and applied instead, as if the attack had named it."""
    target["stun"] = min(target["stun_max"], target["stun"] + record["damage"]["stun"])
    target["hit_points"] = min(target["hit_points_max"], target["hit_points"] + record["damage"]["body"])
    if record["stunned"]:
        drop_condition(target, "stunned")
    update_status(target)
    stunned_before = "stunned" in target["conditions"]
    taken = knockback_damage(dice, target, record["inches"], obstacle)
    if taken and stunned_before:
        taken["stunned"] = False
    return taken

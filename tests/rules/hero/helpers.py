"""Sheets and tables for the Hero engine tests, built the way the site builds them
(rules/core/encounter.py, "How the site drives a system")."""

from __future__ import annotations

import copy

from rules.core.dice import FixedDice
from rules.core.encounter import Table
from rules.hero.system import SYSTEM

COMBAT = SYSTEM.combat

BASE = {
    "system": "hero",
    "name": "Dragón",
    "characteristics": {
        "str": 15,
        "dex": 18,
        "con": 15,
        "body": 10,
        "int": 10,
        "ego": 11,
        "pre": 10,
        "pd": 5,
        "ed": 5,
        "spd": 4,
        "rec": 6,
        "end": 30,
        "stun": 30,
    },
    "resistant_defenses": {"pd": 0, "ed": 0},
    "combat_levels": [],
    "range_levels": 0,
    "attacks": [{"name": "Puñetazo", "kind": "hth", "dice": 3, "killing": False, "energy": False}],
}


def sheet(name="Dragón", *, attacks=None, levels=None, **chars) -> dict:
    s = copy.deepcopy(BASE)
    s["name"] = name
    s["characteristics"].update(chars)
    if attacks is not None:
        s["attacks"] = attacks
    if levels is not None:
        s["combat_levels"] = levels
    return s


def attack_entry(name, kind="ranged", dice=8, *, killing=False, energy=True, **extra) -> dict:
    return {"name": name, "kind": kind, "dice": dice, "killing": killing, "energy": energy, **extra}


def table_with(*sheets, started=True, hit_locations=False, dice=()) -> Table:
    table = Table.from_state(None)
    for cid, s in enumerate(sheets, start=1):
        table.state["combatants"][str(cid)] = COMBAT.build_combatant(
            cid=cid, name=s["name"], side=str(cid), sheet=s, options={}
        )
        COMBAT.join(table, FixedDice([]), cid)
    if started:
        act(table, {"type": "start", "hit_locations": hit_locations}, None, dice)
        table.entries.clear()
    return table


def act(table: Table, action: dict, actor, faces=()) -> FixedDice:
    dice = FixedDice(list(faces))
    COMBAT.actions[action["type"]].resolve(table, dice, action, actor)
    return dice


def c(table: Table, cid) -> dict:
    return table.state["combatants"][str(cid)]


def make_current(table: Table, cid: int) -> None:
    """Put a combatant's phase up now (engine tests of one rule, not of the clock)."""
    table.state["current"] = cid
    table.state["turn_order"] = [cid]
    c(table, cid)["spent"] = 0


def last(table: Table, kind="attack") -> dict:
    return next(e.payload for e in reversed(table.entries) if e.type == kind)


def aim(table: Table, action: dict, actor: int = 1):
    """The attack roll's numbers as `attack` would use them, without rolling."""
    from rules.hero.actions.prepare import prepare
    from rules.hero.actions.strike import aim_at

    p = prepare(table, actor, {"type": "attack", **action})
    return aim_at(table, p, actor, p.targets[0])


# The knockback damage dice of a test that does not look at them (6E Knockback: 1d6 per 2" on the
# ground): ones, the least damage there is, so the test's own numbers stay as they were.
KB_ROLLS = [1] * 6

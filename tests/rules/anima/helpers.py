"""Sheets and a small driver that acts on a `Table` exactly as the site does (rules.core.encounter)."""

from __future__ import annotations

from rules.core import fold
from rules.core.dice import FixedDice
from rules.core.encounter import CombatantFacts, Table
from rules.core.errors import Refused
from rules.systems import get

SYSTEM = get("anima")


def sheet(name: str = "Celia", **changes) -> dict:
    base = {
        "system": "anima", "name": name,
        "attack": 20, "defense": 20, "defense_kind": "block", "magic_projection": 0, "psychic_projection": 0,
        "initiative": 10, "hit_points": 100, "dexterity_modifier": 2, "reflex_resistance": 10, "armor": 0,
        "weapons": [{"name": "Espada larga", "size": "medium", "damage": 40, "ranged": False, "reload": 0}],
    }  # fmt: skip
    base.update(changes)
    return base


def table_with(*sheets, sides=None, started: bool = False, dice=()) -> Table:
    """Combatants 1, 2, … from `sheets`; `started` runs `start` with `dice` for the initiative."""
    table = Table.from_state(None)
    for cid, data in enumerate(sheets, start=1):
        side = sides[cid - 1] if sides else ("heroes" if cid == 1 else "foes")
        table.state["combatants"][str(cid)] = SYSTEM.combat.build_combatant(
            cid=cid, name=data["name"], side=side, sheet=data, options={}
        )
    if started:
        act(table, dice or [10 - i for i in range(len(sheets))], {"type": "start"}, None)
        table.entries.clear()
    return table


class NotNow(Exception):
    """What the site answers 409 to before the engine is called (phase or may_act)."""


def act(table: Table, faces, action: dict, actor):
    """The site's checks, then `resolve`; returns the dice left over so a test sees none was spent."""
    kind = SYSTEM.combat.actions[action["type"]]
    if table.status not in kind.phases or not SYSTEM.combat.may_act(table.state, actor, action):
        raise NotNow(action["type"])
    dice = FixedDice(faces)
    kind.resolve(
        table, dice, {k: v for k, v in action.items() if k != "type"} | {"type": action["type"]}, actor
    )
    return dice.remaining


def refused_and_unchanged(table: Table, faces, action: dict, actor) -> Refused:
    """The action is refused and the table is exactly as before."""
    before = fold.copy_json(table.state)
    entries = len(table.entries)
    try:
        act(table, faces, action, actor)
    except Refused as refusal:
        assert table.state == before
        assert len(table.entries) == entries
        return refusal
    raise AssertionError("the action was not refused")


def c(table: Table, cid) -> dict:
    return table.state["combatants"][str(cid)]


def events(table: Table, kind: str) -> list[dict]:
    return [e.payload for e in table.entries if e.type == kind]


def facts(cid: int, *, npc: bool) -> CombatantFacts:
    return CombatantFacts(id=cid, name=str(cid), side="x", npc=npc)


def leaves_reach(table: Table, mover: int, enemy: int) -> None:
    """The GM engages `mover` with `enemy` and `mover` steps 2 m away on its own turn (its turn is
    reached by ending the turns before it): `enemy` may then make its opportunity attack."""
    while table.state.get("current") != mover:
        assert act(table, [], {"type": "end_turn"}, table.state["current"]) == 0
    act(table, [], {"type": "engagement", "target": mover, "other": enemy}, None)
    act(table, [], {"type": "move", "metres": 2, "leaves_reach": True}, mover)
    table.entries.clear()

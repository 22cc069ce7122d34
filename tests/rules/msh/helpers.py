"""Sheets and tables for the MSH engine tests, built the way the site builds them."""

from __future__ import annotations

from rules.core.dice import FixedDice
from rules.core.encounter import Entry, Table
from rules.msh.system import SYSTEM

COMBAT = SYSTEM.combat
# On the Excellent column (20): white 1-40, green 41-70, yellow 71-94, red 95-100.
FACE = {"white": 10, "green": 50, "yellow": 80, "red": 97}


class Dice(FixedDice):
    """`FixedDice` whose given faces come first; after them every d100 shows 1 (a white: a miss,
    nothing more to roll) and every d10 shows 5, so a test names only the dice it is about."""

    def __init__(self, faces=(), *, d100=1, d10=5):
        super().__init__(faces)
        self._given = len(list(faces))
        self._defaults = {100: d100, 10: d10}
        self._extra = 0

    def roll(self, sides: int) -> tuple[int, int | None]:
        if self.remaining:
            return super().roll(sides)
        self._extra += 1
        return self._defaults.get(sides, 1), self._given + self._extra - 1


def sheet(name="Héroe", *, body_armor=0, weapons=(), powers=(), **abilities) -> dict:
    base = {
        "fighting": 20,
        "agility": 20,
        "strength": 20,
        "endurance": 20,
        "reason": 10,
        "intuition": 10,
        "psyche": 10,
    }
    base.update(abilities)
    return {
        "system": "msh",
        "name": name,
        "abilities": base,
        "health": None,
        "karma": None,
        "body_armor": body_armor,
        "powers": list(powers),
        "weapons": list(weapons),
    }


ATTACKER = sheet(
    "Ana",
    weapons=[
        {"name": "Espada", "combat_type": "edged", "damage": 10, "material": 30},
        {"name": "Pistola", "combat_type": "shooting", "damage": 10, "material": 20},
        {"name": "Daga", "combat_type": "thrown-edged", "damage": 15, "material": 30},
        {"name": "Roca", "combat_type": "thrown-blunt", "damage": 0, "material": 40},
        {"name": "Maza", "combat_type": "blunt", "damage": 10, "material": 30},
    ],
    powers=[
        {"name": "Rayo", "rank": 30, "combat_type": "energy"},
        {"name": "Empuje", "rank": 25, "combat_type": "force"},
    ],
)
DEFENDER = sheet(
    "Bruno",
    fighting=10,
    agility=10,
    strength=10,
    endurance=10,
    weapons=[{"name": "Palo", "combat_type": "blunt", "damage": 4, "material": 10}],
)


def table(*people, phase="act", round_number=1) -> Table:
    """`people`: (cid, sheet, side); the fight under way in `phase`."""
    t = Table.from_state(None)
    for cid, sh, side in people:
        t.state["combatants"][str(cid)] = COMBAT.build_combatant(
            cid=cid, name=sh["name"], side=side, sheet=sh, options={}
        )
    sides = sorted({side for _, _, side in people})
    t.state.update(
        status="active", round=round_number, msh={"phase": phase, "side": sides[0], "sides": sides}
    )
    return t


def duel(attacker=ATTACKER, defender=DEFENDER) -> Table:
    return table((1, attacker, "heroes"), (2, defender, "villains"))


def act(t: Table, kind: str, actor: int | None, faces=(), **fields) -> list[Entry]:
    before = len(t.entries)
    COMBAT.actions[kind].resolve(
        t, FixedDice(list(faces) + [100] * 5), {"type": kind, "actor": actor, **fields}, actor
    )
    return t.entries[before:]


def attack(t: Table, faces=(), actor=1, target=2, **fields) -> dict:
    entries = act(t, "attack", actor, faces, target=target, **fields)
    return [e for e in entries if e.type == "attack"][0].payload


def hp(t: Table, cid) -> int:
    return t.combatant(cid)["hit_points"]

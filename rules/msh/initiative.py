"""Initiative (SECUENCIA DE COMBATE): "Se tira iniciativa, modificada por la diferencia entre
columnas de las dos Intuición más altas. La Intuición más alta se aplica el modificador."

Each side rolls 1d10 (the published game's initiative die). The side whose best Intuition is
highest adds the number of columns between that Intuition and the best Intuition of any other
side. Equal totals are rolled again (up to ten times, then the side names decide), so the order
is always strict (docs/rules-notes-msh.md).
"""

from __future__ import annotations

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.texts import side_label

from .combatant import ability
from .dice import roll_die
from .phase import SEQUENCE
from .ranks import column_index

DIE = 10
REROLLS = 10


def sides_in_fight(table: Table) -> list[str]:
    return sorted({str(c.get("side")) for c in table.combatants().values()})


def best_intuition(table: Table, side: str) -> int:
    values = [
        column_index(ability(c, "intuition")) for c in table.combatants().values() if c.get("side") == side
    ]
    return max(values, default=0)


def modifiers(table: Table, sides: list[str]) -> dict[str, int]:
    columns = {side: best_intuition(table, side) for side in sides}
    mods = dict.fromkeys(sides, 0)
    if len(sides) < 2:
        return mods
    ranked = sorted(columns.values(), reverse=True)
    if ranked[0] == ranked[1]:
        return mods
    top = max(columns, key=columns.get)
    mods[top] = ranked[0] - ranked[1]
    return mods


def roll_initiative(table: Table, dice: DiceSource) -> list[str]:
    """Roll for every side; store the order (highest first) and each combatant's `initiative`."""
    sides = sides_in_fight(table)
    mods = modifiers(table, sides)
    rolls: dict[str, dict] = {}
    for _attempt in range(REROLLS):
        rolls = {side: roll_die(dice, DIE) for side in sides}
        totals = [rolls[s]["total"] + mods[s] for s in sides]
        if len(set(totals)) == len(totals):
            break
    totals_by_side = {s: rolls[s]["total"] + mods[s] for s in sides}
    order = sorted(sides, key=lambda s: (-totals_by_side[s], s))
    for combatant in table.combatants().values():
        combatant["initiative"] = totals_by_side.get(str(combatant.get("side")))
    msh = dict(table.state.get("msh") or {})
    msh.update(sides=order, initiative=totals_by_side)
    table.state["msh"] = msh
    listing_es = ", ".join(f"{side_label(s)} {totals_by_side[s]}" for s in order)
    listing_en = ", ".join(f"{side_label(s, 'en')} {totals_by_side[s]}" for s in order)
    table.write(
        Entry(
            "initiative",
            {
                "rolls": [{**rolls[s], "side": s} for s in order],
                "modifiers": mods,
                "initiative": totals_by_side,
                "sides": order,
                "text": {
                    "es": f"Iniciativa (1d10 por bando): {listing_es}.",
                    "en": f"Initiative (1d10 per side): {listing_en}.",
                },
                "rule": SEQUENCE,
            },
            round=table.round,
        )
    )
    return order

"""Rolls on the Universal Table: one d100 (docs/api.md: `sides` 100, one face), Karma added one for
one and the total capped at 100, read on a column. Every roll object has the shape of
`rules.core.encounter` (`sides`, `faces`, `nonces`, `total`) plus its own keys."""

from __future__ import annotations

from rules.core.dice import DiceSource

from .ranks import Rank


def roll_die(dice: DiceSource, sides: int) -> dict:
    face, nonce = dice.roll(sides)
    return {"sides": sides, "faces": [face], "nonces": [nonce], "total": face}


def roll_column(dice: DiceSource, column: Rank, *, karma: int = 0, shifts: int = 0) -> dict:
    """A d100 on `column` (already shifted): the roll object with `column`, `shifts`, `karma`,
    `colour`. Karma: "1 punto de Karma = +1 a la tirada" (docs/rules-notes-msh.md)."""
    roll = roll_die(dice, 100)
    total = min(100, roll["faces"][0] + karma)
    return {
        **roll,
        "total": total,
        "karma": karma,
        "column": column.slug,
        "shifts": shifts,
        "colour": column.colour(total),
    }

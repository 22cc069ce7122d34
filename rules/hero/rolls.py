"""Roll objects as the turn log shows them: `{"sides", "faces", "nonces", "total"}` (the site adds
`commitment`). Every die comes from the `DiceSource` the action was given."""

from __future__ import annotations

from rules.core.dice import DiceSource


def roll(dice: DiceSource, count: int, sides: int = 6) -> dict:
    faces, nonces = [], []
    for _ in range(count):
        face, nonce = dice.roll(sides)
        faces.append(face)
        nonces.append(nonce)
    return {"sides": sides, "faces": faces, "nonces": nonces, "total": sum(faces)}


def three_d6(dice: DiceSource) -> dict:
    return roll(dice, 3, 6)


def characteristic_roll(value: int) -> int:
    """6E Characteristic Roll: 9 + CHAR/5 or less (the seed's "tirada de DES", not reproduced)."""
    return 9 + (value + 2) // 5

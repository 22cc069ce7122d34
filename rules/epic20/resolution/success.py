"""The one success check every Epic20 roll against a number uses (RESOLVER ACCIONES, DAÑO EN COMBATE).

RESOLVER ACCIONES: "Un 1 siempre es fallo … Un 20 es crítico y es siempre éxito". DAÑO EN
COMBATE: "por cada 5 puntos de diferencia en la tirada de impactar se recibe un punto de daño",
and Librarse de efectos counts its degrees the same way ("Por cada 5 puntos de diferencia").
So a success is one full 5 of margin: a roll that only meets the number has none, and a natural
20 below the number succeeds with none either.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.epic20.dice import Roll


@dataclass(frozen=True)
class Check:
    """`success`: the roll beats the number; `margin`: total − number; `successes`: full 5s of it."""

    success: bool
    margin: int
    successes: int


def check_face(kept: int, total: int, against: int, *, must_exceed: bool = False) -> Check:
    """The check for one kept d20 face and its total against a defense or difficulty.
    `must_exceed`: an opposed roll must be higher than the other total, not equal to it."""
    margin = total - against
    meets = margin > 0 if must_exceed else margin >= 0
    success = kept == 20 or (kept != 1 and meets)
    return Check(success, margin, margin // 5 if success and margin >= 0 else 0)


def check(roll: Roll, against: int, *, must_exceed: bool = False) -> Check:
    """`check_face` for a rolled `Roll`."""
    kept = 20 if roll.natural_20 else 1 if roll.natural_1 else roll.kept
    return check_face(kept, roll.total, against, must_exceed=must_exceed)

"""Epic20's d20 rolls (RESOLVER ACCIONES): Superioridad / Inferioridad, naturals, rerolls.

The dice themselves come from `rules.core.dice` (a `DiceSource`), shared by every system.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.core.dice import DiceSource

D20 = 20


@dataclass(frozen=True)
class Roll:
    """One d20 roll as the turn log shows it (docs/api.md: an event's `roll`).

    `superiority` is the net count used (RESOLVER ACCIONES: sources cancel); `kept` is the die
    that counts. `previous` holds the first result when a hero point rerolled it.
    """

    sides: int
    faces: tuple[int, ...]
    nonces: tuple[int | None, ...]
    superiority: int
    kept: int
    bonus: int
    total: int
    natural_20: bool
    natural_1: bool
    fumble: bool
    previous: Roll | None = None

    @property
    def critical(self) -> bool:
        return self.natural_20

    def as_dict(self) -> dict:
        data = {
            "sides": self.sides,
            "faces": list(self.faces),
            "nonces": list(self.nonces),
            "superiority": self.superiority,
            "kept": self.kept,
            "bonus": self.bonus,
            "total": self.total,
            "natural_20": self.natural_20,
            "natural_1": self.natural_1,
            "fumble": self.fumble,
        }
        if self.previous is not None:
            data["rerolled_from"] = self.previous.as_dict()
        return data

    @classmethod
    def from_dict(cls, data) -> Roll:
        """The roll `as_dict` wrote (extra keys such as `commitment` or `sources` are ignored), so a
        logged roll can be rerolled. Raises `ValueError` when `data` is not such a roll."""
        try:
            previous = data.get("rerolled_from")
            faces = tuple(int(f) for f in data["faces"])
            kept = int(data["kept"])
            return cls(
                sides=int(data["sides"]),
                faces=faces,
                nonces=tuple(None if n is None else int(n) for n in data["nonces"]),
                superiority=int(data["superiority"]),
                kept=kept,
                bonus=int(data["bonus"]),
                total=int(data["total"]),
                natural_20=bool(data.get("natural_20", kept == 20)),
                natural_1=bool(data.get("natural_1", kept == 1)),
                fumble=bool(data.get("fumble", False)),
                previous=cls.from_dict(previous) if isinstance(previous, dict) else None,
            )
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a logged roll: {exc}") from None


def dice_count(superiority: int) -> int:
    """RESOLVER ACCIONES: Superioridad 2d20, Doble 3d20… and the same for Inferioridad."""
    return abs(superiority) + 1


def keep(faces: Iterable[int], superiority: int) -> int:
    """The die that counts: best with net Superioridad, worst with net Inferioridad."""
    faces = tuple(faces)
    return max(faces) if superiority >= 0 else min(faces)


def roll_d20(dice: DiceSource, superiority: int = 0, bonus: int = 0) -> Roll:
    """Roll 1d20 + bonus with the NET superiority (callers pass the sum of all sources).

    RESOLVER ACCIONES: a natural 1 always fails and is a fumble only with Inferioridad; a
    natural 20 is a critical and always succeeds (the hero point it may give is awarded by
    `resolution.hero_points.award_for_critical`, which knows whether the situation is stressful).
    """
    rolled = [dice.roll(D20) for _ in range(dice_count(superiority))]
    faces = tuple(face for face, _ in rolled)
    nonces = tuple(nonce for _, nonce in rolled)
    kept = keep(faces, superiority)
    return Roll(
        sides=D20,
        faces=faces,
        nonces=nonces,
        superiority=superiority,
        kept=kept,
        bonus=bonus,
        total=kept + bonus,
        natural_20=kept == 20,
        natural_1=kept == 1,
        fumble=kept == 1 and superiority < 0,
    )


def reroll(dice: DiceSource, roll: Roll) -> Roll:
    """PUNTOS DE HÉROE: "Repetir un dado de 20 ya lanzado. Sólo será válido el segundo resultado."

    The whole roll is thrown again with the same net superiority and bonus; the new result is
    the only one that counts and keeps the first as `previous` for the log.
    """
    again = roll_d20(dice, roll.superiority, roll.bonus)
    return replace(again, previous=roll)

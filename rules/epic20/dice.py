"""Dice for Epic20 resolution: injected sources, the verifiable seeded source and d20 rolls.

Resolution never calls `random`: it takes a `DiceSource`. Tests pass `FixedDice`; production
passes `VerifiableDice`, which derives every die from a committed server seed exactly as
API.md "Verifiable dice" says, so anyone can re-check a revealed encounter with `verify_roll`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Protocol

D20 = 20


class DiceSource(Protocol):
    """Anything that rolls one die: returns the face (1..sides) and the nonce that produced it."""

    def roll(self, sides: int) -> tuple[int, int | None]: ...


class DiceExhausted(RuntimeError):
    """A `FixedDice` was asked for more faces than the test gave it."""


class RejectedNonce(ValueError):
    """The nonce falls in the rejection zone for these sides: it never produced a face."""


class FixedDice:
    """Faces given in advance, for tests. Nonces count 0, 1, 2… like an encounter's would."""

    def __init__(self, faces: Iterable[int]):
        self._faces = list(faces)
        self._next = 0

    def roll(self, sides: int) -> tuple[int, int | None]:
        if self._next >= len(self._faces):
            raise DiceExhausted(f"FixedDice ran out after {len(self._faces)} faces")
        face = self._faces[self._next]
        if not 1 <= face <= sides:
            raise ValueError(f"face {face} cannot come from a d{sides}")
        nonce = self._next
        self._next += 1
        return face, nonce

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._next


def commitment_of(server_seed: bytes) -> str:
    """API.md "Verifiable dice": published before the first roll."""
    return hashlib.sha256(server_seed).hexdigest()


def new_server_seed() -> bytes:
    """32 random bytes (API.md "Verifiable dice")."""
    return secrets.token_bytes(32)


def die_for_nonce(server_seed: bytes, client_seed: str, nonce: int, sides: int) -> int | None:
    """The face nonce `n` gives, or None when it falls in the rejection zone (API.md).

    Rejecting `x >= 2**64 - (2**64 % sides)` keeps every face exactly equally likely.
    """
    if sides < 1:
        raise ValueError("a die needs at least one side")
    digest = hmac.new(server_seed, f"{client_seed}:{nonce}".encode(), hashlib.sha256).digest()
    x = int.from_bytes(digest[:8], "big")
    if x >= 2**64 - (2**64 % sides):
        return None
    return x % sides + 1


def verify_roll(server_seed_hex: str, client_seed: str, nonce: int, sides: int) -> int:
    """Recompute one logged die from the revealed seed; raises `RejectedNonce` for a spent nonce."""
    face = die_for_nonce(bytes.fromhex(server_seed_hex), client_seed, nonce, sides)
    if face is None:
        raise RejectedNonce(f"nonce {nonce} is rejected for a d{sides}")
    return face


class VerifiableDice:
    """The production source. The caller persists `next_nonce` after rolling: nonces are never
    reused, also when an event is undone (API.md "Encounters and the turn log")."""

    def __init__(self, server_seed: bytes, client_seed: str, next_nonce: int = 0):
        if next_nonce < 0:
            raise ValueError("nonces start at 0")
        self.server_seed = server_seed
        self.client_seed = client_seed
        self.next_nonce = next_nonce
        self.used_nonces: list[int] = []  # nonces that produced a face, in order
        self.spent_nonces: list[int] = []  # nonces rejected and skipped

    @property
    def commitment(self) -> str:
        return commitment_of(self.server_seed)

    def roll(self, sides: int) -> tuple[int, int | None]:
        while True:
            nonce = self.next_nonce
            self.next_nonce += 1
            face = die_for_nonce(self.server_seed, self.client_seed, nonce, sides)
            if face is None:
                self.spent_nonces.append(nonce)
                continue
            self.used_nonces.append(nonce)
            return face, nonce


@dataclass(frozen=True)
class Roll:
    """One d20 roll as the turn log shows it (API.md: an event's `roll`).

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

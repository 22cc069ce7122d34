"""Dice every system rolls with: injected sources, and the verifiable seeded source.

Resolution never calls `random`: it takes a `DiceSource`. Tests pass `FixedDice`; production
passes `VerifiableDice`, which derives every die from a committed server seed (the REST
contract's "Verifiable dice", docs/api.md), so anyone can re-check a revealed encounter with
`verify_roll`. Nothing here knows a rule of any system: a source only answers "one die of N sides".
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from typing import Protocol


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
    """docs/api.md "Verifiable dice": published before the first roll."""
    return hashlib.sha256(server_seed).hexdigest()


def new_server_seed() -> bytes:
    """32 random bytes (docs/api.md "Verifiable dice")."""
    return secrets.token_bytes(32)


def die_for_nonce(server_seed: bytes, client_seed: str, nonce: int, sides: int) -> int | None:
    """The face nonce `n` gives, or None when it falls in the rejection zone (docs/api.md).

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
    reused, also when an event is undone (docs/api.md "Encounters and the turn log")."""

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

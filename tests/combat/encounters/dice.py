"""Scripted dice for encounter tests, plugged in through `settings.EPIC20_DICE_FACTORY` so the real
services and API roll them (no monkeypatching). Each test queues the faces it needs."""

from __future__ import annotations

from rules.core.dice import FixedDice

QUEUE: list[int] = []


class QueuedDice(FixedDice):
    """FixedDice over the shared queue: every roll takes the next queued face."""

    def __init__(self):
        super().__init__([])

    def roll(self, sides: int):
        if not QUEUE:
            return super().roll(sides)  # raises DiceExhausted: the test forgot a face
        self._faces.append(QUEUE.pop(0))
        return super().roll(sides)


def scripted(encounter):
    return QueuedDice()

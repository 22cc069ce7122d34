"""The Speed Chart: in which of the 12 segments of a turn a character with SPD 1–12 acts.

The seed names phases and segments ("Si un personaje declara en el segmento 6 que quiere hacer un
directo…", Directo) but does not reproduce the chart; this is the published Hero System 6th
Edition Speed Chart (6E1 "Speed Chart", the same in every edition since the 4th).
"""

from __future__ import annotations

SEGMENTS = tuple(range(1, 13))

SPEED_CHART: dict[int, tuple[int, ...]] = {
    1: (7,),
    2: (6, 12),
    3: (4, 8, 12),
    4: (3, 6, 9, 12),
    5: (3, 5, 8, 10, 12),
    6: (2, 4, 6, 8, 10, 12),
    7: (2, 4, 6, 7, 9, 11, 12),
    8: (2, 3, 5, 6, 8, 9, 11, 12),
    9: (2, 3, 4, 6, 7, 8, 10, 11, 12),
    10: (2, 3, 4, 5, 6, 8, 9, 10, 11, 12),
    11: (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    12: SEGMENTS,
}

MIN_SPD, MAX_SPD = 1, 12


def phases(spd: int) -> tuple[int, ...]:
    """The segments a character of this SPD acts in."""
    return SPEED_CHART[spd]


def acts_in(spd: int, segment: int) -> bool:
    return segment in SPEED_CHART[spd]

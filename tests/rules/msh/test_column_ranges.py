"""The d100 ranges of each colour on a column (the Universal Table as printed), which the odds
and the encounter page draw the column from."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rules.core.encounter import GM
from rules.msh.odds import colour_chances
from rules.msh.ranks import BY_SLUG, COLOURS, RANKS

from .test_privacy_and_odds import COMBAT, HIDDEN, PLAYER, duel


@pytest.mark.parametrize("rank", RANKS, ids=lambda r: r.slug)
def test_a_columns_ranges_cover_one_to_a_hundred_once_and_read_their_own_colour(rank):
    ranges = rank.ranges()
    assert sum(r["count"] for r in ranges) == 100
    assert ranges[0]["from"] == 1 and ranges[-1]["to"] == 100
    for before, after in zip(ranges, ranges[1:], strict=False):
        assert after["from"] == before["to"] + 1
    for r in ranges:
        assert rank.colour(r["from"]) == r["colour"] == rank.colour(r["to"])
        assert r["count"] == r["to"] - r["from"] + 1


def test_the_excellent_column_reads_as_the_published_table_prints_it():
    assert [(r["colour"], r["from"], r["to"]) for r in BY_SLUG["excellent"].ranges()] == [
        ("white", 1, 40),
        ("green", 41, 70),
        ("yellow", 71, 94),
        ("red", 95, 100),
    ]


def test_beyond_reads_as_the_published_table_prints_it():
    # Advanced Set (1986), Universal Table: 01 is white on Beyond too.
    assert [(r["colour"], r["from"], r["to"]) for r in BY_SLUG["beyond"].ranges()] == [
        ("white", 1, 1),
        ("green", 2, 20),
        ("yellow", 21, 60),
        ("red", 61, 100),
    ]


# The lowest green, yellow and red of the columns from Shift Y up (Advanced Set, 1986).
FROM_SHIFT_Y = {
    "shift-y": (7, 41, 81),
    "shift-z": (4, 36, 76),
    "class-1000": (2, 36, 76),
    "class-3000": (2, 31, 71),
    "class-5000": (2, 26, 66),
    "beyond": (2, 21, 61),
}


def _published_colour(lowest: tuple[int, int, int], roll: int) -> str:
    green, yellow, red = lowest
    return "red" if roll >= red else "yellow" if roll >= yellow else "green" if roll >= green else "white"


@pytest.mark.parametrize("slug", FROM_SHIFT_Y)
@pytest.mark.parametrize("karma", [0, 5, 40])
def test_the_odds_of_the_columns_from_shift_y_up_are_an_exact_count_of_1_to_100(slug, karma):
    counts = Counter(_published_colour(FROM_SHIFT_Y[slug], min(100, roll + karma)) for roll in range(1, 101))
    chances = colour_chances(BY_SLUG[slug], karma)
    assert chances == {colour: Fraction(counts[colour], 100) for colour in COLOURS}


def test_exact_odds_name_the_column_and_its_ranges_and_banded_odds_do_not():
    t = duel()
    request = {"type": "attack", "actor": 1, "target": 2, "combat_type": "blunt"}
    exact = COMBAT.odds(t.state, request, viewer=GM, hidden=HIDDEN)
    assert exact["column_name"] == {"es": "Excelente", "en": "Excellent"}
    assert exact["column_ranges"] == BY_SLUG["excellent"].ranges()
    banded = COMBAT.odds(t.state, request, viewer=PLAYER, hidden=HIDDEN)
    assert "column_ranges" not in banded and "column_name" not in banded

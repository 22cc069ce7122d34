"""The rank table, the Universal Table's colours, the catalogue and the system on the seam."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import systems
from rules.msh.catalogue import COMBAT_TYPES, DEFENSIVE_ACTIONS, SPECIAL_MANEUVERS, SPECIAL_RESULTS, catalogue
from rules.msh.ranks import BY_SLUG, RANKS, TOP, colour_up, rank_of
from rules.msh.system import SYSTEM
from rules.systems import CombatRules, GameSystem

SEED = (Path(__file__).resolve().parents[3] / "docs/rulebooks/001_d2dce8011657f300.txt").read_text()
SEED_WORDS = " ".join(SEED.split())

# The published rank numbers (Advanced Set): (slug, value, min, max, green, yellow, red).
PUBLISHED = [
    ("shift-0", 0, 0, 0, 66, 95, 100),
    ("feeble", 2, 1, 2, 61, 91, 100),
    ("poor", 4, 3, 4, 56, 86, 100),
    ("typical", 6, 5, 7, 51, 81, 98),
    ("good", 10, 8, 15, 46, 76, 98),
    ("excellent", 20, 16, 25, 41, 71, 95),
    ("remarkable", 30, 26, 35, 36, 66, 95),
    ("incredible", 40, 36, 45, 31, 61, 91),
    ("amazing", 50, 46, 62, 26, 56, 91),
    ("monstrous", 75, 63, 87, 21, 51, 86),
    ("unearthly", 100, 88, 125, 16, 46, 86),
    ("shift-x", 150, 126, 175, 11, 41, 81),
    ("shift-y", 200, 176, 350, 7, 41, 81),
    ("shift-z", 500, 351, 999, 4, 36, 76),
    ("class-1000", 1000, 1000, 2999, 2, 36, 76),
    ("class-3000", 3000, 3000, 4999, 2, 31, 71),
    ("class-5000", 5000, 5000, 9999, 2, 26, 66),
    ("beyond", 10000, 10000, TOP, 2, 21, 61),
]


@pytest.mark.parametrize("row", PUBLISHED)
def test_the_ranks_carry_the_published_numbers_and_colour_thresholds(row):
    slug, *numbers = row
    rank = BY_SLUG[slug]
    assert [rank.value, rank.min, rank.max, rank.green, rank.yellow, rank.red] == numbers


@pytest.mark.parametrize(
    ("number", "slug"),
    [
        (0, "shift-0"),
        (1, "feeble"),
        (7, "typical"),
        (8, "good"),
        (50, "amazing"),
        (126, "shift-x"),
        (999, "shift-z"),
        (1000, "class-1000"),
        (5000, "class-5000"),
        (10**5, "beyond"),
    ],
)
def test_a_number_falls_in_its_rank(number, slug):
    assert rank_of(number).slug == slug


def test_every_column_of_the_table_is_published():
    assert [row[0] for row in PUBLISHED] == [rank.slug for rank in RANKS]


@pytest.mark.parametrize("rank", RANKS, ids=lambda r: r.slug)
def test_a_roll_of_01_is_white_on_every_column(rank):
    # The Advanced Set's Universal Table (1986) prints 01 white on every column, Beyond included.
    assert rank.colour(1) == "white"


def test_the_ranks_cover_every_number_once_in_order():
    for before, after in zip(RANKS, RANKS[1:], strict=False):
        assert after.min == before.max + 1
    assert RANKS[-1].max == TOP


@given(st.sampled_from(RANKS), st.integers(1, 99))
def test_a_higher_roll_never_reads_a_worse_colour(rank, roll):
    order = ("white", "green", "yellow", "red")
    assert order.index(rank.colour(roll + 1)) >= order.index(rank.colour(roll))


def test_a_higher_column_never_makes_a_colour_harder():
    for lower, higher in zip(RANKS, RANKS[1:], strict=False):
        assert higher.green <= lower.green and higher.yellow <= lower.yellow and higher.red <= lower.red


def test_colour_up_stops_at_red():
    assert [colour_up(c) for c in ("white", "green", "yellow", "red")] == ["green", "yellow", "red", "red"]


@pytest.mark.parametrize("entry", [*COMBAT_TYPES, *DEFENSIVE_ACTIONS, *SPECIAL_RESULTS], ids=lambda e: e.slug)
def test_every_catalogue_name_is_written_as_in_the_seed(entry):
    assert entry.name_es in SEED_WORDS
    assert entry.name_en and entry.slug


@pytest.mark.parametrize("maneuver", SPECIAL_MANEUVERS, ids=lambda m: m[0])
def test_every_special_maneuver_is_named_as_in_the_seed(maneuver):
    assert maneuver[1] in SEED_WORDS


def test_the_catalogue_has_the_api_shape():
    data = catalogue()
    assert set(data) >= {"ranks", "combat_types", "defensive_actions", "special_maneuvers"}
    assert set(data["ranks"][0]) >= {
        "slug",
        "name_es",
        "name_en",
        "value",
        "min",
        "max",
        "green",
        "yellow",
        "red",
    }
    for key in ("combat_types", "defensive_actions", "special_maneuvers", "special_results"):
        assert all({"slug", "name_es", "name_en"} <= set(e) for e in data[key])


@pytest.mark.parametrize(
    ("slug", "ability"),
    [
        ("blunt", "fighting"),
        ("edged", "fighting"),
        ("shooting", "agility"),
        ("energy", "agility"),
        ("grappling", "strength"),
        ("grabbing", "strength"),
        ("charging", "endurance"),
    ],
)
def test_each_combat_type_rolls_its_groups_ability(slug, ability):
    assert {ct.slug: ct.ability for ct in COMBAT_TYPES}[
        slug
    ] == ability  # "Usa Lucha / Agilidad / Fuerza / Resistencia"


@pytest.mark.parametrize(
    ("slug", "damage", "result"),
    [
        ("blunt", True, True),
        ("edged", False, True),
        ("shooting", False, False),
        ("thrown-edged", True, False),
        ("thrown-blunt", True, True),
        ("energy", True, False),
        ("force", True, False),
        ("grappling", True, True),
        ("grabbing", False, False),
        ("charging", True, False),
    ],
)
def test_which_combat_types_let_the_attacker_reduce_the_damage_or_the_result(slug, damage, result):
    ct = {ct.slug: ct for ct in COMBAT_TYPES}[slug]
    assert (ct.reduce_damage, ct.reduce_result) == (damage, result)


def test_the_system_sits_on_the_seam():
    assert isinstance(SYSTEM, GameSystem)
    assert isinstance(SYSTEM.combat, CombatRules)
    assert systems.get("msh") is SYSTEM
    assert (SYSTEM.slug, SYSTEM.dice) == ("msh", "1d100")
    assert SYSTEM.catalogue() == catalogue()

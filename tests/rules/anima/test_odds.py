"""Exact odds of the d10 difference, checked against plain enumeration."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.anima.odds import attack_odds, difference_distribution, strike_odds, win_chance
from rules.anima.results import DEFAULT_LEVELS, damage_for, level_for

from .helpers import act, leaves_reach, sheet, table_with

PAIRS = list(product(range(1, 11), repeat=2))


def test_the_d10_difference_is_exact_symmetric_and_sums_to_one():
    spread = difference_distribution(0)
    assert sum(spread.values()) == 1
    assert spread[0] == Fraction(10, 100) and spread[9] == spread[-9] == Fraction(1, 100)
    assert all(spread[d] == spread[-d] for d in range(10))


@settings(deadline=None)
@given(st.integers(-25, 25), st.integers(0, 80), st.integers(0, 4))
def test_strike_odds_equal_the_enumeration_of_all_hundred_pairs_of_faces(gap, damage, armor):
    odds = strike_odds(gap, DEFAULT_LEVELS, damage, armor)
    levels = [level_for(DEFAULT_LEVELS, gap + a - d) for a, d in PAIRS]
    assert odds["counterattack"] == Fraction(sum(level.counterattack for level in levels), 100)
    assert odds["hit"] == Fraction(sum(level.damage_percent > 0 for level in levels), 100)
    assert odds["expected_damage"] == Fraction(
        sum(damage_for(damage, level.damage_percent, armor) for level in levels), 100
    )
    assert sum(odds["levels"].values()) == 1


@pytest.mark.parametrize(("mine", "theirs"), [(10, 10), (13, 10), (9, 10), (30, 10)])
def test_the_chance_to_win_an_opposed_roll_counts_ties_as_lost(mine, theirs):
    wins = sum(mine + a > theirs + b for a, b in PAIRS)
    assert win_chance(mine, theirs) == Fraction(wins, 100)


def test_a_later_multiple_attack_is_made_only_if_no_earlier_one_earned_a_counterattack():
    table = table_with(sheet("A", attack=30), sheet("B", defense=28), started=True)
    odds = attack_odds(table, {"type": "attack", "target": 2, "with": "Espada larga", "attacks": 3}, 1)
    first, second, third = odds["strikes"]
    assert (first["attack"], second["defense"], third["defense"]) == (24, 28, 26)  # the third defense is -2
    assert second["made"] == 1 - first["counterattack"]
    assert third["made"] == (1 - first["counterattack"]) * (1 - second["counterattack"])
    assert odds["expected_damage"] == sum(s["made"] * s["expected_damage"] for s in odds["strikes"])
    assert odds["any_counterattack"] == 1 - third["made"] * (1 - third["counterattack"])


def test_an_opportunity_attacks_odds_start_with_winning_the_reflex_roll():
    table = table_with(sheet("A"), sheet("B"), started=True)
    leaves_reach(table, 2, 1)
    odds = attack_odds(table, {"type": "opportunity_attack", "target": 2, "with": "Espada larga"}, 1)
    assert odds["reach"] == win_chance(11, 10) and odds["strikes"][0]["defense"] == 16


def test_a_counterattacks_odds_carry_its_bonus():
    table = table_with(sheet("A"), sheet("B"), started=True)
    act(table, [1, 10], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    odds = attack_odds(table, {"type": "counterattack", "target": 1, "with": "Espada larga"}, 2)
    assert odds["strikes"][0]["attack"] == 24


def test_odds_refuse_what_the_action_would_refuse():
    from rules.core.errors import Refused

    table = table_with(sheet("A"), sheet("B"), started=True)
    with pytest.raises(Refused):
        attack_odds(table, {"type": "attack", "target": 2, "with": "Espada larga", "attacks": 9}, 1)


def test_the_odds_use_the_campaigns_results_table():
    from rules.anima.results import as_json

    table = table_with(sheet("A"), sheet("B"), started=True)
    rows = as_json(DEFAULT_LEVELS)
    rows[0]["max_difference"], rows[1]["min_difference"] = -10, -9  # counterattacks only below -9
    table.state["results_table"] = rows
    odds = attack_odds(table, {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    assert odds["strikes"][0]["counterattack"] == 0


FIRE = {"name": "Fuego", "kind": "area", "capability": "magic", "damage": 40, "difficulty": 20}


def test_area_odds_count_the_ten_faces_of_each_targets_reflex_roll():
    from rules.anima.odds import area_odds

    table = table_with(
        sheet("A", magic_projection=20, powers=[FIRE]), sheet("B", reflex_resistance=12), started=True
    )
    odds = area_odds(table, {"type": "area_power", "power": "Fuego", "targets": [2]}, 1)[2]
    # 12 + face > 20 for faces 9 and 10; faces 6–8 fall short by 0–2 (minor), 3–5 by 3–5 (moderate), 1–2 (major).
    assert odds["pass"] == Fraction(2, 10)
    assert odds["levels"] == {"minor": Fraction(3, 10), "moderate": Fraction(3, 10), "major": Fraction(2, 10)}
    assert odds["expected_damage"] == Fraction(3 * 10 + 3 * 20 + 2 * 30, 10)


def test_a_player_gets_a_band_for_a_hidden_target_of_an_area_power_and_exact_odds_for_the_others():
    from rules.core.encounter import GM, Viewer

    from .helpers import SYSTEM

    table = table_with(sheet("A", magic_projection=20, powers=[FIRE]), sheet("B"), sheet("C"), started=True)
    request = {"type": "area_power", "actor": 1, "power": "Fuego", "targets": [2, 3]}
    player = SYSTEM.combat.odds(table.state, request, viewer=Viewer(gm=False), hidden=frozenset({2}))
    hidden, shown = player["targets"]
    assert (
        hidden["exact"] is False and set(hidden) == {"target", "exact", "pass"} and "band" in hidden["pass"]
    )
    assert shown["exact"] is True and shown["pass"]["fraction"] == "0/1"
    gm = SYSTEM.combat.odds(table.state, request, viewer=GM, hidden=frozenset({2}))
    assert all(t["exact"] for t in gm["targets"])


def test_odds_of_an_action_without_a_roll_or_of_a_bad_request_are_refused():
    from rules.core.encounter import GM
    from rules.core.errors import Refused

    from .helpers import SYSTEM

    table = table_with(sheet("A"), sheet("B"), started=True)
    with pytest.raises(Refused) as info:
        SYSTEM.combat.odds(
            table.state, {"type": "move", "actor": 1, "metres": 5}, viewer=GM, hidden=frozenset()
        )
    assert (info.value.code, info.value.path) == ("odds.no_odds", "/type")
    with pytest.raises(Refused) as info:
        SYSTEM.combat.odds(table.state, {"type": "attack", "actor": 1, "target": "B", "with": "Espada larga"},
                           viewer=GM, hidden=frozenset())  # fmt: skip
    assert (info.value.code, info.value.path) == ("input.bad_type", "/target")

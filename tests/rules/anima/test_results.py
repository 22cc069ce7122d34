"""The results table: the project's levels, a campaign's own table and its checks."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.anima.results import (
    DEFAULT_LEVELS,
    area_level,
    as_json,
    check_results_table,
    damage_for,
    level_for,
)

from .helpers import act, c, events, refused_and_unchanged, sheet, table_with


@pytest.mark.parametrize("level", DEFAULT_LEVELS, ids=lambda level: level.slug)
def test_each_row_of_the_results_table_covers_its_own_differences(level):
    for edge in (level.min_difference, level.max_difference):
        if edge is not None:
            assert level_for(DEFAULT_LEVELS, edge) is level
    outside = [level.min_difference - 1] if level.min_difference is not None else []
    outside += [level.max_difference + 1] if level.max_difference is not None else []
    assert all(level_for(DEFAULT_LEVELS, d) is not level for d in outside)


@settings(deadline=None)
@given(st.integers(min_value=-10_000, max_value=10_000))
def test_exactly_one_level_covers_every_difference(difference):
    assert sum(level.covers(difference) for level in DEFAULT_LEVELS) == 1


def test_only_the_lowest_level_earns_a_counterattack_and_it_does_no_damage():
    counter = [level for level in DEFAULT_LEVELS if level.counterattack]
    assert [level.slug for level in counter] == ["counterattack"]
    assert counter[0].damage_percent == 0 and counter[0].min_difference is None


def test_impact_levels_climb_three_points_apart_as_the_area_rule_counts_them():
    inner = DEFAULT_LEVELS[2:-1]
    assert all(level.max_difference - level.min_difference == 2 for level in inner)


@pytest.mark.parametrize(
    ("damage", "percent", "armor", "expected"),
    [(40, 100, 0, 40), (40, 25, 0, 10), (60, 100, 2, 48), (60, 25, 3, 0), (45, 50, 0, 22), (40, 200, 0, 80)],
)
def test_damage_is_the_weapons_damage_times_the_levels_percentage_less_ten_points_per_armor(
    damage, percent, armor, expected
):
    assert damage_for(damage, percent, armor) == expected


@pytest.mark.parametrize(
    ("shortfall", "slug"),
    [(0, "minor"), (2, "minor"), (3, "moderate"), (8, "major"), (9, "full"), (99, "lethal")],
)
def test_a_failed_area_resistance_is_a_minor_impact_and_one_level_more_per_three_points(shortfall, slug):
    assert area_level(DEFAULT_LEVELS, shortfall).slug == slug


def _rows():
    return [dict(row) for row in as_json(DEFAULT_LEVELS)]


def test_the_projects_own_table_passes_the_check():
    levels, problems = check_results_table({"impact_levels": _rows()})
    assert problems == () and levels == DEFAULT_LEVELS


def test_a_campaign_table_with_new_thresholds_and_percentages_is_accepted():
    rows = _rows()
    rows[0]["max_difference"], rows[1]["min_difference"] = -5, -4
    rows[2]["damage_percent"] = 30
    levels, problems = check_results_table(rows)
    assert problems == ()
    assert level_for(levels, -4).slug == "no-impact" and levels[2].damage_percent == 30


@pytest.mark.parametrize(
    ("change", "code", "path"),
    [
        (lambda r: r[3].update(min_difference=7), "results.gap", "/impact_levels/3/min_difference"),
        (lambda r: r[3].update(min_difference=5), "results.overlap", "/impact_levels/3/min_difference"),
        (lambda r: r[0].update(min_difference=-20), "results.open_end", "/impact_levels/0"),
        (lambda r: r[-1].update(max_difference=30), "results.open_end", "/impact_levels/7"),
        (
            lambda r: r[2].update(min_difference=6, max_difference=5),
            "results.empty_level",
            "/impact_levels/2",
        ),
        (lambda r: r[2].update(damage_percent=-5), "results.bad_percent", "/impact_levels/2/damage_percent"),
        (
            lambda r: r[2].update(damage_percent=90),
            "results.less_damage_above",
            "/impact_levels/3/damage_percent",
        ),
        (
            lambda r: r[2].update(min_difference="3"),
            "results.not_a_number",
            "/impact_levels/2/min_difference",
        ),
        (lambda r: r[2].update(slug="huge"), "results.wrong_level", "/impact_levels/2/slug"),
        (lambda r: r.pop(), "results.wrong_length", "/impact_levels"),
    ],
)
def test_a_results_table_with_gaps_overlaps_or_bad_numbers_is_refused_with_its_place(change, code, path):
    rows = _rows()
    change(rows)
    levels, problems = check_results_table(rows)
    assert levels is None
    assert (problems[0].code, problems[0].path) == (code, path)
    assert problems[0].message_es and problems[0].message_en and problems[0].rule


def test_every_problem_of_a_table_is_reported_at_once():
    rows = _rows()
    rows[2]["damage_percent"] = -1
    rows[4]["max_difference"] = "x"
    _, problems = check_results_table(rows)
    assert {p.path for p in problems} == {
        "/impact_levels/2/damage_percent",
        "/impact_levels/4/max_difference",
    }


def test_a_table_that_is_no_list_is_refused():
    assert check_results_table("nada")[1][0].code == "results.wrong_length"


def _lists(rows):
    return {
        "type": "set_results_table",
        "minimums": [r["min_difference"] for r in rows[1:]],
        "maximums": [r["max_difference"] for r in rows[:-1]],
        "damage_percents": [r["damage_percent"] for r in rows],
    }


def test_the_gm_sets_the_campaigns_table_and_the_next_attack_reads_it():
    table = table_with(sheet("A"), sheet("B"), started=True)
    rows = _rows()
    rows[2]["damage_percent"] = 40  # Impacto menor at 40 % in this campaign
    act(table, [], _lists(rows), None)
    assert table.state["results_table"][2]["damage_percent"] == 40
    act(
        table, [5, 1], {"type": "attack", "target": 2, "with": "Espada larga"}, 1
    )  # 25 - 21 = 4: Impacto menor
    hit = events(table, "attack")[0]
    assert (hit["impact_level"], hit["damage_percent"], hit["damage"]) == ("minor", 40, 16)
    assert c(table, 2)["hit_points"] == 84


def test_a_gm_table_with_a_gap_is_refused_and_changes_nothing():
    table = table_with(sheet("A"), sheet("B"), started=True)
    rows = _rows()
    rows[4]["min_difference"] = 10
    refusal = refused_and_unchanged(table, [], _lists(rows), None)
    assert refusal.code == "results.gap" and refusal.kind == "invalid" and "results_table" not in table.state

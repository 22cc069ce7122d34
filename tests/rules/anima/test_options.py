"""The campaign's rules options: the GM's results table, checked whole and read by every attack
and its odds (Atacar › Tabla de Resultados de Combate)."""

import pytest

from rules.anima.odds import odds
from rules.anima.results import DEFAULT_LEVELS, as_json, levels_from_state
from rules.core.encounter import GM

from .helpers import SYSTEM, act, events, sheet, table_with


def harsh_table() -> dict:
    """Every hit does double damage: the project's thresholds, the percentages doubled."""
    rows = as_json(DEFAULT_LEVELS)
    for row in rows:
        row["damage_percent"] *= 2
    return {"impact_levels": rows}


def test_the_projects_own_table_passes_the_options_check():
    assert SYSTEM.check_options({"impact_levels": as_json(DEFAULT_LEVELS)}) == []
    assert SYSTEM.check_options({}) == []


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"index": 3, "key": "min_difference", "value": 7}, "results.gap"),
        ({"index": 3, "key": "min_difference", "value": 4}, "results.overlap"),
        ({"index": 2, "key": "damage_percent", "value": -5}, "results.bad_percent"),
        ({"index": 0, "key": "min_difference", "value": -20}, "results.open_end"),
        ({"index": 4, "key": "damage_percent", "value": 10}, "results.less_damage_above"),
    ],
)
def test_a_results_table_with_gaps_overlaps_or_bad_percentages_is_refused(change, code):
    options = harsh_table()
    options["impact_levels"][change["index"]][change["key"]] = change["value"]
    problems = SYSTEM.check_options(options)
    assert code in [p.code for p in problems]
    assert all(p.path.startswith("/impact_levels") for p in problems)


def test_unknown_options_and_a_table_of_the_wrong_length_are_refused():
    codes = [p.code for p in SYSTEM.check_options({"impact_levels": [], "houserule": 1})]
    assert codes == ["options.unknown_key", "results.wrong_length"]


def test_an_attack_reads_the_campaigns_results_table_from_the_tables_options():
    table = table_with(sheet("A", attack=30), sheet("B", defense=20, hit_points=200), started=True)
    table.options = harsh_table()
    act(table, [5, 5], {"type": "attack", "target": 2, "with": "Espada larga"}, 1)
    (hit,) = events(table, "attack")
    # Difference 10: "Impacto mayor", 75 % in the project's table, 150 % in the campaign's.
    assert hit["impact_level"] == "major" and hit["damage_percent"] == 150 and hit["damage"] == 60


def test_the_encounters_own_table_comes_before_the_campaigns():
    state = {"results_table": as_json(DEFAULT_LEVELS)}
    assert levels_from_state(state, harsh_table()) == DEFAULT_LEVELS
    assert levels_from_state({}, harsh_table())[4].damage_percent == 150


def test_a_stored_table_that_no_longer_passes_is_never_used():
    broken = harsh_table()
    broken["impact_levels"][3]["min_difference"] = 99
    assert levels_from_state({}, broken) == DEFAULT_LEVELS


def test_the_odds_read_the_campaigns_results_table():
    table = table_with(sheet("A", attack=30), sheet("B", defense=20), started=True)
    request = {"type": "attack", "actor": 1, "target": 2, "with": "Espada larga"}
    plain = odds(table.state, request, viewer=GM, hidden=frozenset())
    harsh = odds(table.state, request, viewer=GM, hidden=frozenset(), options=harsh_table())
    assert harsh["expected_damage"] == pytest.approx(2 * plain["expected_damage"], abs=1)
    assert harsh["expected_damage"] > plain["expected_damage"]

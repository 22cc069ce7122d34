"""Counted circumstances (FAQ, transportes: "una Inferioridad por cada diferencia de tamaño") are
bounded and parsed strictly: odd input is refused, never a crash."""

import pytest

from rules.core.dice import FixedDice
from rules.core.errors import Refused
from rules.epic20.resolution import AttackSpec, CombatantState, resolve_attack
from rules.epic20.resolution.circumstances import MAX_UNITS, parse


@pytest.mark.parametrize(("count", "units"), [("1", 1), ("3", 3), ("10", 10), ("007", 7)])
def test_a_count_from_1_to_10_is_read(count, units):
    assert parse(f"diferencia-de-tamano:{count}")[1] == units


@pytest.mark.parametrize("count", ["0", "11", "000", "99999999999999999999999"])
def test_a_count_outside_1_to_10_is_refused(count):
    with pytest.raises(Refused) as err:
        parse(f"diferencia-de-tamano:{count}")
    assert err.value.code == "circumstances.count_out_of_range"
    assert MAX_UNITS == 10


@pytest.mark.parametrize(
    "slug",
    [
        "diferencia-de-tamano:²",
        "diferencia-de-tamano:٣",
        "diferencia-de-tamano:-1",
        "diferencia-de-tamano: 2",
        "diferencia-de-tamano:",
        "diferencia-de-tamano:2:3",
        "cobertura:2",
        "no-existe",
    ],
)
def test_odd_counts_are_refused_not_crashed_on(slug):
    with pytest.raises(Refused) as err:
        parse(slug)
    assert err.value.code == "circumstances.unknown"


def test_an_attack_with_an_odd_count_is_refused_also_when_tripping():
    brute = CombatantState("b", level=8, hit_points=4, hit_points_max=4, maneuvers={"tumbar"})
    other = CombatantState("t", level=8, hit_points=4, hit_points_max=4)
    for maneuvers in ((), ("tumbar",)):
        with pytest.raises(Refused) as err:
            resolve_attack(
                brute,
                other,
                AttackSpec("melee", circumstances=("diferencia-de-tamano:²",), maneuvers=maneuvers),
                FixedDice([10]),
            )
        assert err.value.code == "circumstances.unknown"

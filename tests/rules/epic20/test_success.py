"""The one success check (RESOLVER ACCIONES, seed l.55; DAÑO EN COMBATE, seed l.119)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import FixedDice
from rules.epic20.dice import roll_d20
from rules.epic20.resolution.success import check, check_face


@pytest.mark.parametrize(
    ("kept", "bonus", "against", "success", "successes"),
    [
        (10, 4, 14, True, 0),  # meets the number: a bare success
        (10, 8, 14, True, 0),  # margin 4: still no full 5
        (11, 8, 14, True, 1),  # margin 5: one success
        (20, 0, 30, True, 0),  # "Un 20 … es siempre éxito", with no margin to count
        (20, 10, 14, True, 3),
        (1, 30, 14, False, 0),  # "Un 1 siempre es fallo"
        (9, 4, 14, False, 0),
    ],
)
def test_a_check_succeeds_on_a_natural_20_fails_on_a_natural_1_and_counts_full_fives(
    kept, bonus, against, success, successes
):
    result = check_face(kept, kept + bonus, against)
    assert (result.success, result.successes) == (success, successes)
    assert result.margin == kept + bonus - against


def test_an_opposed_check_must_exceed_the_other_total():
    assert not check_face(10, 15, 15, must_exceed=True).success
    assert check_face(10, 16, 15, must_exceed=True).success


def test_the_check_of_a_roll_reads_its_kept_face_and_total():
    roll = roll_d20(FixedDice([3, 17]), superiority=1, bonus=4)
    assert check(roll, 14) == check_face(17, 21, 14)


@given(st.integers(1, 20), st.integers(-5, 40), st.integers(0, 50))
def test_successes_are_never_negative_and_only_a_success_has_them(kept, bonus, against):
    result = check_face(kept, kept + bonus, against)
    assert result.successes >= 0
    assert result.successes == 0 or result.success
    if result.success and result.margin >= 0:
        assert result.successes == result.margin // 5

from fractions import Fraction

import pytest

from rules.core.odds import band


@pytest.mark.parametrize(
    ("p", "expected"),
    [
        (Fraction(0), "none"),
        (Fraction(1, 20), "low"),
        (Fraction(1, 4), "low"),
        (Fraction(9, 20), "even"),
        (Fraction(11, 20), "good"),
        (Fraction(19, 20), "high"),
        (Fraction(1), "certain"),
    ],
)
def test_a_probability_falls_in_one_coarse_band(p, expected):
    assert band(p)["band"] == expected


def test_neighbouring_exact_chances_share_a_band_so_a_hidden_defense_cannot_be_read_back():
    # 9/20 and 10/20 are a d20 against defense 12 and 11 with bonus 0.
    assert band(Fraction(9, 20)) == band(Fraction(10, 20))


def test_a_number_that_is_no_probability_is_refused():
    with pytest.raises(ValueError):
        band(Fraction(3, 2))

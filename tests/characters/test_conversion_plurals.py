"""The budget's trades read with real plurals through ngettext: "1 punto de poder", "2 puntos de
habilidad", "½ puntos"; and the same in English ("1 power point", "2 skill points")."""

from __future__ import annotations

import pytest
from django.utils import translation

from characters.systems.epic20_panels import conversion_rows


def _rows(lang: str, amount, gained, to="skills") -> list[str]:
    budget = {"conversions": [{"from": "powers", "to": to, "amount": amount, "gained": gained}]}
    with translation.override(lang):
        return conversion_rows(budget)


@pytest.mark.parametrize(
    ("amount", "gained", "to", "es", "en"),
    [
        (1, 2, "skills", "1 punto de poder → 2 puntos de habilidad", "1 power point → 2 skill points"),
        (2, 1, "advantages", "2 puntos de poder → 1 punto de ventaja", "2 power points → 1 advantage point"),
        (0.5, 1, "maneuvers", "½ puntos de poder → 1 maniobra", "½ power points → 1 maneuver"),
        (1, 3, "maneuvers", "1 punto de poder → 3 maniobras", "1 power point → 3 maneuvers"),
        (
            1,
            0.5,
            "special_equipment",
            "1 punto de poder → ½ puntos de equipo especial",
            "1 power point → ½ special equipment points",
        ),
    ],
)
def test_each_trade_takes_the_singular_only_for_exactly_one(amount, gained, to, es, en):
    assert _rows("es", amount, gained, to) == [es]
    assert _rows("en", amount, gained, to) == [en]

"""A number left empty (null) is missing, and the engine says so ("Daño: falta."), instead of
calling it no whole number; text that is not a number still is. MSH and Hero (Anima already
says "Falta este número." for a missing one); the error code stays the one API clients know."""

from __future__ import annotations

from rules.hero.system import SYSTEM as HERO
from rules.msh.system import SYSTEM as MSH
from tests.rules.hero.helpers import attack_entry
from tests.rules.hero.helpers import sheet as hero_sheet
from tests.rules.msh.helpers import sheet as msh_sheet


def _messages(report, path: str) -> list[tuple[str, str, str]]:
    return [(p.code, p.message_es, p.message_en) for p in report.errors if p.path == path]


def test_an_msh_power_with_no_rank_is_missing_and_one_with_text_is_no_whole_number():
    report = MSH.check_sheet(msh_sheet(powers=({"name": "Garras", "rank": None, "combat_type": "edged"},)))
    assert _messages(report, "/powers/0/rank") == [
        ("number.not_integer", "Rango del poder: falta.", "Power rank: missing.")
    ]
    report = MSH.check_sheet(msh_sheet(powers=({"name": "Garras", "rank": "x", "combat_type": "edged"},)))
    assert _messages(report, "/powers/0/rank") == [
        (
            "number.not_integer",
            "Rango del poder: debe ser un número entero.",
            "Power rank: must be a whole number.",
        )
    ]


def test_a_hero_attack_with_no_dice_is_missing_and_one_with_text_is_no_whole_number():
    report = HERO.check_sheet(hero_sheet(attacks=[attack_entry("Rayo", dice=None)]))
    assert _messages(report, "/attacks/0/dice") == [
        ("attacks.dice.not_integer", "El número de dados: falta.", "The number of dice: missing.")
    ]
    report = HERO.check_sheet(hero_sheet(attacks=[attack_entry("Rayo", dice="x")]))
    assert _messages(report, "/attacks/0/dice") == [
        ("attacks.dice.not_integer", "El número de dados debe ser un número entero.",
         "The number of dice must be a whole number."),
    ]  # fmt: skip

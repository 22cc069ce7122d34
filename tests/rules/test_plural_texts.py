"""The log writes real plurals: "1 punto", "2 puntos", never "punto(s)". Spanish and English both
take the singular only for exactly one; zero and a half take the plural in both."""

from fractions import Fraction

import pytest

from rules.core.errors import Refused
from rules.core.texts import plural
from rules.epic20.resolution import CombatantState, take_damage
from rules.epic20.resolution.hero_points import award, pay

from .hero.helpers import act, attack_entry, sheet, table_with


@pytest.mark.parametrize(
    ("count", "es", "en"),
    [
        (1, "punto", "point"),
        (Fraction(1), "punto", "point"),
        (1.0, "punto", "point"),
        (0, "puntos", "points"),
        (Fraction(1, 2), "puntos", "points"),
        (0.5, "puntos", "points"),
        (2, "puntos", "points"),
        (Fraction(3, 2), "puntos", "points"),
        (-1, "puntos", "points"),
    ],
)
def test_the_singular_is_for_exactly_one_in_both_languages(count, es, en):
    assert plural(count, "punto", "puntos") == es
    assert plural(count, "point", "points") == en


def fighter(hero_points=0, level=8):
    return CombatantState(
        "orco", level=level, hit_points=4, hit_points_max=4, name="Orco", hero_points=hero_points
    )


@pytest.mark.parametrize(
    ("amount", "es", "en"),
    [
        (1, "Orco pierde 1 punto de vida.", "Orco loses 1 hit point."),
        (2, "Orco pierde 2 puntos de vida.", "Orco loses 2 hit points."),
    ],
)
def test_damage_counts_its_hit_points_in_words(amount, es, en):
    _, events = take_damage(fighter(), amount, "physical")
    damage = next(e for e in events if e.type == "damage")
    assert damage.public == (es, en)
    assert "(s)" not in damage.text_es + damage.text_en


def test_an_award_of_two_says_puntos_and_points():
    _, (event,) = award(fighter(hero_points=0), 2)
    assert event.text_es == "Orco gana 2 puntos de Héroe (2/4)."
    assert event.text_en == "Orco gains 2 hero points (2/4)."


def test_a_capped_npc_is_told_at_its_maximum_instead_of_gaining_zero_points():
    """½ nivel caps the points (level 8: 4); an award at the cap gives nothing and says so."""
    state, (event,) = award(fighter(hero_points=4), 1, reason="critical")
    assert state.hero_points == 4 and event.data["gained"] == 0
    assert event.text_es == "Orco ya tiene el máximo de puntos de Héroe (4/4)."
    assert event.text_en == "Orco is already at the hero point maximum (4/4)."
    assert event.public == (
        "Orco ya tiene el máximo de puntos de Héroe.",
        "Orco is already at the hero point maximum.",
    )
    assert "0 punto" not in event.text_es and "0 hero point" not in event.text_en


def test_a_refused_payment_names_the_points_in_words():
    with pytest.raises(Refused) as err:
        pay(fighter(hero_points=1), 2, what="repetir-tirada")
    assert err.value.text_es == "Hacen falta 2 puntos de Héroe para repetir-tirada; tiene 1."
    assert err.value.text_en == "2 hero points needed for repetir-tirada; has 1."


@pytest.mark.parametrize(("hexes", "es", "en"), [(1, "1 hexágono", "1 hex"), (3, "3 hexágonos", "3 hexes")])
def test_suppression_fire_counts_its_hexes_in_words(hexes, es, en):
    gun = attack_entry("Metralleta", "ranged", 1, killing=True, energy=False, autofire=5)
    table = table_with(sheet("A", dex=20, attacks=[gun]), sheet("B", dex=18))
    act(table, {"type": "suppress", "attack": "Metralleta", "hexes": hexes, "shots": hexes, "range": 4}, 1)
    entry = next(e for e in table.entries if e.type == "suppression")
    assert entry.payload["text"] == {
        "es": f"Riega {es} con Metralleta.",
        "en": f"Hoses {en} with Metralleta.",
    }

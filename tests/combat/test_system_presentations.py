"""What each system's encounter presentation shows the GM is right for that system."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from combat.presentation import presentation_for as presentation
from rules import systems
from rules.registration import registrations


@pytest.mark.parametrize("slug", list(registrations()))
def test_the_npc_example_the_gm_is_shown_is_a_valid_sheet_of_that_system(slug):
    example = presentation(slug).npc_example
    if example is None:
        pytest.skip(f"{slug} shows the GM no NPC example")
    sheet = json.loads(example)
    assert sheet["system"] == slug
    assert systems.get(slug).check_sheet(sheet).valid


@pytest.mark.parametrize("slug", ["msh", "hero", "anima"])
def test_only_epic20_brings_hero_point_and_rest_tools_to_the_gm_drawer(slug):
    assert "gm_tools" not in presentation(slug).templates
    assert "gm_tools" in presentation("epic20").templates


@pytest.mark.parametrize("slug", list(registrations()))
def test_each_system_puts_its_own_numbers_on_the_cards(slug):
    view = {"id": 1, "name": "X", "side": "heroes", "status": "active", "conditions": [], "hit_points": 3}
    card = presentation(slug).card(view, "es")
    assert card["stats"] and all({"key", "abbr", "title", "value"} <= set(s) for s in card["stats"])


def test_an_epic20_card_shows_hit_points_defense_with_its_penalty_hero_points_and_initiative():
    view = {
        "id": 1, "name": "Nova", "side": "heroes", "status": "active", "conditions": [],
        "hit_points": 12, "hit_points_max": 20, "defense": 14, "defense_penalty": 2,
        "hero_points": 1, "hero_points_max": 3, "initiative": 17,
    }  # fmt: skip
    with translation.override("es"):
        stats = presentation("epic20").card(view, "es")["stats"]
    assert [(s["key"], s["abbr"], s["title"], s["value"]) for s in stats] == [
        ("hit-points", "PV", "Puntos de vida", "12 / 20"),
        ("defense", "Def.", "Defensa", "14"),
        ("hero-points", "PH", "Puntos de Héroe", "1 / 3"),
        ("initiative", "Ini.", "Iniciativa", "17"),
    ]
    assert stats[1]["penalty"] == {"value": 2, "title": "Penalizador acumulado"}
    hidden = {**view, "hit_points": None, "defense": None, "hero_points": None}
    with translation.override("en"):
        stats = presentation("epic20").card(hidden, "en")["stats"]
    assert [(s["abbr"], s["value"]) for s in stats] == [
        ("HP", None),
        ("Def.", None),
        ("HeP", None),
        ("Init.", "17"),
    ]
    assert "penalty" not in stats[1]  # nothing of a hidden NPC's defense, its penalty neither


def test_the_generic_card_shows_only_what_every_system_has():
    view = {"id": 1, "name": "X", "side": "heroes", "status": "active", "hit_points": 2, "hit_points_max": 3}
    with translation.override("es"):
        stats = presentation("sin-presentacion").card({**view, "initiative": 9, "defense": 5}, "es")["stats"]
    assert [(s["key"], s["abbr"], s["value"]) for s in stats] == [
        ("hit-points", "PV", "2 / 3"),
        ("initiative", "Ini.", "9"),
    ]


@pytest.mark.parametrize("slug", list(registrations()))
def test_each_system_registers_its_own_presentation_behind_the_protocol(slug):
    from combat.presentation import Presentation
    from combat.systems.generic import GenericPresentation

    found = presentation(slug)
    assert isinstance(found, Presentation) and found.slug == slug
    assert not isinstance(found, GenericPresentation)


def test_a_system_without_a_presentation_gets_the_generic_one_under_its_own_slug():
    from combat.systems.generic import GenericPresentation

    found = presentation("sin-presentacion")
    assert isinstance(found, GenericPresentation) and found.slug == "sin-presentacion"
    assert found.heading(0, "es") == "Preparación" and found.declared_details({}, "es") == []

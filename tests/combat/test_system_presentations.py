"""What each system's encounter presentation shows the GM is right for that system."""

from __future__ import annotations

import json

import pytest

from combat.presentation import presentation_for as presentation
from rules import systems
from rules.registration import registrations


@pytest.mark.parametrize("slug", ["msh", "hero", "anima"])
def test_the_npc_example_the_gm_is_shown_is_a_valid_sheet_of_that_system(slug):
    sheet = json.loads(presentation(slug).npc_example)
    assert sheet["system"] == slug
    assert systems.get(slug).check_sheet(sheet).valid


@pytest.mark.parametrize("slug", ["msh", "hero", "anima"])
def test_only_epic20_brings_hero_point_and_rest_tools_to_the_gm_drawer(slug):
    assert "gm_tools" not in presentation(slug).templates
    assert "gm_tools" in presentation("epic20").templates


@pytest.mark.parametrize("slug", ["msh", "hero", "anima"])
def test_each_system_puts_its_own_numbers_on_the_cards(slug):
    view = {"id": 1, "name": "X", "side": "heroes", "status": "active", "conditions": [], "hit_points": 3}
    card = presentation(slug).card(view, "es")
    assert card["stats"] and all({"key", "abbr", "title", "value"} <= set(s) for s in card["stats"])


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

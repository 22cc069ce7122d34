"""Crecer's size and the narrative numbers on the sheet and in the log (issue 12)."""

from fractions import Fraction

import pytest

from rules.epic20.archetypes import BY_SLUG as ARCHETYPES
from rules.epic20.derived import derive
from rules.epic20.grants import character
from rules.epic20.grants import resolve as resolve_grants
from rules.epic20.resolution import ActionBudget, CombatantState, use_power
from rules.epic20.sheet import parse_sheet
from tests.rules.epic20.sheets import example_sheet


def notes_of(sheet):
    parsed, _ = parse_sheet(sheet)
    archetype = ARCHETYPES.get(parsed.archetype) if parsed.archetype else None
    terms = archetype.with_options(dict(parsed.archetype_options)) if archetype else None
    who = character(parsed, resolve_grants(parsed, terms))
    derived = derive(parsed.level, parsed.attributes, who, parsed.equipment, parsed.skills, terms)
    return {note["slug"]: note for note in derived.narrative_dicts()}


@pytest.mark.parametrize(("level", "meters"), [(8, 4), (10, 5), (7, 3.5)])
def test_the_sheet_shows_how_much_crecer_grows(level, meters):
    """Seed l.325: Crecer — "Su tamaño aumenta 1/2 metro x nivel"."""
    sheet = example_sheet()
    sheet["level"] = level
    sheet["powers"] = [{"power": "crecer", "modifiers": [], "detail": ""}]
    note = notes_of(sheet)["crecer"]
    assert note["value"] == meters
    assert "Superfuerza" in note["text_es"] and "Interponerse" in note["text_es"]


def test_the_sheet_shows_the_narrative_numbers_of_advantages_and_archetypes():
    """Seed l.575 (Excelente atleta: "se duplica"), l.581 (Ayudante: "nivel la mitad del personaje"),
    Base secreta ("1000 metros por punto"), l.461 (Masa de músculos: "el doble de peso")."""
    sheet = example_sheet()
    sheet["level"] = 9
    sheet["advantages"] = [
        {"advantage": "excelente-atleta", "detail": ""},
        {"advantage": "ayudante", "detail": "droide"},
        {"advantage": "base-secreta", "points": 2, "detail": ""},
    ]
    notes = notes_of(sheet)
    assert notes["excelente-atleta"]["value"] == 2
    assert notes["ayudante"]["value"] == 4  # ½ × 9, rounded down
    assert notes["base-secreta"]["value"] == 2000
    assert notes_of(example_sheet("masa-de-musculos"))["masa-de-musculos"]["value"] == 2


def test_switching_crecer_on_says_the_size_in_the_log():
    giant = CombatantState("g", level=8, hit_points=4, hit_points_max=4, powers={"crecer"})
    state, _, events = use_power(giant, "crecer", budget=ActionBudget())
    assert state.has("superfuerza") and state.has("interponerse")
    assert "4 m" in events[-1].text_es and "4 m" in events[-1].text_en
    assert events[-1].data["grown_meters"] == 4
    assert Fraction(events[-1].data["grown_meters"]) == 4

"""The site reads what a system's sheet holds through the seam (`rules.systems.GameSystem`), never
by naming a system: which keys it has and whether its engine passes over others
(`ignores_unknown_keys`), what the lists show of it (`sheet_summary`) and which values have the
wrong JSON type (`shape_problem`). A toy system that declares them gets the same treatment as
Epic20; one that declares none is stored as its engine gives it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from characters import services
from characters.services import CharacterError
from rules import systems
from rules.core.problems import Problem
from rules.systems import GameSystem, SheetCheck
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


class Tarot(GameSystem):
    """A toy system whose engine passes over unknown keys and lets one rule be waived."""

    slug, name_es, name_en, dice = "tarot", "Tarot", "Tarot", "1d78"
    sheet_keys = frozenset({"system", "name", "arcana", "suit"})
    ignores_unknown_keys = True
    combat = None

    def catalogue(self):
        return {}

    def check_sheet(self, sheet, **history):
        waived = (
            Problem("tarot.too_many_arcana", "/arcana", "Demasiados arcanos.", "Too many arcana.", "ARCANOS"),
        )
        return SheetCheck(valid=True, waived=waived if sheet.get("arcana", 0) > 21 else ())

    def sheet_summary(self, sheet):
        return {"level": int(sheet.get("arcana", 0)), "archetype": str(sheet.get("suit", ""))}

    def shape_problem(self, sheet):
        return None if isinstance(sheet.get("suit", ""), str) else "/suit"


class Plain(GameSystem):
    """A toy system that declares none of the optional members."""

    slug, name_es, name_en, dice = "plain", "Llano", "Plain", "1d6"
    combat = None

    def catalogue(self):
        return {}

    def check_sheet(self, sheet, **history):
        return SheetCheck(valid=True)


@pytest.fixture
def toys():
    systems.register(Tarot())
    systems.register(Plain())
    yield
    systems.unregister("tarot")
    systems.unregister("plain")


def test_an_engine_that_passes_over_unknown_keys_gets_them_refused_by_the_site(toys):
    with pytest.raises(CharacterError) as refused:
        services.character_create(
            owner=UserFactory(), sheet={"system": "tarot", "name": "Loca", "arcana": 3, "zodiac": "leo"}
        )
    assert (refused.value.code, refused.value.path) == ("sheet.unknown_key", "/zodiac")


def test_the_lists_columns_are_what_the_system_summarises(toys):
    character = services.character_create(
        owner=UserFactory(), sheet={"system": "tarot", "name": " Loca ", "arcana": 7, "suit": "copas"}
    )
    character.refresh_from_db()
    assert (character.name, character.level, character.archetype, character.system) == (
        "Loca",
        7,
        "copas",
        "tarot",
    )
    assert character.sheet == {"system": "tarot", "name": " Loca ", "arcana": 7, "suit": "copas"}


def test_a_waived_sheet_with_a_value_of_the_wrong_type_is_refused_where_the_system_says(toys):
    sheet = {"system": "tarot", "name": "Loca", "arcana": 30, "suit": 4}
    with pytest.raises(CharacterError) as refused:
        services.sheet_check(sheet=sheet)
    assert (refused.value.code, refused.value.path) == ("sheet.malformed_value", "/suit")
    assert services.sheet_check(sheet={**sheet, "suit": "oros"}).waived


def test_a_system_that_declares_nothing_is_stored_as_sent_without_the_campaign_key(toys):
    character = services.character_create(
        owner=UserFactory(), sheet={"system": "plain", "name": "Llana", "level": 9, "anything": [1]}
    )
    assert character.sheet == {"system": "plain", "name": "Llana", "level": 9, "anything": [1]}
    assert (character.level, character.archetype) == (0, "")


@pytest.mark.parametrize("module", ["characters/sheets.py", "characters/services.py"])
def test_the_sheet_helpers_name_no_system(module):
    text = (ROOT / module).read_text(encoding="utf-8")
    for slug in systems.slugs():
        assert not re.search(rf"\brules\.{slug}\b|[\"']{slug}[\"']", text), slug

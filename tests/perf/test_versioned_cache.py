"""The one cache helper (epic20site/versioned_cache.py) and the sheet reports remembered with it:
a remembered report is always the one the engine gives for the sheet as stored now."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.cache import cache

from bench.world import HERO_SHEET, MSH_SHEET, anima_sheet
from characters import selectors
from characters.models import Award, Character
from characters.services import character_create
from epic20site import versioned_cache
from epic20site.versioned_cache import remembered, remembered_many
from rules import systems
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

DEMO = json.loads((Path(__file__).resolve().parents[2] / "characters/fixtures/demo_sheets.json").read_text())
SHEETS = {"epic20": DEMO[0], "msh": MSH_SHEET, "anima": anima_sheet(), "hero": HERO_SHEET}


def _fresh(character: Character) -> Character:
    return Character.objects.prefetch_related("awards", "waivers").get(pk=character.pk)


@pytest.mark.parametrize("slug", sorted(SHEETS))
def test_a_remembered_report_equals_the_engine_s_in_every_system(slug):
    character = character_create(owner=UserFactory(), sheet=SHEETS[slug])
    engine = systems.get(slug).check_sheet(SHEETS[slug], awards=[], waivers=[]).as_dict(lang="en")

    first = selectors.character_report(_fresh(character), "en")
    again = selectors.character_report(_fresh(character), "en")
    remembered_object = selectors.character_validation(_fresh(character))

    assert first == engine and again == engine
    assert remembered_object.as_dict(lang="en") == engine


def test_a_sheet_changed_behind_the_model_s_back_gets_its_own_report():
    character = character_create(owner=UserFactory(), sheet=DEMO[0])
    before = selectors.character_report(_fresh(character), "es")
    changed = dict(DEMO[0], attributes={})
    Character.objects.filter(pk=character.pk).update(sheet=changed)  # no updated_at change

    after = selectors.character_report(_fresh(character), "es")

    assert after == systems.get("epic20").check_sheet(changed, awards=[], waivers=[]).as_dict(lang="es")
    assert after != before


def test_an_award_makes_a_new_version_of_the_report():
    character = character_create(owner=UserFactory(), sheet=DEMO[0])
    before = selectors.character_report(_fresh(character), "es")
    Award.objects.create(
        character=character, category=Award.Category.SKILLS, amount=3, awarded_by=character.owner
    )

    after = selectors.character_report(_fresh(character), "es")

    assert after["budget"] != before["budget"]


def test_each_language_has_its_own_remembered_report():
    character = character_create(owner=UserFactory(), sheet=DEMO[0])
    Character.objects.filter(pk=character.pk).update(sheet=dict(DEMO[0], attributes={}))

    spanish = selectors.character_report(_fresh(character), "es")
    english = selectors.character_report(_fresh(character), "en")

    assert spanish["errors"] and english["errors"]
    assert spanish["errors"][0]["message"] != english["errors"][0]["message"]


def test_remembered_many_computes_only_what_it_has_not_seen():
    computed = []

    def compute(item):
        computed.append(item)
        return item * 10

    assert remembered_many("test-square", [1, 2], lambda i: i, compute) == [10, 20]
    assert remembered_many("test-square", [2, 3, 1], lambda i: i, compute) == [20, 30, 10]
    assert computed == [1, 2, 3]


def test_a_cache_that_cannot_be_reached_is_a_miss_never_an_error(monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "get_many", broken)
    monkeypatch.setattr(cache, "set_many", broken)

    assert remembered("test-broken", ("v", 1), lambda: "computed") == "computed"


def test_every_key_carries_the_rules_code_version(monkeypatch):
    key = versioned_cache.cache_key("sheet-report", ("v", 1))
    monkeypatch.setattr(versioned_cache, "rules_code_version", lambda: "another-release")

    assert versioned_cache.cache_key("sheet-report", ("v", 1)) != key

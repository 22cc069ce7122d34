"""The pregenerated demo characters."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from characters.models import Character
from characters.systems.epic20_demo import demo_sheets, load_demo_characters
from rules.epic20.archetypes import ARCHETYPES
from tests.factories import UserFactory, campaign_for
from tests.rules.epic20.sheets import SHEETS


def test_there_is_one_demo_sheet_per_archetype_and_one_without():
    archetypes = [sheet["archetype"] for sheet in demo_sheets()]

    assert sorted(archetypes, key=str) == sorted([None, *(a.slug for a in ARCHETYPES)], key=str)


def test_the_demo_fixture_is_the_engines_example_sheets():
    assert demo_sheets() == list(SHEETS.values())


@pytest.mark.django_db
def test_loading_the_demo_characters_twice_creates_them_once():
    owner = UserFactory()
    campaign = campaign_for(owner)

    first = load_demo_characters(owner=owner, campaign=campaign)
    second = load_demo_characters(owner=owner, campaign=campaign)

    assert len(first) == len(ARCHETYPES) + 1
    assert [c.pk for c in first] == [c.pk for c in second]
    assert Character.objects.filter(owner=owner, campaign=campaign).count() == len(first)


@pytest.mark.django_db
def test_the_demo_command_gives_the_demo_player_every_pregenerated_character(settings):
    settings.DEBUG = True  # the demo's public passwords are refused with DEBUG off
    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo", stdout=io.StringIO())

    characters = Character.objects.filter(owner__username="jugadora", system="epic20")
    assert characters.count() == len(ARCHETYPES) + 1
    assert {c.campaign.name for c in characters} == {"La Liga de la Noche"}

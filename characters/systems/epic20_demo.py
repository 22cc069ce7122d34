"""Epic20's pregenerated demo characters: one legal level-8 sheet for every archetype and one
without.

The sheets live in `fixtures/demo_sheets.json` (the rules engine's own example sheets, copied so
production code never imports tests; a test keeps the two in step). Each is checked by the
engine when loaded: a sheet the rules no longer accept stops the demo loudly instead of storing
something the builder would then refuse.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from rules.epic20.validation import validate_sheet

from .. import services
from ..models import Character

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "demo_sheets.json"


class DemoSheetInvalid(Exception):
    pass


@cache
def _raw_sheets() -> str:
    return FIXTURE.read_text(encoding="utf-8")


def demo_sheets() -> list[dict]:
    """Fresh copies of the demo sheets, checked by the engine."""
    sheets = json.loads(_raw_sheets())
    for sheet in sheets:
        report = validate_sheet(sheet)
        if not report.valid:
            problems = ", ".join(f"{p.code} {p.path}" for p in report.errors)
            raise DemoSheetInvalid(f"The demo sheet «{sheet.get('name')}» breaks the rules: {problems}")
    return sheets


@transaction.atomic
def load_demo_characters(*, owner: AbstractBaseUser, campaign=None) -> list[Character]:
    """Give `owner` every demo character (attached to `campaign` if given). Running it again
    creates nothing new: a character of that owner with the same name counts as loaded."""
    characters = []
    existing = {c.name: c for c in Character.objects.filter(owner=owner)}
    for sheet in demo_sheets():
        character = existing.get(sheet["name"])
        if character is None:
            character = services.character_create(owner=owner, sheet=sheet, campaign=campaign)
        characters.append(character)
    return characters


# The second demo player's own hero in the Epic20 campaign: a pregenerated sheet under a name of
# its own, so the GM's list never shows two characters called alike.
SECOND_PLAYER = "jugador"
SECOND_PLAYER_SHEET = ("Rastreadora", "Rastreador")


def load_second_player_character(*, owner: AbstractBaseUser, campaign) -> Character:
    """The second player's one character in `campaign`; found again by its name on a later run."""
    model, name = SECOND_PLAYER_SHEET
    found = Character.objects.filter(owner=owner, name=name).first()
    if found is not None:
        return found
    sheet = next(sheet for sheet in demo_sheets() if sheet["name"] == model)
    return services.character_create(owner=owner, sheet={**sheet, "name": name}, campaign=campaign)


def load_demo(context) -> None:
    """The demo player `jugadora` gets every pregenerated character, and `jugador` one of his
    own, both in the demo campaign (`combat.demos.epic20`)."""
    characters = load_demo_characters(owner=context.users["jugadora"], campaign=context.campaign)
    context.stdout.write(f"Demo characters for jugadora: {len(characters)}")
    second = load_second_player_character(owner=context.users[SECOND_PLAYER], campaign=context.campaign)
    context.stdout.write(f"Demo character for {SECOND_PLAYER}: {second.name}")

"""Epic20's sheet as the OpenAPI schema describes it: its fields (`epic20_serializers`) under the
components' names."""

from __future__ import annotations

from rest_framework import serializers

from .epic20_serializers import (
    BudgetSerializer,
    CharacterFields,
    CharacterInputFields,
    DerivedSerializer,
    SheetFields,
    StoredSheetFields,
)


class Epic20Sheet(SheetFields):
    """An Epic20 sheet as a player submits it; also the export/import format. `system` may be
    left out (Epic20 is the default)."""


class Epic20CharacterInput(CharacterInputFields):
    """An Epic20 sheet, and the campaign it joins."""


def _names_its_system(serializer) -> None:
    serializer.fields["system"] = serializers.ChoiceField(choices=["epic20"])


class Epic20StoredSheet(StoredSheetFields):
    """An Epic20 sheet as stored and exported: exactly as it was accepted, naming its system."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _names_its_system(self)


class Epic20Character(CharacterFields):
    """A stored Epic20 character: its sheet, plus what the site knows about it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _names_its_system(self)


SHEET = Epic20Sheet
CHARACTER_INPUT = Epic20CharacterInput
STORED = Epic20StoredSheet
DERIVED = DerivedSerializer
BUDGET = BudgetSerializer
CHARACTER = Epic20Character

"""What the character endpoints read and write (docs/api.md, "Character sheets").

The sheet is not checked here: the rules engine checks it and answers every problem at once
with a JSON pointer. The sheet serializers below are markers the schema draws as one of the
registered systems' own (`characters.sheet_schemas`; Epic20's in `systems/epic20_serializers.py`).
Inputs that are not sheets (awards, waivers) are strict serializers: unknown fields are refused.
"""

from __future__ import annotations

import math

from rest_framework import serializers

from epic20site.api import StrictCharField, StrictSerializer, UTCDateTimeField
from rules.registration import default_slug, registration

from .models import Award, Character, Waiver
from .sheets import json_number

# --- The sheet (documentation of its shape) ----------------------------------------------------


class SheetSerializer(serializers.Serializer):
    """Any system's sheet as a player submits it; also the export/import format. The schema draws
    it as one of the registered systems' sheets, by `system` (`characters.sheet_schemas`)."""


class StoredSheetSerializer(serializers.Serializer):
    """Any system's sheet as stored and exported (drawn per system, `characters.sheet_schemas`)."""


class CharacterInputSerializer(serializers.Serializer):
    """Any system's sheet and the campaign it joins (drawn per system, `characters.sheet_schemas`)."""


class PatchedCharacterInputSerializer(CharacterInputSerializer):
    """PATCH: any top-level keys of the sheet, each replacing the stored one whole."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.required = False


# --- The report -------------------------------------------------------------------------------


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    path = serializers.CharField(help_text="JSON pointer into the submitted sheet.")
    message = serializers.CharField(help_text="In the request's language.")
    rule = serializers.CharField(help_text="Section of the rule document.")


class ReportDerivedSerializer(serializers.Serializer):
    """The derived numbers of a sheet of any system (`characters.sheet_schemas`)."""


class ReportSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    errors = ProblemSerializer(many=True)
    warnings = ProblemSerializer(many=True)
    waivers = ProblemSerializer(many=True, help_text="Errors the campaign's GM waived.")
    budget = serializers.DictField(help_text="What a point budget was spent on; {} for a system without one.")
    derived = ReportDerivedSerializer()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The budget the default system describes, if it has one (`SheetSchemaParts.budget`).
        found = registration(default_slug())
        parts = found.sheet_schema if found is not None else None
        if parts is not None and parts.budget is not None:
            self.fields["budget"] = parts.budget()


# --- Characters, awards, waivers --------------------------------------------------------------


class UserRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


_DATETIME = UTCDateTimeField()  # stateless: one for every answer


def user_ref(user) -> dict | None:
    return None if user is None else {"id": user.pk, "username": user.get_username()}


class WaiverSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    campaign = serializers.IntegerField()
    code = serializers.CharField()
    path = serializers.CharField()
    reason = serializers.CharField()
    created_by = UserRefSerializer(allow_null=True)
    created_at = UTCDateTimeField()
    applies = serializers.BooleanField(
        help_text="Whether it counts now: only while the character is in the campaign of the GM who granted it."
    )


def waiver_data(waiver: Waiver, character: Character) -> dict:
    return {
        "id": waiver.pk,
        "campaign": waiver.campaign_id,
        "code": waiver.code,
        "path": waiver.path,
        "reason": waiver.reason,
        "created_by": user_ref(waiver.created_by),
        "created_at": _DATETIME.to_representation(waiver.created_at),
        "applies": waiver.campaign_id == character.campaign_id,
    }


class AwardSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    category = serializers.ChoiceField(choices=Award.Category.choices)
    amount = serializers.FloatField()
    note = serializers.CharField()
    awarded_by = UserRefSerializer(allow_null=True)
    created_at = UTCDateTimeField()


def award_data(award: Award) -> dict:
    return {
        "id": award.pk,
        "category": award.category,
        "amount": json_number(float(award.amount)),
        "note": award.note,
        "awarded_by": user_ref(award.awarded_by),
        "created_at": UTCDateTimeField().to_representation(award.created_at),
    }


class CharacterSerializer(serializers.Serializer):
    """Any system's stored character (drawn per system, `characters.sheet_schemas`)."""


def stored_sheet(character: Character) -> dict:
    """The sheet as stored, naming its system (a sheet may have been sent without `system`, which
    then defaulted): the export, and the start of the API representation."""
    return {"system": character.system, **character.sheet}


def character_data(character: Character, report: dict) -> dict:
    """The API representation; `report` is `selectors.character_report(character, lang)`."""
    dt = _DATETIME
    return {
        **stored_sheet(character),
        "id": character.pk,
        "owner": user_ref(character.owner),
        "campaign": character.campaign_id,
        "valid": report["valid"],
        "budget": report["budget"],
        "derived": report["derived"],
        "errors": report["errors"],
        "warnings": report["warnings"],
        "waivers": [waiver_data(w, character) for w in character.waivers.all()],
        "created_at": dt.to_representation(character.created_at),
        "updated_at": dt.to_representation(character.updated_at),
    }


# --- Inputs -------------------------------------------------------------------------------------


class JSONNumberField(serializers.FloatField):
    """A JSON number and nothing else (DRF would read `true` as 1 and `"2"` as 2)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        try:
            number = float(data)
        except OverflowError:
            self.fail("invalid")
        if not math.isfinite(number):
            self.fail("invalid")
        return super().to_internal_value(number)


class AwardInputSerializer(StrictSerializer):
    category = serializers.ChoiceField(choices=Award.Category.choices)
    amount = JSONNumberField(help_text="A positive multiple of 0.5; levels are whole.")
    note = StrictCharField(required=False, allow_blank=True, max_length=500)


class WaiverInputSerializer(StrictSerializer):
    code = StrictCharField(max_length=100, help_text="The error's code, e.g. `powers.over_budget`.")
    path = StrictCharField(
        max_length=200,
        allow_blank=True,
        help_text="The error's JSON pointer, e.g. `/powers/2`; empty: the whole sheet.",
    )
    reason = StrictCharField(max_length=2000, help_text="Why the GM lets it stand; shown on the sheet.")

"""Epic20's sheets and characters as the API describes them (docs/api.md, "Epic20 character
sheets"): the fields `epic20_schema` gives its components, and the point budget and derived numbers
a report of an Epic20 sheet carries. The sheet is not checked here: the rules engine checks it and
answers every problem at once with a JSON pointer."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from epic20site.api import UTCDateTimeField

from ..serializers import ProblemSerializer, UserRefSerializer, WaiverSerializer

# --- The sheet ----------------------------------------------------------------------------------


MANEUVER_ITEM_SCHEMA = {
    "oneOf": [
        {"type": "string", "description": "Maneuver slug."},
        {
            "type": "object",
            "properties": {"maneuver": {"type": "string"}, "detail": {"type": "string", "nullable": True}},
            "required": ["maneuver"],
        },
    ]
}


@extend_schema_field(MANEUVER_ITEM_SCHEMA)
class ManeuverItemField(serializers.JSONField):
    """A maneuver slug, or `{"maneuver": slug, "detail": text}` for one that takes a detail."""


@extend_schema_field(
    {
        "anyOf": [{"type": "string"}, {"type": "number"}, {"type": "boolean"}],
        "description": "One of the choices the archetype lists for this option.",
    }
)
class OptionChoiceField(serializers.JSONField):
    """An archetype option's value: a text or a number (`rules.epic20.sheet._archetype_options`)."""


class SkillRowSerializer(serializers.Serializer):
    skill = serializers.CharField(help_text="Skill slug.")
    specialty = serializers.CharField(required=False, help_text="For skills that take one (Estudios de…).")
    value = serializers.FloatField(help_text="A multiple of 0.5, from 0 to 2.")


class PowerRowSerializer(serializers.Serializer):
    power = serializers.CharField(help_text="Power slug.")
    modifiers = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Modifier slugs."
    )
    detail = serializers.CharField(required=False, allow_blank=True)
    units = serializers.IntegerField(
        required=False, help_text="For repeatable powers (Vida extra…); default 1."
    )
    throwing = serializers.BooleanField(required=False, help_text="A ranged power used to throw objects.")


class AdvantageRowSerializer(serializers.Serializer):
    advantage = serializers.CharField(help_text="Advantage slug.")
    points = serializers.FloatField(required=False)
    detail = serializers.CharField(required=False, allow_blank=True)


class ComplicationRowSerializer(serializers.Serializer):
    complication = serializers.CharField(help_text="Complication slug.")
    detail = serializers.CharField(required=False, allow_blank=True)


@extend_schema_field(
    {"type": "string", "pattern": "^(special|mundane)$", "description": '"special" or "mundane".'}
)
class EquipmentKindField(serializers.CharField):
    """A pattern, not an enum: the schema generator would name the enum `Kind…Enum` and collide
    with other `kind` fields of the API."""


class EquipmentRowSerializer(serializers.Serializer):
    kind = EquipmentKindField()
    name = serializers.CharField()
    power = serializers.CharField(allow_null=True, required=False, help_text="Power slug or null.")
    armor = serializers.BooleanField(required=False)
    # The properties the combat maneuvers read (MANIOBRAS DE COMBATE, Reglas de equipo).
    shield = serializers.BooleanField(required=False)
    two_handed = serializers.BooleanField(required=False)
    reach = serializers.BooleanField(required=False)
    ranged = serializers.BooleanField(required=False)
    burst = serializers.BooleanField(required=False)
    heavy = serializers.BooleanField(required=False)
    for_spaceship = serializers.BooleanField(required=False, help_text="Bought for the Nave espacial.")
    detail = serializers.CharField(required=False, allow_blank=True)


class SheetFields(serializers.Serializer):
    """An Epic20 sheet as a player submits it; also the export/import format. The other systems'
    sheets (`"system": "msh" | "anima" | "hero"`) have their own shapes (docs/api.md)."""

    system = serializers.CharField(
        required=False, help_text='"epic20" (the default when absent), or another system\'s slug.'
    )
    name = serializers.CharField()
    concept = serializers.CharField(required=False, allow_blank=True)
    level = serializers.IntegerField(help_text="0 to 40.")
    archetype = serializers.CharField(allow_null=True, required=False, help_text="Archetype slug or null.")
    archetype_options = serializers.DictField(
        child=OptionChoiceField(),
        required=False,
        help_text="The choices an archetype asks for (optional key): option key → the choice's value.",
    )
    attributes = serializers.DictField(
        child=serializers.FloatField(), help_text="Attribute slug → 0, 0.5 or 1."
    )
    skills = SkillRowSerializer(many=True, required=False)
    powers = PowerRowSerializer(many=True, required=False)
    advantages = AdvantageRowSerializer(many=True, required=False)
    maneuvers = serializers.ListField(child=ManeuverItemField(), required=False)
    complications = ComplicationRowSerializer(many=True, required=False)
    equipment = EquipmentRowSerializer(many=True, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The engine reads `null` as an empty list (or no text): so does the schema.
        for field in self.fields.values():
            if isinstance(field, serializers.ListSerializer | serializers.ListField):
                field.allow_null = True


def _lenient(serializer) -> None:
    """Every field optional and nullable, all the way down: a stored sheet is exactly what the
    engine accepted, and it accepts `null` for an absent list or text."""
    for field in serializer.fields.values():
        field.required = False
        field.allow_null = True
        if isinstance(field, serializers.ListSerializer):
            _lenient(field.child)
        elif isinstance(field, serializers.Serializer):
            _lenient(field)


_STORED_ROWS = "Rows as they were accepted; a GM may have waived an error in one (never a wrong JSON type)."


@extend_schema_field({"type": "number", "nullable": True})
class StoredNumberField(serializers.JSONField):
    """A number as it was accepted (a whole one where the rules ask for it)."""


@extend_schema_field({"type": "string", "nullable": True})
class StoredTextField(serializers.JSONField):
    """A text, or null, as it was accepted."""


class StoredSheetFields(SheetFields):
    """A sheet as stored and exported: exactly as it was accepted, which may carry an error its GM
    waived or one a later rule added, so each key has its JSON type only."""

    level = StoredNumberField(help_text="0 to 40 (a whole number, as it was sent).")
    archetype = StoredTextField(required=False, help_text="Archetype slug or null.")
    attributes = serializers.DictField(child=StoredNumberField(), help_text="Attribute slug → 0, 0.5 or 1.")
    skills = SkillRowSerializer(many=True, help_text=_STORED_ROWS)
    powers = PowerRowSerializer(many=True, help_text=_STORED_ROWS)
    advantages = AdvantageRowSerializer(many=True, help_text=_STORED_ROWS)
    maneuvers = serializers.ListField(child=ManeuverItemField(), help_text=_STORED_ROWS)
    complications = ComplicationRowSerializer(many=True, help_text=_STORED_ROWS)
    equipment = EquipmentRowSerializer(many=True, help_text=_STORED_ROWS)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _lenient(self)


class CharacterInputFields(SheetFields):
    campaign = serializers.IntegerField(
        required=False, allow_null=True, help_text="Id of a campaign you belong to (null: none)."
    )


# --- A report's budget and derived numbers --------------------------------------------------------


class BudgetLineSerializer(serializers.Serializer):
    available = serializers.FloatField()
    spent = serializers.FloatField()


class LenientSerializer(serializers.Serializer):
    """Documents a shape whose keys may all be missing (an engine that could not read the
    sheet at all answers `{}`)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.required = False


class ConversionSerializer(serializers.Serializer):
    from_ = serializers.CharField()
    amount = serializers.FloatField()
    to = serializers.CharField()
    gained = serializers.FloatField()
    archetype = serializers.CharField(
        required=False, help_text="The archetype whose rule made the conversion."
    )

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


class BudgetSerializer(LenientSerializer):
    powers = BudgetLineSerializer()
    skills = BudgetLineSerializer()
    advantages = BudgetLineSerializer()
    maneuvers = BudgetLineSerializer()
    complications = BudgetLineSerializer()
    special_equipment = BudgetLineSerializer()
    conversions = ConversionSerializer(many=True)


class AttackBonusSerializer(serializers.Serializer):
    melee = serializers.IntegerField(allow_null=True)
    ranged = serializers.IntegerField(allow_null=True)
    mental = serializers.IntegerField(allow_null=True)
    emotional = serializers.IntegerField(allow_null=True)


class SkillBonusSerializer(serializers.Serializer):
    bonus = serializers.IntegerField()
    superiority = serializers.IntegerField(
        help_text="1 Superioridad, 2 Doble, -1 Inferioridad, 0 plain 1d20."
    )


class DerivedSerializer(LenientSerializer):
    defense = serializers.IntegerField()
    hit_points = serializers.IntegerField()
    hero_points_max = serializers.IntegerField()
    initiative_bonus = serializers.IntegerField()
    special_equipment_cap = serializers.IntegerField()
    languages = serializers.IntegerField()
    attack_bonus = AttackBonusSerializer()
    skills = serializers.DictField(
        child=SkillBonusSerializer(), help_text='Keyed by skill slug, or "<slug>:<specialty>".'
    )


# --- A stored character -------------------------------------------------------------------------


class CharacterFields(StoredSheetFields):
    """A stored character: its sheet exactly as accepted, plus what the site knows about it."""

    id = serializers.IntegerField()
    owner = UserRefSerializer()
    campaign = serializers.IntegerField(allow_null=True)
    valid = serializers.BooleanField()
    budget = BudgetSerializer()
    derived = DerivedSerializer()
    errors = ProblemSerializer(
        many=True, help_text="Errors nobody waived (empty for a sheet stored as valid)."
    )
    warnings = ProblemSerializer(many=True)
    waivers = WaiverSerializer(many=True)
    created_at = UTCDateTimeField()
    updated_at = UTCDateTimeField()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in (
            "id",
            "owner",
            "campaign",
            "valid",
            "budget",
            "derived",
            "errors",
            "warnings",
            "waivers",
        ):
            self.fields[name].required = True
        self.fields["id"].allow_null = self.fields["owner"].allow_null = self.fields["valid"].allow_null = (
            False
        )
        for name in ("budget", "derived", "errors", "warnings", "waivers", "created_at", "updated_at"):
            self.fields[name].allow_null = False

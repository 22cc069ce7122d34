"""What the tracking endpoints take and answer (docs/api.md, "Campaign tracking")."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from epic20site.api import ModelSerializer, StrictCharField, StrictSerializer, UTCDateTimeField
from epic20site.schema import typed_json

from .models import JournalEntry, Partida, Scene


class SceneSerializer(ModelSerializer):
    class Meta:
        model = Scene
        fields = ["id", "number", "started_at"]


class PartidaSerializer(ModelSerializer):
    scenes = SceneSerializer(many=True, read_only=True)

    class Meta:
        model = Partida
        fields = ["id", "number", "title", "summary", "status", "opened_at", "closed_at", "scenes"]


class PartidaOpenInput(StrictSerializer):
    title = StrictCharField(max_length=200, trim_whitespace=True)


class PartidaCloseInput(StrictSerializer):
    summary = StrictCharField(max_length=20_000, required=False, allow_blank=True, trim_whitespace=True)


class SceneAnswerSerializer(ModelSerializer):
    partida = serializers.IntegerField(source="partida_id")

    class Meta:
        model = Scene
        fields = ["id", "partida", "number", "started_at"]


class RevisionSerializer(serializers.Serializer):
    body = serializers.CharField()
    written_at = UTCDateTimeField()


class AuthorSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class JournalEntrySerializer(ModelSerializer):
    author = serializers.SerializerMethodField()
    visibility = serializers.SerializerMethodField()
    history = RevisionSerializer(source="revisions", many=True, read_only=True)

    class Meta:
        model = JournalEntry
        fields = [
            "id",
            "author",
            "body",
            "html",
            "visibility",
            "partida",
            "created_at",
            "updated_at",
            "history",
        ]

    @extend_schema_field(AuthorSerializer)
    def get_author(self, entry) -> dict:
        return {"id": entry.author_id, "username": entry.author.username}

    def get_visibility(self, entry) -> str | int:
        return entry.recipient_id if entry.visibility == JournalEntry.Visibility.PLAYER else entry.visibility


# `tracking.journal._audience` and `_quoted` check these.
VISIBILITY = {
    "oneOf": [
        {"type": "string", "enum": ["all", "gm"]},
        {"type": "integer", "minimum": 1, "maximum": 2**63 - 1, "description": "A member's user id."},
    ],
}
QUOTE = {
    "type": "object",
    "properties": {
        "encounter": {"type": "integer", "minimum": 1, "maximum": 2**63 - 1},
        "round": {"type": "integer", "minimum": 1, "maximum": 2**31 - 1},
    },
    "required": ["encounter", "round"],
    "additionalProperties": False,
}


class JournalEntryInput(StrictSerializer):
    body = StrictCharField(trim_whitespace=False)
    # "all" | "gm" | a member's user id: checked by the service against the campaign's members.
    visibility = typed_json(VISIBILITY)(
        required=False, default="all", help_text='"all", "gm", or a member\'s user id.'
    )
    partida = serializers.IntegerField(required=False, allow_null=True, default=None)
    # {"encounter": id, "round": n}: quote that round as the players' forum export.
    quote = typed_json(QUOTE)(
        required=False, default=None, help_text="A played round of one of the campaign's encounters to quote."
    )


class JournalEditInput(StrictSerializer):
    body = StrictCharField(trim_whitespace=False)


class PartidaEncounterSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()


class PartidaAwardSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["advancement", "hero_points"])
    amount = serializers.FloatField()
    what = serializers.CharField(
        help_text="The award's category (or Hero points), in the request's language."
    )
    to = serializers.CharField(help_text="The character's (or combatant's) name.")
    character = serializers.IntegerField(allow_null=True)
    note = serializers.CharField(allow_blank=True)
    encounter = serializers.IntegerField(allow_null=True, help_text="The fight hero points were given in.")
    at = UTCDateTimeField()


class PartidaJournalSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField()
    html = serializers.CharField()
    created_at = UTCDateTimeField()


class PartidaDetailSerializer(PartidaSerializer):
    """A partida with what belongs to it: its encounters, awards and (readable) journal entries."""

    encounters = PartidaEncounterSerializer(many=True, read_only=True)
    awards = PartidaAwardSerializer(many=True, read_only=True)
    journal = PartidaJournalSerializer(many=True, read_only=True)

    class Meta(PartidaSerializer.Meta):
        fields = [*PartidaSerializer.Meta.fields, "encounters", "awards", "journal"]

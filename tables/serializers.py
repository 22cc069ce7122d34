"""What the directory's endpoints read and write: input and output are separate serializers,
each with a stable name in the schema."""

from __future__ import annotations

from rest_framework import serializers

from combat.schemas import ID_MAX
from epic20site.api import ModelSerializer, StrictCharField, StrictSerializer

from . import selectors
from .models import (
    MESSAGE_MAX_LENGTH,
    NOTE_MAX_LENGTH,
    PITCH_MAX_LENGTH,
    SEATS_MAX,
    Application,
    Language,
    Pace,
)


class DirectoryTableSerializer(serializers.Serializer):
    """A listed campaign as anyone may read it."""

    id = serializers.IntegerField(source="campaign_id", help_text="The campaign's id.")
    name = serializers.CharField(source="campaign.name")
    system = serializers.CharField(source="campaign.system")
    gm = serializers.CharField(source="campaign.gm.username", help_text="The GM's username.")
    pitch_html = serializers.CharField(help_text="The pitch rendered from Markdown and sanitised.")
    pace = serializers.ChoiceField(choices=Pace.choices)
    language = serializers.ChoiceField(choices=Language.choices)
    seats = serializers.IntegerField()
    seats_left = serializers.IntegerField()
    newcomers_welcome = serializers.BooleanField()
    closes_on = serializers.DateField(allow_null=True)


class CampaignListingSerializer(serializers.Serializer):
    """A campaign's listing as its members read it in the campaign's answer (`listing`)."""

    listed = serializers.BooleanField()
    pitch = serializers.CharField()
    pitch_html = serializers.CharField(help_text="The pitch rendered from Markdown and sanitised.")
    pace = serializers.ChoiceField(choices=Pace.choices)
    language = serializers.ChoiceField(choices=Language.choices)
    seats = serializers.IntegerField()
    seats_left = serializers.IntegerField()
    newcomers_welcome = serializers.BooleanField()
    closes_on = serializers.DateField(allow_null=True)
    public_encounters = serializers.SerializerMethodField(
        help_text="Ids of the campaign's fights anyone may read from the directory."
    )

    def get_public_encounters(self, listing) -> list[int]:
        return selectors.public_encounter_ids(listing)

    def get_attribute(self, instance):
        # Drawn from the campaign: its listing, or the defaults (not listed) when it has none.
        return selectors.listing_of(instance)


class CampaignListingInputSerializer(StrictSerializer):
    """The GM's changes to the campaign's listing; fields left out stay as they are."""

    listed = serializers.BooleanField(required=False)
    pitch = StrictCharField(
        required=False, allow_blank=True, max_length=PITCH_MAX_LENGTH, help_text="Markdown; sanitised."
    )
    pace = serializers.ChoiceField(choices=Pace.choices, required=False)
    language = serializers.ChoiceField(choices=Language.choices, required=False)
    seats = serializers.IntegerField(required=False, min_value=0, max_value=SEATS_MAX)
    newcomers_welcome = serializers.BooleanField(required=False)
    closes_on = serializers.DateField(required=False, allow_null=True)
    public_encounters = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX), required=False, max_length=100,
        help_text="Ids of the campaign's fights anyone may read from the directory.",
    )  # fmt: skip


class TableApplicationCreateInputSerializer(StrictSerializer):
    message = StrictCharField(max_length=MESSAGE_MAX_LENGTH, help_text="Markdown; sanitised.")
    character = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, help_text="One of the applicant's free sheets."
    )


class TableApplicationDecisionInputSerializer(StrictSerializer):
    status = serializers.ChoiceField(choices=[Application.Status.ACCEPTED, Application.Status.DECLINED])
    note = StrictCharField(required=False, allow_blank=True, max_length=NOTE_MAX_LENGTH)
    block = serializers.BooleanField(
        required=False, default=False, help_text="With `declined`: the applicant may not apply again."
    )


class TableApplicationSerializer(ModelSerializer):
    table = serializers.IntegerField(source="campaign_id", help_text="The campaign's id.")
    table_name = serializers.CharField(source="campaign.name")
    applicant = serializers.IntegerField(source="applicant_id", help_text="The applicant's user id.")
    applicant_username = serializers.CharField(source="applicant.username")
    character = serializers.IntegerField(source="character_id", allow_null=True)
    character_name = serializers.SerializerMethodField()

    class Meta:
        model = Application
        fields = [
            "id",
            "table",
            "table_name",
            "applicant",
            "applicant_username",
            "message",
            "message_html",
            "character",
            "character_name",
            "status",
            "note",
            "created_at",
            "decided_at",
        ]
        read_only_fields = fields

    def get_character_name(self, application) -> str | None:
        return application.character.name if application.character_id else None

"""What campaign endpoints read and write. Input and output are separate serializers so a
client can never set a field it only reads (`id`, `gm`, `invite_code`)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from epic20site.api import ModelSerializer, StrictCharField, StrictSerializer
from epic20site.schema import typed_json
from rules import systems
from rules.registration import default_slug

from . import extensions
from .access import can_see_invite_code
from .models import Campaign, Membership

NAME_MAX_LENGTH = Campaign._meta.get_field("name").max_length


class CampaignCreateInputSerializer(StrictSerializer):
    name = StrictCharField(max_length=NAME_MAX_LENGTH)
    system = serializers.ChoiceField(choices=[], required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The registry's systems, read when the request comes (a system may join at run time).
        self.fields["system"].choices = [(slug, s.name_es) for slug, s in systems.all_systems().items()]
        self.fields["system"].default = default_slug()


def rules_options_schema() -> dict:
    """The options every system reads (`options_schema`), joined: a campaign's system refuses
    those it does not read (400 `rules_options.unsupported` or `options.unknown_key`)."""
    properties: dict = {}
    for system in systems.all_systems().values():
        properties.update(system.options_schema.get("properties", {}))
    return {
        "type": "object",
        "description": "The GM's rules options, as the campaign's system defines them.",
        "properties": properties,
        "additionalProperties": False,
    }


class CampaignUpdateInputSerializer(StrictSerializer):
    name = StrictCharField(max_length=NAME_MAX_LENGTH, required=False)
    rules_options = typed_json(rules_options_schema())(
        required=False, help_text="The GM's rules options, as the campaign's system defines them."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for part in extensions.parts():  # what other apps keep of a campaign (`extensions`)
            self.fields[part.name] = part.input()


class CampaignJoinInputSerializer(StrictSerializer):
    invite_code = StrictCharField(max_length=32, help_text="Case, spaces and dashes are ignored.")


class CampaignSerializer(ModelSerializer):
    rules_options = typed_json(rules_options_schema())(read_only=True)
    gm = serializers.IntegerField(source="gm_id", read_only=True, help_text="The GM's user id.")
    gm_username = serializers.CharField(source="gm.username", read_only=True)
    role = serializers.SerializerMethodField(help_text="The requesting user's role in it.")
    member_count = serializers.SerializerMethodField()
    invite_code = serializers.SerializerMethodField(
        help_text="Shown to the GM only (they share it and can regenerate it); `null` for players."
    )

    class Meta:
        model = Campaign
        fields = [
            "id",
            "name",
            "system",
            "gm",
            "gm_username",
            "role",
            "member_count",
            "invite_code",
            "rules_options",
            "created_at",
        ]
        read_only_fields = fields

    def _user(self):
        return self.context["request"].user

    @extend_schema_field(serializers.ChoiceField(choices=Membership.Role.choices))
    def get_role(self, campaign) -> str:
        return Membership.Role.GM if campaign.gm_id == self._user().pk else Membership.Role.PLAYER

    def get_member_count(self, campaign) -> int:
        annotated = getattr(campaign, "member_count", None)
        return annotated if annotated is not None else campaign.memberships.count()

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_invite_code(self, campaign) -> str | None:
        return campaign.invite_code if can_see_invite_code(self._user(), campaign) else None


class CampaignDetailSerializer(CampaignSerializer):
    """One campaign, with the parts other apps keep of it (`extensions`: the directory's
    listing); the lists leave them out, so they stay a constant number of queries."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for part in extensions.parts():
            self.fields[part.name] = part.output()


class MemberSerializer(ModelSerializer):
    id = serializers.IntegerField(source="user_id", read_only=True, help_text="The member's user id.")
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "username", "role", "joined_at"]
        read_only_fields = fields

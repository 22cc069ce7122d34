"""Input checks and documented shapes of the encounter API (docs/api.md "Encounters and the turn log").

Input serializers refuse unknown fields (`StrictSerializer`). The response serializers describe
the JSON the selectors build, for the OpenAPI schema that clients (and the fuzzer) rely on.
"""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from epic20site.api import StrictCharField, StrictSerializer, UTCDateTimeField
from epic20site.schema import typed_json

from .deadline import DEFAULTS, MAX_HOURS
from .line_serializers import LogLineSerializer
from .schemas import IdField, StrictBooleanField, StrictIntegerField

PRINTABLE = RegexValidator(
    r"^[\x21-\x7e]+$", _("Sólo caracteres ASCII visibles, sin espacios."), code="invalid_characters"
)

# --- input --------------------------------------------------------------------------------------

# `combat.deadlines._hours`: more than 0 and at most two weeks, kept to whole seconds.
HOURS = {"type": "number", "exclusiveMinimum": True, "minimum": 0, "maximum": float(MAX_HOURS)}
HOURS_OR_NULL = {**HOURS, "nullable": True}


class EncounterCreateSerializer(StrictSerializer):
    name = StrictCharField(max_length=120)
    client_seed = StrictCharField(max_length=64, required=False, validators=[PRINTABLE])


class EncounterSettingsSerializer(StrictSerializer):
    exact_odds_for_players = StrictBooleanField(required=False)
    # Turn deadlines (`combat.deadlines` checks the values): hours per turn or null for none.
    turn_deadline_hours = typed_json(HOURS_OR_NULL)(
        required=False, allow_null=True, help_text="Hours per turn (> 0), or null: no deadline."
    )
    deadline_default = typed_json({"type": "string", "enum": list(DEFAULTS)})(
        required=False, help_text="end_turn | delay | defend | hold | ask_gm: what applies when time is up."
    )
    deadline_paused = typed_json({"type": "boolean"})(
        required=False, help_text="Pause (true) or resume (false) the clock."
    )
    deadline_extend_hours = typed_json(HOURS)(required=False, help_text="Add hours to the running deadline.")
    # Declaring ahead (`rules.core.ahead`), in every system that does not declare in its own way.
    declare_ahead = StrictBooleanField(
        required=False,
        help_text="Every combatant declares its next action ahead and the round resolves together (true), "
        "or they act turn by turn (false). Logged and undoable like an action.",
    )


class CombatantCreateSerializer(StrictSerializer):
    """`{"character": id, "side"}` for a player character, or `{"npc": <sheet>, "side", "minion",
    "hit_points"?}` for a GM NPC, or `{"npc_from": id, …}` for a GM NPC copied from one of the
    GM's own saved sheets of the campaign's system."""

    character = IdField(required=False)
    npc = serializers.JSONField(required=False, help_text="A sheet of the campaign's system, for a GM NPC.")
    npc_from = IdField(
        required=False,
        help_text="A GM NPC copied from one of the GM's own saved sheets (a character id) of the "
        "campaign's system; the copy's numbers are the GM's, like any NPC's.",
    )
    side = StrictCharField(max_length=40)
    minion = StrictBooleanField(required=False, help_text="A GM NPC only: a minion (false when absent).")
    hit_points = StrictIntegerField(
        required=False, min_value=1, max_value=1000, help_text="A GM NPC only: fixed hit points."
    )

    def validate(self, attrs):
        has_character, has_npc = "character" in attrs, "npc" in attrs
        if [has_character, has_npc, "npc_from" in attrs].count(True) != 1:
            raise serializers.ValidationError(
                {
                    "character": [
                        _(
                            "Indica uno solo: «character» (un personaje), «npc» (una ficha) o "
                            "«npc_from» (una de tus fichas guardadas)."
                        )
                    ]
                },
                code="character_or_npc",
            )
        if has_npc and not isinstance(attrs["npc"], dict):
            raise serializers.ValidationError(
                {"npc": [_("Debe ser una ficha (un objeto JSON).")]}, code="invalid"
            )
        npc_only = [name for name in ("minion", "hit_points") if name in self.initial_data]
        if has_character and npc_only:
            message = _("Sólo los PNJ del director tienen esbirros y puntos de vida fijados.")
            raise serializers.ValidationError({name: [message] for name in npc_only}, code="npc_only")
        return attrs


# --- responses (documentation) ---------------------------------------------------------------


class DiceSerializer(serializers.Serializer):
    commitment = serializers.CharField(help_text="sha256 of the server seed, hex.")
    client_seed = serializers.CharField()


class RevealedSeedSerializer(serializers.Serializer):
    server_seed = serializers.CharField()
    commitment = serializers.CharField()
    client_seed = serializers.CharField()


class DiceStateSerializer(DiceSerializer):
    next_nonce = serializers.IntegerField()
    revealed = RevealedSeedSerializer(many=True)


class EncounterCreatedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["setup", "active", "ended"])
    round = serializers.IntegerField()
    dice = DiceSerializer()


class EncounterSummarySerializer(EncounterCreatedSerializer):
    name = serializers.CharField()
    campaign = serializers.IntegerField()
    created_at = UTCDateTimeField()


class CombatantSerializer(serializers.Serializer):
    """A combatant as its system shows it to the reader: these keys in every system (hit points
    are Epic20's and Anima's Puntos de Vida, MSH's Health, Hero's BODY), plus each system's own
    (`combat/systems/<slug>_schema.py`: Epic20's defense and hero points, Hero's `stun`/`stun_max`/
    `end`, MSH's `karma`…). A GM's NPC shows players null for its numbers."""

    id = serializers.IntegerField()
    system = serializers.CharField(help_text="The encounter's game system (which shape this combatant has).")
    name = serializers.CharField()
    side = serializers.CharField()
    npc = serializers.BooleanField()
    minion = serializers.BooleanField()
    owner = serializers.IntegerField(allow_null=True)
    character = serializers.IntegerField(allow_null=True)
    initiative = serializers.IntegerField(allow_null=True)
    hit_points = serializers.IntegerField(allow_null=True, help_text="null: hidden (a GM NPC).")
    hit_points_max = serializers.IntegerField(allow_null=True)
    conditions = serializers.ListField(
        child=serializers.JSONField(), help_text="Epic20: objects with their timing; other systems: slugs."
    )
    status = serializers.CharField()
    removed = serializers.BooleanField()


class TurnSerializer(serializers.Serializer):
    left = serializers.DictField(
        child=serializers.FloatField(),
        help_text=(
            "What the acting combatant has left, by kind (empty between turns): Epic20 counts actions "
            "(standard, move, object, communication, free); Anima gives metres of movement, which "
            "may be fractional (movement_m, complex_as_movement_m) and its complex action (0 or 1)."
        ),
    )


class DeclaredSerializer(serializers.Serializer):
    combatant = serializers.IntegerField()
    action = serializers.DictField(
        allow_null=True, help_text="What it declared; null for a hidden NPC (players see only that it did)."
    )


class DeclarationsSerializer(serializers.Serializer):
    open = serializers.BooleanField()
    round = serializers.IntegerField(allow_null=True, help_text="The declaration round, counted from 1.")
    waiting = serializers.ListField(child=serializers.IntegerField(), help_text="Who may still declare.")
    declared = DeclaredSerializer(many=True, help_text="Who has declared, in the order they did.")


class DeclarationSerializer(StrictSerializer):
    """`{"type": "declare", "actor", "action": {"type", …}}` while declaring ahead; the declared
    action is then checked against its own type's schema."""

    type = serializers.ChoiceField(choices=["declare"])
    actor = IdField(help_text="The combatant who declares.")
    action = serializers.JSONField(help_text="The declared action: its `type` and that type's own fields.")

    def validate_action(self, value):
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise serializers.ValidationError(
                _("La acción declarada es un objeto con su «type»."), code="declare_no_action"
            )
        return value


class WaitingSerializer(serializers.Serializer):
    """One combatant the fight waits for (`combat.waiting.waiting_for`)."""

    combatant = serializers.IntegerField()
    until = UTCDateTimeField(allow_null=True, help_text="When its time runs out; null without a deadline.")
    paused = serializers.BooleanField(help_text="The GM paused the clock.")


class EncounterStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    campaign = serializers.IntegerField()
    system = serializers.CharField(help_text="The campaign's game system.")
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=["setup", "active", "ended"])
    round = serializers.IntegerField()
    turn_order = serializers.ListField(child=serializers.IntegerField())
    current = serializers.IntegerField(allow_null=True)
    clock = serializers.DictField(
        help_text='The system\'s place in time: {"round", "current"} (epic20, anima), '
        '{"turn", "segment", "current"} (hero), {"round", "phase", "side"} (msh).'
    )
    turn = TurnSerializer(help_text="What the current combatant has left this turn.")
    waiting_for = WaitingSerializer(
        many=True,
        help_text='Who the fight waits for: [{"combatant": id, "until": ISO 8601 | null, "paused": bool}].',
    )
    exact_odds_for_players = serializers.BooleanField(
        help_text="Whether players see exact odds against the GM's NPCs (coarse bands otherwise)."
    )
    declare_ahead = serializers.BooleanField(
        allow_null=True,
        help_text="Whether actions are declared ahead (`PATCH`); null in a system that declares in its own way.",
    )
    declarations = DeclarationsSerializer(
        allow_null=True, help_text="The round's declarations made ahead; null while declaring ahead is off."
    )
    version = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    dice = DiceStateSerializer()
    combatants = CombatantSerializer(many=True)


class EventSerializer(serializers.Serializer):
    """One event of the turn log: these keys in every system, plus its system's and its type's
    own (`combat/systems/<slug>_schema.py`), each roll as its dice read. For a player, the
    numbers of a GM's NPC stay behind the screen: those keys are left out and the texts omit
    them. An event undone stays in the log with `undone: true`."""

    system = serializers.CharField(help_text="The encounter's game system (which shape this event has).")
    seq = serializers.IntegerField()
    type = serializers.CharField()
    round = serializers.IntegerField()
    actor = serializers.IntegerField(allow_null=True)
    target = serializers.IntegerField(allow_null=True)
    undone = serializers.BooleanField()
    text = serializers.CharField()
    text_es = serializers.CharField()
    text_en = serializers.CharField()
    rule = serializers.CharField(allow_blank=True)
    created_at = UTCDateTimeField(allow_null=True)
    superseded_by = serializers.IntegerField(
        required=False, help_text="An undone event replaced by a later action (a reroll): that action's seq."
    )
    line = LogLineSerializer(
        read_only=True,
        help_text="The event as one typed log line: what the fight page and the forum export read.",
    )


class ActionResultSerializer(serializers.Serializer):
    events = EventSerializer(many=True)
    state = EncounterStateSerializer()


class RevealSerializer(serializers.Serializer):
    server_seed = serializers.CharField()
    commitment = serializers.CharField(help_text="The commitment this seed answers.")
    dice = DiceSerializer(help_text="The fresh commitment for any later rolls.")


class UndoSerializer(serializers.Serializer):
    undone = serializers.ListField(child=serializers.IntegerField(), help_text="Seqs now undone.")
    state = EncounterStateSerializer()


class OddsExactSerializer(serializers.Serializer):
    p_hit = serializers.CharField(help_text='An exact fraction, e.g. "13/20".')
    p_damage = serializers.CharField()
    expected_damage = serializers.CharField()


class OddsBandSerializer(serializers.Serializer):
    band = serializers.ChoiceField(choices=["none", "low", "even", "good", "high", "certain"])
    label_es = serializers.CharField()
    label_en = serializers.CharField()


class SourceSerializer(serializers.Serializer):
    """A source of Superioridad (+) or Inferioridad (−) (`rules.epic20.resolution.sources.Source`)."""

    slug = serializers.CharField()
    delta = serializers.IntegerField()
    rule = serializers.CharField(allow_blank=True)
    label_es = serializers.CharField()
    label_en = serializers.CharField()


class OddsSerializer(serializers.Serializer):
    p_hit = serializers.FloatField(allow_null=True, help_text="Chance to hit; null when banded.")
    p_damage = serializers.FloatField(allow_null=True, help_text="Chance to deal at least 1 damage.")
    expected_damage = serializers.FloatField(allow_null=True)
    p_critical = serializers.FloatField()
    exact = OddsExactSerializer(allow_null=True)
    banded = serializers.BooleanField(help_text="True: a player against a GM's NPC gets bands only.")
    hit_band = OddsBandSerializer(required=False)
    damage_band = OddsBandSerializer(required=False)
    bonus = serializers.IntegerField()
    defense = serializers.IntegerField(allow_null=True, help_text="null when the target is a hidden NPC.")
    superiority = serializers.IntegerField(help_text="Net Superioridad (negative: Inferioridad).")
    sources = SourceSerializer(many=True, help_text="Where its Superioridad or Inferioridad comes from.")


class ExportSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=["bbcode", "markdown"])
    round = serializers.IntegerField(allow_null=True)
    text = serializers.CharField(help_text="Ready to paste into a forum post.")

"""The `line` of every event the API answers (`combat.lines.LogLine.as_json`), described exactly,
read-only: the same line the fight page and the forum export read. OpenAPI components `LogLine`,
`LogRoll`, `LogDie` and `LogModifier` (drf-spectacular names a component after its serializer)."""

from __future__ import annotations

from rest_framework import serializers


class LogDieSerializer(serializers.Serializer):
    face = serializers.IntegerField(read_only=True)
    nonce = serializers.IntegerField(
        read_only=True,
        help_text="The nonce that produced it (re-checkable once the seed is revealed); -1 if none.",
    )
    kept = serializers.BooleanField(read_only=True, help_text="Whether the roll kept this die.")


class LogModifierSerializer(serializers.Serializer):
    label = serializers.CharField(read_only=True, help_text="What it is, in the reader's language.")
    delta = serializers.IntegerField(read_only=True)
    rule = serializers.CharField(read_only=True, help_text="The rule section that grants it; may be empty.")


class LogRollSerializer(serializers.Serializer):
    label = serializers.CharField(
        read_only=True, help_text='What was rolled ("Ataque", "Daño"); may be empty.'
    )
    dice = serializers.CharField(read_only=True, help_text='The dice: "d20", "d100", "1d10", "3d6"…')
    faces = LogDieSerializer(many=True, read_only=True)
    total = serializers.IntegerField(read_only=True)
    reading = serializers.CharField(
        read_only=True,
        help_text="The rest of the roll as its system reads it (bonus, column, colour, to-hit…).",
    )
    modifiers = LogModifierSerializer(many=True, read_only=True)
    replaced = serializers.BooleanField(read_only=True, help_text="A first roll thrown again.")
    commitment = serializers.CharField(read_only=True, help_text="The commitment its dice were rolled under.")
    text = serializers.CharField(read_only=True, help_text="The whole roll in one line.")
    hidden = serializers.BooleanField(
        read_only=True,
        help_text='A hidden combatant\'s roll the reader may not see: no faces, total 0, reading "?".',
    )


class LogLineSerializer(serializers.Serializer):
    seq = serializers.IntegerField(read_only=True)
    type = serializers.CharField(read_only=True, help_text="The event's type.")
    heading = serializers.CharField(
        read_only=True,
        help_text='The stretch of time the log groups it under ("Asalto 2", "Turno 1", "Preparación").',
    )
    time = serializers.CharField(
        read_only=True, help_text='When it happened, as its system counts time ("Asalto 1, fase de acción").'
    )
    text = serializers.CharField(
        read_only=True, help_text="The event in one sentence, in the reader's language."
    )
    actor = serializers.CharField(read_only=True, help_text="Who acted, by name; empty for none.")
    target = serializers.CharField(read_only=True, help_text="Against whom, by name; empty for none.")
    what = serializers.CharField(
        read_only=True, help_text="The action, attack or maneuver in words; may be empty."
    )
    rolls = LogRollSerializer(many=True, read_only=True)
    outcome = serializers.CharField(read_only=True, help_text="The outcome in words; may be empty.")
    rule = serializers.CharField(
        read_only=True, help_text="The rule document's section, in the reader's language; may be empty."
    )
    tone = serializers.ChoiceField(
        choices=["hit", "miss", ""], read_only=True, help_text="Whether it succeeded, for colouring."
    )
    undone = serializers.BooleanField(read_only=True)
    superseded_by = serializers.IntegerField(read_only=True, help_text="The seq that replaced it; 0 if none.")
    superseded_label = serializers.CharField(
        read_only=True,
        help_text="What replaced it, in the system's words and the reader's language; empty if none.",
    )

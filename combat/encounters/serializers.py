"""Input checks and documented shapes of the encounter API (API.md "Encounters and the turn log").

Input serializers refuse unknown fields (`StrictSerializer`). The response serializers describe
the JSON the selectors build, for the OpenAPI schema that clients (and the fuzzer) rely on.
"""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from epic20site.api import StrictCharField, StrictSerializer
from rules.epic20.resolution.circumstances import MAX_UNITS

PRINTABLE = RegexValidator(
    r"^[\x21-\x7e]+$", _("Sólo caracteres ASCII visibles, sin espacios."), code="invalid_characters"
)
MAX_INT = 2**31 - 1


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer and nothing else (DRF would accept "3" and 3.0 as well)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"invalid": _("Debe ser verdadero o falso.")}

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class IdField(StrictIntegerField):
    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", 2**63 - 1)
        super().__init__(**kwargs)


ATTACK_KINDS = ["melee", "ranged", "mental", "emotional"]


@extend_schema_field({"type": "string", "enum": ATTACK_KINDS})
class AttackKindField(serializers.ChoiceField):
    """The kind of an attack, inlined in the schema: other resources have a `kind` of their own."""

    def __init__(self, **kwargs):
        super().__init__(choices=ATTACK_KINDS, **kwargs)


# --- input --------------------------------------------------------------------------------------


class EncounterCreateSerializer(StrictSerializer):
    name = StrictCharField(max_length=120)
    client_seed = StrictCharField(max_length=64, required=False, validators=[PRINTABLE])


class CombatantCreateSerializer(StrictSerializer):
    """`{"character": id, "side"}` for a player character, or `{"npc": <sheet>, "side", "minion",
    "hit_points"?}` for a GM NPC."""

    character = IdField(required=False)
    npc = serializers.JSONField(required=False, help_text="An Epic20 sheet (API.md) for a GM NPC.")
    side = StrictCharField(max_length=40)
    minion = StrictBooleanField(required=False, default=False)
    hit_points = StrictIntegerField(required=False, min_value=1, max_value=1000)

    def validate(self, attrs):
        has_character, has_npc = "character" in attrs, "npc" in attrs
        if has_character == has_npc:
            raise serializers.ValidationError(
                {"character": [_("Indica «character» (un personaje) o «npc» (una ficha), no ambos.")]},
                code="character_or_npc",
            )
        if has_npc and not isinstance(attrs["npc"], dict):
            raise serializers.ValidationError(
                {"npc": [_("Debe ser una ficha (un objeto JSON).")]}, code="invalid"
            )
        if has_character and ("minion" in self.initial_data or "hit_points" in self.initial_data):
            raise serializers.ValidationError(
                {"hit_points": [_("Sólo los PNJ del director tienen esbirros y puntos de vida fijados.")]},
                code="npc_only",
            )
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
    created_at = serializers.DateTimeField()


class CombatantSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    side = serializers.CharField()
    npc = serializers.BooleanField()
    minion = serializers.BooleanField()
    owner = serializers.IntegerField(allow_null=True)
    character = serializers.IntegerField(allow_null=True)
    initiative = serializers.IntegerField(allow_null=True)
    hit_points = serializers.IntegerField(allow_null=True, help_text="null: hidden (a GM NPC).")
    hit_points_max = serializers.IntegerField(allow_null=True)
    defense = serializers.IntegerField(allow_null=True, help_text="Current defense, penalties applied.")
    defense_penalty = serializers.IntegerField(allow_null=True)
    hero_points = serializers.IntegerField(allow_null=True)
    hero_points_max = serializers.IntegerField(allow_null=True)
    conditions = serializers.ListField(child=serializers.DictField())
    equipment = serializers.ListField(child=serializers.DictField())
    status = serializers.CharField()
    removed = serializers.BooleanField()


class TurnSerializer(serializers.Serializer):
    left = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Actions left by kind: standard, move, object, communication, free (empty between turns).",
    )


class EncounterStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    campaign = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=["setup", "active", "ended"])
    round = serializers.IntegerField()
    turn_order = serializers.ListField(child=serializers.IntegerField())
    current = serializers.IntegerField(allow_null=True)
    turn = TurnSerializer(help_text="What the current combatant has left this turn.")
    version = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    dice = DiceStateSerializer()
    combatants = CombatantSerializer(many=True)


class RollSerializer(serializers.Serializer):
    sides = serializers.IntegerField()
    faces = serializers.ListField(child=serializers.IntegerField())
    nonces = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    superiority = serializers.IntegerField()
    kept = serializers.IntegerField()
    bonus = serializers.IntegerField(allow_null=True)
    total = serializers.IntegerField(allow_null=True)
    commitment = serializers.CharField()


class EventSerializer(serializers.Serializer):
    """One event of the turn log; each type adds its own fields (an attack: `target_defense`,
    `hit`, `critical`, `margin`, `damage`, `defense_penalty`, `target_hit_points`,
    `target_status`; a `skill_check`: `skill`, `difficulty`, `opposed_total`, `success`
    (null when the GM judges the total), `margin`, `critical`, `fumble`). A roll rerolled with a
    hero point keeps the first roll as `roll.rerolled_from`; the events of the first action stay
    in the log with `undone: true` and `superseded_by` (the seq that replaced them). For a player,
    the numbers of a GM's NPC stay behind the screen: its `target_defense`, `defense`, `margin`,
    `target_hit_points`, `hit_points` and `hero_points` are left out and the texts omit them."""

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
    roll = RollSerializer(required=False)
    created_at = serializers.DateTimeField(allow_null=True)


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


SLUG = RegexValidator(
    r"^[a-z0-9]+(-[a-z0-9]+)*$", _("Debe ser un identificador (slug) del catálogo."), code="invalid_slug"
)
# A circumstance slug, with a count for those that take one ("diferencia-de-tamano:2"); counts
# stay small, since each adds a die to the roll (the engine refuses more than MAX_UNITS).
assert MAX_UNITS == 10, "CIRCUMSTANCE below spells out 1..10"
CIRCUMSTANCE = RegexValidator(
    r"^[a-z0-9]+(-[a-z0-9]+)*(:([1-9]|10))?$",
    _("Debe ser una circunstancia del catálogo, con «:n» (de 1 a 10) si lleva cantidad."),
    code="invalid_circumstance",
)
# A skill: its slug, or "<slug>:<specialty>" as the sheet's derived numbers key it.
SKILL_KEY = RegexValidator(
    r"^[a-z0-9]+(-[a-z0-9]+)*(:[^\x00-\x1f:][^\x00-\x1f]{0,79})?\Z",
    _("Debe ser una habilidad del catálogo, o «habilidad:especialidad»."),
    code="invalid_skill",
)


def slug_list(validator=SLUG):
    return serializers.ListField(
        child=StrictCharField(max_length=80, validators=[validator]), max_length=20, required=False
    )


REQUIRED_BY_TYPE = {
    "attack": ("actor", "kind"),
    "escape": ("actor", "power", "by"),
    "spend_hero_point": ("actor", "use"),
    "skill_check": ("actor", "skill"),
    "reroll": ("actor",),
    "delay": ("actor", "other"),
    "maneuver": ("actor", "maneuver"),
    "end_turn": ("actor",),
    "award_hero_point": ("target",),
    "set_minion_hp": ("target", "hit_points"),
    "rest": ("minutes",),
    "support": ("actor", "use"),
    "use_power": ("actor", "power"),
}


class ActionSerializer(StrictSerializer):
    """One action. `type` decides which other fields it takes:

    - `start` (GM): `surprise` (ids that act first by surprise), `charging` (ids charging in).
    - `attack`: `actor`, `target`, `kind`, `with`, `circumstances`, `maneuvers`, `hero_point`
      (`superioridad` | `subir-dos-niveles`), `counter` (the extra attack Ataque a fondo gives),
      `target_weapon` (Desarmar), `attribute` (Debilitar «Atributo»), `element` (what the attack is
      made of, «fuego», «láser»: immunities and vulnerabilities read it). An area, cone (`cone`) or
      burst attack names `targets` instead (one roll each); with the `ataque-doble` maneuver,
      `targets` holds one or two ids, plus `two_weapons` and `second_with`.
    - `escape`: `actor`, `power` (the progression power), `by` (who applied it), `hero_point` (bool).
    - `skill_check`: `actor`, `skill` (a slug, or `<slug>:<specialty>` as the sheet's `derived.skills`
      keys it), `difficulty` (0–60; 15 is the standard) or `opposed_total`, `hero_point`
      (`superioridad` | `subir-dos-niveles`), `combat` (the check is itself a combat action: a
      reroll costs 2 hero points instead of 1), `free` (GM: the check takes no action and may be
      called for out of turn or before the fight starts). It takes the standard action otherwise.
    - `reroll`: `actor`. Rerolls the actor's last roll for hero points (2 for an attack or escape,
      1 for a skill check), only right after it; `spend_hero_point` with `use: repetir-tirada`
      does the same. When that action rolled several times (an area attack, Ataque doble), `seq`
      names the event of the roll to throw again; the others stay as they were.
    - `spend_hero_point`: `actor`, `use`, and `maneuver` or `power` + `instant` when the use needs them.
    - `delay`: `actor`, `other`, `where` (`before` | `after`). `end_turn`: `actor`.
    - `maneuver`: `actor`, `maneuver` (`defensa-total`, `defensa-a-la-carrera`, `parada`, `esquiva`,
      `excelente-apuntando`, `estudiar-objetivo`, `interponerse`, `luchar-a-ciegas` with `target`;
      `mostrar-punto-debil` with `allies`; `levantarse`; `desenfundar` with `item`; and, on
      someone else's turn, `ataque-defensivo` with `target`, `ataque-manteniendo-la-distancia`,
      `interponerse-antes` with `target`).
    - `award_hero_point` (GM): `target`, `points`. `rest` (GM): `minutes`, `target` (all without it).
    - `set_minion_hp` (GM): `target`, `hit_points`. `end` (GM): ends the fight and reveals the seed.
    - `support`: `actor`, `use` (`contacto-curativo` / `contacto-reparador` with `target`, the actor
      without one, and `hero_point`; `regeneracion`; `motivador` with `target`; `inspirar-a-otros`
      with `allies`, one or two; `trabajo-en-equipo` with `target` and `skill` or `kind`, the roll
      it helps with). Heal rolls may be rerolled for 1 hero point.
    - `use_power`: `actor`, `power` (Camuflaje, Invisibilidad, Disminuirse, Crecer,
      `supermovimiento` = running; any power a Mago casts; `armadura-tecnologica` for a
      Tecnificado), `active` (default true: switch on or cast; false: switch off). A move action
      (a Mago's cast: a move and a communication action); before the fight, free. A `skill_check`
      of perception may name `target`: whom it tries to perceive (Camuflaje, Invisibilidad).
    """

    type = serializers.ChoiceField(
        choices=[
            "start",
            "attack",
            "escape",
            "skill_check",
            "reroll",
            "spend_hero_point",
            "delay",
            "maneuver",
            "end_turn",
            "award_hero_point",
            "rest",
            "set_minion_hp",
            "support",
            "use_power",
            "end",
        ]
    )
    actor = IdField(required=False)
    target = IdField(required=False)
    kind = AttackKindField(required=False)
    circumstances = slug_list(CIRCUMSTANCE)
    maneuvers = slug_list()
    hero_point = StrictCharField(max_length=40, required=False, allow_null=True)
    counter = StrictBooleanField(required=False)
    targets = serializers.ListField(child=IdField(), min_length=1, max_length=20, required=False)
    cone = StrictBooleanField(required=False)
    two_weapons = StrictBooleanField(required=False)
    second_with = StrictCharField(max_length=200, required=False)
    target_weapon = StrictCharField(max_length=200, required=False)
    element = StrictCharField(max_length=80, required=False)
    attribute = StrictCharField(max_length=40, required=False)
    surprise = serializers.ListField(child=IdField(), max_length=100, required=False)
    charging = serializers.ListField(child=IdField(), max_length=100, required=False)
    other = IdField(required=False)
    where = serializers.ChoiceField(choices=["before", "after"], required=False)
    power = StrictCharField(max_length=80, required=False)
    by = IdField(required=False)
    use = StrictCharField(max_length=40, required=False)
    maneuver = StrictCharField(max_length=80, required=False)
    allies = serializers.ListField(child=IdField(), max_length=2, required=False)
    item = StrictCharField(max_length=200, required=False)
    instant = StrictBooleanField(required=False)
    points = StrictIntegerField(min_value=1, max_value=20, required=False)
    seq = IdField(required=False, help_text="reroll: the event of the roll to throw again.")
    minutes = StrictIntegerField(min_value=0, max_value=100_000, required=False)
    hit_points = StrictIntegerField(min_value=1, max_value=1000, required=False)
    skill = StrictCharField(max_length=120, required=False, validators=[SKILL_KEY])
    difficulty = StrictIntegerField(min_value=0, max_value=60, required=False)
    opposed_total = StrictIntegerField(min_value=0, max_value=200, required=False)
    free = StrictBooleanField(required=False)
    combat = StrictBooleanField(required=False)
    active = StrictBooleanField(required=False)  # use_power: on (default) or off

    def get_fields(self):
        fields = super().get_fields()
        # "with" is a Python keyword, so it cannot be a class attribute.
        fields["with"] = StrictCharField(
            max_length=200, required=False, help_text='"unarmed", a power slug or an equipment name.'
        )
        return fields

    def validate(self, attrs):
        missing = [name for name in REQUIRED_BY_TYPE.get(attrs["type"], ()) if name not in attrs]
        if attrs["type"] == "attack" and "target" not in attrs and "targets" not in attrs:
            missing.append("target")
        if missing:
            raise serializers.ValidationError(
                {name: [_("Este campo es obligatorio para este tipo de acción.")] for name in missing},
                code="required",
            )
        return attrs


class OddsExactSerializer(serializers.Serializer):
    p_hit = serializers.CharField(help_text='An exact fraction, e.g. "13/20".')
    p_damage = serializers.CharField()
    expected_damage = serializers.CharField()


class OddsSerializer(serializers.Serializer):
    p_hit = serializers.FloatField(help_text="Chance to hit.")
    p_damage = serializers.FloatField(help_text="Chance to deal at least 1 damage.")
    expected_damage = serializers.FloatField()
    p_critical = serializers.FloatField()
    exact = OddsExactSerializer()
    bonus = serializers.IntegerField()
    defense = serializers.IntegerField(allow_null=True, help_text="null when the target is a hidden NPC.")
    superiority = serializers.IntegerField(help_text="Net Superioridad (negative: Inferioridad).")
    sources = serializers.ListField(child=serializers.DictField())


class ExportSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=["bbcode", "markdown"])
    round = serializers.IntegerField(allow_null=True)
    text = serializers.CharField(help_text="Ready to paste into a forum post.")

"""The standing orders' and the GM's reminder's request and answer bodies (docs/api.md "Standing
orders"), typed in the OpenAPI schema: an order's `action` is one of some system's declarable
actions, as that system's `declare` takes it (the encounter's system decides which)."""

from __future__ import annotations

from functools import cache

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from epic20site.api import StrictCharField, StrictSerializer
from rules import systems
from rules.core.ahead import DeclaringCombat

from .order_models import NOTE_MAX
from .schemas import _words, declared_action_schema, serializer_for_schema

ORDER_ACTION_COMPONENT = "StandingOrderAction"


def _declared(slug: str, combat):
    if isinstance(combat, DeclaringCombat):
        return declared_action_schema(slug, combat)
    # A system that declares in its own way: its `declare`'s own `action` (MSH's DeclaredAction).
    return serializer_for_schema(combat.actions["declare"].schema)._declared["action"]


def declared_component(slug: str) -> str | None:
    """The name of the component a system's declared action is (an order's `action`, the log's
    "standing_order" event's); None for a system that declares nothing."""
    combat = systems.for_encounters(systems.get(slug)).combat
    if isinstance(combat, DeclaringCombat):
        return f"{_words(slug)}DeclaredAction"
    declare = combat.actions.get("declare")
    if declare is None:
        return None
    return type(serializer_for_schema(declare.schema)._declared["action"]).__name__


@cache
def order_action_schema() -> PolymorphicProxySerializer:
    """Every system's declarable actions, joined across systems with `anyOf`
    (`combat.schemas.any_system_action`): the same body may be an action of more than one."""
    per_system = [
        _declared(slug, combat)
        for slug, combat in (
            (s, systems.for_encounters(system).combat) for s, system in systems.all_systems().items()
        )
        if "declare" in combat.actions
    ]
    return PolymorphicProxySerializer(
        component_name=ORDER_ACTION_COMPONENT, serializers=per_system, resource_type_field_name=None
    )


class _OrderActionField(serializers.JSONField):
    """Checked by the encounter's system (`services.declaration_validated`), paths under /action."""


OrderActionField = extend_schema_field(order_action_schema())(_OrderActionField)


class StandingOrderInputSerializer(StrictSerializer):
    action = OrderActionField(
        help_text="The action, of the encounter's system, as `declare` takes it: its `type` and that type's own "
        "fields (no `actor`: the combatant's). Checked against that type's schema now and by the rules when taken."
    )
    note = StrictCharField(
        required=False, allow_blank=True, max_length=NOTE_MAX, help_text="A word for the table (optional)."
    )


class StandingOrderSerializer(serializers.Serializer):
    combatant = serializers.IntegerField(help_text="The combatant the order is for.")
    action = OrderActionField(
        allow_null=True,
        help_text="The ordered action; null to a player for a hidden NPC, as its declared action would be.",
    )
    note = serializers.CharField(allow_null=True, max_length=NOTE_MAX, help_text="Null where `action` is.")
    updated_at = serializers.DateTimeField(help_text="When it was last given (UTC).")


class NudgeSerializer(serializers.Serializer):
    reminded = serializers.ListField(
        child=serializers.IntegerField(), help_text="The combatants whose players were reminded now."
    )
    later = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The combatants whose players were reminded less than an hour ago: not again yet.",
    )

"""An action type's input schema (`rules.core.schema`) as a DRF serializer: the one validation
the API and the pages share, and the OpenAPI schema clients read (one serializer per action type,
joined by `type`)."""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from functools import cache

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from epic20site.api import StrictBooleanField, StrictCharField, StrictSerializer
from rules import systems
from rules.core.ahead import DeclaringCombat
from rules.core.encounter import ActionType
from rules.core.schema import json_name

ID_MAX = 2**63 - 1


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer and nothing else (DRF would accept "3" and 3.0 as well)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictFloatField(serializers.FloatField):
    """A JSON number (not a string, not a boolean, finite)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        return super().to_internal_value(data)


class IdField(StrictIntegerField):
    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", ID_MAX)
        super().__init__(**kwargs)


def _bounds(meta: typing.Mapping) -> dict:
    out = {}
    if "min" in meta:
        out["min_value"] = meta["min"]
    if "max" in meta:
        out["max_value"] = meta["max"]
    return out


def _text(meta: typing.Mapping, **kwargs) -> serializers.Field:
    validators = []
    if "pattern" in meta:
        validators.append(
            RegexValidator(
                re.compile(meta["pattern"]),
                _("Valor no válido para este campo."),
                code=meta.get("pattern_code", "invalid_value"),
            )
        )
    return StrictCharField(max_length=meta.get("max_length", 200), validators=validators, **kwargs)


def _scalar(tp, meta: typing.Mapping, **kwargs) -> serializers.Field:
    if typing.get_origin(tp) is typing.Literal:
        return serializers.ChoiceField(choices=list(typing.get_args(tp)), **kwargs)
    if tp is bool:
        return StrictBooleanField(**kwargs)
    if tp is int:
        return StrictIntegerField(**_bounds(meta), **kwargs)
    if tp is float:
        return StrictFloatField(**_bounds(meta), **kwargs)
    if tp is str:
        return _text(meta, **kwargs)
    if dataclasses.is_dataclass(tp):
        return serializer_for_schema(tp, _nested_name(tp))(**kwargs)
    raise TypeError(f"an action schema cannot hold {tp!r}")


def _field(tp, meta: typing.Mapping, *, required: bool) -> serializers.Field:
    kwargs: dict = {"required": required, "help_text": meta.get("help_en") or None}
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in args:
        kwargs["allow_null"] = True
        (tp,) = [a for a in args if a is not type(None)]
    if typing.get_origin(tp) is list:
        (item,) = typing.get_args(tp)
        child = _scalar(item, {k: v for k, v in meta.items() if k not in ("min_items", "max_items")})
        return serializers.ListField(
            child=child, min_length=meta.get("min_items"), max_length=meta.get("max_items", 100), **kwargs
        )
    return _scalar(tp, meta, **kwargs)


@cache
def serializer_for_schema(schema: type, name: str = "") -> type[StrictSerializer]:
    hints = typing.get_type_hints(schema)
    attrs: dict = {}
    for f in dataclasses.fields(schema):
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        attrs[json_name(f)] = _field(hints[f.name], f.metadata, required=required)
    return type(
        name or f"{schema.__name__}Input",
        (StrictSerializer,),
        {"_declared": attrs, "get_fields": _get_fields},
    )


def _nested_name(schema: type) -> str:
    """A nested input's component name, prefixed by the package that defines it: two systems
    may each have a `DeclaredAction` of their own."""
    package = schema.__module__.split(".")[1] if schema.__module__.startswith("rules.") else ""
    return f"{_words(package)}{schema.__name__}Input"


def _get_fields(self):
    # Declared here rather than as class attributes so a JSON name may be a Python keyword ("with").
    return {name: field.__deepcopy__({}) for name, field in self._declared.items()}


def _component(slug: str, action_type: ActionType) -> str:
    words = "".join(part.capitalize() for part in re.split(r"[_\-]", action_type.name))
    return f"{slug.capitalize()}{words}Action"


@cache
def action_serializer(slug: str, action_type: ActionType) -> type[StrictSerializer]:
    """The whole request of one action type: `type`, `actor` when it needs one, its own fields."""
    own = serializer_for_schema(action_type.schema)
    declared = {"type": serializers.ChoiceField(choices=[action_type.name])}
    if action_type.needs_actor:
        declared["actor"] = IdField(help_text="The combatant who acts.")
    declared.update(own._declared)
    return type(
        _component(slug, action_type), (StrictSerializer,), {"_declared": declared, "get_fields": _get_fields}
    )


ACTION_COMPONENT = "Action"


@cache
@cache
def declared_serializer(slug: str, action_type: ActionType) -> type[StrictSerializer]:
    """One action type as declared ahead: the action without its `actor` (the declaration's)."""
    whole = action_serializer(slug, action_type)
    declared = {name: field for name, field in whole._declared.items() if name != "actor"}
    return type(
        whole.__name__.removesuffix("Action") + "Declared",
        (StrictSerializer,),
        {"_declared": declared, "get_fields": _get_fields},
    )


def declared_action_schema(slug: str, combat: DeclaringCombat) -> PolymorphicProxySerializer:
    """One of the system's declarable actions, joined by `type` (a declaration's `action`, a
    standing order's)."""
    return PolymorphicProxySerializer(
        component_name=f"{_words(slug)}DeclaredAction",
        serializers={name: declared_serializer(slug, t) for name, t in combat.declarable.items()},
        resource_type_field_name="type",
    )


def _declaration_serializer(slug: str, combat: DeclaringCombat) -> type[StrictSerializer]:
    """`{"type": "declare", "actor", "action"}` while declaring ahead, `action` being one of the
    system's declarable actions (what `combat.services` checks it against)."""
    declared = declared_action_schema(slug, combat)
    action = extend_schema_field(declared)(type("DeclaredActionField", (serializers.JSONField,), {}))
    fields = {
        "type": serializers.ChoiceField(choices=["declare"]),
        "actor": IdField(help_text="The combatant who declares."),
        "action": action(help_text="The declared action: its `type` and that type's own fields."),
    }
    return type(
        f"{_words(slug)}DeclareAction", (StrictSerializer,), {"_declared": fields, "get_fields": _get_fields}
    )


def _documented_action(slug: str, combat, name: str, action_type: ActionType):
    if isinstance(combat, DeclaringCombat) and action_type is combat.declare:
        return _declaration_serializer(slug, combat)
    return action_serializer(slug, action_type)


def action_schema() -> PolymorphicProxySerializer:
    """For OpenAPI: every system's actions, each system's joined by its `type`."""
    per_system = []
    for slug, system in systems.all_systems().items():
        combat = systems.for_encounters(system).combat
        per_system.append(
            PolymorphicProxySerializer(
                component_name=f"{slug.capitalize()}Action",
                serializers={
                    name: _documented_action(slug, combat, name, t) for name, t in combat.actions.items()
                },
                resource_type_field_name="type",
            )
        )
    return PolymorphicProxySerializer(
        component_name=ACTION_COMPONENT, serializers=per_system, resource_type_field_name=None
    )


def any_system_action(result, generator, request, public):
    """drf-spectacular postprocessing hook (settings.SPECTACULAR_SETTINGS): an action body is
    valid when it is one of *some* system's actions, and the encounter's system decides which.
    Several systems share action types (`declare_ahead_on`, `declare`, `start`…), so one body can
    match more than one system's schema: the join across systems is `anyOf`, not `oneOf`. Each
    system's own join stays `oneOf`, discriminated by `type`."""
    schemas = result.get("components", {}).get("schemas", {})
    joins = (ACTION_COMPONENT, "StandingOrderAction")  # the standing orders' (`combat.order_serializers`)
    for name in (name for join in joins for name in (join, f"{join}Request")):
        component = schemas.get(name)
        if component and "oneOf" in component:
            component["anyOf"] = component.pop("oneOf")
    return result


_QUERY_TYPES = {"int": int, "float": float, "bool": bool}
_ODDS_HELP = {
    "actor": "The acting combatant.",
    "target": "The target.",
    "type": "The action asked about (an attack when absent; MSH and Anima: also their defensive or counter actions).",
    "kind": "Epic20: melee, ranged, mental or emotional.",
    "with": 'The weapon, power or attack used ("unarmed" by default where the system has one).',
    "circumstances": "Epic20: circumstance slugs, comma-separated.",
    "maneuvers": "Epic20: declared maneuver slugs, comma-separated.",
    "element": "Epic20: the attack's element or energy (fuego, plasma…).",
}


def odds_parameters() -> list:
    """The odds endpoint's query parameters: the union of every system's (`odds_query`), each
    described with the systems that read it. An encounter refuses the ones its system does not."""
    from drf_spectacular.utils import OpenApiParameter

    from .systems import odds_query

    seen: dict[str, dict] = {}
    for slug in systems.all_systems():
        for name, (kind, many) in odds_query(slug).items():
            entry = seen.setdefault(name, {"kinds": set(), "many": many, "systems": []})
            entry["kinds"].add(kind)
            entry["systems"].append(systems.get(slug).name_en)
    parameters = []
    for name, entry in sorted(seen.items()):
        (kind,) = entry["kinds"] if len(entry["kinds"]) == 1 else ("text",)
        tp = _QUERY_TYPES.get(kind, str)
        help_text = (
            _ODDS_HELP.get(name) or f"A field of the action asked about ({', '.join(entry['systems'])})."
        )
        parameters.append(
            OpenApiParameter(
                name,
                {"type": "array", "items": {"type": _openapi_type(tp)}} if entry["many"] else tp,
                required=name in ("actor", "target"),
                description=help_text,
            )
        )
    return parameters


def _openapi_type(tp) -> str:
    return {int: "integer", float: "number", bool: "boolean"}.get(tp, "string")


def _words(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[_\-]", name))


def _choice_sets(serializer) -> typing.Iterator[tuple[str, list]]:
    for field_name, field in serializer._declared.items():
        child = getattr(field, "child", field)
        if isinstance(child, serializers.ChoiceField):
            yield field_name, list(child.choices)
        elif isinstance(child, StrictSerializer):
            yield from _choice_sets(child)


def action_enum_names() -> dict[str, list]:
    """`ENUM_NAME_OVERRIDES` (settings): a stable name for every choice set of the actions'
    schemas, so that no name depends on which other enum happens to share a field's name. An
    action's `type` is `<Type>ActionTypeEnum`; another set is named after the first action and
    field that use it (systems in registry order)."""
    names: dict[str, list] = {}
    seen: set[tuple] = set()
    for slug, system in systems.all_systems().items():
        for type_name, action_type in systems.for_encounters(system).combat.actions.items():
            own = serializer_for_schema(action_type.schema)
            sets = [(f"{_words(type_name)}ActionType", [type_name])]
            sets += [(_component(slug, action_type) + _words(f), c) for f, c in _choice_sets(own)]
            for name, choices in sets:
                if tuple(choices) not in seen:
                    seen.add(tuple(choices))
                    names[f"{name}Enum"] = choices
    return names

"""The odds' request checked against its action's schema's types before the rules see it, so
that a request of the wrong shape is a clear refusal with its field's path and never a crash.
An action is validated by the site against the same schema before the engine resolves it (the
engine trusts it); the odds asked before acting are not, so they pass here. Slugs (a `Literal`'s
values) and bounds are left to the rules, whose refusals name the rule broken."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping

from rules.core.errors import Refused

RULE = "Las Acciones"


def wire_name(field: dataclasses.Field) -> str:
    """The key of a field in a request (`with_` is `with`)."""
    return field.metadata.get("json_name", field.name)


def _options(hint) -> tuple:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return (hint,)


def _is_number(value, kind) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) if kind is int else isinstance(value, int | float)


def _fits(value, hint) -> bool:
    return any(_fits_option(value, option) for option in _options(hint))


def _fits_option(value, option) -> bool:
    """Whether `value` has the JSON shape of one type of a field's hint (a Literal's slugs are
    left to the rules)."""
    origin = typing.get_origin(option)
    if origin is typing.Literal:
        return isinstance(value, str)
    if origin is list:
        return isinstance(value, list) and _items_fit(value, option)
    if option is type(None):
        return value is None
    if option in (int, float):
        return _is_number(value, option)
    if option in (str, bool):
        return isinstance(value, option) and not (option is str and isinstance(value, bool))
    return False


def _items_fit(values: list, hint) -> bool:
    (item,) = typing.get_args(hint)
    return all(_is_number(v, int) if item is int else isinstance(v, item) for v in values)


def _refuse(code: str, name: str, es: str, en: str):
    raise Refused(code, RULE, es, en, path=f"/{name}")


def checked(schema: type, action: Mapping) -> dict:
    """The action with its schema's keys checked (type, required); other keys pass through."""
    hints = typing.get_type_hints(schema)
    out = dict(action)
    for field in dataclasses.fields(schema):
        name = wire_name(field)
        if name not in action and field.name in action:
            out[name] = action[field.name]
        if name not in out:
            if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                _refuse("input.required", name, f"Falta «{name}».", f"'{name}' is missing.")
            continue
        value = out[name]
        if not _fits(value, hints[field.name]):
            _refuse(
                "input.bad_type",
                name,
                f"«{name}» no tiene la forma esperada.",
                f"'{name}' has the wrong shape.",
            )
    return out

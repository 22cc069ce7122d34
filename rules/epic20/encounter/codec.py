"""Turn the engine's frozen dataclasses into JSON and back, guided by their type hints.

The engine (`rules.epic20.resolution`) works on frozen dataclasses holding Fractions,
frozensets and read-only mappings; the encounter stores plain JSON. Encoding is lossless:
Fractions become strings ("1/2"), sets sorted lists, tuples lists; decoding reads each field's
annotation to rebuild the exact types. Unknown keys are ignored and missing ones take the
dataclass default, so states stored by an older engine still load.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


def encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, set | frozenset):
        return sorted((encode(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): encode(v) for k, v in value.items()}
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _identity(data: Any) -> Any:
    return data


def _none_or(convert: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda data: None if data is None else convert(data)


def _union_decoder(args: tuple) -> Callable[[Any], Any]:
    options = [a for a in args if a is not type(None)]
    if len(options) == 1:
        return _none_or(_decoder(options[0]))
    return _identity  # several types: the JSON value is kept as it is


def _set_decoder(args: tuple) -> Callable[[Any], Any]:
    item = _decoder(args[0]) if args else _identity
    return _none_or(lambda data: frozenset(item(v) for v in data))


def _tuple_decoder(args: tuple) -> Callable[[Any], Any]:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])
        return _none_or(lambda data: tuple(item(v) for v in data))
    if args:
        items = tuple(_decoder(a) for a in args)
        return _none_or(lambda data: tuple(f(v) for f, v in zip(items, data, strict=False)))
    return _none_or(tuple)


def _list_decoder(args: tuple) -> Callable[[Any], Any]:
    item = _decoder(args[0]) if args else _identity
    return _none_or(lambda data: [item(v) for v in data])


def _mapping_decoder(args: tuple) -> Callable[[Any], Any]:
    if len(args) == 2:
        key, value = _decoder(args[0]), _decoder(args[1])
        return _none_or(lambda data: {key(k): value(v) for k, v in data.items()})
    return _none_or(dict)


# The decoder of a generic type by its origin, built from the decoders of its type arguments.
_BY_ORIGIN: dict[Any, Callable[[tuple], Callable[[Any], Any]]] = {
    typing.Union: _union_decoder,
    types.UnionType: _union_decoder,
    frozenset: _set_decoder,
    set: _set_decoder,
    tuple: _tuple_decoder,
    list: _list_decoder,
    dict: _mapping_decoder,
    Mapping: _mapping_decoder,
    typing.Mapping: _mapping_decoder,
}


def _scalar_decoder(tp: Any) -> Callable[[Any], Any]:
    if tp is int:
        return _none_or(lambda data: data if isinstance(data, bool) else int(data))
    if tp in (str, float, bool):
        return _none_or(tp)
    return _identity


@cache
def _decoder(tp: Any) -> Callable[[Any], Any]:
    """The function that rebuilds a value of type `tp`, worked out from the type once: every
    action decodes the whole fight, so walking the type hints per value would cost more than
    the values themselves."""
    if tp is Fraction:
        return _none_or(lambda data: Fraction(str(data)))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    by_origin = _BY_ORIGIN.get(typing.get_origin(tp))
    if by_origin is not None:
        return by_origin(typing.get_args(tp))
    return _scalar_decoder(tp)


def _dataclass_decoder(cls: type) -> Callable[[Any], Any]:
    fields: dict[str, Callable[[Any], Any]] = {}

    def decode_one(data: Mapping) -> Any:
        if not fields:  # on first use: a dataclass may name itself in its own hints
            hints = _hints(cls)
            fields.update({f.name: _decoder(hints[f.name]) for f in dataclasses.fields(cls) if f.init})
        return cls(**{name: fields[name](value) for name, value in data.items() if name in fields})

    return _none_or(decode_one)


def decode(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from `encode`'s output."""
    return _decoder(tp)(data)


def decode_dataclass(cls: type[T], data: Mapping) -> T:
    return _decoder(cls)(data)

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
from collections.abc import Mapping
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


def decode(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from `encode`'s output."""
    if data is None:
        return None
    if tp is Fraction:
        return Fraction(str(data))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return decode_dataclass(tp, data)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            return decode(options[0], data)
        for option in options:
            if isinstance(option, type) and isinstance(data, option):
                return data
        return data
    if origin in (frozenset, set):
        return frozenset(decode(args[0], v) for v in data) if args else frozenset(data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v) for v in data)
        if args:
            return tuple(decode(a, v) for a, v in zip(args, data, strict=False))
        return tuple(data)
    if origin is list:
        return [decode(args[0], v) for v in data] if args else list(data)
    if origin in (dict, Mapping, typing.Mapping):
        if len(args) == 2:
            return {decode(args[0], k): decode(args[1], v) for k, v in data.items()}
        return dict(data)
    if tp is int and isinstance(data, bool):
        return data
    if tp in (int, str, float, bool):
        return tp(data)
    return data


def decode_dataclass(cls: type[T], data: Mapping) -> T:
    hints = _hints(cls)
    known = {f.name for f in dataclasses.fields(cls) if f.init}
    kwargs = {name: decode(hints[name], value) for name, value in data.items() if name in known}
    return cls(**kwargs)

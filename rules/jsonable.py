"""Plain JSON out of the engine's frozen dataclasses, and the JSON Schema that describes it.

Pure Python, shared by every system: the API glue serialises any catalogue entry (present or
added later, such as archetypes) without a hand-written serializer per shape.
- `Fraction` → int when whole, else float (docs/api.md: "½, 1½ are JSON numbers 0.5, 1.5");
- enums → their value; tuples, lists, sets → lists; dataclasses → objects with every field.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from fractions import Fraction
from typing import Any


def to_jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):  # before str: StrEnum members are strings too
        return to_jsonable(value.value)
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, tuple | list):
        return [to_jsonable(item) for item in value]
    if isinstance(value, set | frozenset):
        return sorted(to_jsonable(item) for item in value)
    if isinstance(value, dict):
        return {str(key): to_jsonable(item) for key, item in value.items()}
    raise TypeError(f"{type(value).__name__} is not JSON-serialisable: {value!r}")


def json_schema(tp: Any) -> dict:
    """The OpenAPI 3.0 schema of what `to_jsonable` makes of a value of type `tp`."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        schema = (
            json_schema(members[0]) if len(members) == 1 else {"oneOf": [json_schema(a) for a in members]}
        )
        if len(members) < len(args):
            schema = {**schema, "nullable": True}
            if "enum" in schema:  # OpenAPI 3.0: a nullable enum must list null itself
                schema["enum"] = [*schema["enum"], None]
        return schema
    if origin is tuple and args and args[-1] is not Ellipsis and len(set(args)) > 1:
        # A fixed-length tuple of mixed types, e.g. tuple[str, Any]: an array of any items.
        return {"type": "array", "items": {}, "minItems": len(args), "maxItems": len(args)}
    if origin in (tuple, list, set, frozenset):
        return {"type": "array", "items": json_schema(args[0]) if args else {}}
    if origin is dict:
        return {"type": "object", "additionalProperties": json_schema(args[1]) if args else {}}
    if tp in (tuple, list, set, frozenset):
        return {"type": "array", "items": {}}
    if isinstance(tp, type):
        if dataclasses.is_dataclass(tp):
            return _dataclass_schema(tp)
        if issubclass(tp, Enum):
            return {"type": "string", "enum": [to_jsonable(member) for member in tp]}
        if issubclass(tp, bool):
            return {"type": "boolean"}
        if issubclass(tp, int):
            return {"type": "integer"}
        if issubclass(tp, float | Fraction):
            return {"type": "number"}
        if issubclass(tp, str):
            return {"type": "string"}
    return {}


def _dataclass_schema(cls: type) -> dict:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    return {
        "type": "object",
        "title": cls.__name__,
        "properties": {f.name: json_schema(hints[f.name]) for f in fields},
        # Every field is always present in the output, defaults included.
        "required": [f.name for f in fields],
    }

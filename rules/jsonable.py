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
        return _union_schema(args)
    container = _container_schema(tp, origin, args)
    if container is not None:
        return container
    if isinstance(tp, type):
        return _class_schema(tp)
    return {}


def _union_schema(args: tuple) -> dict:
    """One member's schema, or `oneOf` its members'; nullable when `None` is one of them."""
    members = [a for a in args if a is not type(None)]
    schema = json_schema(members[0]) if len(members) == 1 else {"oneOf": [json_schema(a) for a in members]}
    if len(members) == len(args):
        return schema
    schema = {**schema, "nullable": True}
    if "enum" in schema:  # OpenAPI 3.0: a nullable enum must list null itself
        schema["enum"] = [*schema["enum"], None]
    return schema


def _container_schema(tp: Any, origin: Any, args: tuple) -> dict | None:
    """The schema of a tuple, list, set or dict type (bare or parametrised), else None."""
    if origin is tuple and args and args[-1] is not Ellipsis and len(set(args)) > 1:
        # A fixed-length tuple of mixed types, e.g. tuple[str, Any]: an array of any items.
        return {"type": "array", "items": {}, "minItems": len(args), "maxItems": len(args)}
    if origin in (tuple, list, set, frozenset):
        return {"type": "array", "items": json_schema(args[0]) if args else {}}
    if origin is dict:
        return {"type": "object", "additionalProperties": json_schema(args[1]) if args else {}}
    if tp in (tuple, list, set, frozenset):
        return {"type": "array", "items": {}}
    return None


# JSON types of the scalar classes, in the order they are tried (bool before int: it is one).
_SCALAR_TYPES = ((bool, "boolean"), (int, "integer"), (float | Fraction, "number"), (str, "string"))


def _class_schema(cls: type) -> dict:
    """The schema of a dataclass, an enum or a scalar class; `{}` (any value) for another class."""
    if dataclasses.is_dataclass(cls):
        return _dataclass_schema(cls)
    if issubclass(cls, Enum):
        return {"type": "string", "enum": [to_jsonable(member) for member in cls]}
    for base, json_type in _SCALAR_TYPES:
        if issubclass(cls, base):
            return {"type": json_type}
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


def _or_null(schema: dict) -> dict:
    if "enum" in schema and None not in schema["enum"]:
        return {**schema, "nullable": True, "enum": [*schema["enum"], None]}
    return {**schema, "nullable": True}


def _members(schema: dict) -> list[dict]:
    return list(schema["anyOf"]) if "anyOf" in schema else [schema]


def _same_kind(a: dict, b: dict) -> dict | None:
    """`a` and `b` as one schema when they are of one JSON type (or integer and number)."""
    kinds = {a.get("type"), b.get("type")}
    nullable = {"nullable": True} if a.get("nullable") or b.get("nullable") else {}
    if kinds == {"object"}:
        return _merged_objects(a, b, nullable)
    if kinds == {"array"}:
        return _merged_arrays(a, b, nullable)
    if _one_scalar_kind(a, b, kinds):
        return {"type": "number" if "number" in kinds else kinds.pop(), **nullable}
    return None


def _merged_objects(a: dict, b: dict, nullable: dict) -> dict:
    """Every key either object has (merged where both have it), required where both require it."""
    keys = {**a.get("properties", {}), **b.get("properties", {})}
    properties = {
        k: merge_schemas(a["properties"][k], b["properties"][k])
        if k in a.get("properties", {}) and k in b.get("properties", {})
        else keys[k]
        for k in keys
    }
    required = [k for k in a.get("required", []) if k in b.get("required", [])]
    return {"type": "object", "properties": properties, "required": required, **nullable}


def _merged_arrays(a: dict, b: dict, nullable: dict) -> dict:
    """Arrays whose items are merged; an empty list takes the other's items."""
    if a["items"] is None or b["items"] is None:  # an empty list takes the other's items
        return {"type": "array", "items": a["items"] or b["items"], **nullable}
    return {"type": "array", "items": merge_schemas(a["items"], b["items"]), **nullable}


def _one_scalar_kind(a: dict, b: dict, kinds: set) -> bool:
    """Integer and number (a number), or one scalar type neither schema lists values of."""
    return kinds <= {"integer", "number"} or (
        len(kinds) == 1 and None not in kinds and "enum" not in a and "enum" not in b
    )


def merge_schemas(a: dict, b: dict) -> dict:
    """One schema for values described by `a` or by `b`: of one JSON type, merged (an object has
    every key either has, required where both require it); else `anyOf`, one member per type."""
    if a == b:
        return a
    null = {"nullable": True, "enum": [None]}
    if a == null:
        return _or_null(b)
    if b == null:
        return _or_null(a)
    members = _members(a)
    for extra in _members(b):
        for i, member in enumerate(members):
            joined = _same_kind(member, extra)
            if joined is not None:
                members[i] = joined
                break
        else:
            members.append(extra)
    return members[0] if len(members) == 1 else {"anyOf": members}


def _settled(schema):
    """Lists empty wherever they appear hold text; a value of several shapes that are not all
    scalars is left open (`{}`), described as such: a generated client cannot type a union of
    lists or objects."""
    if isinstance(schema, dict):
        if schema.get("type") == "array" and schema.get("items") is None:
            return {**schema, "items": {"type": "string"}}
        members = schema.get("anyOf")
        if members and any(m.get("type") in ("array", "object") for m in members):
            return {"description": "One of several shapes (the field it names decides)."}
        return {k: _settled(v) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_settled(v) for v in schema]
    return schema


def schema_of(value: Any) -> dict:
    """`schema_of_value` settled: what the API documents for frozen data."""
    return _settled(schema_of_value(value))


def schema_of_value(value: Any) -> dict:
    """The OpenAPI 3.0 schema of one JSON value exactly as it is (frozen data such as a
    catalogue): every key of every object, required where every object of a list has it."""
    if value is None:  # null wherever this key appears: so it is described (no other value yet)
        return {"nullable": True, "enum": [None]}
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, float):
        return {"type": "number"}
    if isinstance(value, str):
        return {"type": "string"}
    if isinstance(value, list):
        items: dict | None = None
        for item in value:
            one = schema_of_value(item)
            items = one if items is None else merge_schemas(items, one)
        return {"type": "array", "items": items}
    if isinstance(value, dict):
        return {
            "type": "object",
            "properties": {str(k): schema_of_value(v) for k, v in value.items()},
            "required": [str(k) for k in value],
        }
    raise TypeError(f"not JSON: {value!r}")

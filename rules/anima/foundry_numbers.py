"""Numbers of a Foundry Anima actor: each is `{"base": {"value"}, "final": {"value"}}` (or a plain
`{"value"}`). `final` is what the actor's sheet shows once prepared; an export of an actor never
prepared leaves it 0 beside a real base, so a number is its final, else its base."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def value(node: Any, default: int | None = 0) -> int | None:
    """`final`, else `base`, of a Foundry number node (`{"base": {"value"}, "final": {"value"}}`
    or `{"value"}`); whole numbers only (a fractional or absurd one is the default)."""
    if not isinstance(node, Mapping):
        return default
    final = _int(_at(node, "final", "value"))
    base = _int(_at(node, "base", "value"))
    plain = _int(node.get("value"))
    for candidate in (final if final else None, base, final, plain):
        if candidate is not None:
            return candidate
    return default


def _int(raw: Any) -> int | None:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or raw != raw or abs(raw) > 10**6:
        return None
    return int(raw) if float(raw).is_integer() else None


def _at(data: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, Mapping):
            return None
        data = data.get(key)
    return data

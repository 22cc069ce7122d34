"""How every system's character pages write numbers (½ steps, signed bonuses) and the slot where
a field's errors appear. This module names no system."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from django.utils.html import format_html, format_html_join


def half(value: Any) -> str:
    """Numbers as players write them: 0.5 → "½", 1.5 → "1½", 2 → "2"."""
    if isinstance(value, Decimal):
        value = float(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "—" if value is None else str(value)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == 0.5:
        return "½" if whole == 0 else f"{int(whole)}½"
    return f"{value:g}"


def signed(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "—"
    return f"{int(value):+d}"


def error_slot_html(slot_id: str, messages) -> str:
    """Where the errors about one field or row appear (`err-<slot>`), empty when there are none."""
    return format_html(
        '<div id="err-{}" class="field-errors">{}</div>',
        slot_id,
        format_html_join(
            "", '<div class="invalid-feedback d-block">{}</div>', ((m,) for m in messages or ())
        ),
    )


ROW_PATH = re.compile(r"^/(?P<section>[a-z_]+)/(?P<index>\d{1,3})(?:/|$)")


def row_named(message: str, path: str, row_names: Mapping[str, Callable[[int], str]]) -> str:
    """A problem of one row of a list, as the rule check lists it, says which row: "Poder 2:
    Falta el nombre." (`row_names`: a list's section → its row's name from its number, 1 up).
    Beside the row itself the message needs no such name."""
    match = ROW_PATH.match(path or "")
    name_of = row_names.get(match["section"]) if match else None
    return f"{name_of(int(match['index']) + 1)}: {message}" if name_of else message

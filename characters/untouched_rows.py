"""A row just added to a builder and not yet written in stays quiet: its problems (a missing
name, missing numbers) are not shown beside it nor listed in the rule check until the player
types in it or saves. A save, and every check after a refused save, shows them all. This module
names no system: each one says which of its rows still hold what "Añadir" put in them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .page_format import ROW_PATH


def untouched(rows: Mapping[str, list[dict]], new_rows: Mapping[str, dict]) -> set[tuple[str, int]]:
    """The rows (section, index) that still hold exactly what "Añadir" drew (`new_rows`: each
    section's new row, as the form holds it)."""
    return {
        (section, index)
        for section, blank in new_rows.items()
        for index, row in enumerate(rows.get(section) or ())
        if row == blank
    }


def in_rows(path: str, rows: set[tuple[str, int]]) -> bool:
    """Whether a problem's JSON pointer is about one of `rows` or a field of one."""
    match = ROW_PATH.match(path or "")
    return bool(match) and (match["section"], int(match["index"])) in rows


def quiet(problems: Iterable[dict], rows: set[tuple[str, int]], *, saving: bool) -> tuple[list[dict], int]:
    """The problems to show, and how many were held back because they are about untouched rows
    (none while saving or after a refused save)."""
    problems = list(problems)
    if saving or not rows:
        return problems, 0
    shown = [p for p in problems if not in_rows(p.get("path", ""), rows)]
    return shown, len(problems) - len(shown)

"""Per-system presentation on the encounter pages: `combat/systems/<slug>.py` and
`templates/combat/<slug>/`. A system without a module of its own gets `generic`, which draws
one form per action type from its input schema, so every registered system can be played."""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType


@cache
def presentation(slug: str) -> ModuleType:
    try:
        return importlib.import_module(f"combat.systems.{slug}")
    except ModuleNotFoundError as exc:
        if exc.name != f"combat.systems.{slug}":
            raise
        return importlib.import_module("combat.systems.generic")


@cache  # read on every odds request; the action schemas never change in a running process
def odds_query(slug: str) -> dict[str, tuple[str, bool]]:
    """The query parameters `GET /encounters/{id}/odds/` takes in a system's encounter:
    name → (kind, many), kind being "int", "float", "bool", "text" or "choice". A presentation
    with a parser of its own says so in `ODDS_QUERY`; otherwise the query is the fields of the
    action types it gives odds for (`ODDS_TYPES`, an attack by default), as its forms are."""
    show = presentation(slug)
    if hasattr(show, "ODDS_QUERY"):
        return dict(show.ODDS_QUERY)
    from rules import systems

    from .generic import fields_of

    actions = systems.get(slug).combat.actions
    query = {"type": ("choice", False), "actor": ("int", False)}
    for name in getattr(show, "ODDS_TYPES", ("attack",)):
        if name in actions:
            query.update({f["name"]: (f["kind"], f["many"]) for f in fields_of(actions[name])})
    return query

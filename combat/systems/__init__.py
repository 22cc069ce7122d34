"""Per-system presentation on the encounter pages: `combat/systems/<slug>.py` (each defines its
`combat.presentation.Presentation`, which the system's registration names) and
`templates/combat/<slug>/`. A system without a module of
its own gets `generic`, which draws one form per action type from its input schema, so every
registered system can be played. Found through `combat.presentation.presentation_for`."""

from __future__ import annotations

from functools import cache


@cache  # read on every odds request; the action schemas never change in a running process
def odds_query(slug: str) -> dict[str, tuple[str, bool]]:
    """The query parameters `GET /encounters/{id}/odds/` takes in a system's encounter:
    name → (kind, many), kind being "int", "float", "bool", "text" or "choice". A presentation
    with a parser of its own says so in `odds_query`; otherwise the query is the fields of the
    action types it gives odds for (`odds_types`, an attack by default), as its forms are."""
    from rules import systems

    from ..presentation import presentation_for
    from .generic import fields_of

    show = presentation_for(slug)
    if show.odds_query is not None:
        return dict(show.odds_query)
    actions = systems.get(slug).combat.actions
    query = {"type": ("choice", False), "actor": ("int", False)}
    for name in show.odds_types:
        if name in actions:
            query.update({f["name"]: (f["kind"], f["many"]) for f in fields_of(actions[name])})
    return query

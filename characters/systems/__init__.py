"""Per-system character pages: `characters/systems/<slug>.py` (the builder's form and contexts)
beside `templates/characters/<slug>/` (builder.html, sheet.html). The system's registration names
them in a `characters.system_pages.CharacterPages`, which declares every part and its default;
`pages_for` is the one place they are found."""

from __future__ import annotations

from rules.registration import registration

from ..system_pages import CharacterPages


def pages_for(slug: str | None) -> CharacterPages | None:
    """The character pages of system `slug`, or None when it has none (or no such system)."""
    found = registration(slug)
    return found.pages if found is not None else None

"""Per-system character pages: `characters/systems/<slug>.py` (the builder's form and contexts)
beside `templates/characters/<slug>/` (builder.html, sheet.html). A system brings both and edits
no view. Each module offers:

- `form_blank()`, `form_from_sheet(sheet)`, `form_from_post(post)`: the builder's form object,
  which has `apply(op)` (an add/remove button) and `sheet()` (the sheet it describes);
- `builder_context(request, form, character, *, campaign, saving=False, live=False)`;
- `sheet_context(request, character)`;
- `AWARDS_SECTION`: the id of the sheet page's award form for the campaign's GM, or None when the
  sheet has none (the campaign page links the GM there);
- optionally `archetype_name(slug, lang)`: the archetype "Mis personajes" names for a sheet whose
  summary (`sheet_summary`) has one;
- optionally `rule_texts(kind, lang)`: `{"title", "texts": {slug: {"name", "text"}}}` for a kind
  of catalogue entry (None for a kind it does not have), served one text at a time at
  `characters:rule_text` so a builder loads a text only when the player opens it.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def pages_for(slug: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"characters.systems.{slug}")
    except ModuleNotFoundError as exc:
        if exc.name != f"characters.systems.{slug}":
            raise
        return None

"""What a game system brings to the character pages: its builder and its sheet, named in one
typed object its registration holds (`rules.registration.SystemRegistration.pages`), with every
optional part declared here with its default.

The builder's form object (`form_blank()`, `form_from_sheet(sheet)`, `form_from_post(post)`) has
`apply(op)` (an add/remove button) and `sheet()` (the sheet it describes); `builder_context` and
`sheet_context` answer what the system's templates (`builder_template`, `sheet_template`) read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class BuilderForm(Protocol):
    """A builder's form: the sheet being built, as the page's fields describe it."""

    def apply(self, op: str) -> None:
        """An add/remove button of the page, applied to the form."""
        ...

    def sheet(self) -> Mapping[str, Any]:
        """The sheet the form describes."""
        ...


class BuilderContext(Protocol):
    def __call__(
        self, request, form: Any, character, *, campaign: str, saving: bool = False, live: bool = False
    ) -> dict: ...


def no_archetype(slug: str | None, lang: str) -> str:
    """A system whose sheets name no archetype: the lists name none."""
    return ""


@dataclass(frozen=True, kw_only=True)
class CharacterPages:
    """A system's builder and sheet pages."""

    builder_template: str
    sheet_template: str
    form_blank: Callable[[], BuilderForm]
    form_from_sheet: Callable[[Mapping[str, Any]], BuilderForm]
    form_from_post: Callable[[Any], BuilderForm]
    # `(request, form, character, *, campaign, saving=False, live=False)`: the builder's context.
    builder_context: BuilderContext
    # `(request, character)`: the sheet page's context.
    sheet_context: Callable[[Any, Any], dict]
    # --- Optional, with their defaults ---
    # The id of the sheet page's award form for the campaign's GM (the campaign page links the
    # GM there); None: the sheet has none.
    awards_section: str | None = None
    # The archetype "Mis personajes" names for a sheet whose summary (`sheet_summary`) has one.
    archetype_name: Callable[[str | None, str], str] = no_archetype

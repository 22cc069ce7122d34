"""What a game system brings to the character pages: its builder and its sheet, named in one
typed object its registration holds (`rules.registration.SystemRegistration.pages`), with every
optional part declared here with its default.

The builder's form object (`form_blank()`, `form_from_sheet(sheet)`, `form_from_post(post)`) has
`apply(op)` (an add/remove button) and `sheet()` (the sheet it describes). `builder_view` and
`sheet_view` answer typed views (`BuilderView`, `SheetView`): what the shared parts of the pages
read (`templates/characters/_parts/`), and under `own` what only the system's templates read.
The page around them (the form, the character, where the form posts, the campaign choice, who
may do what) is the same for every system and is added here (`builder_page`, `sheet_page`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.urls import reverse

from .access import can_delete_character, can_edit_character, is_character_gm
from .forms import campaign_choices


class BuilderForm(Protocol):
    """A builder's form: the sheet being built, as the page's fields describe it."""

    fields: Mapping[str, Any]  # the page's fields by name, as posted or drawn

    def apply(self, op: str) -> None:
        """An add/remove button of the page, applied to the form."""
        ...

    def sheet(self) -> Mapping[str, Any]:
        """The sheet the form describes."""
        ...


@dataclass(frozen=True, kw_only=True)
class BuilderView:
    """A builder as its system checked it: whether the sheet is legal, its problems (each with
    the `slot` of the page where it shows), the messages by slot, its warnings and how many
    problems it holds back because they are about rows nobody touched yet."""

    valid: bool
    errors: Sequence[Mapping[str, Any]]
    slots: Mapping[str, Sequence[str]]
    warnings: Sequence[Mapping[str, Any]] = ()
    rows_held: int = 0
    # What only the system's own template reads (its rows, tables, choices…).
    own: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class SheetView:
    """A sheet page as its system draws it: the rule check as the page shows it (`report`, with
    its `errors`, which the GM's waiver form offers), and what only its template reads."""

    report: Mapping[str, Any]
    own: Mapping[str, Any] = field(default_factory=dict)


class BuilderViewFor(Protocol):
    def __call__(
        self, request, form: Any, character, *, saving: bool = False, live: bool = False
    ) -> BuilderView: ...


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
    # `(request, form, character, *, saving=False, live=False)`: the builder as checked.
    builder_view: BuilderViewFor
    # `(request, character)`: the sheet page as its system draws it.
    sheet_view: Callable[[Any, Any], SheetView]
    # --- Optional, with their defaults ---
    # The id of the sheet page's award form for the campaign's GM (the campaign page links the
    # GM there); None: the sheet has none.
    awards_section: str | None = None
    # The archetype "Mis personajes" names for a sheet whose summary (`sheet_summary`) has one.
    archetype_name: Callable[[str | None, str], str] = no_archetype


def builder_page(
    request,
    pages: CharacterPages,
    form: Any,
    character,
    *,
    campaign: str = "",
    saving: bool = False,
    live: bool = False,
) -> dict:
    """The builder's template context: the system's view, and the page around it. `saving`: after
    a refused save every problem shows; `live`: a check while typing (the rule texts stay)."""
    view = pages.builder_view(request, form, character, saving=saving, live=live)
    action = reverse("characters:edit", args=[character.pk]) if character else reverse("characters:new")
    return {
        **view.own,
        "valid": view.valid,
        "errors": view.errors,
        "slots": view.slots,
        "warnings": view.warnings,
        "rows_held": view.rows_held,
        "form": form,
        "fields": form.fields,
        "character": character,
        "action": action,
        "saving": saving,
        "live": live,
        "campaign": campaign,
        # Only the whole page shows it: a callable, so a live check never runs the query.
        "campaign_choices": (
            (lambda: campaign_choices(request.user, system=form.sheet().get("system")))
            if character is None
            else []
        ),
    }


def sheet_page(request, pages: CharacterPages, character) -> dict:
    """The sheet's template context: the system's view, and who may do what with the sheet."""
    view = pages.sheet_view(request, character)
    return {
        **view.own,
        "report": view.report,
        "character": character,
        "is_owner": character.owner_id == request.user.pk,
        "is_gm": is_character_gm(request.user, character),
        "can_edit": can_edit_character(request.user, character),
        "can_delete": can_delete_character(request.user, character),
    }

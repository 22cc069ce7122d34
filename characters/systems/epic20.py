"""Epic20's builder and sheet pages: the point-budget builder (`epic20_form`, drawn by
`epic20_display` from `epic20_catalogue`, `epic20_availability` and `epic20_panels`) with its live
check, and the sheet with its derived numbers (`epic20_sheet`)."""

from __future__ import annotations

from ..system_pages import BuilderView, SheetView
from . import epic20_catalogue, epic20_display, epic20_sheet
from .epic20_form import BuilderForm

# Where the sheet page holds the GM's award form: the campaign page links the GM there.
AWARDS_SECTION = "gm-awards"


def form_blank() -> BuilderForm:
    return BuilderForm.blank()


def form_from_sheet(sheet) -> BuilderForm:
    return BuilderForm.from_sheet(sheet)


def form_from_post(post) -> BuilderForm:
    return BuilderForm.from_post(post)


def builder_view(request, form, character, *, saving=False, live=False) -> BuilderView:
    return epic20_display.builder_view(request, form, character, saving=saving, live=live)


def sheet_view(request, character) -> SheetView:
    return epic20_sheet.sheet_view(request, character)


def archetype_name(slug: str | None, lang: str) -> str:
    return epic20_catalogue.archetype_name(slug, lang)


def rule_texts(kind: str, lang: str) -> dict | None:
    return epic20_catalogue.rule_texts(kind, lang)

"""Epic20's builder and sheet pages: the point-budget builder (`characters.builder`) with its live
check, and the sheet with its derived numbers."""

from __future__ import annotations

from .. import display, sheet_display
from ..builder import BuilderForm

# Where the sheet page holds the GM's award form: the campaign page links the GM there.
AWARDS_SECTION = "gm-awards"


def form_blank() -> BuilderForm:
    return BuilderForm.blank()


def form_from_sheet(sheet) -> BuilderForm:
    return BuilderForm.from_sheet(sheet)


def form_from_post(post) -> BuilderForm:
    return BuilderForm.from_post(post)


def builder_context(request, form, character, *, campaign, saving=False, live=False) -> dict:
    return display.builder_context(request, form, character, campaign=campaign, saving=saving, live=live)


def sheet_context(request, character) -> dict:
    return sheet_display.sheet_context(request, character)

"""Bringing a character in from a file (docs/api.md "Bring your characters"): the services the
API and the builder's "Importar una ficha" page both call.

A file is read by its system's importer (`characters.importers`), the sheet it makes is checked
like any submitted sheet, and only then stored (or, for a dry run, only shown). A file that cannot
be read is a `CharacterError` (400) and nothing is created."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.utils.translation import gettext as _

from epic20site.errors import DomainError
from rules.core.imports import ImportedSheet, ImportRefused, ImportReport

__all__ = ["ImportReport", "ImportResult", "ImportedSheet"]

from . import services
from .importers import import_formats

if TYPE_CHECKING:
    from campaigns.models import Campaign

    from .models import Character

log = logging.getLogger(__name__)
# An importer's own mistake on a strange file must still answer 400, never 500.
_PARSER_SLIPS = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, OverflowError)


@dataclass(frozen=True)
class ImportResult:
    imported: ImportedSheet
    report: Any  # the engine's sheet report (valid, errors, derived…)
    character: Character | None = None


def import_file_read(*, file_format: str, raw: bytes) -> ImportedSheet:
    """The sheet and report a file makes, or `CharacterError` (the format unknown, the file bad)."""
    entry = import_formats().get(file_format)
    if entry is None:
        known = ", ".join(sorted(import_formats()))
        raise services.CharacterError(
            "import.unknown_format",
            _("Formato desconocido: usa uno de %(known)s.") % {"known": known},
            path="/format",
        )
    if len(raw) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        raise RequestDataTooBig("file")
    if not raw:
        raise services.CharacterError("import.empty", _("El archivo está vacío."), path="/file")
    try:
        return entry.parse(raw)
    except ImportRefused as exc:
        raise DomainError.from_refused(exc, path_prefix="/file") from None
    except _PARSER_SLIPS:
        log.warning("import of a %s file slipped", file_format, exc_info=True)
        raise services.CharacterError(
            "import.unreadable",
            _("No se pudo leer el archivo como %(format)s.") % {"format": file_format},
            path="/file",
        ) from None


def import_file_check(*, file_format: str, raw: bytes, system: str | None = None) -> ImportResult:
    """Read the file and check its sheet; nothing is stored (the dry run and the page's preview).
    `system`: the builder it was sent from; a file of another system's format is refused."""
    imported = import_file_read(file_format=file_format, raw=raw)
    if system is not None and imported.sheet.get("system") != system:
        raise services.CharacterError(
            "import.wrong_system", _("Ese formato no es de este sistema de juego."), path="/format"
        )
    sheet = dict(imported.sheet)
    report = services.sheet_system(sheet).check_sheet(sheet)
    return ImportResult(imported, report)


def character_import(
    *, owner, file_format: str, raw: bytes, campaign: Campaign | None = None, system: str | None = None
) -> ImportResult:
    """Read, check and store: the character made from the file (400 when its sheet breaks a rule)."""
    checked = import_file_check(file_format=file_format, raw=raw, system=system)
    character = services.character_create(owner=owner, sheet=dict(checked.imported.sheet), campaign=campaign)
    return ImportResult(checked.imported, checked.report, character)


def site_report(sheet: Any) -> ImportReport:
    """The report of a sheet of this site's own format: every key it carries is taken as it is."""
    report = ImportReport("epic20site")
    for key in sheet if isinstance(sheet, dict) else ():
        if key != "campaign":
            report.took(str(key))
    return report

"""Where the site finds each system's importers: the one place (docs/api.md "Bring your
characters"). Each system that reads files of other tools names them in its registration
(`SystemRegistration.import_formats`, format → parse), as `combat/registrations/<slug>.py` does
with its `rules/<slug>/imports.py`."""

from __future__ import annotations

from dataclasses import dataclass

from rules import registration
from rules.core.imports import Importer

# The format of the JSON body: an exported sheet of this site (any system).
SITE_FORMAT = "epic20site"


@dataclass(frozen=True)
class Format:
    slug: str
    system: str
    parse: Importer


def import_formats() -> dict[str, Format]:
    """`{format: Format}` over every registered system, in the systems' order."""
    return {
        name: Format(name, slug, parse)
        for slug, found in registration.registrations().items()
        for name, parse in found.import_formats.items()
    }


def formats_for(system: str) -> list[str]:
    """The file formats a system's builder offers to import."""
    return [f.slug for f in import_formats().values() if f.system == system]

"""Where the site finds each system's importers: the one place (docs/api.md "Bring your
characters"). Each system that reads files of other tools keeps `IMPORT_FORMATS = {format:
parse}` in its `rules/<slug>/imports.py`; when the systems declare `import_formats` on their own
registration, this function reads that instead and nothing else changes."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache

from rules import systems
from rules.core.imports import Importer

# The format of the JSON body: an exported sheet of this site (any system).
SITE_FORMAT = "epic20site"


@dataclass(frozen=True)
class Format:
    slug: str
    system: str
    parse: Importer


@cache
def import_formats() -> dict[str, Format]:
    """`{format: Format}` over every registered system, in the systems' order."""
    found: dict[str, Format] = {}
    for slug in systems.all_systems():
        try:
            module = importlib.import_module(f"rules.{slug}.imports")
        except ModuleNotFoundError:
            continue  # a system that imports no other tool's files
        for name, parse in module.IMPORT_FORMATS.items():
            found[name] = Format(name, slug, parse)
    return found


def formats_for(system: str) -> list[str]:
    """The file formats a system's builder offers to import."""
    return [f.slug for f in import_formats().values() if f.system == system]

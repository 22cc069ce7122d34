"""The files a Hero sheet can be brought in from (docs/api.md "Bring your characters")."""

from __future__ import annotations

from .hero_designer import parse as hero_designer

IMPORT_FORMATS = {"hero-designer": hero_designer}

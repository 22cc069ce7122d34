"""The files an Anima sheet can be brought in from (docs/api.md "Bring your characters")."""

from __future__ import annotations

from .foundry_actor import parse as foundry_actor

IMPORT_FORMATS = {"foundry-anima": foundry_actor}

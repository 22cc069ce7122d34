"""Per-system presentation on the encounter pages: `combat/systems/<slug>.py` and
`templates/combat/<slug>/`. A system without a module of its own gets `generic`, which draws
one form per action type from its input schema, so every registered system can be played."""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType


@cache
def presentation(slug: str) -> ModuleType:
    try:
        return importlib.import_module(f"combat.systems.{slug}")
    except ModuleNotFoundError as exc:
        if exc.name != f"combat.systems.{slug}":
            raise
        return importlib.import_module("combat.systems.generic")

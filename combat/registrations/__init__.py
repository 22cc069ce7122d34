"""Every game system's registration (`rules.registration.SystemRegistration`): one module per
system, `<slug>.py`, whose `REGISTRATION` names its engine, presentation, character pages, sheet
schema, URLs, demo, rule texts and translations. `collect()` reads them once, at start-up
(`combat.apps.CombatConfig.ready`): the one place a system is found."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from rules import registration


def collect() -> None:
    """Register the system of every module of this package, in slug order."""
    # The generic presentation registers itself as the fallback of a system without its own.
    importlib.import_module("combat.systems.generic")
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        registration.register(importlib.import_module(f"{__name__}.{info.name}").REGISTRATION)

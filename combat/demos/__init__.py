"""Demo tables of the other game systems: `combat/demos/<slug>.py`, each with a
`load(context)` that gives the demo GM and players a ready campaign and a fight of that system
(`manage.py load_demo` runs every module found here, in slug order). Safe to run twice."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path


def loaders():
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        yield importlib.import_module(f"combat.demos.{info.name}").load

"""Demo tables of the game systems: `combat/demos/<slug>.py`, each with a `load(context)` that
gives the demo GM and players a ready campaign (the default system's: the demo campaign
`manage.py load_demo` makes) and a fight of that system;
its registration names it (`SystemRegistration.demo`), and `manage.py load_demo` runs every
registered system's, in the registry's order. Safe to run twice."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rules.registration import registrations


def loaders() -> Iterator[Callable[[Any], None]]:
    for found in registrations().values():
        if found.demo is not None:
            yield found.demo

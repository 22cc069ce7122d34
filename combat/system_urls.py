"""The pages a game system adds under a campaign beyond the generic ones (Anima's results table):
`combat/systems/<slug>_urls.py`, found for each system of the registry, so the site's URLconf
names no system and a new system's pages need no edit here. Each module has its own `app_name`,
so its routes keep their own namespace (`{% url 'anima:results' … %}`)."""

from __future__ import annotations

import importlib
from types import ModuleType

from django.urls import include, path

from rules import systems


def system_url_modules() -> list[ModuleType]:
    """The `<slug>_urls` module of each registered system that has one, in the registry's order."""
    found = []
    for slug in systems.slugs():
        name = f"combat.systems.{slug}_urls"
        try:
            found.append(importlib.import_module(name))
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return found


urlpatterns = [path("", include(module)) for module in system_url_modules()]

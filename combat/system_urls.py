"""The pages a game system adds under a campaign beyond the generic ones (Anima's results table):
the URLconf module its registration names (`SystemRegistration.urls`), so the site's URLconf
names no system and a new system's pages need no edit here. Each module has its own `app_name`,
so its routes keep their own namespace (`{% url 'anima:results' … %}`)."""

from __future__ import annotations

from types import ModuleType

from django.urls import include, path

from rules.registration import registrations


def system_url_modules() -> list[ModuleType]:
    """The URLconf of each registered system that has one, in the registry's order."""
    return [found.urls for found in registrations().values() if found.urls is not None]


urlpatterns = [path("", include(module)) for module in system_url_modules()]

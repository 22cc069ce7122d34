"""The game systems as the campaign pages name them: each system's name and one line about it,
in the request's language, read from the rules registry (`rules.systems`), so a system that
registers itself shows up in the campaign form and on every badge without any edit here."""

from __future__ import annotations

from django.utils.translation import gettext as _

from epic20site.errors import request_lang
from rules import systems


def system_name(slug: str) -> str:
    """The name of the system `slug` in the request's language (the slug itself for a system
    no longer registered, so a page never breaks on an old campaign)."""
    system = systems.get(slug)
    if system is None:
        return str(slug)
    return system.name_en if request_lang() == "en" else system.name_es


def system_summary(system: systems.GameSystem) -> str:
    """The system's one line (its optional `summary_es`/`summary_en`), or its dice."""
    summary = system.summary_en if request_lang() == "en" else system.summary_es
    return summary or _("Se juega con %(dice)s.") % {"dice": system.dice}


def system_cards(selected: str) -> list[dict]:
    """Every registered system as the campaign form offers it, in the registry's order."""
    return [
        {
            "slug": system.slug,
            "name": system_name(system.slug),
            "dice": system.dice,
            "summary": system_summary(system),
            "checked": system.slug == selected,
        }
        for system in systems.all_systems().values()
    ]

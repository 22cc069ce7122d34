"""The filters of "Mis personajes" (`?campaign=` and `?system=`): a GM may list dozens of
characters, so the page keeps those of one campaign (or of none) and of one game system. What
the query asks for is read here; a campaign none of the listed characters is in, or a system the
site does not have, is refused with a message and lists nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules import systems

NO_CAMPAIGN = "none"
# What the list reads from its address, bounded: part of the remembered page's version.
PARAMETERS = {"campaign": 20, "system": 20}


@dataclass(frozen=True)
class ListFilter:
    campaign: str = ""  # "" every campaign, NO_CAMPAIGN, or a campaign's id
    system: str = ""  # "" every system, or a system's slug
    errors: tuple[tuple[str, str], ...] = ()  # (field, message)

    @property
    def active(self) -> bool:
        return bool(self.campaign or self.system)

    def selector_filters(self) -> dict:
        """The keyword arguments of `selectors.character_list_page` this filter asks for."""
        return {
            "campaign_id": int(self.campaign)
            if self.campaign.isascii() and self.campaign.isdigit()
            else None,
            "without_campaign": self.campaign == NO_CAMPAIGN,
            "system": self.system or None,
        }


def asked(request) -> tuple[str, str]:
    """The filter's two values as the address gives them (trimmed, bounded)."""
    return tuple(request.GET.get(name, "").strip()[:limit] for name, limit in PARAMETERS.items())


def campaigns_of(rows: tuple) -> list[tuple[int, str]]:
    """The campaigns of the listed characters (`selectors.character_list_rows`), as `(id, name)`
    by name: what the campaign filter offers."""
    pairs = {(row[3], row[4]) for row in rows if row[3] is not None}
    return sorted(pairs, key=lambda pair: (pair[1].casefold(), pair[0]))


def list_filter(request, campaigns: list[tuple[int, str]]) -> ListFilter:
    """The filter `request` asks for, checked against the campaigns the viewer's characters are
    in (`campaigns_of`) and the site's systems."""
    campaign, system = asked(request)
    errors = []
    known = {str(pk) for pk, _name in campaigns}
    if campaign and campaign != NO_CAMPAIGN and campaign not in known:
        message = _("Ninguno de tus personajes está en la campaña «%(campaign)s». Elige una de la lista.")
        errors.append(("campaign", message % {"campaign": campaign}))
    if system and systems.get(system) is None:
        message = _("No hay ningún sistema de juego «%(system)s». Elige uno de la lista.")
        errors.append(("system", message % {"system": system}))
    return ListFilter(campaign=campaign, system=system, errors=tuple(errors))


def system_choices(lang: str) -> list[dict[str, str]]:
    """Every game system of the site, in the registry's order, named in `lang`."""
    return [
        {"slug": s.slug, "name": s.name_en if lang == "en" else s.name_es}
        for s in systems.all_systems().values()
    ]

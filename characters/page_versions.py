"""The version of everything a character page shows one viewer (`epic20site.remembered_pages`):
while it is the same, the page's HTML is read back instead of drawn again.

A character's `updated_at` moves with every change of its sheet, its campaign, and its awards
and waivers (`characters.signals`). Besides the character, a page shows its owner's name and its
campaign (name, GM, rules options, last change); the viewer and what the page reads from its address
(`?encounter=`, `?code=`) are part of the version too, since they choose what it offers.
"""

from __future__ import annotations

import json

# What the sheet page reads from its address (`views._sheet_context`, `views._encounter_links`),
# as long as it reads it: any other parameter changes nothing, so it is not part of the version.
SHEET_PARAMETERS = {"encounter": 20, "code": 100, "path": 200}


def _asked(request, parameters: dict[str, int]) -> tuple:
    return tuple(request.GET.get(name, "")[:limit] for name, limit in parameters.items())


def _campaign(campaign) -> tuple | None:
    if campaign is None:
        return None
    options = json.dumps(campaign.rules_options, sort_keys=True, default=str)
    return campaign.pk, campaign.name, campaign.gm_id, campaign.updated_at, options


def character_page_version(request, character) -> tuple:
    """The sheet page and the builder of one character (`access_character_by_id` has read the
    owner and the campaign with it)."""
    return (
        character.pk,
        character.updated_at,
        character.owner_id,
        character.owner.get_username(),
        _campaign(character.campaign),
        request.user.pk,
        _asked(request, SHEET_PARAMETERS),
    )


def character_list_version(request, rows: tuple, asked: tuple) -> tuple:
    """The list of the viewer's characters: each row's last change, owner and campaign
    (`selectors.character_list_rows`), and the filter the address asks for."""
    return request.user.pk, rows, asked

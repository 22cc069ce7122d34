"""The version of everything the fight page shows one viewer (`epic20site.remembered_pages`):
while it is the same, the page's HTML is read back instead of drawn again.

Every write to a fight goes through `combat.log.save`, which moves `Encounter.version`: each
event, each undo and each revealed seed. Deadlines and settings are row fields. What the page
shows besides the fight: its campaign (name, GM, rules options), the campaign's characters a
user may bring in (the join form) and, for the GM, their own saved sheets of the system (the
NPCs they may add). The viewer and the address (`?skill=`, `?declarer=`) are part of it too.
"""

from __future__ import annotations

import json

from django.db.models import Count, Max, Q

# What the version reads of the encounter and its campaign (`access_encounter_by_id(fields=)`):
# not the state, which only a page drawn anew needs.
FIGHT_PAGE_FIELDS = (
    "id",
    "campaign",
    "campaign__id",
    "campaign__gm",
    "campaign__name",
    "campaign__updated_at",
    "campaign__rules_options",
    "campaign__system",
    "name",
    "version",
    "updated_at",
    "exact_odds_for_players",
    "turn_deadline",
)


def _canonical(value) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _characters_version(encounter, user, is_gm: bool) -> tuple:
    """The campaign's characters the join form may list (`views._addable_characters`): any
    rename, arrival or departure changes their count or their latest change."""
    from characters.models import Character

    characters = Character.objects.filter(campaign_id=encounter.campaign_id)
    if is_gm:  # and the GM's own saved sheets of the system, offered as NPCs (`views._npc_sheets`)
        characters = Character.objects.filter(
            Q(campaign_id=encounter.campaign_id) | Q(owner=user, system=encounter.campaign.system)
        )
    else:
        characters = characters.filter(owner=user)
    found = characters.order_by().aggregate(count=Count("id"), last=Max("updated_at"))
    return found["count"], found["last"]


def fight_page_version(request, encounter) -> tuple:
    campaign, user = encounter.campaign, request.user
    is_gm = campaign.gm_id == user.pk
    return (
        encounter.pk,
        encounter.version,  # every event, undo and revealed seed moves it (`combat.log.save`)
        encounter.updated_at,
        encounter.name,
        encounter.exact_odds_for_players,
        _canonical(encounter.turn_deadline),
        campaign.pk,
        campaign.name,
        campaign.gm_id,
        campaign.updated_at,
        _canonical(campaign.rules_options),
        user.pk,
        request.GET.get("skill", "")[:80],
        request.GET.get("declarer", "")[:20],
        _characters_version(encounter, user, is_gm),
    )

"""Who may see and change what: the one place every page and API endpoint asks (Zulip's
`access_*_by_*` habit). Not found and not allowed answer the same way everywhere:

- a user never learns that a campaign they do not belong to exists (404);
- a member who may see it but not change it gets 403.

Pages turn these exceptions into the 404/403 pages, the API into the error envelope.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404

from characters.models import Character
from combat.models import Campaign, Membership

# Primary keys are 64-bit signed integers; anything outside cannot exist (and some databases
# raise instead of answering "no rows" when asked for it).
_MAX_ID = 2**63 - 1


def _as_id(value) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        raise Http404 from None
    if not 0 < number <= _MAX_ID:
        raise Http404
    return number


def access_campaign_by_id(user, campaign_id, *, gm_only: bool = False) -> Campaign:
    """The campaign if `user` belongs to it (GM or player); with `gm_only`, only if they are
    its GM. A non-member gets 404 whether or not the campaign exists; a player asking for a GM
    action gets 403."""
    campaign_id = _as_id(campaign_id)
    if not user.is_authenticated:
        raise Http404
    campaign = Campaign.objects.select_related("gm").filter(pk=campaign_id, memberships__user=user).first()
    if campaign is None:
        raise Http404
    if gm_only and campaign.gm_id != user.pk:
        raise PermissionDenied
    return campaign


def is_campaign_gm(user, campaign: Campaign) -> bool:
    return user.is_authenticated and campaign.gm_id == user.pk


def is_campaign_member(user, campaign: Campaign) -> bool:
    return user.is_authenticated and Membership.objects.filter(campaign=campaign, user=user).exists()


def can_see_invite_code(user, campaign: Campaign) -> bool:
    """Only the GM sees (and shares) the invite code: a player could otherwise pass it on
    without the GM knowing, and the GM can regenerate it to close the table."""
    return is_campaign_gm(user, campaign)


# Characters ---------------------------------------------------------------------------------
# A sheet is private to its owner and the GM of its campaign: everyone else gets 404, as if it
# did not exist. Both of them may change it; only the owner deletes it; only that GM awards
# points and waives rule errors.


def access_character_by_id(
    user, character_id, *, write: bool = False, delete: bool = False, gm_only: bool = False
) -> Character:
    """The character if `user` may see it (owner, or GM of its campaign), else 404.
    `write`: the same two people may change it, so it adds no check today but names the intent;
    `delete`: only the owner (the GM gets 403); `gm_only`: only the campaign's GM (403 for the
    owner)."""
    character_id = _as_id(character_id)
    if not user.is_authenticated:
        raise Http404
    character = (
        Character.objects.select_related("owner", "campaign", "campaign__gm")
        .filter(Q(owner=user) | Q(campaign__gm=user), pk=character_id)
        .first()
    )
    if character is None:
        raise Http404
    if write and not can_edit_character(user, character):  # pragma: no cover - same people today
        raise PermissionDenied
    if delete and not can_delete_character(user, character):
        raise PermissionDenied
    if gm_only and not is_character_gm(user, character):
        raise PermissionDenied
    return character


def is_character_gm(user, character: Character) -> bool:
    """Whether `user` directs the campaign the character belongs to."""
    return user.is_authenticated and character.campaign_id is not None and character.campaign.gm_id == user.pk


def can_edit_character(user, character: Character) -> bool:
    return user.is_authenticated and (character.owner_id == user.pk or is_character_gm(user, character))


def can_delete_character(user, character: Character) -> bool:
    return user.is_authenticated and character.owner_id == user.pk


def access_campaign_for_character(user, campaign_id) -> Campaign:
    """A campaign a character may join: one the user belongs to (404 otherwise, as for any
    campaign they cannot see)."""
    return access_campaign_by_id(user, campaign_id)


# Encounters ---------------------------------------------------------------------------------
# An encounter is seen by every member of its campaign (404 for anyone else, as for the
# campaign). The GM runs it; a player acts only for the combatants they own (403 otherwise).

from combat.models import Combatant, Encounter  # noqa: E402

# What `load=False` reads of an encounter: enough to ask who runs it.
_ENCOUNTER_ACCESS_FIELDS = ("id", "campaign", "campaign__id", "campaign__gm")


def access_encounter_by_id(user, encounter_id, *, gm_only: bool = False, load: bool = True) -> Encounter:
    """The encounter if `user` belongs to its campaign, else 404; with `gm_only`, a player
    gets 403. `load=False` reads only its id and its campaign's GM (every other field is
    deferred), for a view that hands it to a service which loads it again under its lock."""
    encounter_id = _as_id(encounter_id)
    if not user.is_authenticated:
        raise Http404
    encounters = Encounter.objects.select_related("campaign")
    if not load:
        encounters = encounters.only(*_ENCOUNTER_ACCESS_FIELDS)
    encounter = encounters.filter(pk=encounter_id, campaign__memberships__user=user).first()
    if encounter is None:
        raise Http404
    if gm_only and not is_encounter_gm(user, encounter):
        raise PermissionDenied
    return encounter


def is_encounter_gm(user, encounter: Encounter) -> bool:
    return user.is_authenticated and encounter.campaign.gm_id == user.pk


def can_act_for(user, encounter: Encounter, combatant: Combatant) -> bool:
    """The GM acts for anyone; a player only for their own combatants."""
    return is_encounter_gm(user, encounter) or (
        user.is_authenticated and combatant.owner_id is not None and combatant.owner_id == user.pk
    )


def access_combatant_by_id(user, encounter: Encounter, combatant_id, *, act: bool = False) -> Combatant:
    """A combatant of `encounter` (which `user` may already see), else 404; with `act`, 403
    unless the user may act for it."""
    combatant_id = _as_id(combatant_id)
    combatant = encounter.combatants.filter(pk=combatant_id).first()
    if combatant is None:
        raise Http404
    if act and not can_act_for(user, encounter, combatant):
        raise PermissionDenied
    return combatant

"""Who may see and change a character sheet (the same answers as `campaigns.access`)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404

from campaigns.access import access_campaign_by_id, as_id, is_campaign_gm
from campaigns.models import Campaign

from .models import Character

# Characters ---------------------------------------------------------------------------------
# A sheet is private to its owner and the GM of its campaign: everyone else gets 404, as if it
# did not exist. Both of them may change it; only the owner deletes it; only that GM awards
# points and waives rule errors.


def access_character_by_id(
    user,
    character_id,
    *,
    write: bool = False,
    delete: bool = False,
    gm_only: bool = False,
    sheet: bool = True,
) -> Character:
    """The character if `user` may see it (owner, or GM of its campaign), else 404.
    `write`: the same two people may change it, so it adds no check today but names the intent;
    `delete`: only the owner (the GM gets 403); `gm_only`: only the campaign's GM (403 for the
    owner). `sheet=False` leaves the sheet unread until it is used (a page read back from the
    cache never uses it)."""
    character_id = as_id(character_id)
    if not user.is_authenticated:
        raise Http404
    characters = Character.objects.select_related("owner", "campaign")
    if not sheet:
        characters = characters.defer("sheet")
    mine = characters.filter(Q(owner=user) | Q(campaign__gm=user), pk=character_id)
    found = mine.order_by()[:1]  # one row by primary key: no ORDER BY to compile (`first()` adds one)
    character = next(iter(found), None)
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


# The campaign helpers a character page asks too, so its views ask one module.
__all__ = [
    "access_campaign_by_id",
    "access_campaign_for_character",
    "access_character_by_id",
    "can_delete_character",
    "can_edit_character",
    "is_campaign_gm",
    "is_character_gm",
]

"""Who may see and change what: the one place every page and API endpoint asks (Zulip's
`access_*_by_*` habit). Not found and not allowed answer the same way everywhere:

- a user never learns that a campaign they do not belong to exists (404);
- a member who may see it but not change it gets 403.

Pages turn these exceptions into the 404/403 pages, the API into the error envelope. Each app
keeps its own helpers (`characters.access`, `combat.access`); they all answer alike.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404

from .models import Campaign, Membership

# Primary keys are 64-bit signed integers; anything outside cannot exist (and some databases
# raise instead of answering "no rows" when asked for it).
_MAX_ID = 2**63 - 1


def as_id(value) -> int:
    """A primary key from a URL or a request body, or 404 for anything that cannot be one."""
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
    campaign_id = as_id(campaign_id)
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

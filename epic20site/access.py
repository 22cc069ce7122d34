"""Who may see and change what: the one place every page and API endpoint asks (Zulip's
`access_*_by_*` habit). Not found and not allowed answer the same way everywhere:

- a user never learns that a campaign they do not belong to exists (404);
- a member who may see it but not change it gets 403.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404

from combat.models import Campaign, Membership


def access_campaign_by_id(user, campaign_id, *, gm_only: bool = False) -> Campaign:
    """The campaign if `user` belongs to it; with `gm_only`, only if they are its GM."""
    try:
        campaign_id = int(campaign_id)
    except (TypeError, ValueError):
        raise Http404 from None
    if not user.is_authenticated:
        raise Http404
    campaign = (
        Campaign.objects.select_related("gm")
        .filter(pk=campaign_id, memberships__user=user)
        .first()
    )
    if campaign is None:
        raise Http404
    if gm_only and campaign.gm_id != user.pk:
        raise PermissionDenied
    return campaign


def is_campaign_gm(user, campaign: Campaign) -> bool:
    return user.is_authenticated and campaign.gm_id == user.pk


def is_campaign_member(user, campaign: Campaign) -> bool:
    return user.is_authenticated and Membership.objects.filter(campaign=campaign, user=user).exists()

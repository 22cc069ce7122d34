"""Reads for campaigns."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from .models import Campaign, Membership


def campaign_list_for_user(user) -> QuerySet[Campaign]:
    """Campaigns the user is GM or player of, with what a list shows, in constant queries."""
    return (
        Campaign.objects.filter(memberships__user=user)
        .select_related("gm")
        .annotate(member_count=Count("memberships", distinct=True))
        .order_by("-created_at", "-id")
        .distinct()
    )


def campaign_members(campaign: Campaign) -> QuerySet[Membership]:
    return campaign.memberships.select_related("user").order_by("-role", "joined_at", "id")


def membership_for(user, campaign: Campaign) -> Membership | None:
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(campaign=campaign, user=user).first()

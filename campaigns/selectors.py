"""Reads for campaigns. Each returns what its page or endpoint shows in a constant number of
queries, however many campaigns or members there are."""

from __future__ import annotations

from django.db.models import Case, Count, IntegerField, Max, QuerySet, Value, When

from epic20site.etags import etag

from .models import Campaign, Membership


def campaign_list_for_user(user) -> QuerySet[Campaign]:
    """Campaigns the user is GM or player of, newest first, each with its `member_count`.

    Membership is tested with a subquery rather than a join: filtering through the
    multi-valued `memberships` before annotating would make `Count` see only the user's own row.
    """
    mine = Membership.objects.filter(user=user)
    return (
        Campaign.objects.filter(pk__in=mine.values("campaign_id"))
        .select_related("gm")
        .annotate(member_count=Count("memberships"))
        .order_by("-created_at", "-id")
    )


def campaign_members(campaign: Campaign) -> QuerySet[Membership]:
    """Members of a campaign, the GM first, then players in the order they joined."""
    return (
        campaign.memberships.select_related("user")
        .annotate(
            gm_first=Case(
                When(role=Membership.Role.GM, then=Value(0)), default=Value(1), output_field=IntegerField()
            )
        )
        .order_by("gm_first", "joined_at", "id")
    )


def membership_for(user, campaign: Campaign) -> Membership | None:
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(campaign=campaign, user=user).first()


def campaign_list_version(user) -> str:
    """A token that changes whenever anything the user's campaign list shows changes: a
    campaign joined, left or created, another member joining or leaving one of them, a rename.
    Cached pages use it in their key, so a change made through any process invalidates them
    for every process, whatever cache backend is configured.

    One aggregate query over the memberships of the user's campaigns.
    """
    mine = Membership.objects.filter(user=user).values("campaign_id")
    totals = Membership.objects.filter(campaign_id__in=mine).aggregate(
        count=Count("id"), last=Max("id"), changed=Max("campaign__updated_at")
    )
    count, last, changed = totals["count"], totals["last"], totals["changed"]
    return f"{count}-{last or 0}-{changed or ''}"


def campaign_etag(campaign: Campaign, user) -> str:
    """The campaign's entity tag for `user` (`epic20site.etags`): what its answer shows moves
    `updated_at` (name, rules options, invite code) or its memberships (a member joined or left);
    the role and the invite code shown depend on who asks."""
    members = Membership.objects.filter(campaign_id=campaign.pk).aggregate(count=Count("id"), last=Max("id"))
    return etag("campaign", campaign.pk, campaign.updated_at, members["count"], members["last"], user.pk)

"""Reads of the directory. Only what a stranger may know of a listed campaign leaves here: its
name, system, GM's username and the listing itself, never a member, a sheet or a fight that
its GM did not make public."""

from __future__ import annotations

import datetime

from django.db.models import Case, Count, Max, Q, QuerySet, Value, When
from django.http import Http404
from django.utils import timezone

from campaigns.access import as_id
from epic20site.clock import now

from .models import ApplicantBlock, Application, Listing


def today() -> datetime.date:
    """Today where the site's players are (`TIME_ZONE`): a table closing on the 1st takes
    applications until that day ends there, whatever the hour in UTC."""
    return timezone.localdate(now())


def open_listings() -> QuerySet[Listing]:
    """Listed campaigns whose closing date has not passed, the most recently changed first."""
    return (
        Listing.objects.filter(listed=True)
        .filter(Q(closes_on__isnull=True) | Q(closes_on__gte=today()))
        .select_related("campaign__gm")
        .order_by("-updated_at", "-pk")
    )


def directory(*, system: str = "", language: str = "", pace: str = "", q: str = "") -> QuerySet[Listing]:
    listings = open_listings()
    if system:
        listings = listings.filter(campaign__system=system)
    if language:
        listings = listings.filter(language=language)
    if pace:
        listings = listings.filter(pace=pace)
    for word in q.split()[:8]:
        listings = listings.filter(Q(campaign__name__icontains=word) | Q(pitch__icontains=word))
    return listings


def directory_version() -> str:
    """Changes whenever anything the directory may show changes: a listing written, listed or
    unlisted, a seat taken (each moves the listing's `updated_at`), a campaign renamed, a day
    passing (closing dates). One aggregate query."""
    totals = Listing.objects.filter(listed=True).aggregate(
        count=Count("pk"), changed=Max("updated_at"), renamed=Max("campaign__updated_at")
    )
    return f"{today()}-{totals['count']}-{totals['changed'] or ''}-{totals['renamed'] or ''}"


def table_get(table_id) -> Listing:
    """An open listing by its campaign's id, or 404 (unlisted, closed or none alike)."""
    listing = open_listings().filter(campaign_id=as_id(table_id)).first()
    if listing is None:
        raise Http404
    return listing


def listing_of(campaign) -> Listing:
    """The campaign's listing, or an unsaved one with the defaults (not listed)."""
    return Listing.objects.filter(campaign=campaign).first() or Listing(campaign=campaign)


def public_encounter_ids(listing: Listing) -> list[int]:
    return sorted(listing.public_encounters.values_list("pk", flat=True)) if listing.pk else []


def public_encounters(listing: Listing):
    return listing.public_encounters.order_by("-pk") if listing.pk else []


def applications_for_campaign(campaign) -> QuerySet[Application]:
    """Pending first, then the decided ones, newest first."""
    return (
        Application.objects.filter(campaign=campaign)
        .select_related("applicant", "character", "campaign")
        .annotate(decided=Case(When(status=Application.Status.PENDING, then=Value(0)), default=Value(1)))
        .order_by("decided", "-created_at", "-pk")
    )


def applications_of(user) -> QuerySet[Application]:
    return (
        Application.objects.filter(applicant=user)
        .select_related("applicant", "character", "campaign")
        .order_by("-created_at", "-pk")
    )


def pending_application(user, campaign) -> Application | None:
    if not user.is_authenticated:
        return None
    return Application.objects.filter(
        applicant=user, campaign=campaign, status=Application.Status.PENDING
    ).first()


def is_blocked(campaign, user) -> bool:
    """Whether the campaign's GM blocked `user` from applying (tables.services refuses them)."""
    return ApplicantBlock.objects.filter(campaign=campaign, user=user).exists()


def blocked_in(campaign) -> QuerySet[ApplicantBlock]:
    """Whom the campaign's GM blocked, by name: the applications page offers to unblock them."""
    return ApplicantBlock.objects.filter(campaign=campaign).select_related("user").order_by("user__username")


def sent_sheet(campaign, application_id):
    """The sheet a pending or decided application to `campaign` sent, for its GM to read before
    deciding; 404 when the application is not the campaign's or sent none."""
    application = (
        Application.objects.select_related("character")
        .filter(campaign=campaign, pk=as_id(application_id), character__isnull=False)
        .first()
    )
    if application is None:
        raise Http404
    return application.character

"""The directory's pages: `/mesas/` and a table's page for anyone, applying for a logged-in
player, the listing and the applications for the campaign's GM. Every write goes through
`tables.services`; a refusal is shown on the form it came from."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaigns.access import access_campaign_by_id, as_id
from characters.models import Character
from characters.system_pages import sheet_page
from characters.systems import pages_for
from combat.selectors import events_for, players_reader
from epic20site.errors import DomainError, page_messages, request_lang
from epic20site.pages import ratelimited, throttled_message
from epic20site.remembered_pages import render_page, render_remembered_page
from rules import systems

from . import selectors, services
from .forms import ApplicationForm, DecisionForm, DirectoryFilterForm, ListingForm
from .models import Application
from .throttle import application_wait

DIRECTORY_TEMPLATE = "tables/directory.html"
PAGE_SIZE = 20


def system_choices() -> list[tuple[str, str]]:
    english = request_lang() == "en"
    return [(slug, s.name_en if english else s.name_es) for slug, s in systems.all_systems().items()]


def _refused(form, exc: DomainError) -> None:
    """Each of the refusal's messages on the form field its path names (else the whole form)."""
    for entry in exc.as_errors():
        field = entry["path"].strip("/").split("/")[0]
        form.add_error(field if field in form.fields else None, entry["message"])


# --- for anyone ---------------------------------------------------------------------------


@require_GET
def directory(request):
    form = DirectoryFilterForm(request.GET, systems=system_choices())
    filters = form.filters()
    number = request.GET.get("page", "1")[:6]

    def build() -> dict:
        page = Paginator(selectors.directory(**filters), PAGE_SIZE).get_page(number)
        names = dict(system_choices())
        for listing in page.object_list:
            listing.system_name = names.get(listing.campaign.system, listing.campaign.system)
        return {"form": form, "page_obj": page, "query": _query(filters)}

    # What was typed, valid or not (a refused value is named in the form's error).
    typed = [request.GET.get(name, "")[:200] for name in form.fields]
    version = (selectors.directory_version(), typed, number)
    return render_remembered_page(request, DIRECTORY_TEMPLATE, {}, "tables-directory", version, build)


def _query(filters: dict) -> str:
    return urlencode(filters)


@require_GET
def table_page(request, pk):
    listing = selectors.table_get(pk)
    context = {
        "listing": listing,
        "campaign": listing.campaign,
        "system_name": dict(system_choices()).get(listing.campaign.system, listing.campaign.system),
        "fights": selectors.public_encounters(listing),
        "pending": selectors.pending_application(request.user, listing.campaign),
        "is_member": request.user.is_authenticated
        and listing.campaign.memberships.filter(user=request.user).exists(),
    }
    return render(request, "tables/table.html", context)


@require_GET
def public_fight(request, pk, eid):
    """A fight its GM made public, read-only, as any player sees it (no hidden NPC number)."""
    listing = selectors.table_get(pk)
    encounter = selectors.public_encounters(listing).filter(pk=as_id(eid)).first() if listing.pk else None
    if encounter is None:
        raise Http404
    reader = players_reader(encounter)
    state = reader.state()
    context = {
        "listing": listing,
        "campaign": listing.campaign,
        "encounter": encounter,
        "combatants": [c for c in state["combatants"] if not c.get("removed")],
        "events": [e for e in reader.events(events_for(encounter)) if not e["undone"]],
    }
    return render(request, "tables/public_fight.html", context)


# --- for a player -------------------------------------------------------------------------


def _free_characters(user, campaign):
    return Character.objects.filter(owner=user, system=campaign.system, campaign__isnull=True).order_by(
        "name"
    )


@login_required
@require_http_methods(["GET", "POST"])
def apply(request, pk):
    listing = selectors.table_get(pk)
    campaign = listing.campaign
    characters = _free_characters(request.user, campaign)
    form = ApplicationForm(request.POST or None, characters=characters)
    if request.method == "POST":
        wait = application_wait(request, request.user)
        if wait:
            response = ratelimited(request, message=throttled_message())
            response["Retry-After"] = str(wait)
            return response
        if form.is_valid():
            try:
                services.application_create(
                    user=request.user,
                    table_id=campaign.pk,
                    message=form.cleaned_data["message"],
                    character_id=form.cleaned_data["character"],
                )
            except DomainError as exc:
                _refused(form, exc)
            else:
                messages.success(request, _("Solicitud enviada. Te avisaremos cuando responda quien dirige."))
                return redirect("tables:my_applications")
    context = {
        "listing": listing,
        "campaign": campaign,
        "form": form,
        # A blocked player learns it before writing anything (the service would refuse them).
        "blocked": selectors.is_blocked(campaign, request.user),
        "builder_url": _builder_url(campaign),
    }
    return render(request, "tables/apply.html", context, status=400 if form.errors else 200)


def _builder_url(campaign) -> str:
    """The builder for a new sheet of the table's system, coming back to this form once saved."""
    query = urlencode({"system": campaign.system, "next": reverse("tables:apply", args=[campaign.pk])})
    return f"{reverse('characters:new')}?{query}"


@login_required
@require_GET
def my_applications(request):
    return render(
        request, "tables/my_applications.html", {"applications": selectors.applications_of(request.user)}
    )


# --- for the GM ---------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def listing_edit(request, pk):
    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    listing = selectors.listing_of(campaign)
    encounters = campaign.encounters.order_by("-pk")
    initial = {
        field: getattr(listing, field)
        for field in ("listed", "pitch", "pace", "language", "seats", "newcomers_welcome", "closes_on")
    }
    initial["public_encounters"] = [str(pk) for pk in selectors.public_encounter_ids(listing)]
    form = ListingForm(request.POST or None, initial=initial, encounters=encounters)
    if request.method == "POST" and form.is_valid():
        try:
            services.listing_update(campaign=campaign, changes=form.changes())
        except DomainError as exc:
            _refused(form, exc)
        else:
            messages.success(request, _("Anuncio guardado."))
            return redirect("tables:listing", pk=campaign.pk)
    context = {"campaign": campaign, "listing": listing, "form": form}
    return render(request, "tables/listing_form.html", context, status=400 if form.errors else 200)


@login_required
@require_GET
def applications(request, pk):
    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    context = {
        "campaign": campaign,
        "listing": selectors.listing_of(campaign),
        "applications": selectors.applications_for_campaign(campaign),
        "decision_form": DecisionForm(),
        "blocked": selectors.blocked_in(campaign),
        "has_levels": campaign.system in leveled_systems(),
    }
    return render(request, "tables/applications.html", context)


def leveled_systems() -> set[str]:
    """The systems whose sheets have a level (as the character list tells them: a `sheet_summary`
    on the system's seam); the others' cards name the system instead of "Nivel 0"."""
    return {slug for slug, system in systems.all_systems().items() if system.sheet_summary is not None}


@login_required
@require_GET
def applicant_sheet(request, pk, aid):
    """The sheet an application sent, read-only, for the GM to read before deciding."""
    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    character = selectors.sent_sheet(campaign, aid)
    pages = pages_for(character.system)
    if pages is None:
        raise Http404
    context = {**sheet_page(request, pages, character), "applicant_view": True}
    return render_page(request, pages.sheet_template, context)


@login_required
@require_POST
def unblock(request, pk, uid):
    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    services.applicant_unblock(campaign=campaign, user_id=uid)
    messages.success(request, _("Desbloqueado: puede volver a apuntarse."))
    return redirect("tables:applications", pk=campaign.pk)


@login_required
@require_POST
def decide(request, pk, aid):
    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    back = reverse("tables:applications", args=[campaign.pk])
    form = DecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect(back)
    try:
        application = services.application_decide(campaign=campaign, application_id=aid, **form.cleaned_data)
    except DomainError as exc:
        messages.error(request, " ".join(page_messages(exc)))
        return redirect(back)
    if application.status == Application.Status.ACCEPTED:
        text = _("%(name)s ya es de la mesa.") % {"name": application.applicant.username}
    else:
        text = _("Solicitud de %(name)s rechazada.") % {"name": application.applicant.username}
    messages.success(request, text)
    return redirect(back)

"""The user's notifications page (`/notifications/`): their choices, by default or for one of
their campaigns (`?campaign=<id>`), written by the same service as
`PUT /api/v1/auth/me/notifications/`, and the notifications they were sent, newest first, a page
at a time. Opening the page marks every notification as seen, which empties the menu's count.
A refused webhook URL is shown at its field and changes nothing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from campaigns.access import access_campaign_by_id
from campaigns.selectors import campaign_list_for_user
from epic20site.compression import shows_secret
from epic20site.errors import DomainError, page_messages

from . import inbox
from .forms import EVENT_LABELS, PreferenceForm
from .preferences import has_own_choices, preference_for, preference_replace
from .push_subscriptions import endpoint_host, push_subscription_delete, push_subscriptions_of

TEMPLATE = "notifications/notifications.html"
PER_PAGE = 20


def _scope(request):
    """The campaign whose choices are shown (`?campaign=<id>`, one of the user's), or None."""
    value = request.GET.get("campaign") or request.POST.get("campaign")
    return access_campaign_by_id(request.user, value) if value else None


def _page_url(campaign) -> str:
    return f"?campaign={campaign.pk}" if campaign else ""


def _sent(request):
    seen = inbox.last_seen(request.user)
    page = Paginator(inbox.inbox_keys(request.user), PER_PAGE).get_page(request.GET.get("page"))
    keys = [item["key"] for item in page.object_list]
    entries = inbox.inbox_entries(request.user, keys, seen=seen)
    return page, [(entry, EVENT_LABELS.get(entry.event, entry.event)) for entry in entries]


def _render(request, campaign, *, form=None, status=200):
    preference = preference_for(request.user, campaign)
    page, entries = _sent(request)
    context = {
        "campaign": campaign,
        "campaigns": campaign_list_for_user(request.user),
        "own_choices": campaign is not None and has_own_choices(request.user, campaign),
        "preference": preference,
        "form": form or PreferenceForm(initial=PreferenceForm.initial_from(preference)),
        "page_obj": page,
        "entries": entries,
        "scope_query": f"campaign={campaign.pk}&" if campaign else "",
        "devices": [(d, endpoint_host(d)) for d in push_subscriptions_of(request.user)],
    }
    return render(request, TEMPLATE, context, status=status)


@shows_secret
@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def notifications_page(request):
    campaign = _scope(request)
    if request.method == "GET":
        response = _render(request, campaign)
        inbox.inbox_mark_seen(request.user)
        return response
    form = PreferenceForm(request.POST)
    if not form.is_valid():
        return _render(request, campaign, form=form, status=400)
    try:
        preference_replace(
            user=request.user,
            campaign=campaign,
            email=form.cleaned_data["email"],
            push=form.cleaned_data["push"],
            digest=form.cleaned_data["digest"],
            webhook_url=form.cleaned_data["webhook_url"],
            events=form.events(),
            path="/webhook_url",
        )
    except DomainError as exc:
        for text in page_messages(exc):
            form.add_error("webhook_url", text)
        return _render(request, campaign, form=form, status=400)
    messages.success(request, _("Avisos guardados."))
    return redirect(request.path + _page_url(campaign))


@login_required
@require_POST
def device_remove(request, pk):
    """Stop pushing to one of the user's devices (the page's "Quitar"); someone else's is 404."""
    if not push_subscription_delete(user=request.user, pk=pk):
        raise Http404
    messages.success(request, _("Ya no avisaremos en ese dispositivo."))
    return redirect("notifications:notifications")

"""Campaign tracking pages: the partidas section of the campaign page (open, close, new scene)
and the journal page (read, search, post, edit). Plain forms that redirect, so every action
works without JavaScript; a refusal is shown as a message and changes nothing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaigns.access import access_campaign_by_id, as_id, is_campaign_gm
from campaigns.models import Membership
from epic20site.errors import DomainError, page_messages

from . import journal, partidas
from .models import Partida

JOURNAL_TEMPLATE = "campaigns/journal.html"


def _detail(campaign):
    return redirect(reverse("campaigns:campaign_detail", args=[campaign.pk]) + "#partidas")


def _journal_url(campaign):
    return reverse("tracking:journal", args=[campaign.pk])


def _run(request, action, **kwargs) -> bool:
    try:
        action(**kwargs)
    except DomainError as exc:
        for text in page_messages(exc):
            messages.error(request, text)
        return False
    return True


@login_required
@require_POST
def partida_open(request, pk):
    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    if _run(request, partidas.partida_open, campaign=campaign, title=request.POST.get("title", "")):
        messages.success(request, _("Partida abierta."))
    return _detail(campaign)


@login_required
@require_POST
def partida_close(request, pk, pid):
    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    partida = Partida.objects.filter(campaign=campaign, pk=as_id(pid)).first()
    if partida is None:
        raise Http404
    summary = request.POST.get("summary", "")
    if _run(request, partidas.partida_close, campaign=campaign, partida=partida, summary=summary):
        messages.success(request, _("Partida cerrada."))
    return _detail(campaign)


@login_required
@require_POST
def scene_new(request, pk):
    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    if _run(request, partidas.scene_new, campaign=campaign):
        messages.success(request, _("Nueva escena."))
    return _detail(campaign)


def _audiences(campaign, user):
    """The choices of who may read an entry: all, the GM, or one other member."""
    choices = [("all", _("Toda la mesa")), ("gm", _("Solo el director"))]
    others = Membership.objects.filter(campaign=campaign).exclude(user=user).select_related("user")
    return choices + [(str(m.user_id), m.user.username) for m in others]


@login_required
@require_GET
def journal_page(request, pk):
    campaign = access_campaign_by_id(request.user, pk)
    query = request.GET.get("q", "").strip()[:200]
    entries = journal.search(journal.visible_to(request.user, campaign), query).prefetch_related("revisions")
    context = {
        "campaign": campaign,
        "entries": entries[:100],
        "query": query,
        "audiences": _audiences(campaign, request.user),
        "is_gm": is_campaign_gm(request.user, campaign),
    }
    return render(request, JOURNAL_TEMPLATE, context)


@login_required
@require_POST
def journal_post(request, pk):
    campaign = access_campaign_by_id(request.user, pk)
    visibility = request.POST.get("visibility", "all")
    if _run(
        request,
        journal.entry_create,
        campaign=campaign,
        author=request.user,
        body=request.POST.get("body", ""),
        visibility=visibility,
    ):
        messages.success(request, _("Entrada publicada."))
    return redirect(_journal_url(campaign))


@login_required
@require_http_methods(["POST"])
def journal_edit(request, pk, eid):
    campaign = access_campaign_by_id(request.user, pk)
    entry = journal.visible_to(request.user, campaign).filter(pk=as_id(eid)).first()
    if entry is None:
        raise Http404
    if _run(request, journal.entry_edit, entry=entry, user=request.user, body=request.POST.get("body", "")):
        messages.success(request, _("Entrada editada."))
    return redirect(_journal_url(campaign) + f"#entry-{entry.pk}")


@login_required
@require_POST
def encounter_deadline(request, pk, eid):
    """GM: the turn deadline of one of the campaign's fights, from the campaign page."""
    from combat import deadlines
    from combat.models import Encounter

    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    encounter = Encounter.objects.filter(campaign=campaign, pk=as_id(eid)).first()
    if encounter is None:
        raise Http404
    raw = request.POST.get("minutes", "").strip()
    data = {"deadline_default": request.POST.get("default", "ask_gm")}
    try:
        data["turn_deadline_hours"] = float(raw) / 60 if raw else None
    except ValueError:
        data["turn_deadline_hours"] = raw
    if request.POST.get("paused") in ("on", "off"):
        data["deadline_paused"] = request.POST["paused"] == "on"
    try:
        deadlines.deadline_update(encounter=encounter, clean=deadlines.check_settings(data))
        messages.success(request, _("Plazo guardado."))
    except DomainError as exc:
        for text in page_messages(exc):
            messages.error(request, text)
    return _detail(campaign)

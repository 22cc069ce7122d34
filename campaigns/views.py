"""Campaign pages. Each page is one template; an htmx request gets the named partial of that
same template it needs, a plain request gets the whole page or a redirect, so every action
also works without JavaScript."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from epic20site.compression import shows_secret
from epic20site.remembered_pages import render_page, render_remembered_page
from rules import systems

from . import invitations, selectors, services
from .access import access_campaign_by_id, can_see_invite_code, is_campaign_gm
from .forms import CampaignCreateForm, CampaignForm, JoinForm
from .game_systems import system_cards

LIST_TEMPLATE = "campaigns/campaign_list.html"
DETAIL_TEMPLATE = "campaigns/campaign_detail.html"


def _template(request, template: str, partial: str) -> str:
    return f"{template}#{partial}" if request.htmx else template


def _list_context(request, *, create_form=None, join_form=None, joined=None) -> dict:
    create_form = create_form or CampaignCreateForm()
    return {
        "campaigns": selectors.campaign_list_for_user(request.user),
        "create_form": create_form,
        "system_cards": system_cards(create_form.selected_system()),
        "join_form": join_form or JoinForm(),
        "joined": joined,
    }


def _list_page(request, context: dict, *, status: int = 200):
    """The list with a form's answer: its panel for htmx (which swaps only a 2xx answer), else
    the whole page, drawn now."""
    if request.htmx:
        return render(request, f"{LIST_TEMPLATE}#panel", context)
    return render_page(request, LIST_TEMPLATE, context, status=status)


def _detail_context(request, campaign, **extra) -> dict:
    is_gm = is_campaign_gm(request.user, campaign)
    context = {
        "campaign": campaign,
        "is_gm": is_gm,
        "members": selectors.campaign_members(campaign),
        "rename_form": CampaignForm(initial={"name": campaign.name}) if is_gm else None,
        "invite_link": "",
    }
    if can_see_invite_code(request.user, campaign):
        join_url = reverse("campaigns:campaign_join")
        context["invite_link"] = request.build_absolute_uri(f"{join_url}?code={campaign.invite_code}")
    context.update(extra)
    return context


def _detail_url(campaign) -> str:
    return reverse("campaigns:campaign_detail", args=[campaign.pk])


@login_required
@require_GET
@vary_on_headers("HX-Request")
def campaign_list(request):
    # The page players open most: remembered under the version of what it shows.
    if request.htmx:
        return _list_page(request, _list_context(request))
    # The form offers every registered system, so the registry is part of what the page shows.
    version = (request.user.pk, selectors.campaign_list_version(request.user), tuple(systems.slugs()))
    return render_remembered_page(
        request, LIST_TEMPLATE, {}, "campaign-list-page", version, lambda: _list_context(request)
    )


@login_required
@require_POST
@vary_on_headers("HX-Request")
def campaign_create(request):
    form = CampaignCreateForm(request.POST)
    if form.is_valid():
        try:
            campaign = services.campaign_create(
                gm=request.user, name=form.cleaned_data["name"], system=form.cleaned_data["system"]
            )
        except services.CampaignError as exc:
            form.add_error(exc.field or None, exc.message)
        else:
            messages.success(request, _("Campaña creada. Comparte el código de invitación con tu grupo."))
            if request.htmx:
                return HttpResponseClientRedirect(_detail_url(campaign))
            return redirect(_detail_url(campaign))
    # Refused: nothing was created; the form says why, beside the field at fault.
    return _list_page(request, _list_context(request, create_form=form), status=400)


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def campaign_join(request):
    """GET is the link a GM shares (`?code=`): the list page with the code filled in."""
    if request.method == "GET":
        form = JoinForm(initial={"invite_code": request.GET.get("code", "")[:32]})
        context = _list_context(request, join_form=form)
        # The campaign the link invites to, named first with its "Unirme", above everything else.
        context["invited"] = invitations.invitation_for(request.GET.get("code", ""))
        return _list_page(request, context)
    form = JoinForm(request.POST)
    joined = None
    if form.is_valid():
        try:
            joined = services.campaign_join(user=request.user, invite_code=form.cleaned_data["invite_code"])
        except services.CampaignError as exc:
            form.add_error("invite_code", exc.message)
    if joined is not None and not request.htmx:
        messages.success(request, _("Te has unido a «%(name)s».") % {"name": joined.name})
        return redirect(_detail_url(joined))
    response = _list_page(request, _list_context(request, join_form=None if joined else form, joined=joined))
    if joined is not None:
        # The offer to bring a character sits at the top of the panel, far above the join form
        # on a phone: show it.
        response["HX-Reswap"] = "outerHTML show:window:top"
    return response


@shows_secret
@login_required
@require_GET
@vary_on_headers("HX-Request")
def campaign_detail(request, pk):
    campaign = access_campaign_by_id(request.user, pk)
    return render(
        request, _template(request, DETAIL_TEMPLATE, "campaign"), _detail_context(request, campaign)
    )


@shows_secret
@login_required
@require_POST
@vary_on_headers("HX-Request")
def campaign_rename(request, pk):
    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    form = CampaignForm(request.POST)
    renamed = False
    if form.is_valid():
        try:
            services.campaign_update(campaign=campaign, name=form.cleaned_data["name"])
            renamed = True
        except services.CampaignError as exc:
            form.add_error("name", exc.message)
    if renamed and not request.htmx:
        messages.success(request, _("Nombre de la campaña cambiado."))
        return redirect(_detail_url(campaign))
    if renamed:
        form = CampaignForm(initial={"name": campaign.name})
    context = _detail_context(request, campaign, rename_form=form, renamed=renamed)
    return render(request, _template(request, DETAIL_TEMPLATE, "header"), context)


@shows_secret
@login_required
@require_POST
@vary_on_headers("HX-Request")
def campaign_regenerate_invite(request, pk):
    campaign = access_campaign_by_id(request.user, pk, gm_only=True)
    services.campaign_regenerate_invite(campaign=campaign)
    if not request.htmx:
        messages.success(request, _("Nuevo código generado. El anterior ya no sirve."))
        return redirect(_detail_url(campaign))
    context = _detail_context(request, campaign, regenerated=True)
    return render(request, f"{DETAIL_TEMPLATE}#invite", context)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def campaign_leave(request, pk):
    campaign = access_campaign_by_id(request.user, pk)
    try:
        services.campaign_leave(user=request.user, campaign=campaign)
    except services.CampaignError as exc:
        if not request.htmx:
            messages.error(request, exc.message)
            return redirect(_detail_url(campaign))
        context = _detail_context(request, campaign, leave_error=exc.message)
        return render(request, f"{DETAIL_TEMPLATE}#campaign", context)
    if not request.htmx:
        messages.success(request, _("Has abandonado «%(name)s».") % {"name": campaign.name})
        return redirect("campaigns:campaign_list")
    return render(request, f"{DETAIL_TEMPLATE}#left", {"campaign": campaign})

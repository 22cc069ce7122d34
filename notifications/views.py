"""The GM's page of the campaign's table-wide webhook (`/notifications/campaigns/<id>/webhook/`):
see whether one is set, set or change its URL, give it a new secret, remove it. The writes are
`notifications.services`' (the API's own); a refusal is shown at the field and changes nothing.

Only the campaign's GM sees the page: anyone else, a player of the campaign included, gets 404,
so nobody learns from it whether the table has a webhook. The signing secret is shown once, in
the answer to the POST that created the webhook or gave it a new secret, never cached."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from campaigns.access import access_campaign_by_id, is_campaign_gm
from epic20site.compression import shows_secret
from epic20site.errors import DomainError, page_messages

from . import services
from .forms import TableWebhookForm

TEMPLATE = "notifications/table_webhook.html"


def _gm_campaign(request, pk):
    campaign = access_campaign_by_id(request.user, pk)
    if not is_campaign_gm(request.user, campaign):
        raise Http404
    return campaign


def _page_url(campaign) -> str:
    return reverse("notifications:table_webhook", args=[campaign.pk])


def _render(request, campaign, *, form=None, secret="", status=200):
    hook = services.table_webhook_of(campaign)
    context = {
        "campaign": campaign,
        "hook": hook,
        "form": form or TableWebhookForm(initial={"url": hook.url if hook else ""}),
        "secret": secret,
    }
    return render(request, TEMPLATE, context, status=status)


@shows_secret
@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def table_webhook(request, pk):
    campaign = _gm_campaign(request, pk)
    if request.method == "GET":
        return _render(request, campaign)
    form = TableWebhookForm(request.POST)
    if not form.is_valid():
        return _render(request, campaign, form=form, status=400)
    try:
        hook, created = services.table_webhook_set(campaign=campaign, url=form.cleaned_data["url"])
    except DomainError as exc:
        for text in page_messages(exc):
            form.add_error("url", text)
        return _render(request, campaign, form=form, status=400)
    if created:
        messages.success(request, _("Webhook guardado. Copia ahora su secreto de firma."))
        return _render(request, campaign, secret=hook.secret)
    messages.success(request, _("Webhook cambiado. Su secreto de firma sigue siendo el mismo."))
    return redirect(_page_url(campaign))


@shows_secret
@never_cache
@login_required
@require_POST
def table_webhook_rotate(request, pk):
    campaign = _gm_campaign(request, pk)
    try:
        hook = services.table_webhook_rotate(campaign=campaign)
    except DomainError as exc:
        for text in page_messages(exc):
            messages.error(request, text)
        return redirect(_page_url(campaign))
    messages.success(request, _("Secreto nuevo generado. El anterior ya no firma nada."))
    return _render(request, campaign, secret=hook.secret)


@login_required
@require_POST
def table_webhook_delete(request, pk):
    campaign = _gm_campaign(request, pk)
    if services.table_webhook_clear(campaign=campaign):
        messages.success(request, _("Webhook borrado. La mesa ya no avisará a ningún canal."))
    return redirect(_page_url(campaign))

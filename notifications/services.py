"""The webhooks' writes, shared by the API (`notifications.api`) and the GM's page
(`notifications.views`): a webhook URL is checked once here, and the campaign's table-wide
webhook (`TableWebhook`) is read, set, cleared and given a new secret only here.

A URL must be https to a public host (`notifications.webhook_address.check_webhook_url`: every
address its name gives is global, unless `NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS`, and no user or
password in it); a refusal is a `DomainError` (400, code `webhook_url.refused`) in the request's
language, and nothing is written."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from epic20site.errors import Conflict, DomainError

from .models import TableWebhook
from .webhook_address import WebhookRefused, check_webhook_url

URL_MAX_LENGTH = TableWebhook._meta.get_field("url").max_length

# Why a URL is refused, by `WebhookRefused.reason`, in words for the person who typed it.
_REASONS = {
    "https_only": gettext_lazy("tiene que empezar por https:// y nombrar un servidor"),
    "credentials": gettext_lazy("no puede llevar usuario ni contraseña"),
    "unresolved": gettext_lazy("el nombre del servidor no existe"),
    "private": gettext_lazy("apunta a una dirección privada o local"),
}


def checked_webhook_url(raw, *, path: str) -> str:
    """`raw` without surrounding spaces ("" for none), or `DomainError` at `path` if the site
    would not call it."""
    url = (raw or "").strip()
    if not url:
        return ""
    if len(url) > URL_MAX_LENGTH:
        raise DomainError(
            "webhook_url.too_long",
            _("La URL del webhook no puede pasar de %(max)d caracteres.") % {"max": URL_MAX_LENGTH},
            path=path,
        )
    try:
        check_webhook_url(url)
    except WebhookRefused as exc:
        why = _REASONS.get(exc.reason, str(exc))
        raise DomainError(
            "webhook_url.refused",
            _("El webhook debe ser https a una dirección pública (%(why)s).") % {"why": why},
            path=path,
        ) from None
    return url


def table_webhook_of(campaign) -> TableWebhook | None:
    return TableWebhook.objects.filter(campaign=campaign).first()


def table_webhook_set(*, campaign, url) -> tuple[TableWebhook | None, bool]:
    """Give the campaign's table this webhook URL (checked), keeping its secret if it had one;
    an empty URL removes it. Answers the webhook (None once removed) and whether it is new,
    which is when its secret is shown."""
    url = checked_webhook_url(url, path="/url")
    if not url:
        table_webhook_clear(campaign=campaign)
        return None, False
    return TableWebhook.objects.update_or_create(campaign=campaign, defaults={"url": url})


def table_webhook_clear(*, campaign) -> bool:
    """Remove the table's webhook; answers whether there was one."""
    deleted, _rows = TableWebhook.objects.filter(campaign=campaign).delete()
    return bool(deleted)


def table_webhook_rotate(*, campaign) -> TableWebhook:
    """A new signing secret for the table's webhook (the old one stops verifying at once), or
    409 `table_webhook.none` when the table has none."""
    with transaction.atomic():
        hook = TableWebhook.objects.select_for_update().filter(campaign=campaign).first()
        if hook is None:
            raise Conflict("table_webhook.none", _("Esta campaña no tiene webhook de mesa."), path="/url")
        hook.secret = TableWebhook._meta.get_field("secret").get_default()
        hook.save(update_fields=["secret"])
    return hook

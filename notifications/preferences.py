"""Who wants to be told what: a user's default choices (`Preference` without a campaign) and,
where they made them, their choices for one campaign, which replace the default there."""

from __future__ import annotations

from django.db import transaction

from .models import EVENTS, Preference
from .services import checked_webhook_url

# What a new account is told off the site: e-mail (and push, once a device is subscribed) for
# its turn and a near deadline at once, the rest in the daily digest; everything is on the
# notifications page. The person changes any of it there or with the API.
NEW_ACCOUNT = {"email": True, "push": True, "digest": True}


def new_account_defaults(sender=None, *, user, **kwargs) -> Preference:
    """Sent `accounts.signals.account_created`: the new account's default choices."""
    return Preference.objects.update_or_create(user=user, campaign=None, defaults=NEW_ACCOUNT)[0]


def preference_for(user, campaign=None) -> Preference:
    """The campaign's preference row if the user made one, else their default (created on use)."""
    if campaign is not None:
        own = Preference.objects.filter(user=user, campaign=campaign).first()
        if own is not None:
            return own
    return Preference.objects.get_or_create(user=user, campaign=None)[0]


def _own_for(user, campaign_id: int) -> Preference:
    """The user's row for this campaign, made from a copy of their default if they had none, so
    changing one event there leaves every other choice as it was."""
    own = Preference.objects.select_for_update().filter(user=user, campaign_id=campaign_id).first()
    if own is not None:
        return own
    default = preference_for(user)
    return Preference.objects.create(
        user=user,
        campaign_id=campaign_id,
        email=default.email,
        push=default.push,
        webhook_url=default.webhook_url,
        webhook_secret=default.webhook_secret,
        digest=default.digest,
        events=dict(default.events),
    )


@transaction.atomic
def turn_off(user, event: str, campaign_id: int | None = None) -> Preference:
    """Stop telling `user` of `event`: in that campaign only when one is named, else by default."""
    if campaign_id is None:
        preference = Preference.objects.select_for_update().filter(user=user, campaign=None).first()
        preference = preference or preference_for(user)
    else:
        preference = _own_for(user, campaign_id)
    preference.events = {**preference.events, event: False}
    preference.save(update_fields=["events"])
    return preference


@transaction.atomic
def preference_replace(
    *, user, campaign=None, email: bool, digest: bool, webhook_url, events: dict, path: str, push=None
) -> Preference:
    """Replace the user's choices (for `campaign` only when one is given), as
    `PUT /api/v1/auth/me/notifications/` and the notifications page do: the webhook URL is checked
    first (`DomainError` at `path` if the site would not call it) and nothing is written then."""
    url = checked_webhook_url(webhook_url, path=path)
    if campaign is None:
        preference = preference_for(user)
    else:
        preference = Preference.objects.get_or_create(user=user, campaign=campaign)[0]
    preference.email, preference.digest, preference.webhook_url = email, digest, url
    if push is not None:  # left out: as it was
        preference.push = push
    preference.events = {name: bool(events[name]) for name in EVENTS}
    preference.save()
    return preference


def has_own_choices(user, campaign) -> bool:
    """Whether the user made choices for this campaign (else their default applies there)."""
    return Preference.objects.filter(user=user, campaign=campaign).exists()

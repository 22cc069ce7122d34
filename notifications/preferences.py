"""Who wants to be told what: a user's default choices (`Preference` without a campaign) and,
where they made them, their choices for one campaign, which replace the default there."""

from __future__ import annotations

from django.db import transaction

from .models import Preference


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

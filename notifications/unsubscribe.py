"""Signed unsubscribe links: the token names the user, the event and the campaign, so following it
turns that one event off, for that campaign only when it names one, without logging in, and
nobody can forge one for someone else."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core import signing
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from campaigns.models import Campaign

from .models import EVENTS
from .preferences import turn_off

SALT = "notifications.unsubscribe"


def token_for(user, event: str, campaign=None) -> str:
    return signing.dumps({"u": user.pk, "e": event, "c": getattr(campaign, "pk", None)}, salt=SALT)


def unsubscribe_url(user, event: str, campaign=None) -> str:
    return reverse("notifications:unsubscribe", args=[token_for(user, event, campaign)])


def read_token(token: str) -> dict | None:
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or data.get("e") not in EVENTS:
        return None
    campaign = data.get("c")
    return (
        data if campaign is None or (isinstance(campaign, int) and not isinstance(campaign, bool)) else None
    )


@require_http_methods(["GET", "POST"])
def unsubscribe(request, token):
    """GET asks to confirm (mail scanners follow links); POST turns the event off."""
    data = read_token(token)
    user = get_user_model().objects.filter(pk=data["u"]).first() if data else None
    if user is None:
        raise Http404
    done = False
    if request.method == "POST":
        campaign = data.get("c")
        if campaign is not None and not Campaign.objects.filter(pk=campaign).exists():
            raise Http404  # the campaign is gone: there is nothing left to be told of
        turn_off(user, data["e"], campaign)
        done = True
    return render(request, "notifications/unsubscribe.html", {"event": data["e"], "done": done})

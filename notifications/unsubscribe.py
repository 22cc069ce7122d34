"""Signed unsubscribe links: the token names the user, the event and the campaign, so following it
turns that one event off without logging in, and nobody can forge one for someone else."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core import signing
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from .models import EVENTS

SALT = "notifications.unsubscribe"


def token_for(user, event: str, campaign=None) -> str:
    return signing.dumps({"u": user.pk, "e": event, "c": getattr(campaign, "pk", None)}, salt=SALT)


def read_token(token: str) -> dict | None:
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    return data if isinstance(data, dict) and data.get("e") in EVENTS else None


@require_http_methods(["GET", "POST"])
def unsubscribe(request, token):
    """GET asks to confirm (mail scanners follow links); POST turns the event off."""
    from .outbox import preference_for

    data = read_token(token)
    user = get_user_model().objects.filter(pk=data["u"]).first() if data else None
    if user is None:
        raise Http404
    done = False
    if request.method == "POST":
        preference = preference_for(user)
        preference.events = {**preference.events, data["e"]: False}
        preference.save(update_fields=["events"])
        done = True
    return render(request, "notifications/unsubscribe.html", {"event": data["e"], "done": done})

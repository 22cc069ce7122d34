"""Applications are throttled per user (django-ratelimit, as the site's logins and sign-ups):
every attempt counts, sent or refused, so a refused one cannot be retried in a loop."""

from __future__ import annotations

from django.conf import settings
from django_ratelimit.core import get_usage

GROUP = "tables.apply"


def application_wait(request, user) -> int:
    """Seconds `user` must wait before applying again (0: they may apply now); counts this try."""
    usage = get_usage(
        request,
        group=GROUP,
        key=lambda _group, _request: f"user:{user.pk}",
        rate=settings.TABLE_APPLICATION_RATE,
        increment=True,
    )
    if usage is None or not usage["should_limit"]:
        return 0
    return max(1, int(usage["time_left"]))

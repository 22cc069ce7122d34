"""Failed-login throttling shared by the login page and the token endpoint.

Only failures count, so a player who types their password right is never slowed down by
logging in often. Failures are counted twice, per username (guessing one account from many
addresses) and per client address (one address trying many accounts); either counter past
`settings.LOGIN_FAILURE_RATE` blocks further attempts until its window ends. The counters live
in the cache (Redis when configured), so they hold across app processes. When the cache cannot
be reached the counters fail open (`RATELIMIT_FAIL_OPEN`, with django-redis logging the error):
players can still log in while Redis is down.

Sign-ups (page and API) are counted per client address, accepted or not (`SIGNUP_RATE`).
"""

from __future__ import annotations

from django.conf import settings
from django_ratelimit.core import is_ratelimited

from .names import identity

GROUP_USERNAME = "accounts.login-failures.username"
GROUP_ADDRESS = "accounts.login-failures.address"
GROUP_SIGNUP = "accounts.signups.address"


def _username_key(username: str):
    # The same identity that authenticates (NFKC, then case folding): "Director", "director"
    # and "ｄirector" share one counter, so look-alike spellings buy an attacker no guesses.
    value = identity(str(username).strip())[:150]
    return lambda group, request: value


def _counters(username: str):
    return ((GROUP_USERNAME, _username_key(username)), (GROUP_ADDRESS, "ip"))


def login_blocked(request, username: str) -> bool:
    """True when earlier failures for this username or address already passed the limit.
    Checks without counting: call it before authenticating."""
    return any(
        is_ratelimited(request, group=group, key=key, rate=settings.LOGIN_FAILURE_RATE, increment=False)
        for group, key in _counters(username)
    )


def login_failed(request, username: str) -> bool:
    """Count one failed login; True when this failure passed the limit."""
    # A list, not `any()` over a generator: both counters must be incremented.
    results = [
        is_ratelimited(request, group=group, key=key, rate=settings.LOGIN_FAILURE_RATE, increment=True)
        for group, key in _counters(username)
    ]
    return any(results)


def signup_throttled(request) -> bool:
    """Count one sign-up attempt from this address (page or API); True past
    `settings.SIGNUP_RATE`. Every attempt counts, accepted or not: a script creating accounts
    and a script probing names are both slowed down."""
    return is_ratelimited(request, group=GROUP_SIGNUP, key="ip", rate=settings.SIGNUP_RATE, increment=True)


_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def window_seconds(rate: str) -> int:
    """The window of a rate such as "5/5m" or "10/h", in seconds: how long a client told 429
    waits at most before its counter starts again (`Retry-After`)."""
    period = rate.partition("/")[2]
    digits = period.rstrip("smhd")
    return int(digits or 1) * _UNIT_SECONDS[period[len(digits) :] or "s"]

"""What the benchmark measures. A scenario is a name, a `setup` that creates its data once
(in the benchmark's own process, with Django set up against the run's database, and the server
already answering) and returns its state, and a `request` factory that builds the i-th request
from that state. Add a scenario by appending to `SCENARIOS`; the first one is the baseline that
the others are compared with.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .load import Request


@dataclass
class BenchContext:
    """What a scenario's setup may use."""

    base_url: str

    def create_user(self, username: str, password: str | None = None):
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.create_user(
            username=username, email=f"{username}@example.org", password=password
        )
        return user

    def session_cookie(self, user) -> str:
        """A `Cookie` header value for a logged-in session of `user`, made as the login view
        makes it (`django.contrib.auth.login`), so no login form sits in the measured path."""
        from django.conf import settings
        from django.test import Client

        client = Client()
        client.force_login(user)
        return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    setup: Callable[[BenchContext], Any]
    request: Callable[[Any, int], Request]
    # Every measured answer must have one of these statuses, or the run is void.
    expect: frozenset[int] = frozenset({200})
    # Looks at one answer before measuring (status, body) and raises if it is not the page meant.
    check: Callable[[Any, int, bytes], None] | None = None


# --- baseline: GET /healthz ------------------------------------------------------------------
# The cheapest real request through the whole stack: every middleware, the URL resolver, one
# `SELECT 1`, a small JSON answer. Mounting a no-op view only for the benchmark would measure a
# URL that production does not have; /healthz is what load balancers call all day.


def _baseline_setup(ctx: BenchContext) -> None:
    return None


def _baseline_request(state: Any, i: int) -> Request:
    return Request("GET", "/healthz")


def _baseline_check(state: Any, status: int, body: bytes) -> None:
    if status != 200 or json.loads(body).get("status") != "ok":
        raise AssertionError(f"/healthz answered {status}: {body[:200]!r}")


# --- the campaign list, logged in, with 20 campaigns ------------------------------------------

CAMPAIGNS = 20
PLAYERS_PER_CAMPAIGN = 3


def _campaign_list_setup(ctx: BenchContext) -> dict:
    from combat.services import campaign_create, campaign_join

    viewer = ctx.create_user("bench-viewer")
    other_gm = ctx.create_user("bench-other-gm")
    players = [ctx.create_user(f"bench-player-{n}") for n in range(PLAYERS_PER_CAMPAIGN)]
    names = []
    for n in range(CAMPAIGNS):
        # Half of them the viewer directs, half they play in: both kinds of row on the page.
        gm = viewer if n % 2 == 0 else other_gm
        campaign = campaign_create(gm=gm, name=f"Campaign {n + 1:02d} de prueba")
        members = players if gm is viewer else [viewer, *players[1:]]
        for player in members:
            campaign_join(user=player, invite_code=campaign.invite_code)
        names.append(campaign.name)
    return {"cookie": ctx.session_cookie(viewer), "names": names}


def _campaign_list_request(state: dict, i: int) -> Request:
    return Request("GET", "/campaigns/", headers={"Cookie": state["cookie"]})


def _campaign_list_check(state: dict, status: int, body: bytes) -> None:
    if status != 200:
        raise AssertionError(f"/campaigns/ answered {status} (not logged in?)")
    page = body.decode()
    missing = [name for name in state["names"] if name not in page]
    if missing:
        raise AssertionError(f"/campaigns/ does not list {len(missing)} of the {CAMPAIGNS} campaigns")


SCENARIOS: list[Scenario] = [
    Scenario(
        name="baseline",
        description="GET /healthz: the whole middleware stack and one SELECT 1",
        setup=_baseline_setup,
        request=_baseline_request,
        check=_baseline_check,
    ),
    Scenario(
        name="campaign_list",
        description=f"GET /campaigns/ logged in, {CAMPAIGNS} campaigns of {PLAYERS_PER_CAMPAIGN + 1} members",
        setup=_campaign_list_setup,
        request=_campaign_list_request,
        check=_campaign_list_check,
    ),
]

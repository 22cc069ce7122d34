"""What the benchmark measures. A scenario is a name, a `setup` that creates its data once
(in the benchmark's own process, with Django set up against the run's database, and the server
already answering) and returns its state, and either a `request` factory that builds the i-th
request from that state or a `session` factory that gives each client thread its own user
(`bench.load.Session`), for users whose next request depends on the last answer. Add a scenario
by appending to `SCENARIOS`; the first one is the baseline that the others are compared with.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from .load import Answer, Request, RequestSession, Session, connection, send_once

ROOT = Path(__file__).resolve().parent.parent
DEMO_SHEETS = ROOT / "characters" / "fixtures" / "demo_sheets.json"


class BenchError(AssertionError):
    """An answer that makes the scenario meaningless: the run is void."""


@dataclass
class BenchContext:
    """What a scenario's setup may use."""

    base_url: str
    concurrency: int = 1

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

    def api_token(self, user) -> str:
        """An `Authorization` header value, the token `POST /api/v1/auth/token/` hands out."""
        from accounts.services import token_for

        return f"Token {token_for(user=user).key}"

    def send(self, request: Request) -> Answer:
        """One request to the server, outside any measurement (for setting data up)."""
        pool = connection(self.base_url)
        try:
            return send_once(pool, request)
        finally:
            pool.close()


@dataclass(frozen=True)
class Target:
    """A figure the scenario promises: `metric` ("p95_ms" of the measured request) below `limit`,
    stated for `clients` concurrent users; `paced` says whether it is stated for users at a
    human pace (`--think-ms`), for users clicking non-stop (closed loop), or None for either."""

    metric: str
    limit: float
    clients: int
    text: str
    paced: bool | None = None


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    setup: Callable[[BenchContext], Any]
    request: Callable[[Any, int], Request] | None = None
    # Every measured answer must have one of these statuses, or the run is void.
    expect: frozenset[int] = frozenset({200})
    # Looks at one answer before measuring (status, body) and raises if it is not the page meant.
    check: Callable[[Any, int, bytes], None] | None = None
    # Instead of `request`: the user client thread `k` plays (`bench.load.Session`).
    session: Callable[[Any, int], Session] | None = None
    targets: tuple[Target, ...] = field(default_factory=tuple)

    def session_for(self, state: Any, k: int) -> Session:
        if self.session is not None:
            return self.session(state, k)
        if self.request is None:
            raise TypeError(f"scenario {self.name} has neither request nor session")
        return RequestSession(lambda i: self.request(state, i))


def demo_sheets() -> list[dict]:
    return json.loads(DEMO_SHEETS.read_text())


def richest_sheets(count: int) -> list[dict]:
    """The demo sheets with the most powers + skills + advantages (as `bench.engine` picks them)."""
    from .engine import richness

    return sorted(demo_sheets(), key=richness, reverse=True)[:count]


def demo_sheet(name: str) -> dict:
    for sheet in demo_sheets():
        if sheet["name"] == name:
            return sheet
    raise KeyError(name)


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
    from campaigns.services import campaign_create, campaign_join

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


# --- the builder's live check: players editing their characters --------------------------------
# The builder's form posts itself on every change (`hx-post` on <form id="builder">, `hx-trigger=
# "change, input delay:400ms"`): the whole form, the CSRF token in `X-CSRFToken` (from
# `hx-headers` on <body>) and `HX-Request: true`. The answer is the whole form again, which htmx
# morphs into the page (idiomorph, `hx-swap="morph:outerHTML"`): only what differs changes.

BUILDER_PLAYERS = 10
_BUILDER_FORM = re.compile(rb'<form id="builder"')


class FormFields(HTMLParser):
    """The fields a browser sends for one form of a page, in document order, as htmx collects
    them: named inputs (checkboxes and radios only when checked), the selected option of each
    select (or its first), textareas; no buttons (a `change` event sends no submit button)."""

    def __init__(self, form_id: str):
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self._select: dict | None = None
        self._option: dict | None = None
        self._textarea: dict | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == self.form_id
            return
        if not self.inside:
            return
        name = a.get("name")
        if tag == "input" and name and "disabled" not in a:
            kind = (a.get("type") or "text").lower()
            if kind in ("submit", "button", "image", "reset", "file"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            default = "on" if kind in ("checkbox", "radio") else ""
            self.fields.append((name, a["value"] if a.get("value") is not None else default))
        elif tag == "select" and name and "disabled" not in a:
            self._select = {"name": name, "chosen": None, "first": None}
        elif tag == "option" and self._select is not None:
            self._close_option()
            self._option = {"value": a.get("value"), "text": "", "selected": "selected" in a}
        elif tag == "textarea" and name:
            self._textarea = {"name": name, "text": ""}

    def handle_data(self, data):
        if self._option is not None:
            self._option["text"] += data
        if self._textarea is not None:
            self._textarea["text"] += data

    def _close_option(self):
        option, self._option = self._option, None
        if option is None or self._select is None:
            return
        value = option["value"] if option["value"] is not None else option["text"].strip()
        if self._select["first"] is None:
            self._select["first"] = value
        if option["selected"]:
            self._select["chosen"] = value

    def handle_endtag(self, tag):
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "option":
            self._close_option()
        elif tag == "select" and self._select is not None:
            self._close_option()
            value = self._select["chosen"] if self._select["chosen"] is not None else self._select["first"]
            if value is not None:
                self.fields.append((self._select["name"], value))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.fields.append((self._textarea["name"], self._textarea["text"]))
            self._textarea = None


def _cookie_value(answer: Answer, name: str) -> str | None:
    for header, value in answer.headers.items():
        if header.lower() == "set-cookie":
            match = re.search(rf"(?:^|[\s,]){re.escape(name)}=([^;,\s]+)", value)
            if match:
                return match[1]
    return None


class BuilderPlayer:
    """A player with the builder of their character open: each step is one live check, the
    whole form with one value changed."""

    def __init__(self, *, base_url: str, path: str, cookie: str, token: str, fields: list[tuple[str, str]]):
        self.base_url, self.path, self.token = base_url, path, token
        self.cookie = cookie
        self.fields = fields
        self.values = dict(fields)
        self.concept = self.values.get("concept", "")
        # The first skill's value goes down half a step and back up, every other check.
        self.skill_field = next((k for k, _v in fields if re.fullmatch(r"skills-\d+-value", k)), None)
        if self.skill_field:
            value = float(self.values[self.skill_field])
            other = value - 0.5 if value >= 0.5 else value + 0.5
            self.skill_values = (self.values[self.skill_field], f"{other:g}")
        self.lowered = False
        self.counter: itertools.count | None = None

    def form(self, n: int) -> bytes:
        """The n-th POST body: a concept never sent before (so the engine really re-validates:
        no cached report fits), and on odd checks the first skill moved by ½ (down, then back
        up the next time), so that half the answers carry new budget and derived numbers."""
        changed = {"concept": f"{self.concept} ({n})"}
        if self.skill_field and n % 2:
            self.lowered = not self.lowered
        if self.skill_field:
            changed[self.skill_field] = self.skill_values[1 if self.lowered else 0]
        return urlencode([(k, changed.get(k, v)) for k, v in self.fields]).encode()

    def step(self, i: int, send) -> None:
        n = next(self.counter) if self.counter is not None else i
        body = self.form(n)
        headers = {  # what htmx sends for the form's own `change`/`input` trigger
            "Cookie": self.cookie,
            "X-CSRFToken": self.token,
            "HX-Request": "true",
            "HX-Current-URL": self.base_url + self.path,
            "HX-Trigger": "builder",
            "HX-Target": "builder",
            "Origin": self.base_url,
            "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8",
        }
        answer = send(Request("POST", self.path, headers, body))
        if answer.status != 200:
            raise BenchError(f"live check answered {answer.status}: {answer.body[:300]!r}")
        if _BUILDER_FORM.search(answer.body) is None or b"<html" in answer.body:
            raise BenchError("the live check did not answer the builder's form")


def _builder_setup(ctx: BenchContext) -> dict:
    from django.conf import settings
    from django.urls import reverse

    from characters.services import character_create

    sheets = richest_sheets(3)
    counter = itertools.count(1)
    players = []
    for k in range(max(BUILDER_PLAYERS, ctx.concurrency)):
        user = ctx.create_user(f"bench-builder-{k}")
        character = character_create(owner=user, sheet=sheets[k % len(sheets)])
        session = ctx.session_cookie(user)
        path = reverse("characters:edit", args=[character.pk])
        page = ctx.send(Request("GET", path, {"Cookie": session}))
        if page.status != 200 or b'id="sheet-valid"' not in page.body:
            raise BenchError(f"GET {path} answered {page.status}, not the builder of a legal sheet")
        csrf = _cookie_value(page, settings.CSRF_COOKIE_NAME)
        parser = FormFields("builder")
        parser.feed(page.body.decode())
        token = dict(parser.fields).get("csrfmiddlewaretoken")
        if not csrf or not token or "concept" not in dict(parser.fields):
            raise BenchError("the builder page gave no CSRF cookie, token or concept field")
        player = BuilderPlayer(
            base_url=ctx.base_url,
            path=path,
            cookie=f"{session}; {settings.CSRF_COOKIE_NAME}={csrf}",
            token=token,
            fields=parser.fields,
        )
        player.counter = counter  # shared: every check of the run sends a sheet never seen before
        players.append(player)
    return {"players": players, "sheets": [s["name"] for s in sheets], "fields": len(players[0].fields)}


def _builder_session(state: dict, k: int) -> BuilderPlayer:
    return state["players"][k]


def _builder_check(state: dict, status: int, body: bytes) -> None:
    if status != 200:
        raise BenchError(f"the live check answered {status}")
    if not _BUILDER_FORM.search(body) or b"<html" in body or b'id="sheet-valid"' not in body:
        raise BenchError("the live check did not answer the builder's whole form, judged legal")


# --- an attack in a running encounter: 10 tables fighting at once ----------------------------------
# Each client thread is the GM of its own table, playing its own encounter through the API
# (`POST /api/v1/encounters/{id}/actions/`, token auth): the combatant whose turn it is attacks
# the other (melee, unarmed) and the turn ends, round after round. Only the attack is the
# measured request; `end_turn`, the GM's `rest` (whenever the attack hurt: Epic20 heroes have 4
# or 5 hit points, so without it the fight would be over in a few rounds) and `restart` (a new
# encounter when someone is dying anyway) are timed apart. Every answer must be a 201.

FIGHTS = 10
HERO, VILLAIN = "Grulla de Jade", "Garra"  # legal demo sheets; both +8 unarmed in melee
ATTACK = {"kind": "melee", "with": "unarmed"}


def _rolls(value: Any):
    """Every logged roll (a dict with faces and nonces) inside an answer."""
    if isinstance(value, dict):
        if "faces" in value and "nonces" in value:
            yield value
        for item in value.values():
            yield from _rolls(item)
    elif isinstance(value, list):
        for item in value:
            yield from _rolls(item)


class Fight:
    """One table: its GM's token, its campaign, the player's character and the villain's sheet,
    and the encounter being played."""

    def __init__(self, *, campaign_id: int, authorization: str, character_id: int, villain: dict, name: str):
        self.campaign_id = campaign_id
        self.headers = {
            "Authorization": authorization,
            "Content-Type": "application/json",
            "Accept": "application/json",
        }
        self.character_id = character_id
        self.villain = villain
        self.name = name
        self.encounter_id: int | None = None
        self.state: dict | None = None
        self.encounters = 0

    def post(self, send, path: str, payload: dict, label: str, expect: int = 201) -> dict:
        body = json.dumps(payload).encode()
        answer = send(Request("POST", path, self.headers, body, label=label))
        if answer.status != expect:
            raise BenchError(
                f"POST {path} {payload.get('type', '')} answered {answer.status}: {answer.body[:300]!r}"
            )
        return json.loads(answer.body)

    def act(self, send, action: dict, label: str) -> dict:
        body = self.post(send, f"/api/v1/encounters/{self.encounter_id}/actions/", action, label)
        self.state = body["state"]
        return body

    def begin(self, send, label: str = "restart") -> dict:
        """A new encounter: the hero and the villain, initiative rolled, round 1."""
        self.encounters += 1
        created = self.post(
            send,
            f"/api/v1/campaigns/{self.campaign_id}/encounters/",
            {"name": f"{self.name}, combate {self.encounters}"},
            label,
        )
        self.encounter_id = created["id"]
        path = f"/api/v1/encounters/{self.encounter_id}/combatants/"
        self.post(send, path, {"character": self.character_id, "side": "heroes"}, label)
        self.post(send, path, {"npc": self.villain, "side": "villains"}, label)
        return self.act(send, {"type": "start"}, label)

    def view(self, cid: int) -> dict:
        return next(c for c in self.state["combatants"] if c["id"] == cid)

    def playable(self) -> bool:
        state = self.state
        if not state or state["status"] != "active" or state["current"] is None:
            return False
        return all(c["status"] not in ("dying", "dead") for c in state["combatants"] if not c["removed"])

    def restart(self, send) -> None:
        if self.state and self.state["status"] == "active":
            self.act(send, {"type": "end"}, "restart")
        self.begin(send)

    def step(self, i: int, send) -> None:
        if not self.playable():
            self.restart(send)
        current = self.state["current"]
        target = next(c["id"] for c in self.state["combatants"] if c["id"] != current and not c["removed"])
        self.act(send, {"type": "attack", "actor": current, "target": target, **ATTACK}, "")
        hit = self.view(target)
        if hit["status"] in ("dying", "dead"):
            self.restart(send)
            return
        if hit["hit_points"] < hit["hit_points_max"] or hit["status"] != "active" or hit["defense_penalty"]:
            minutes = max(5 * (hit["hit_points_max"] - hit["hit_points"]), hit["defense_penalty"], 5)
            self.act(send, {"type": "rest", "target": target, "minutes": minutes}, "rest")
        self.act(send, {"type": "end_turn", "actor": current}, "end_turn")


def _prove_dice(fight: Fight, send) -> int:
    """Play one attack in a throwaway encounter, have the GM reveal its seed, and recompute every
    logged die from it: the server rolls the production verifiable dice, no test hook."""
    from rules.core.dice import verify_roll

    started = fight.begin(send, "setup")
    current = fight.state["current"]
    target = next(c["id"] for c in fight.state["combatants"] if c["id"] != current)
    attacked = fight.act(send, {"type": "attack", "actor": current, "target": target, **ATTACK}, "setup")
    client_seed = fight.state["dice"]["client_seed"]
    commitment = fight.state["dice"]["commitment"]
    revealed = fight.post(send, f"/api/v1/encounters/{fight.encounter_id}/reveal/", {}, "setup", 200)
    rolls = list(_rolls(started["events"])) + list(_rolls(attacked["events"]))
    if revealed["commitment"] != commitment or not rolls:
        raise BenchError("the revealed seed does not match the commitment the rolls were made under")
    checked = 0
    for roll in rolls:
        for face, nonce in zip(roll["faces"], roll["nonces"], strict=True):
            if (
                nonce is None
                or verify_roll(revealed["server_seed"], client_seed, nonce, roll["sides"]) != face
            ):
                raise BenchError(f"a die the server rolled is not the seed's: {roll}")
            checked += 1
    fight.act(send, {"type": "end"}, "setup")
    return checked


def _attack_setup(ctx: BenchContext) -> dict:
    from django.conf import settings

    from campaigns.services import campaign_create, campaign_join
    from characters.services import character_create

    if getattr(settings, "EPIC20_DICE_FACTORY", None):
        raise BenchError("EPIC20_DICE_FACTORY is set: the benchmark rolls the production dice only")
    hero, villain = demo_sheet(HERO), demo_sheet(VILLAIN)
    fights = []
    for k in range(max(FIGHTS, ctx.concurrency)):
        gm = ctx.create_user(f"bench-gm-{k}")
        player = ctx.create_user(f"bench-hero-{k}")
        campaign = campaign_create(gm=gm, name=f"Mesa {k + 1:02d}")
        campaign_join(user=player, invite_code=campaign.invite_code)
        character = character_create(owner=player, sheet=hero, campaign=campaign)
        fights.append(
            Fight(
                campaign_id=campaign.pk,
                authorization=ctx.api_token(gm),
                character_id=character.pk,
                villain=villain,
                name=f"Mesa {k + 1:02d}",
            )
        )
    dice_checked = _prove_dice(fights[0], ctx.send)
    for fight in fights:
        fight.begin(ctx.send, "setup")
    return {"fights": fights, "dice_checked": dice_checked}


def _attack_session(state: dict, k: int) -> Fight:
    return state["fights"][k]


def _attack_check(state: dict, status: int, body: bytes) -> None:
    if status != 201:
        raise BenchError(f"the attack answered {status}: {body[:300]!r}")
    answer = json.loads(body)
    attacks = [e for e in answer["events"] if e["type"] == "attack"]
    commitment = answer["state"]["dice"]["commitment"]
    if not attacks or attacks[0]["roll"].get("commitment") != commitment:
        raise BenchError("the attack's answer has no attack rolled with the encounter's committed dice")


# Issue targets for an attack, in every system: p95 under 50 ms with 10 encounters played at a
# human pace, and under 150 ms with 10 GMs clicking non-stop.
ATTACK_TARGETS = (
    Target("p95_ms", 50.0, 10, "attack p95 under 50 ms, 10 encounters played at a human pace", paced=True),
    Target("p95_ms", 150.0, 10, "attack p95 under 150 ms, 10 GMs clicking non-stop", paced=False),
)


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
    Scenario(
        name="builder_check",
        description="POST /characters/{id}/edit/ htmx live check: the whole builder form of one of the 3 "
        "richest demo sheets, one value changed, as its owner",
        setup=_builder_setup,
        session=_builder_session,
        check=_builder_check,
        targets=(Target("p95_ms", 100.0, 10, "live check p95 under 100 ms with 10 concurrent users"),),
    ),
    Scenario(
        name="encounter_attack",
        description="POST /api/v1/encounters/{id}/actions/ attack (resolve + persist + JSON answer) as the "
        "GM, each client playing its own encounter; end_turn, rest and restarts timed apart",
        setup=_attack_setup,
        session=_attack_session,
        expect=frozenset({201}),
        check=_attack_check,
        targets=ATTACK_TARGETS,
    ),
]

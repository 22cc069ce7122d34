"""Every request as a share of the floor, `GET /api/v1/auth/me/` (token auth, one small query,
DRF's rendering), measured from outside under the server (uvicorn as the Procfile runs it, or gunicorn) with wrk, in the same run: each round
measures `me` and then every scenario, and a scenario's ratio is its req/s over the req/s of `me`
in the same round (the median over the rounds is reported).

    make bench-floor
    .venv/bin/python -m bench.floor --seconds 5 --rounds 3 --json bench/results/floor.json
    .venv/bin/python -m bench.floor --scenario character_list --scenario sheet_epic20
"""

from __future__ import annotations

import argparse
import datetime as dt
import html
import json
import os
import re
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/floor.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "bench"

from bench.load import Request, connection, send_once
from bench.scenarios import BenchContext, richest_sheets
from bench.server import ROOT, AppServer
from bench.world import EVENTS, LISTED_SHEETS, World, build_world
from bench.wrk import WrkResult, run_wrk

JSON_ACCEPT = {"Accept": "application/json"}
BROWSER_ENCODING = {"Accept-Encoding": "gzip, deflate, br"}
# Live updates at scale: this many open fight pages with nothing happening, each polling once
# every POLL_SECONDS while idle (static/js/fight-page.js backs off from 1 s to 2 s).
IDLE_PAGES = 200
IDLE_POLL_SECONDS = (1.0, 2.0)


@dataclass(frozen=True)
class FloorScenario:
    name: str
    text: str  # the row of the targets table
    target: float | None  # the least share of `me`'s req/s; None: shown, not judged
    requests: Callable[[World, BenchContext], list[Request]]
    expect: frozenset[int] = frozenset({200})
    # Text every answer must contain (checked on one answer before measuring).
    contains: bytes = b""


def _token(token: str) -> dict[str, str]:
    return {"Authorization": token, **JSON_ACCEPT}


def _get(path: str, headers: dict[str, str]) -> list[Request]:
    return [Request("GET", path, headers)]


def _sheet(system: str) -> Callable[[World, BenchContext], list[Request]]:
    def requests(world: World, ctx: BenchContext) -> list[Request]:
        return _get(f"/api/v1/characters/{world.sheets[system]}/", _token(world.reader_token))

    return requests


def _validate(world: World, ctx: BenchContext) -> list[Request]:
    body = json.dumps(richest_sheets(1)[0]).encode()
    headers = {"Content-Type": "application/json", **JSON_ACCEPT}
    return [Request("POST", "/api/v1/characters/validate/", headers, body)]


def _catalogue_304(world: World, ctx: BenchContext) -> list[Request]:
    first = ctx.send(Request("GET", "/api/v1/rules/epic20/catalogue/", JSON_ACCEPT))
    etag = {k.lower(): v for k, v in first.headers.items()}.get("etag")
    if first.status != 200 or not etag:
        raise AssertionError(f"the catalogue answered {first.status} without an ETag")
    return _get("/api/v1/rules/epic20/catalogue/", {"If-None-Match": etag, **JSON_ACCEPT})


def _page(path: Callable[[World], str], cookie: str) -> Callable[[World, BenchContext], list[Request]]:
    def requests(world: World, ctx: BenchContext) -> list[Request]:
        return _get(path(world), {"Cookie": getattr(world, cookie)})

    return requests


def _browser_page(
    path: Callable[[World], str], cookie: str
) -> Callable[[World, BenchContext], list[Request]]:
    """A page as a browser asks for it: compressed (`Accept-Encoding: gzip`), so the server's
    gzip is in the measured cost, as it is for every real visit."""

    def requests(world: World, ctx: BenchContext) -> list[Request]:
        return _get(path(world), {"Cookie": getattr(world, cookie), **BROWSER_ENCODING})

    return requests


def _idle_poll(world: World, ctx: BenchContext) -> list[Request]:
    """The poll an open, up-to-date fight page sends: its URL as the page itself writes it
    (with the page's poll key), and the browser's cookie."""
    page = ctx.send(Request("GET", f"/encounters/{world.encounter}/", {"Cookie": world.gm_cookie}))
    found = re.search(rb'hx-get="(/encounters/\d+/log/after/[^"]+)"', page.body)
    if page.status != 200 or not found:
        raise AssertionError(f"the fight page answered {page.status} without its live poll")
    path = html.unescape(found.group(1).decode())
    return _get(path, {"Cookie": world.gm_cookie})


FLOOR = FloorScenario(
    "me",
    "GET /api/v1/auth/me/ (the floor)",
    None,
    lambda w, ctx: _get("/api/v1/auth/me/", _token(w.reader_token)),
    contains=b'"username":"bench-reader"',
)

SCENARIOS: list[FloorScenario] = [
    FloorScenario("healthz", "GET /healthz (no session, no user)", None, lambda w, ctx: _get("/healthz", {})),
    *(
        FloorScenario(f"sheet_{slug}", f"read one sheet: {slug}", 0.5, _sheet(slug), contains=b'"valid":')
        for slug in ("epic20", "msh", "anima", "hero")
    ),
    FloorScenario(
        "character_list",
        f"list {LISTED_SHEETS} sheets",
        0.4,
        lambda w, ctx: _get("/api/v1/characters/?page_size=20", _token(w.lister_token)),
        contains=f'"count":{LISTED_SHEETS}'.encode(),
    ),
    FloorScenario(
        "campaign_detail",
        "campaign detail",
        0.5,
        lambda w, ctx: _get(f"/api/v1/campaigns/{w.campaign}/", _token(w.gm_token)),
        contains=b"Mesa del bench",
    ),
    FloorScenario(
        "encounter_state",
        f"encounter state (8 combatants, {EVENTS:,} events)",
        0.4,
        lambda w, ctx: _get(f"/api/v1/encounters/{w.encounter}/", _token(w.gm_token)),
        contains=b'"combatants":',
    ),
    FloorScenario(
        "events_page",
        "a page of 100 events",
        0.4,
        lambda w, ctx: _get(
            f"/api/v1/encounters/{w.encounter}/events/?page=2&page_size=100", _token(w.gm_token)
        ),
        contains=b'"results":',
    ),
    FloorScenario("validate", "validate a full sheet", 0.35, _validate, contains=b'"derived":'),
    FloorScenario(
        "catalogue_304",
        "catalogue: conditional GET answered 304",
        0.8,
        _catalogue_304,
        expect=frozenset({304}),
    ),
    FloorScenario(
        "live_idle_poll",
        "live poll, nothing new (answered 204)",
        None,
        _idle_poll,
        expect=frozenset({204}),
    ),
    FloorScenario(
        "page_campaign_list",
        "page: campaign list",
        0.25,
        _page(lambda w: "/campaigns/", "gm_cookie"),
        contains=b"Mesa del bench",
    ),
    FloorScenario(
        "page_character_list",
        "page: character list",
        0.25,
        _page(lambda w: "/characters/", "lister_cookie"),
        contains=b"<html",
    ),
    FloorScenario(
        "page_sheet",
        "page: sheet",
        0.25,
        _page(lambda w: f"/characters/{w.lister_sheet}/", "lister_cookie"),
        contains=b"<html",
    ),
    FloorScenario(
        "page_builder",
        "page: builder",
        0.25,
        _page(lambda w: f"/characters/{w.lister_sheet}/edit/", "lister_cookie"),
        contains=b'id="builder"',
    ),
    FloorScenario(
        "builder_first_render_new",
        "Epic20 builder's first render: blank (gzip)",
        0.4,
        _browser_page(lambda w: "/characters/new/?system=epic20", "lister_cookie"),
        contains=b'id="builder"',
    ),
    FloorScenario(
        "builder_first_render_edit",
        "Epic20 builder's first render: a sheet (gzip)",
        0.4,
        _browser_page(lambda w: f"/characters/{w.lister_sheet}/edit/", "lister_cookie"),
        contains=b'id="builder"',
    ),
    FloorScenario(
        "page_directory",
        "page: the public directory (no account)",
        0.25,
        lambda w, ctx: _get("/mesas/", {}),
        contains=b"Mesa del bench",
    ),
    FloorScenario(
        "tables_list",
        "the public directory's API (no account)",
        0.5,
        lambda w, ctx: _get("/api/v1/tables/", {}),
        contains=b"Mesa del bench",
    ),
    FloorScenario(
        "page_fight",
        "page: fight",
        0.25,
        _page(lambda w: f"/encounters/{w.encounter}/", "gm_cookie"),
        contains=b"Combate del bench",
    ),
]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="wrk's duration per scenario and round")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured seconds per scenario first")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=8, help="wrk's open connections")
    parser.add_argument("--threads", type=int, default=2, help="wrk's threads")
    parser.add_argument("--workers", type=int, default=2, help="the server's worker processes")
    parser.add_argument(
        "--server",
        choices=("gunicorn", "uvicorn"),
        default="uvicorn",
        help="uvicorn (ASGI, the Procfile's web) or gunicorn sync workers (WSGI, as before)",
    )
    parser.add_argument("--postgres", metavar="URL", help="as bench.run --postgres")
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="as bench.run --redis: the cache, sessions and markers in Redis, as production",
    )
    parser.add_argument("--scenario", action="append", default=[], help="only this one (repeatable)")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)
    unknown = set(args.scenario) - {s.name for s in SCENARIOS}
    if unknown:
        parser.error(f"unknown scenario(s) {sorted(unknown)}")
    return args


def sanity_check(base_url: str, scenario: FloorScenario, requests: list[Request]) -> None:
    pool = connection(base_url)
    try:
        for request in requests:
            answer = send_once(pool, request)
            if answer.status not in scenario.expect or scenario.contains not in answer.body:
                raise AssertionError(
                    f"{scenario.name}: {request.method} {request.path} answered {answer.status}: "
                    f"{answer.body[:300]!r}"
                )
    finally:
        pool.close()


def _row(scenario: FloorScenario, results: list[WrkResult], ratios: list[float], cpu: list[float]) -> dict:
    ratio = statistics.median(ratios)
    return {
        "name": scenario.name,
        "text": scenario.text,
        "requests_per_second": statistics.median(r.requests_per_second for r in results),
        "p50_ms": statistics.median(r.p50_ms for r in results),
        "p95_ms": statistics.median(r.p95_ms for r in results),
        "ratio_to_me": ratio,
        "ratios": ratios,
        "server_cpu_ms_per_request": statistics.median(cpu) if cpu else None,
        "target": scenario.target,
        "met": None if scenario.target is None else ratio >= scenario.target,
    }


def idle_pages_cost(rows: list[dict]) -> list[dict]:
    """What IDLE_PAGES idle fight pages cost, in shares of one core: polls per second times the
    server CPU an idle poll took in this run."""
    poll = next((row for row in rows if row["name"] == "live_idle_poll"), None)
    if poll is None or poll["server_cpu_ms_per_request"] is None:
        return []
    return [
        {
            "pages": IDLE_PAGES,
            "poll_every_s": every,
            "core_share": IDLE_PAGES / every * poll["server_cpu_ms_per_request"] / 1000,
        }
        for every in IDLE_POLL_SECONDS
    ]


def print_table(report: dict) -> None:
    header = f"{'request':<46} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'CPU ms':>7} {'share of me':>12} {'target':>7}  "
    print("\n" + header + "\n" + "-" * len(header))
    for row in report["rows"]:
        target = f">= {row['target']:.2f}" if row["target"] is not None else ""
        verdict = {None: "", True: "met", False: "NOT met"}[row["met"]]
        cpu = row["server_cpu_ms_per_request"]
        print(
            f"{row['text']:<46} {row['requests_per_second']:>8.1f} {row['p50_ms']:>8.2f} {row['p95_ms']:>8.2f} "
            f"{(f'{cpu:.2f}' if cpu is not None else 'n/a'):>7} {row['ratio_to_me']:>12.2f} {target:>7}  {verdict}"
        )
    for cost in report["idle_pages"]:
        verdict = "met" if cost["core_share"] < 0.10 else "NOT met"
        print(
            f"{cost['pages']} idle fight pages polling every {cost['poll_every_s']:.0f} s: "
            f"{cost['core_share']:.1%} of one core (target under 10%: {verdict})"
        )
    machine = report["machine"]
    print(
        f"\nwrk {report['wrk']['connections']} connections, {report['wrk']['seconds']:.0f} s per scenario, "
        f"{report['rounds']} rounds; {report['server']['kind']} {report['server']['workers']} workers on "
        f"{report['server']['database']}, cache {report['server']['cache']}; {machine['cpus']} CPUs; "
        "load average (1, 5, 15 min) "
        f"{machine['load_before']} before, {machine['load_after']} after."
    )


def _measure(server: AppServer, scenario: FloorScenario, requests: list[Request], args, seconds: float):
    cpu_before = server.cpu_seconds()
    result = run_wrk(
        server.base_url,
        requests,
        expect=scenario.expect,
        seconds=seconds,
        connections=args.connections,
        threads=args.threads,
    )
    cpu_after = server.cpu_seconds()
    if result.unexpected or result.socket_errors:
        raise AssertionError(
            f"{scenario.name}: {result.unexpected} unexpected answers, {result.socket_errors} socket "
            f"errors; the run is void\n{server.log_tail()}"
        )
    cpu = None
    if cpu_before is not None and cpu_after is not None and result.requests:
        cpu = (cpu_after - cpu_before) * 1000 / result.requests
    return result, cpu


def run(args: argparse.Namespace) -> dict:
    chosen = [FLOOR, *(s for s in SCENARIOS if not args.scenario or s.name in args.scenario)]
    load_before = os.getloadavg()
    with AppServer(
        workers=args.workers, postgres_server=args.postgres, redis_url=args.redis, server=args.server
    ) as server:
        server.apply_env()
        os.chdir(ROOT)
        from bench.run import prepare_database

        print(f"bench: preparing a throwaway database in {server.workdir}", flush=True)
        prepare_database()
        server.start()
        from django.db import connections

        ctx = BenchContext(base_url=server.base_url)
        world = build_world(ctx)
        connections.close_all()
        print(f"bench: world ready ({world.events} events); {args.server} on {server.base_url}", flush=True)
        requests = {s.name: s.requests(world, ctx) for s in chosen}
        for scenario in chosen:
            sanity_check(server.base_url, scenario, requests[scenario.name])
            if args.warmup:
                _measure(server, scenario, requests[scenario.name], args, args.warmup)
        measured: dict[str, list] = {s.name: [] for s in chosen}
        for number in range(1, args.rounds + 1):
            floor, _cpu = _measure(server, FLOOR, requests["me"], args, args.seconds)
            measured["me"].append((floor, _cpu, 1.0))
            for scenario in chosen[1:]:
                result, cpu = _measure(server, scenario, requests[scenario.name], args, args.seconds)
                measured[scenario.name].append(
                    (result, cpu, result.requests_per_second / floor.requests_per_second)
                )
            print(
                f"bench: round {number}/{args.rounds} done (me {floor.requests_per_second:.0f} req/s)",
                flush=True,
            )
        database = server.env["DATABASE_URL"].split(":", 1)[0]
    rows = []
    for scenario in chosen:
        triples = measured[scenario.name]
        rows.append(
            _row(
                scenario,
                [t[0] for t in triples],
                [t[2] for t in triples],
                [t[1] for t in triples if t[1] is not None],
            )
        )
    return {
        "idle_pages": idle_pages_cost(rows),
        "started": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "rounds": args.rounds,
        "wrk": {"connections": args.connections, "threads": args.threads, "seconds": args.seconds},
        "server": {
            "kind": args.server,
            "workers": args.workers,
            "database": database,
            "cache": "redis (cache, cached_db sessions, live markers)"
            if args.redis
            else "in-process (locmem)",
        },
        "machine": {
            "cpus": os.cpu_count(),
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()],
        },
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    report = run(args)
    print_table(report)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0 if all(row["met"] is not False for row in report["rows"]) else 2


if __name__ == "__main__":
    raise SystemExit(main())

"""Page weight: every page of the site as a browser fetches it (`Accept-Encoding: gzip`), the
bytes on the wire against the issue's 100 kB, and how much compression saved.

    make bench-weight
    .venv/bin/python -m bench.weight --json bench/results/weight.json

The server runs as the floor's (`bench.floor`: uvicorn as the Procfile runs it, DEBUG off, a
throwaway database). The data: the demo (`manage.py load_demo`: a campaign of every system, its
GM `director`, its players `jugadora` and `jugador`, their sheets and a fight each), every demo
fight started and listed in the public directory, and the floor's world (`bench.world`: an
Epic20 fight of 8 combatants whose log holds 1,000 events), the heaviest log the site draws.
Each page is fetched once, as the person who would open it; only the HTML answer is counted
(static files are cached by the browser after the first page and precompressed by WhiteNoise).
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import http.client
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

if __package__ in (None, ""):  # run as `python bench/weight.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "bench"

from bench.scenarios import BenchContext
from bench.server import ROOT, AppServer
from bench.world import build_world

LIMIT_BYTES = 100 * 1000  # the "under 100 kB on the wire"
BROWSER = {"Accept-Encoding": "gzip, deflate, br", "Accept": "text/html"}


@dataclass(frozen=True)
class Page:
    name: str  # what the row says
    path: str
    cookie: str  # "" for no account


def fetch(base_url: str, page: Page) -> dict:
    """One GET as a browser sends it; the body as it came over the wire, and unpacked."""
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    headers = dict(BROWSER, **({"Cookie": page.cookie} if page.cookie else {}))
    try:
        connection.request("GET", page.path, headers=headers)
        response = connection.getresponse()
        wire = response.read()
        encoding = response.getheader("Content-Encoding", "")
    finally:
        connection.close()
    html = gzip.decompress(wire) if encoding == "gzip" else wire
    return {
        "name": page.name,
        "path": page.path,
        "status": response.status,
        "content_encoding": encoding,
        "wire_bytes": len(wire),
        "html_bytes": len(html),
        "under_limit": len(wire) < LIMIT_BYTES,
    }


def static_files(base_url: str, page: Page) -> list[dict]:
    """The stylesheets and scripts a page links, fetched as the browser does the first time:
    WhiteNoise should answer each precompressed (`Content-Encoding: gzip`)."""
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    try:
        connection.request("GET", page.path, headers=dict(BROWSER, Cookie=page.cookie))
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    if response.getheader("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    paths = sorted(set(re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', body.decode())))
    return [fetch(base_url, Page(path.rsplit("/", 1)[-1], path, "")) for path in paths]


def _start_demo_fights(gm) -> None:
    """Every demo fight running, as its GM would start it."""
    from combat import services
    from combat.models import Encounter
    from epic20site.errors import DomainError

    for encounter in Encounter.objects.filter(campaign__gm=gm, status=Encounter.Status.SETUP):
        try:
            services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
        except DomainError as error:
            raise SystemExit(f"bench: the demo fight {encounter.name!r} does not start: {error}") from None


def _list(campaign) -> None:
    from tables.services import listing_update

    listing_update(
        campaign=campaign, changes={"listed": True, "pitch": "Una mesa de demostración.", "seats": 2}
    )


def _system_pages(campaign, gm_cookie: str, player, player_cookie: str) -> list[Page]:
    from characters.models import Character

    slug = campaign.system
    sheet = Character.objects.filter(owner=player, campaign=campaign).order_by("pk").first()
    encounter = campaign.encounters.order_by("pk").first()
    pages = [
        Page(f"{slug}: campaign (GM)", f"/campaigns/{campaign.pk}/", gm_cookie),
        Page(f"{slug}: campaign (player)", f"/campaigns/{campaign.pk}/", player_cookie),
        Page(f"{slug}: journal", f"/campaigns/{campaign.pk}/journal/", player_cookie),
        Page(f"{slug}: builder, blank", f"/characters/new/?system={slug}", player_cookie),
        Page(f"{slug}: table page (public)", f"/mesas/{campaign.pk}/", ""),
        Page(f"{slug}: fights of the campaign", f"/encounters/campaign/{campaign.pk}/", gm_cookie),
    ]
    if sheet is not None:
        pages += [
            Page(f"{slug}: builder, {sheet.name}", f"/characters/{sheet.pk}/edit/", player_cookie),
            Page(f"{slug}: sheet, {sheet.name}", f"/characters/{sheet.pk}/", player_cookie),
        ]
    if encounter is not None:
        pages += _fight_pages(slug, encounter.pk, gm_cookie, player_cookie)
    return pages


def _fight_pages(label: str, pk: int, gm_cookie: str, player_cookie: str) -> list[Page]:
    return [
        Page(f"{label}: fight (GM)", f"/encounters/{pk}/", gm_cookie),
        Page(f"{label}: fight (player)", f"/encounters/{pk}/", player_cookie),
        Page(f"{label}: log", f"/encounters/{pk}/log/", player_cookie),
        Page(f"{label}: export", f"/encounters/{pk}/export/", player_cookie),
    ]


def _every_sheet(player, cookie: str) -> list[Page]:
    from characters.models import Character

    return [
        Page(f"sheet of {c.system}: {c.name}", f"/characters/{c.pk}/", cookie)
        for c in Character.objects.filter(owner=player).order_by("system", "name")
    ]


def site_pages(ctx: BenchContext) -> list[Page]:
    """Load the demo, start its fights, build the floor's world, and name every page to weigh."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from campaigns.models import Campaign

    call_command("load_demo", "--allow-production", stdout=open(os.devnull, "w"))  # noqa: SIM115
    users = get_user_model().objects
    gm, player = users.get(username="director"), users.get(username="jugadora")
    _start_demo_fights(gm)
    gm_cookie, player_cookie = ctx.session_cookie(gm), ctx.session_cookie(player)
    pages = [
        Page("home (no account)", "/", ""),
        Page("home (player)", "/", player_cookie),
        Page("campaign list (GM)", "/campaigns/", gm_cookie),
        Page("campaign list (player)", "/campaigns/", player_cookie),
        Page("character list (player)", "/characters/", player_cookie),
        Page("tables directory", "/mesas/", ""),
        Page("my applications", "/mesas/solicitudes/", player_cookie),
        Page("notifications", "/notifications/", player_cookie),
        Page("account", "/accounts/", player_cookie),
    ]
    for campaign in Campaign.objects.filter(gm=gm).order_by("system", "pk"):
        _list(campaign)
        pages += _system_pages(campaign, gm_cookie, player, player_cookie)
    pages += _every_sheet(player, player_cookie)
    world = build_world(ctx)
    bench_player = Campaign.objects.get(pk=world.campaign).memberships.exclude(user__username="bench-gm")
    pages += _fight_pages(
        "epic20, 1,000 events",
        world.encounter,
        world.gm_cookie,
        ctx.session_cookie(bench_player.order_by("pk").first().user),
    )
    return pages


def print_table(report: dict) -> None:
    header = f"{'page':<52} {'status':>6} {'wire kB':>8} {'HTML kB':>8} {'saved':>6}  under 100 kB"
    print("\n" + header + "\n" + "-" * len(header))
    for row in report["pages"]:
        saved = 1 - row["wire_bytes"] / row["html_bytes"] if row["html_bytes"] else 0
        print(
            f"{row['name'][:52]:<52} {row['status']:>6} {row['wire_bytes'] / 1000:>8.1f} "
            f"{row['html_bytes'] / 1000:>8.1f} {saved:>6.0%}  {'yes' if row['under_limit'] else 'NO'}"
        )
    plain = [row["name"] for row in report["static_files"] if row["content_encoding"] != "gzip"]
    wire = sum(row["wire_bytes"] for row in report["static_files"]) / 1000
    print(
        f"\nthe home page's {len(report['static_files'])} stylesheets and scripts: {wire:.1f} kB on the wire; "
        f"not precompressed: {', '.join(plain) or 'none'}"
    )
    over = [row["name"] for row in report["pages"] if not row["under_limit"]]
    print(
        f"\n{len(report['pages'])} pages; {len(over)} over 100 kB on the wire{': ' if over else ''}{', '.join(over)}"
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--server", choices=("gunicorn", "uvicorn"), default="uvicorn")
    parser.add_argument("--postgres", metavar="URL", help="as bench.run --postgres")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    return parser.parse_args(argv)


def run(args: argparse.Namespace) -> dict:
    with AppServer(workers=1, postgres_server=args.postgres, server=args.server) as server:
        server.apply_env()
        os.chdir(ROOT)
        from bench.run import prepare_database

        print(f"bench: preparing a throwaway database in {server.workdir}", flush=True)
        prepare_database()
        server.start()
        from django.db import connections

        pages = site_pages(BenchContext(base_url=server.base_url))
        connections.close_all()
        rows = [fetch(server.base_url, page) for page in pages]
        statics = static_files(server.base_url, next(p for p in pages if p.name == "home (player)"))
    bad = [row for row in rows + statics if row["status"] != 200]
    if bad:
        raise SystemExit(f"bench: pages that did not answer 200, the run is void: {bad}")
    return {
        "started": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "limit_bytes": LIMIT_BYTES,
        "server": args.server,
        "pages": rows,
        "static_files": statics,
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    report = run(args)
    print_table(report)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return 0 if all(row["under_limit"] for row in report["pages"]) else 2


if __name__ == "__main__":
    raise SystemExit(main())

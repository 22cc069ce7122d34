"""A worker's resident memory over 20,000 mixed requests: every `bench.floor` request in turn,
from wrk, under gunicorn. The RSS of each worker is read from /proc after a warm-up (the
imports, the caches, the first queries) and again after the measured requests; the issue's
target is a growth under 10 %.

    make bench-memory
    .venv/bin/python -m bench.memory --requests 20000 --json bench/results/memory.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/memory.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "bench"

from bench.floor import FLOOR, SCENARIOS
from bench.scenarios import BenchContext
from bench.server import ROOT, AppServer
from bench.world import build_world
from bench.wrk import run_wrk

TARGET_GROWTH = 0.10
EXPECT = frozenset({200, 204, 304})


def worker_rss_kib(master: int) -> dict[int, int]:
    """Resident memory (VmRSS, KiB) of each process whose parent is `master`."""
    out = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines() if ":" in line)
        except OSError:  # the process ended meanwhile
            continue
        if int(fields.get("PPid", "0").strip()) == master and "VmRSS" in fields:
            out[int(status.parent.name)] = int(fields["VmRSS"].split()[0])
    return out


def send_mixed(server: AppServer, requests, total: int, connections: int) -> int:
    """At least `total` requests, the mix in turn, in wrk runs of a few seconds."""
    sent = 0
    while sent < total:
        result = run_wrk(
            server.base_url, requests, expect=EXPECT, seconds=5, connections=connections, threads=2
        )
        if result.unexpected or result.socket_errors:
            raise AssertionError(
                f"{result.unexpected} unexpected answers; the run is void\n{server.log_tail()}"
            )
        sent += result.requests
    return sent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--warmup", type=int, default=2000)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    with AppServer(workers=2) as server:
        server.apply_env()
        os.chdir(ROOT)
        from bench.run import prepare_database

        prepare_database()
        server.start()
        from django.db import connections

        ctx = BenchContext(base_url=server.base_url)
        world = build_world(ctx)
        connections.close_all()
        mix = [request for scenario in [FLOOR, *SCENARIOS] for request in scenario.requests(world, ctx)]
        warm = send_mixed(server, mix, args.warmup, args.connections)
        before = worker_rss_kib(server.pid)
        sent = send_mixed(server, mix, args.requests, args.connections)
        after = worker_rss_kib(server.pid)
    workers = [
        {
            "pid": pid,
            "rss_kib_before": before[pid],
            "rss_kib_after": after[pid],
            "growth": after[pid] / before[pid] - 1,
        }
        for pid in sorted(before)
        if pid in after
    ]
    report = {
        "warmup_requests": warm,
        "requests": sent,
        "kinds_of_request": len(mix),
        "workers": workers,
        "worst_growth": max(w["growth"] for w in workers),
        "target_growth": TARGET_GROWTH,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    for w in workers:
        print(
            f"worker {w['pid']}: {w['rss_kib_before'] / 1024:.1f} MiB after {warm} warm-up requests, "
            f"{w['rss_kib_after'] / 1024:.1f} MiB after {sent} more: {w['growth']:+.1%}"
        )
    met = report["worst_growth"] < TARGET_GROWTH
    print(f"target: a worker grows under {TARGET_GROWTH:.0%}: {'met' if met else 'NOT met'}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0 if met else 2


if __name__ == "__main__":
    raise SystemExit(main())

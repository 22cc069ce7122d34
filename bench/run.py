"""Benchmark Epic20 Site as production serves it: gunicorn on loopback, DEBUG off, a throwaway
SQLite database populated for the run. Each scenario gets a warm-up, then a fixed number of
requests from N concurrent clients, in several rounds that alternate the scenarios; it prints
requests/s, p50 and p95 latency and each page's throughput as a fraction of the baseline's, as a
table and (with --json) as JSON.

    make bench
    .venv/bin/python -m bench.run --requests 2000 --concurrency 4 --json bench/results/run.json
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/run.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "bench"

from bench.load import Answer, LoadResult, Request, connection, percentile, run_load, send_once
from bench.scenarios import BenchContext, Scenario
from bench.server import ROOT, AppServer
from bench.system_fights import ALL_SCENARIOS as SCENARIOS


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=1000, help="measured requests per scenario and round")
    parser.add_argument("--warmup", type=int, default=200, help="unmeasured requests per scenario first")
    parser.add_argument("--concurrency", type=int, default=4, help="client threads")
    parser.add_argument(
        "--think-ms",
        type=float,
        default=0.0,
        help="paced mode: each client waits about this long (0.5x-1.5x, at random) before each "
        "request, as people at their keyboards do; 0 (the default) is a closed loop, no pause",
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each runs every scenario once")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--worker-class", default="sync", help="gunicorn worker class (production: sync)")
    parser.add_argument("--threads", type=int, default=1, help="threads per gunicorn worker (gthread)")
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="use a throwaway database on this PostgreSQL server (postgres://user@127.0.0.1:5432) "
        "instead of SQLite; it is created for the run and dropped after",
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="serve with REDIS_URL set to this Redis database (cache, sessions and rate limits "
        "shared by the workers, as production runs); it is flushed before the run",
    )
    parser.add_argument(
        "--scenario",
        action="append",
        default=[],
        help="run only this scenario (repeatable); the baseline always runs",
    )
    parser.add_argument("--json", type=Path, help="also write the results as JSON to this file")
    args = parser.parse_args(argv)
    for name in ("requests", "concurrency", "rounds", "workers", "threads"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if args.warmup < 0:
        parser.error("--warmup must not be negative")
    if args.think_ms < 0:
        parser.error("--think-ms must not be negative")
    known = {scenario.name for scenario in SCENARIOS}
    unknown = set(args.scenario) - known
    if unknown:
        parser.error(f"unknown scenario(s) {sorted(unknown)}; known: {sorted(known)}")
    return args


def selected_scenarios(names: list[str]) -> list[Scenario]:
    baseline, *others = SCENARIOS
    return [baseline, *(s for s in others if not names or s.name in names)]


def prepare_database() -> None:
    import django
    from django.core.management import call_command
    from django.db import connections

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    # DEBUG off serves hashed, compressed static files: they must exist, as in production.
    call_command("collectstatic", interactive=False, verbosity=0)
    connections.close_all()


def sanity_check(server: AppServer, scenario: Scenario, state) -> None:
    """One step before measuring, so a login redirect or an empty page is never timed: the
    first measured answer goes through the scenario's `check`, every answer through `expect`."""
    answers: list[tuple[Request, Answer]] = []
    pool = connection(server.base_url)

    def send(request: Request) -> Answer:
        answer = send_once(pool, request)
        answers.append((request, answer))
        return answer

    try:
        scenario.session_for(state, 0).step(0, send)
    finally:
        pool.close()
    measured = [answer for request, answer in answers if not request.label]
    if not measured:
        raise AssertionError(f"{scenario.name}: a step sent no measured request")
    if scenario.check is not None:
        scenario.check(state, measured[0].status, measured[0].body)
    for request, answer in answers:
        if answer.status not in scenario.expect:
            raise AssertionError(f"{scenario.name}: {request.method} {request.path} answered {answer.status}")


def _mean_or_none(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.fmean(known) if known else None


def _latency_summary(latencies: list[float]) -> dict:
    return {
        "p50": percentile(latencies, 0.50) * 1000,
        "p95": percentile(latencies, 0.95) * 1000,
        "p99": percentile(latencies, 0.99) * 1000,
        "mean": statistics.fmean(latencies) * 1000 if latencies else float("nan"),
    }


def summarize(scenario: Scenario, rounds: list[LoadResult]) -> dict:
    latencies = sorted(latency for result in rounds for latency in result.latencies)
    throughputs = [result.throughput for result in rounds]
    statuses: Counter = Counter()
    labelled: dict[str, list[float]] = {}
    for result in rounds:
        statuses.update(result.statuses)
        for label, values in result.labelled.items():
            labelled.setdefault(label, []).extend(values)
    return {
        "name": scenario.name,
        "description": scenario.description,
        "rounds": len(rounds),
        # Every request of the scenario (labelled ones too): req/s and server CPU are over these.
        "requests": sum(result.requests for result in rounds),
        "measured_requests": len(latencies),
        "requests_per_second": statistics.median(throughputs),
        "requests_per_second_min": min(throughputs),
        "requests_per_second_max": max(throughputs),
        # Of the measured (unlabelled) requests only.
        "latency_ms": _latency_summary(latencies),
        # The other requests of a session (end_turn, rest…), each timed apart.
        "labelled": {
            label: {"requests": len(values), "latency_ms": _latency_summary(sorted(values))}
            for label, values in sorted(labelled.items())
        },
        "server_cpu_ms_per_request": _mean_or_none([r.server_cpu_ms_per_request for r in rounds]),
        "client_cpu_share": statistics.fmean(result.client_cpu_share for result in rounds),
        "statuses": {str(status): count for status, count in statuses.items()},
    }


def judge(scenario: Scenario, row: dict, args: argparse.Namespace) -> list[dict]:
    """The scenario's latency targets, judged only at the number of users they are stated for."""
    out = []
    for target in scenario.targets:
        value = row["latency_ms"][target.metric.removesuffix("_ms")]
        applies = args.concurrency == target.clients and target.paced in (None, args.think_ms > 0)
        out.append(
            {
                "scenario": scenario.name,
                "target": target.text,
                "metric": target.metric,
                "limit": target.limit,
                "value": value,
                "clients": args.concurrency,
                "stated_for_clients": target.clients,
                "think_ms": args.think_ms,
                "judged": applies,
                "met": (value < target.limit) if applies else None,
            }
        )
    return out


def git_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=10
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
        )
        return out.stdout.strip() + ("-dirty" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def print_table(report: dict) -> None:
    header = (
        f"{'scenario':<24} {'req/s':>9} {'(min-max)':>13} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'vs baseline':>12} {'server CPU ms/req':>18} {'client CPUs':>12}"
    )
    print()
    print(header)
    print("-" * len(header))
    for row in report["scenarios"]:
        spread = f"{row['requests_per_second_min']:.0f}-{row['requests_per_second_max']:.0f}"
        server_cpu = row["server_cpu_ms_per_request"]
        server_cpu_text = f"{server_cpu:.2f}" if server_cpu is not None else "n/a"
        print(
            f"{row['name']:<24} {row['requests_per_second']:>9.1f} {spread:>13} "
            f"{row['latency_ms']['p50']:>8.2f} {row['latency_ms']['p95']:>8.2f} "
            f"{row['ratio_to_baseline']:>11.2f}x {server_cpu_text:>18} {row['client_cpu_share']:>12.2f}"
        )
        for label, other in row["labelled"].items():
            name = f"  + {label} ({other['requests']})"
            print(
                f"{name:<24} {'':>9} {'':>13} {other['latency_ms']['p50']:>8.2f} "
                f"{other['latency_ms']['p95']:>8.2f}"
            )
    load = report["load"]
    mode = f"paced, ~{load['think_ms']:.0f} ms between requests" if load["think_ms"] else "closed loop"
    print(
        f"\n{load['rounds']} rounds x {load['requests']} steps per scenario, {load['concurrency']} client "
        f"threads ({mode}), {load['warmup']} warm-up steps; gunicorn {report['server']['workers']} "
        f"{report['server']['worker_class']} workers on {report['server']['database']}; {report['machine']['cpus']} CPUs shared by client and server; "
        f"load average {report['machine']['load_average_1m_before']} before, "
        f"{report['machine']['load_average_1m_after']} after."
    )
    if any(row["labelled"] for row in report["scenarios"]):
        print(
            "req/s and server CPU count every request of a scenario; p50/p95 are of its measured "
            "request, the '+' rows of the others it sends."
        )
    for target in report["targets"]:
        if "min_ratio" in target:
            verdict = ("met" if target["met"] else "NOT met") if target["judged"] else "not judged (paced)"
            print(
                f"target: {target['scenario']} keeps >= {target['min_ratio']:.2f} of the baseline's throughput: "
                f"{target['ratio']:.2f} -> {verdict}"
            )
            continue
        if not target["judged"]:
            verdict = (
                f"not judged here (stated for {target['stated_for_clients']} users, "
                f"this run has {target['clients']})"
            )
        else:
            verdict = "met" if target["met"] else "NOT met"
        print(f"target: {target['scenario']}: {target['target']}: {target['value']:.1f} ms -> {verdict}")


def _report(args: argparse.Namespace, started, load_before, rows: list[dict], targets: list[dict]) -> dict:
    return {
        "date": started.isoformat(timespec="seconds"),
        "git_commit": git_commit(),
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            # Other work on the machine shows here: the figures of a busy machine are lower.
            "load_average_1m_before": round(load_before[0], 2),
            "load_average_1m_after": round(os.getloadavg()[0], 2),
        },
        "server": {
            "command": "gunicorn epic20site.wsgi",
            "workers": args.workers,
            "worker_class": args.worker_class,
            "threads": args.threads,
            "debug": False,
            "database": "postgresql (throwaway)" if args.postgres else "sqlite (throwaway, WAL)",
            "cache": "redis (cache + cached_db sessions)" if args.redis else "in-process (locmem)",
        },
        "load": {
            "requests": args.requests,
            "warmup": args.warmup,
            "concurrency": args.concurrency,
            "think_ms": args.think_ms,
            "rounds": args.rounds,
            "client": "urllib3, one connection per client thread",
        },
        "baseline": rows[0]["name"],
        "scenarios": rows,
        "targets": targets,
    }


def _void(server: AppServer, scenario: Scenario, result: LoadResult) -> bool:
    """Whether a load voids the run (an answer the scenario does not expect, a failed client)."""
    unexpected = {k: v for k, v in result.statuses.items() if k not in scenario.expect}
    if unexpected or result.errors:
        print(f"bench: {scenario.name} got unexpected answers {unexpected}; the run is void.")
        for error in result.errors[:5]:
            print(f"  {error}")
        print(server.log_tail())
        return True
    return False


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    scenarios = selected_scenarios(args.scenario)
    results: dict[str, list[LoadResult]] = {s.name: [] for s in scenarios}
    started = dt.datetime.now(dt.UTC)
    load_before = os.getloadavg()

    with AppServer(
        workers=args.workers,
        worker_class=args.worker_class,
        threads=args.threads,
        postgres_server=args.postgres,
        redis_url=args.redis,
    ) as server:
        server.apply_env()
        os.chdir(ROOT)
        print(f"bench: preparing a throwaway database in {server.workdir}", flush=True)
        prepare_database()
        server.start()
        print(
            f"bench: gunicorn ({args.workers} {args.worker_class} workers) on {server.base_url}", flush=True
        )

        from django.db import connections

        context = BenchContext(base_url=server.base_url, concurrency=args.concurrency)
        states = {}
        for scenario in scenarios:
            states[scenario.name] = scenario.setup(context)
            connections.close_all()
            sanity_check(server, scenario, states[scenario.name])

        def load(scenario: Scenario, total: int) -> LoadResult:
            state = states[scenario.name]
            cpu_before = server.cpu_seconds()
            result = run_load(
                server.base_url,
                lambda k: scenario.session_for(state, k),
                total=total,
                concurrency=args.concurrency,
                think_ms=args.think_ms,
            )
            cpu_after = server.cpu_seconds()
            if cpu_before is not None and cpu_after is not None:
                result.server_cpu_seconds = cpu_after - cpu_before
            return result

        def void(scenario: Scenario, result: LoadResult) -> bool:
            return _void(server, scenario, result)

        if args.warmup:
            for scenario in scenarios:
                if void(scenario, load(scenario, args.warmup)):
                    return 1
        for round_number in range(1, args.rounds + 1):
            for scenario in scenarios:
                result = load(scenario, args.requests)
                if void(scenario, result):
                    return 1
                results[scenario.name].append(result)
                print(
                    f"bench: round {round_number}/{args.rounds} {scenario.name}: "
                    f"{result.throughput:.1f} req/s",
                    flush=True,
                )

    rows = [summarize(scenario, results[scenario.name]) for scenario in scenarios]
    baseline_rps = rows[0]["requests_per_second"]
    for row in rows:
        row["ratio_to_baseline"] = row["requests_per_second"] / baseline_rps if baseline_rps else 0.0
    # Throughput ratios are bench.floor's (wrk, against GET /auth/me/); here: the session targets.
    targets = []
    for scenario, row in zip(scenarios, rows, strict=True):
        targets += judge(scenario, row, args)
    report = _report(args, started, load_before, rows, targets)
    print_table(report)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n")
        print(f"bench: wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

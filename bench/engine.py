"""The rules engine in-process: how long validating and deriving a whole sheet takes.

Times `validate_sheet(sheet).as_dict()` (what the builder's live check and
`POST /api/v1/characters/validate/` ask of the engine) over the demo sheets
(`characters/fixtures/demo_sheets.json`): the 3 richest one by one, and all of them together.
The baseline, measured beside it in the same loop, is `json.loads(json.dumps(sheet))` of the
same sheet: the least any request that reads a sheet pays for it.

    .venv/bin/python -m bench.engine
    .venv/bin/python -m bench.engine --iterations 5000 --json bench/results/engine.json

Target (character work): validating + deriving a full sheet under 2 ms median in-process.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/engine.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "bench"

from bench.load import percentile

ROOT = Path(__file__).resolve().parent.parent
SHEETS = ROOT / "characters" / "fixtures" / "demo_sheets.json"
TARGET_MEDIAN_MS = 2.0
RICHEST = 3


def richness(sheet: dict) -> tuple[int, int, int]:
    """Rows the engine has to check: powers + skills + advantages first, then every other list
    (maneuvers, complications, equipment), then the size of the sheet as a tie-break."""
    main = sum(len(sheet.get(key) or ()) for key in ("powers", "skills", "advantages"))
    rest = sum(len(sheet.get(key) or ()) for key in ("maneuvers", "complications", "equipment"))
    return main, rest, len(json.dumps(sheet))


def _validate(sheet: dict) -> dict:
    from rules.epic20.validation import validate_sheet

    return validate_sheet(sheet).as_dict()


def _baseline(sheet: dict) -> dict:
    return json.loads(json.dumps(sheet))


def measure(sheets: list[dict], iterations: int, warmup: int) -> dict:
    """`iterations` timed calls of each function, going round the sheets; the engine and the
    baseline alternate call by call, so whatever else the machine does falls on both alike."""
    engine_ns: list[int] = []
    baseline_ns: list[int] = []
    engine_cpu_ns: list[int] = []
    baseline_cpu_ns: list[int] = []
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    for i in range(warmup):
        sheet = sheets[i % len(sheets)]
        _baseline(sheet)
        _validate(sheet)
    wall_before, cpu_before = time.perf_counter(), time.process_time()
    for i in range(iterations):
        sheet = sheets[i % len(sheets)]
        cpu_began, began = cpu_clock(), clock()
        _baseline(sheet)
        ended, cpu_ended = clock(), cpu_clock()
        baseline_ns.append(ended - began)
        baseline_cpu_ns.append(cpu_ended - cpu_began)
        cpu_began, began = cpu_clock(), clock()
        _validate(sheet)
        ended, cpu_ended = clock(), cpu_clock()
        engine_ns.append(ended - began)
        engine_cpu_ns.append(cpu_ended - cpu_began)
    wall, cpu = time.perf_counter() - wall_before, time.process_time() - cpu_before
    for values in (engine_ns, baseline_ns, engine_cpu_ns, baseline_cpu_ns):
        values.sort()

    def summary(values: list[int]) -> dict:
        return {
            "median_ms": statistics.median(values) / 1e6,
            "p95_ms": percentile(values, 0.95) / 1e6,
            "p99_ms": percentile(values, 0.99) / 1e6,
            "min_ms": values[0] / 1e6,
            "mean_ms": statistics.fmean(values) / 1e6,
        }

    engine, baseline = summary(engine_ns), summary(baseline_ns)
    return {
        "iterations": iterations,
        "warmup": warmup,
        # Wall clock (time.perf_counter_ns): what the target is stated in.
        "engine": engine,
        "baseline": baseline,
        # This thread's CPU time (time.thread_time_ns) around the same calls: the cost itself,
        # without the time the process spent waiting for a core on a busy machine.
        "engine_cpu": summary(engine_cpu_ns),
        "baseline_cpu": summary(baseline_cpu_ns),
        "ratio_median": engine["median_ms"] / baseline["median_ms"] if baseline["median_ms"] else None,
        # Below 1.0 the process waited for a core: the machine was busy while it was timed.
        "cpu_share": cpu / wall if wall else None,
        "target_median_ms": TARGET_MEDIAN_MS,
        "met": engine["median_ms"] < TARGET_MEDIAN_MS,
    }


def load_sheets() -> list[dict]:
    sheets = json.loads(SHEETS.read_text())
    illegal = [s.get("name") for s in sheets if not _validate(s)["valid"]]
    if illegal:
        raise SystemExit(f"bench.engine: demo sheets that break the rules: {illegal}")
    return sheets


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--iterations", type=int, default=3000, help="timed calls per row")
    parser.add_argument("--warmup", type=int, default=300, help="untimed calls per row first")
    parser.add_argument("--json", type=Path, help="also write the results as JSON to this file")
    args = parser.parse_args(argv)
    if args.iterations < 1 or args.warmup < 0:
        parser.error("--iterations must be at least 1 and --warmup not negative")
    return args


def print_table(report: dict) -> None:
    header = (
        f"{'sheet':<26} {'rows':>5} {'engine p50 ms':>14} {'p95 ms':>8} "
        f"{'baseline p50 ms':>16} {'p95 ms':>8} {'ratio':>7} {'engine CPU p50':>15} {'CPU share':>10}"
        "  target <2 ms"
    )
    print()
    print(header)
    print("-" * len(header))
    for row in report["rows"]:
        print(
            f"{row['sheet']:<26} {row['rows']:>5} {row['engine']['median_ms']:>14.3f} "
            f"{row['engine']['p95_ms']:>8.3f} {row['baseline']['median_ms']:>16.4f} "
            f"{row['baseline']['p95_ms']:>8.4f} {row['ratio_median']:>6.1f}x "
            f"{row['engine_cpu']['median_ms']:>15.3f} {row['cpu_share']:>10.2f}  "
            f"{'met' if row['met'] else 'NOT met'}"
        )
    machine = report["machine"]
    print(
        f"\n{report['iterations']} timed calls per row after {report['warmup']} warm-up calls; "
        f"Python {machine['python']}; {machine['cpus']} CPUs; load average "
        f"{machine['load_average_1m_before']} before, {machine['load_average_1m_after']} after."
    )
    print("ratio: engine median / baseline median (json.loads(json.dumps(sheet)) of the same sheets).")
    print(
        "engine CPU p50: the same calls timed with this thread's CPU clock; CPU share below 1 means "
        "the process waited for a core (a busy machine): read the CPU column then."
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = dt.datetime.now(dt.UTC)
    load_before = os.getloadavg()
    sheets = load_sheets()
    ranked = sorted(sheets, key=richness, reverse=True)
    cases = [(s["name"], [s]) for s in ranked[:RICHEST]]
    cases.append((f"all {len(sheets)} (aggregate)", sheets))
    rows = []
    for name, group in cases:
        gc.collect()
        result = measure(group, args.iterations, args.warmup)
        main_rows, other_rows, _size = richness(group[0]) if len(group) == 1 else (None, None, None)
        rows.append(
            {
                "sheet": name,
                "rows": main_rows if main_rows is not None else "",
                "other_rows": other_rows,
                **result,
            }
        )
        print(
            f"bench.engine: {name}: {result['engine']['median_ms']:.3f} ms median",
            flush=True,
        )
    from bench.run import git_commit

    report = {
        "date": started.isoformat(timespec="seconds"),
        "git_commit": git_commit(),
        "what": "validate_sheet(sheet).as_dict() in-process; baseline json.loads(json.dumps(sheet))",
        "iterations": args.iterations,
        "warmup": args.warmup,
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "load_average_1m_before": round(load_before[0], 2),
            "load_average_1m_after": round(os.getloadavg()[0], 2),
        },
        "target": f"median under {TARGET_MEDIAN_MS} ms per sheet",
        "rows": rows,
    }
    print_table(report)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        print(f"bench.engine: wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

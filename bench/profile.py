"""Where a scenario's time goes: its requests run in-process (the WSGI app called through
Django's test client with CSRF checks on, no HTTP, no gunicorn) against a throwaway database
with the benchmark's production settings, under cProfile. Indicative, not a benchmark: use it to
explain a figure of `bench.run`, never instead of one.

    .venv/bin/python -m bench.profile builder_check
    .venv/bin/python -m bench.profile encounter_attack --steps 300 --top 40 --sort tottime
    .venv/bin/python -m bench.profile builder_check --time characters.systems.epic20_display.builder_context \
        --time rules.epic20.validation.validate_sheet
    .venv/bin/python -m bench.profile character_list --sort tottime   # any bench.floor scenario

`--time DOTTED.NAME` (repeatable) puts a CPU timer around a function or method during the
measured requests of the pass without the profiler, wherever the name was imported.
`--templates` times every template and included template by name the same way (inclusive: a
template's time holds the templates it includes).
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import importlib
import inspect
import os
import pstats
import statistics
import sys
import time
from collections import defaultdict
from http.cookies import SimpleCookie
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/profile.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "bench"

from bench.load import Answer, Request, RequestSession
from bench.scenarios import BenchContext
from bench.server import ROOT, AppServer
from bench.system_fights import ALL_SCENARIOS as SCENARIOS

IN_PROCESS_URL = "http://127.0.0.1"


class Timers:
    """CPU time spent in named functions while `active` (the measured requests only)."""

    def __init__(self):
        self.active = False
        self.calls: dict[str, int] = defaultdict(int)
        self.cpu: dict[str, float] = defaultdict(float)
        self._depth: dict[str, int] = defaultdict(int)

    def wrap(self, name: str, function):
        @functools.wraps(function)
        def timed(*args, **kwargs):
            if not self.active or self._depth[name]:  # recursion counts once
                return function(*args, **kwargs)
            self._depth[name] += 1
            began = time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.cpu[name] += time.thread_time() - began
                self.calls[name] += 1
                self._depth[name] -= 1

        return timed

    def install_templates(self) -> None:
        """Time `Template.render` under the template's own name (`template:<name>`)."""
        from django.template.base import Template

        original = Template.render
        timers = self

        def render(template, context):
            name = f"template:{template.name or template.origin.name}"
            return timers.wrap(name, original)(template, context)

        Template.render = render

    def install(self, dotted: str) -> None:
        """Wrap `package.module.function` or `package.module.Class.method`, and rebind every
        module-level name that refers to the same function (`from x import f` copies)."""
        parts = dotted.split(".")
        for split in range(len(parts) - 1, 0, -1):
            try:
                owner = importlib.import_module(".".join(parts[:split]))
            except ImportError:
                continue
            for attribute in parts[split:-1]:
                owner = getattr(owner, attribute)
            break
        else:
            raise SystemExit(f"bench.profile: cannot import {dotted}")
        name = parts[-1]
        raw = inspect.getattr_static(owner, name)
        if isinstance(raw, classmethod | staticmethod):
            setattr(owner, name, type(raw)(self.wrap(dotted, raw.__func__)))
            return
        original = getattr(owner, name)
        timed = self.wrap(dotted, original)
        setattr(owner, name, timed)
        if inspect.isclass(owner):
            return
        for module in list(sys.modules.values()):
            namespace = getattr(module, "__dict__", None)
            if namespace is None:
                continue
            for key, value in list(namespace.items()):
                if value is original:
                    namespace[key] = timed


class InProcess:
    """`send(request)` through the WSGI app in this process, timed; the measured requests
    (no label) run under `profiler` when it is set."""

    def __init__(self):
        from django.test import Client

        self.client = Client(enforce_csrf_checks=True, SERVER_NAME="127.0.0.1", SERVER_PORT="80")
        self.profiler: cProfile.Profile | None = None
        self.timers: Timers | None = None
        self.wall: dict[str, list[float]] = defaultdict(list)
        self.cpu: dict[str, list[float]] = defaultdict(list)

    def send(self, request: Request) -> Answer:
        headers = dict(request.headers)
        content_type = headers.pop("Content-Type", "application/octet-stream")
        self.client.cookies = SimpleCookie()  # only the Cookie header the scenario sends
        profiling = self.profiler is not None and not request.label
        if self.timers is not None:
            self.timers.active = not request.label
        wall, cpu = time.perf_counter(), time.thread_time()
        if profiling:
            self.profiler.enable()
        try:
            response = self.client.generic(
                request.method,
                request.path,
                data=request.body or b"",
                content_type=content_type,
                headers=headers,
            )
        finally:
            if profiling:
                self.profiler.disable()
            if self.timers is not None:
                self.timers.active = False
        self.wall[request.label or "measured"].append((time.perf_counter() - wall) * 1000)
        self.cpu[request.label or "measured"].append((time.thread_time() - cpu) * 1000)
        answer_headers = dict(response.headers)
        if response.cookies:
            answer_headers["Set-Cookie"] = ", ".join(
                f"{name}={morsel.value}; Path={morsel['path'] or '/'}"
                for name, morsel in response.cookies.items()
            )
        return Answer(response.status_code, response.content, answer_headers)


class InProcessContext(BenchContext):
    def __init__(self, transport: InProcess):
        super().__init__(base_url=IN_PROCESS_URL, concurrency=1)
        self.transport = transport

    def send(self, request: Request) -> Answer:
        return self.transport.send(request)


def _floor_session(name: str, ctx: BenchContext) -> RequestSession:
    """A `bench.floor` scenario's requests, in turn, over the floor bench's world."""
    from bench.floor import FLOOR
    from bench.floor import SCENARIOS as FLOOR_SCENARIOS
    from bench.world import build_world

    scenario = next(s for s in [FLOOR, *FLOOR_SCENARIOS] if s.name == name)
    requests = scenario.requests(build_world(ctx), ctx)
    return RequestSession(lambda i: requests[i % len(requests)])


def _session(name: str, ctx: BenchContext):
    scenario = next((s for s in SCENARIOS if s.name == name), None)
    if scenario is None:
        return _floor_session(name, ctx)
    return scenario.session_for(scenario.setup(ctx), 0)


def main(argv: list[str] | None = None) -> int:
    from bench.floor import FLOOR
    from bench.floor import SCENARIOS as FLOOR_SCENARIOS

    names = [s.name for s in SCENARIOS] + [s.name for s in [FLOOR, *FLOOR_SCENARIOS]]
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("scenario", choices=names)
    parser.add_argument("--steps", type=int, default=200, help="profiled steps (after the warm-up)")
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--top", type=int, default=30, help="functions to list")
    parser.add_argument("--sort", default="cumulative", help="pstats sort key (cumulative, tottime…)")
    parser.add_argument("--postgres", metavar="URL", help="as bench.run --postgres")
    parser.add_argument("--output", type=Path, help="also save the raw profile (for snakeviz, pstats)")
    parser.add_argument("--templates", action="store_true", help="time every template by name")
    parser.add_argument(
        "--time", action="append", default=[], metavar="DOTTED.NAME", help="time this function (repeatable)"
    )
    args = parser.parse_args(argv)

    with AppServer(postgres_server=args.postgres) as server:
        server.apply_env()
        os.chdir(ROOT)
        from bench.run import prepare_database

        prepare_database()
        transport = InProcess()
        session = _session(args.scenario, InProcessContext(transport))
        for i in range(args.warmup):
            session.step(i, transport.send)
        transport.wall.clear()
        transport.cpu.clear()
        if args.time or args.templates:
            transport.timers = Timers()
            for dotted in args.time:
                transport.timers.install(dotted)
            if args.templates:
                transport.timers.install_templates()
        # First without the profiler (its own cost inflates many small calls), then under it.
        for i in range(args.warmup, args.warmup + args.steps):
            session.step(i, transport.send)
        timings = (
            {k: list(v) for k, v in transport.wall.items()},
            {k: list(v) for k, v in transport.cpu.items()},
        )
        timers, transport.timers = transport.timers, None
        transport.profiler = cProfile.Profile()
        for i in range(args.warmup + args.steps, args.warmup + 2 * args.steps):
            session.step(i, transport.send)
        profiler, transport.profiler = transport.profiler, None
        from django.db import connections

        connections.close_all()

    print(
        f"\n{args.scenario}, in-process, {args.steps} steps after {args.warmup} warm-up steps, no profiler:"
    )
    for label in timings[0]:
        wall, cpu = timings[0][label], timings[1][label]
        print(
            f"  {label:<10} {len(wall):>5} requests: wall median {statistics.median(wall):.2f} ms, "
            f"CPU median {statistics.median(cpu):.2f} ms, CPU mean {statistics.fmean(cpu):.2f} ms"
        )
    if timers is not None:
        measured = len(timings[0].get("measured", ())) or 1
        print("\nCPU in named functions, per measured request (timers overlap where one calls another):")
        named = args.time + sorted(
            (n for n in timers.cpu if n.startswith("template:")), key=lambda n: -timers.cpu[n]
        )
        for dotted in named:
            calls, cpu = timers.calls[dotted], timers.cpu[dotted]
            print(f"  {cpu * 1000 / measured:>7.2f} ms  ({calls / measured:.1f} calls)  {dotted}")
    print(f"\ncProfile of the measured requests only, {args.steps} more steps:")
    stats = pstats.Stats(profiler)
    stats.sort_stats(args.sort).print_stats(args.top)
    if args.output:
        stats.dump_stats(args.output)
        print(f"bench.profile: wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""A bounded, concurrent load: a fixed number of steps shared by N client threads, each with its
own keep-alive connection (gunicorn's sync workers close it after each answer, as in
production; the client then reconnects over loopback, the same for every scenario).

A step is what one user does at a time: most scenarios send one request per step; a scenario
with a `Session` (a player editing their character, a GM playing their fight) may send several
and read the answers to decide the next request. Only requests without a `label` are the
scenario's measured request; labelled ones (an `end_turn` after an attack…) are timed apart.

Closed loop by default: each client sends its next request as soon as the previous answer
arrives (the worst case: users clicking with no pause). With `think_ms`, each client waits
about that long before each request (uniformly between half and one and a half times it, the
first wait included, so the clients do not click in step): people at their keyboards.
"""

from __future__ import annotations

import contextlib
import itertools
import random
import resource
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import urlsplit

import urllib3


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    headers: Mapping[str, str] = field(default_factory=dict)
    body: bytes | None = None
    # "" for the scenario's measured request; anything else is timed apart under that name.
    label: str = ""


@dataclass(frozen=True)
class Answer:
    status: int | str  # "error" when no answer came (connection refused, timeout…)
    body: bytes = b""
    headers: Mapping[str, str] = field(default_factory=dict)


Send = Callable[[Request], Answer]


class Session(Protocol):
    """One simulated user. `step(i, send)` does their i-th step through `send`, which times
    each request; it raises when an answer makes going on meaningless."""

    def step(self, i: int, send: Send) -> None: ...


class RequestSession:
    """A user who sends one independent request per step: `make_request(i)`."""

    def __init__(self, make_request: Callable[[int], Request]):
        self.make_request = make_request

    def step(self, i: int, send: Send) -> None:
        send(self.make_request(i))


@dataclass
class LoadResult:
    requests: int  # every request sent, measured or labelled
    seconds: float
    latencies: list[float]  # seconds, one per measured (unlabelled) request, sorted
    statuses: Counter  # of every request
    client_cpu_seconds: float
    errors: list[str] = field(default_factory=list)
    labelled: dict[str, list[float]] = field(default_factory=dict)  # label -> sorted latencies
    server_cpu_seconds: float | None = None  # filled in by whoever knows the server

    @property
    def throughput(self) -> float:
        """Answers per second, every request of the scenario counted."""
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def server_cpu_ms_per_request(self) -> float | None:
        """Server CPU per answer: less sensitive than req/s to whatever else the machine runs."""
        if self.server_cpu_seconds is None or not self.requests:
            return None
        return self.server_cpu_seconds * 1000 / self.requests

    @property
    def client_cpu_share(self) -> float:
        """Cores' worth of CPU the client itself used during the run (of the machine's total)."""
        return self.client_cpu_seconds / self.seconds if self.seconds else 0.0


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an already sorted list."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), round(fraction * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def check_loopback(base_url: str) -> tuple[str, int]:
    parts = urlsplit(base_url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise ValueError(f"the benchmark only talks to loopback, not {parts.hostname}")
    return parts.hostname, parts.port


def connection(base_url: str, timeout: float = 30.0) -> urllib3.HTTPConnectionPool:
    host, port = check_loopback(base_url)
    return urllib3.HTTPConnectionPool(host, port, maxsize=1, block=True, retries=False, timeout=timeout)


def send_once(pool: urllib3.HTTPConnectionPool, request: Request) -> Answer:
    try:
        response = pool.request(
            request.method,
            request.path,
            headers=dict(request.headers),
            body=request.body,
            redirect=False,
            preload_content=True,
        )
    except urllib3.exceptions.HTTPError as exc:
        return Answer("error", str(exc).encode())
    return Answer(response.status, response.data, dict(response.headers))


def run_load(
    base_url: str,
    make_session: Callable[[int], Session],
    *,
    total: int,
    concurrency: int,
    think_ms: float = 0.0,
    timeout: float = 30.0,
    time_limit: float = 900.0,
    seed: int = 20,
) -> LoadResult:
    """`total` steps shared by `concurrency` threads; thread `k` is the user
    `make_session(k)`. Stops early (and says so in `errors`) after `time_limit` seconds."""
    check_loopback(base_url)
    counter = itertools.count()
    start = threading.Barrier(concurrency + 1)
    per_thread: list[tuple[list[float], dict[str, list[float]], Counter, list[str]]] = []
    lock = threading.Lock()
    deadline = time.monotonic() + time_limit

    def client(k: int) -> None:
        pool = connection(base_url, timeout)
        rng = random.Random(seed * 1000 + k)
        latencies: list[float] = []
        labelled: dict[str, list[float]] = defaultdict(list)
        statuses: Counter = Counter()
        errors: list[str] = []

        def send(request: Request) -> Answer:
            if think_ms:
                time.sleep(think_ms * rng.uniform(0.5, 1.5) / 1000)
            began = time.perf_counter()
            answer = send_once(pool, request)
            elapsed = time.perf_counter() - began
            statuses[answer.status] += 1
            if answer.status == "error":
                errors.append(f"{request.method} {request.path}: {answer.body.decode(errors='replace')}")
            (labelled[request.label] if request.label else latencies).append(elapsed)
            return answer

        try:
            session = make_session(k)
            start.wait()
            while (i := next(counter)) < total:
                if time.monotonic() > deadline:
                    errors.append(f"stopped after {time_limit:.0f}s")
                    statuses["timeout"] += 1
                    break
                session.step(i, send)
        except threading.BrokenBarrierError:
            errors.append("another client failed before the start")
        except Exception as exc:  # a session that cannot go on voids the run; others finish
            errors.append(f"client {k}: {exc!r}")
            statuses["error"] += 1
            start.abort()
        finally:
            pool.close()
            with lock:
                per_thread.append((latencies, dict(labelled), statuses, errors))

    threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(concurrency)]
    for thread in threads:
        thread.start()
    cpu_before = _cpu_seconds()
    with contextlib.suppress(threading.BrokenBarrierError):  # a client failed: it says so
        start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join(time_limit + timeout + 5)
    seconds = time.perf_counter() - began
    cpu = _cpu_seconds() - cpu_before

    with lock:
        finished = list(per_thread)
    latencies = sorted(itertools.chain.from_iterable(t[0] for t in finished))
    labelled: dict[str, list[float]] = defaultdict(list)
    statuses: Counter = Counter()
    errors: list[str] = []
    for _lat, thread_labelled, thread_statuses, thread_errors in finished:
        for label, values in thread_labelled.items():
            labelled[label].extend(values)
        statuses.update(thread_statuses)
        errors.extend(thread_errors)
    if len(finished) < concurrency:
        errors.append(f"{concurrency - len(finished)} client(s) still running at the deadline")
        statuses["timeout"] += 1
    return LoadResult(
        requests=len(latencies) + sum(len(v) for v in labelled.values()),
        seconds=seconds,
        latencies=latencies,
        statuses=statuses,
        client_cpu_seconds=cpu,
        errors=errors,
        labelled={label: sorted(values) for label, values in labelled.items()},
    )

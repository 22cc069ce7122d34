"""A bounded, concurrent load: a fixed number of requests shared by N client threads, each
with its own keep-alive connection (gunicorn's sync workers close it after each answer, as in
production; the client then reconnects over loopback, the same for every scenario)."""

from __future__ import annotations

import itertools
import resource
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import urllib3


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    headers: Mapping[str, str] = field(default_factory=dict)
    body: bytes | None = None


@dataclass
class LoadResult:
    requests: int
    seconds: float
    latencies: list[float]  # seconds, one per request
    statuses: Counter
    client_cpu_seconds: float
    errors: list[str] = field(default_factory=list)
    server_cpu_seconds: float | None = None  # filled in by whoever knows the server

    @property
    def throughput(self) -> float:
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


def run_load(
    base_url: str,
    make_request: Callable[[int], Request],
    *,
    total: int,
    concurrency: int,
    timeout: float = 30.0,
) -> LoadResult:
    """Send `total` requests (request `i` is `make_request(i)`) from `concurrency` threads."""
    parts = urlsplit(base_url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise ValueError(f"the benchmark only talks to loopback, not {parts.hostname}")
    counter = itertools.count()
    start = threading.Barrier(concurrency + 1)
    per_thread: list[tuple[list[float], Counter, list[str]]] = []
    lock = threading.Lock()

    def client() -> None:
        pool = urllib3.HTTPConnectionPool(
            parts.hostname, parts.port, maxsize=1, block=True, retries=False, timeout=timeout
        )
        latencies: list[float] = []
        statuses: Counter = Counter()
        errors: list[str] = []
        start.wait()
        try:
            while (i := next(counter)) < total:
                request = make_request(i)
                began = time.perf_counter()
                try:
                    response = pool.request(
                        request.method,
                        request.path,
                        headers=dict(request.headers),
                        body=request.body,
                        redirect=False,
                        preload_content=True,
                    )
                    statuses[response.status] += 1
                except urllib3.exceptions.HTTPError as exc:
                    statuses["error"] += 1
                    errors.append(f"{request.method} {request.path}: {exc}")
                latencies.append(time.perf_counter() - began)
        finally:
            pool.close()
            with lock:
                per_thread.append((latencies, statuses, errors))

    threads = [threading.Thread(target=client, daemon=True) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    cpu_before = _cpu_seconds()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    cpu = _cpu_seconds() - cpu_before

    latencies = sorted(itertools.chain.from_iterable(t[0] for t in per_thread))
    statuses: Counter = Counter()
    errors: list[str] = []
    for _lat, thread_statuses, thread_errors in per_thread:
        statuses.update(thread_statuses)
        errors.extend(thread_errors)
    return LoadResult(
        requests=len(latencies),
        seconds=seconds,
        latencies=latencies,
        statuses=statuses,
        client_cpu_seconds=cpu,
        errors=errors,
    )

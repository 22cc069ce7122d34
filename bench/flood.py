"""A bounded flood against one `web` process run as the Procfile runs it, under a 1,024 open-file
limit: does another visitor still get answers? (docs/performance.md, "Slow clients and floods").

Loopback only. Three floods, each a few seconds and each bounded in sockets and requests, one
after another, all from 127.0.0.1:

- `slow_headers`: up to `--sockets` connections, each sending one header line a second and never
  ending its headers;
- `silent`: up to `--sockets` connections that send nothing;
- `streams`: up to `--sockets` encounter streams opened with one account's token.

Meanwhile a visitor at 127.0.0.2 asks `GET /healthz` every 100 ms on a new connection; the
report gives how many of its requests were answered, and how fast. `--plain` runs uvicorn with
its own protocol and no stream limits, for the figures before.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import secrets
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from bench.server import ROOT, free_port, production_env
from bench.stream import prepare

OPEN_FILES = 1024
FLOOD_SECONDS = 5.0
VISITOR_EVERY = 0.1


def _limit_open_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))


class Web:
    """One `web` process: the Procfile's uvicorn command, with at most 1,024 open files."""

    def __init__(self, env: dict[str, str], log: Path, plain: bool):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [str(Path(sys.executable).parent / "uvicorn"), "epic20site.asgi:application"]
        command += ["--host", "127.0.0.1", "--port", str(self.port), "--lifespan", "off"]
        command += ["--no-proxy-headers", "--no-access-log", "--timeout-graceful-shutdown", "2"]
        if not plain:
            command += ["--http", "epic20site.http_protocol:BoundedHttpProtocol"]
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_limit_open_files,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"{self.url} did not start: {log.read_text()[-2000:]}")

    def open_files(self) -> int:
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


async def _connect(port: int, source: str):
    return await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), 2)


async def visitor(port: int, until: float) -> dict:
    """`GET /healthz` every 100 ms from another address, each on a new connection."""
    times, failed = [], 0
    while time.monotonic() < until:
        started = time.perf_counter()
        try:
            reader, writer = await _connect(port, "127.0.0.2")
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            status = await asyncio.wait_for(reader.readline(), 2)
            writer.close()
            if b" 200 " in status:
                times.append((time.perf_counter() - started) * 1000)
            else:
                failed += 1
        except (OSError, TimeoutError):
            failed += 1
        await asyncio.sleep(VISITOR_EVERY)
    times.sort()
    return {
        "asked": len(times) + failed,
        "answered": len(times),
        "p50_ms": round(times[len(times) // 2], 1) if times else None,
        "max_ms": round(times[-1], 1) if times else None,
    }


async def _slow_header(port: int, until: float, held: list) -> None:
    reader, writer = await _connect(port, "127.0.0.1")
    held.append(writer)
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    while time.monotonic() < until and not reader.at_eof():
        writer.write(b"X-Slow: 1\r\n")
        await asyncio.sleep(1)


async def _silent(port: int, until: float, held: list) -> None:
    reader, writer = await _connect(port, "127.0.0.1")
    held.append(writer)
    while time.monotonic() < until and not reader.at_eof():
        await asyncio.sleep(0.5)


async def _stream(port: int, until: float, held: list, world: dict, statuses: dict) -> None:
    reader, writer = await _connect(port, "127.0.0.1")
    held.append(writer)
    writer.write(
        (
            f"GET /api/v1/encounters/{world['encounter']}/stream/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: {world['player']}\r\n\r\n"
        ).encode()
    )
    status = await asyncio.wait_for(reader.readline(), 5)
    code = status.split(b" ")[1].decode() if status else "closed"
    statuses[code] = statuses.get(code, 0) + 1
    while time.monotonic() < until and not await _eof_soon(reader):
        pass


async def _eof_soon(reader) -> bool:
    try:
        return not await asyncio.wait_for(reader.read(4096), 0.5)
    except TimeoutError:
        return False


async def flood(web: Web, kind: str, sockets: int, world: dict) -> dict:
    until = time.monotonic() + FLOOD_SECONDS
    held: list = []
    statuses: dict = {}
    watcher = asyncio.create_task(visitor(web.port, until + 1))
    makers = {"slow_headers": _slow_header, "silent": _silent}
    tasks = []
    for _ in range(sockets):
        if kind == "streams":
            tasks.append(asyncio.create_task(_stream(web.port, until, held, world, statuses)))
        else:
            tasks.append(asyncio.create_task(makers[kind](web.port, until, held)))
        await asyncio.sleep(0.001)
    await asyncio.sleep(1)
    peak_files = web.open_files()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for writer in held:
        writer.close()
    report = {
        "flood": kind,
        "sockets_tried": sockets,
        "sockets_refused_or_failed": sum(isinstance(r, BaseException) for r in results),
        "server_open_files_during": peak_files,
        "visitor": await watcher,
    }
    if statuses:
        report["stream_answers"] = statuses
    await asyncio.sleep(1)
    return report


def run(args: argparse.Namespace) -> dict:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    workdir = Path(f"/tmp/epic20-bench-flood-{secrets.token_hex(3)}")
    workdir.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("TESTING", "DJANGO_SETTINGS_MODULE")}
    env.update(production_env(workdir))
    env.update({"REDIS_URL": args.redis, "CACHE_KEY_PREFIX": f"epic20-bench-flood-{secrets.token_hex(4)}"})
    if args.plain:
        env.update({"STREAM_MAX_PER_USER": "100000", "STREAM_MAX_PER_ADDRESS": "100000"})
    world = prepare(env)
    web = Web(env, workdir / "web.log", args.plain)
    try:
        report = {
            "protocol": "uvicorn's own" if args.plain else "BoundedHttpProtocol",
            "open_files": OPEN_FILES,
        }
        report["load_average_before"] = os.getloadavg()
        report["floods"] = [asyncio.run(flood(web, kind, args.sockets, world)) for kind in args.floods]
        report["load_average_after"] = os.getloadavg()
        return report
    finally:
        web.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=1100)
    parser.add_argument("--redis", default="", help="a Redis URL for the stream counts (default: in memory)")
    parser.add_argument("--plain", action="store_true", help="uvicorn's own protocol, no stream limits")
    parser.add_argument("--floods", nargs="+", default=["slow_headers", "silent", "streams"])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    report = run(args)
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

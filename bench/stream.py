"""Live updates pushed (`make bench-stream`): two `web` processes as the Procfile runs them
(uvicorn, DEBUG off) sharing a throwaway PostgreSQL database and Redis.

1. Change to screen: the GM acts on process A (`POST /combatants/`), a player's stream on
   process B hears of it and reads the new events from B (`/events/?after=`), as a page
   does. p50 and p95 over 100 changes; targets p50 < 100 ms, p95 < 250 ms.
2. 1,000 idle streams on process B: its CPU share while they sit idle (< 2 % of a core) and
   its extra memory (< 150 MB); then one change, which every stream must get within 1 s.
3. A burst of 50 changes within a second on A: every one of the 1,000 streams gets all 50,
   in order.

Throughout, the peak number of PostgreSQL connections to the run's database is sampled.
Usage: `python -m bench.stream [--postgres postgres://postgres@127.0.0.1:5432]
[--redis redis://127.0.0.1:6379/14] [--streams 1000] [--json FILE]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import secrets
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .server import ROOT, ThrowawayPostgres, free_port, production_env

NPC = {
    "system": "epic20",
    "name": "Matón",
    "level": 5,
    "attributes": {"corpulencia": 1, "agilidad": 0.5, "percepcion": 0.5, "inteligencia": 0, "presencia": 0.5},
    "skills": [],
    "powers": [],
    "advantages": [],
    "maneuvers": [],
    "complications": [],
    "equipment": [{"kind": "mundane", "name": "Porra", "power": None, "armor": False}],
}
CHANGES = 100
BURST = 50
BURST_SENDERS = 8
IDLE_SECONDS = 10.0


class Web:
    """One `web` process of the Procfile (uvicorn) on a free loopback port."""

    def __init__(self, env: dict[str, str], log: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [
            str(Path(sys.executable).parent / "uvicorn"),
            "epic20site.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--lifespan",
            "off",
            "--no-proxy-headers",
            "--no-access-log",
            "--timeout-graceful-shutdown",
            "2",
        ]
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
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

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def threads(self) -> int:
        return len(list(Path(f"/proc/{self.process.pid}/task").iterdir()))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


class PeakConnections(threading.Thread):
    """Samples `pg_stat_activity` for the run's database every 50 ms."""

    def __init__(self, server_url: str, database: str):
        super().__init__(daemon=True)
        self.server_url, self.database = server_url, database
        self.peak = 0
        self.done = threading.Event()

    def run(self) -> None:
        import psycopg

        with psycopg.connect(f"{self.server_url}/postgres", autocommit=True) as connection:
            while not self.done.wait(0.05):
                row = connection.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [self.database]
                ).fetchone()
                self.peak = max(self.peak, row[0])


def prepare(env: dict[str, str]) -> dict:
    """Migrate the run's database and make a GM, a player, their campaign and a fight."""
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    from django.contrib.auth import get_user_model

    from accounts.services import token_for
    from campaigns.services import campaign_create, campaign_join
    from combat import services

    users = get_user_model().objects
    gm = users.create_user(username="stream-gm", email="gm@example.org")
    player = users.create_user(username="stream-player", email="player@example.org")
    campaign = campaign_create(gm=gm, name="Mesa del bench de streams")
    campaign_join(user=player, invite_code=campaign.invite_code)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Streams")
    from django.db import connections

    connections.close_all()
    return {
        "encounter": encounter.pk,
        "gm": f"Token {token_for(user=gm).key}",
        "player": f"Token {token_for(user=player).key}",
    }


# An SSE client on asyncio streams: one connection, one parsed message at a time ---------------
class Stream:
    def __init__(self):
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.versions: list[int] = []
        self.arrivals: dict[int, float] = {}

    async def open(self, base: str, encounter: int, token: str) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.reader, self.writer = await asyncio.open_connection(host, int(port), limit=2**16)
        self.writer.write(
            (
                f"GET /api/v1/encounters/{encounter}/stream/ HTTP/1.1\r\nHost: {host}\r\n"
                f"Authorization: {token}\r\nAccept: text/event-stream\r\n\r\n"
            ).encode()
        )
        await self.writer.drain()
        status = await self.reader.readline()
        if b" 200 " not in status:
            raise RuntimeError(f"stream refused: {status!r}")
        while (await self.reader.readline()) not in (b"\r\n", b""):
            pass

    async def read(self) -> None:
        """Record every `changed` message's version and arrival time until the stream closes."""
        version = None
        while True:
            line = await self.reader.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                version = int(line[4:])
            elif line.startswith(b"data: ") and version is not None:
                self.arrivals[version] = time.perf_counter()
                self.versions.append(version)
                version = None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def post_npc(base: str, encounter: int, token: str, n: int) -> None:
    body = json.dumps({"npc": dict(NPC, name=f"Matón {n}"), "side": "villains"}).encode()
    request = urllib.request.Request(
        f"{base}/api/v1/encounters/{encounter}/combatants/",
        data=body,
        method="POST",
        headers={"Authorization": token, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        if answer.status != 201:
            raise RuntimeError(f"action answered {answer.status}")


def read_events(base: str, encounter: int, token: str, after: int) -> None:
    request = urllib.request.Request(
        f"{base}/api/v1/encounters/{encounter}/events/?after={after}", headers={"Authorization": token}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        answer.read()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


async def change_to_screen(a: Web, b: Web, world: dict, changes: int) -> dict:
    """Act on A; hear it on B's stream and read the new events from B."""
    loop = asyncio.get_running_loop()
    listener = Stream()
    await listener.open(b.url, world["encounter"], world["player"])
    reading = asyncio.create_task(listener.read())
    heard, screen, acted = [], [], []
    for n in range(changes):
        before = len(listener.versions)
        started = time.perf_counter()
        await loop.run_in_executor(None, post_npc, a.url, world["encounter"], world["gm"], n)
        acted.append(time.perf_counter() - started)
        while len(listener.versions) == before:
            await asyncio.sleep(0.0005)
        version = listener.versions[-1]
        heard.append(listener.arrivals[version] - started)
        await loop.run_in_executor(None, read_events, b.url, world["encounter"], world["player"], version - 1)
        screen.append(time.perf_counter() - started)
    listener.close()
    reading.cancel()
    ms = 1000
    return {
        "changes": changes,
        "action_answer_p50_ms": round(percentile(acted, 0.5) * ms, 1),
        "heard_p50_ms": round(percentile(heard, 0.5) * ms, 1),
        "heard_p95_ms": round(percentile(heard, 0.95) * ms, 1),
        "screen_p50_ms": round(percentile(screen, 0.5) * ms, 1),
        "screen_p95_ms": round(percentile(screen, 0.95) * ms, 1),
    }


async def idle_streams(a: Web, b: Web, world: dict, count: int) -> dict:
    loop = asyncio.get_running_loop()
    rss_before = b.rss_mb()
    threads_before = b.threads()
    streams = [Stream() for _ in range(count)]
    opening = time.perf_counter()
    for start in range(0, count, 50):  # opened 50 at a time, as pages would arrive
        await asyncio.gather(
            *(s.open(b.url, world["encounter"], world["player"]) for s in streams[start : start + 50])
        )
    opened_in = time.perf_counter() - opening
    readers = [asyncio.create_task(s.read()) for s in streams]
    await asyncio.sleep(2)  # let the opening settle
    cpu_before, wall_before = b.cpu_seconds(), time.perf_counter()
    await asyncio.sleep(IDLE_SECONDS)
    idle_share = (b.cpu_seconds() - cpu_before) / (time.perf_counter() - wall_before)
    rss_open = b.rss_mb()
    threads_open = b.threads()

    started = time.perf_counter()
    await loop.run_in_executor(None, post_npc, a.url, world["encounter"], world["gm"], 10_000)
    deadline = started + 5
    while any(not s.versions for s in streams) and time.perf_counter() < deadline:
        await asyncio.sleep(0.005)
    reached = [s.arrivals[s.versions[0]] - started for s in streams if s.versions]

    # The burst: 50 changes within a second, each stream must get all of them, in order.
    first_version = max(s.versions[-1] for s in streams if s.versions) + 1
    burst_started = time.perf_counter()
    # Several senders at once, as several players would act (each action waits for the fight's
    # row lock, so the changes still commit one after another).
    with ThreadPoolExecutor(max_workers=BURST_SENDERS) as senders:
        list(
            senders.map(lambda n: post_npc(a.url, world["encounter"], world["gm"], 20_000 + n), range(BURST))
        )
    burst_seconds = time.perf_counter() - burst_started
    expected = list(range(first_version, first_version + BURST))
    deadline = time.perf_counter() + 10
    while time.perf_counter() < deadline and any(s.versions[-BURST:] != expected for s in streams):
        await asyncio.sleep(0.01)
    complete = sum(1 for s in streams if s.versions[1:] == expected)
    received_all = sum(1 for s in streams if set(expected) <= set(s.versions))
    for s in streams:
        s.close()
    for reader in readers:
        reader.cancel()
    return {
        "streams": count,
        "opened_in_seconds": round(opened_in, 1),
        "idle_cpu_share": round(idle_share, 4),
        "extra_memory_mb": round(rss_open - rss_before, 1),
        "threads_before": threads_before,
        "threads_with_streams_open": threads_open,
        "next_change_reached": len(reached),
        "next_change_max_ms": round(max(reached) * 1000, 1) if reached else None,
        "next_change_p50_ms": round(statistics.median(reached) * 1000, 1) if reached else None,
        "burst_changes": BURST,
        "burst_seconds": round(burst_seconds, 2),
        "burst_streams_received_all": received_all,
        "burst_streams_complete_in_order": complete,
    }


def raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def run(args: argparse.Namespace) -> dict:
    raise_open_files()
    postgres = ThrowawayPostgres(args.postgres)
    postgres.create()
    workdir = Path(f"/tmp/epic20-bench-stream-{secrets.token_hex(3)}")
    workdir.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("TESTING", "DJANGO_SETTINGS_MODULE")}
    env.update(production_env(workdir, postgres.url))
    # A prefix of the run's own: no marker cached by an earlier run (whose database had the same
    # ids) may stand for this run's fight.
    prefix = f"epic20-bench-stream-{secrets.token_hex(4)}"
    env.update({"REDIS_URL": args.redis, "CACHE_KEY_PREFIX": prefix, "DB_POOL_SIZE": "10"})
    # One account holds all the streams measured here: the per-user and per-address limits
    # (`combat.stream_slots`) are lifted; `bench.flood` measures them.
    env.update({"STREAM_MAX_PER_USER": "100000", "STREAM_MAX_PER_ADDRESS": "100000"})
    peak = PeakConnections(args.postgres.rstrip("/"), postgres.name)
    webs: list[Web] = []
    try:
        world = prepare(env)
        peak.start()
        webs = [Web(env, workdir / "a.log"), Web(env, workdir / "b.log")]
        a, b = webs
        report = {"server": "uvicorn, one process each, DEBUG off", "load_average_before": os.getloadavg()}
        report["change_to_screen"] = asyncio.run(change_to_screen(a, b, world, args.changes))
        print(json.dumps(report["change_to_screen"]), file=sys.stderr, flush=True)
        report["idle_streams"] = asyncio.run(idle_streams(a, b, world, args.streams))
        peak.done.set()
        peak.join(2)
        report["peak_postgres_connections"] = peak.peak
        report["db_pool_size_per_process"] = 10
        return report
    finally:
        peak.done.set()
        for web in webs:
            web.stop()
        from django.db import connections

        connections.close_all()
        postgres.drop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/14")
    parser.add_argument("--changes", type=int, default=CHANGES)
    parser.add_argument("--streams", type=int, default=1000)
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

"""Serve the app the way production does (gunicorn, DEBUG off, compressed static files) on a
free loopback port, against a throwaway SQLite database that lives only for the run."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ThrowawayPostgres:
    """A database created for one run on a PostgreSQL server (`postgres://user@host:port`, no
    database name), dropped afterwards."""

    def __init__(self, server_url: str):
        parts = urlsplit(server_url)
        if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError(f"the benchmark only talks to loopback, not {parts.hostname}")
        self.server_url = server_url.rstrip("/")
        self.name = f"epic20site_bench_{os.getpid()}_{secrets.token_hex(3)}"
        self.url = f"{self.server_url}/{self.name}"

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(f"{self.server_url}/postgres", autocommit=True) as connection:
            connection.execute(sql)

    def create(self) -> None:
        self._admin(f'CREATE DATABASE "{self.name}"')

    def drop(self) -> None:
        self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def production_env(workdir: Path, database_url: str | None = None) -> dict[str, str]:
    """The environment of a production-like run: its own key, plain HTTP on loopback, the
    in-process cache, a database file inside `workdir` unless `database_url` is given."""
    return {
        "DJANGO_SETTINGS_MODULE": "epic20site.settings",
        "DEBUG": "False",
        "SECRET_KEY": "bench-" + secrets.token_urlsafe(48),
        "SECURE_SSL_REDIRECT": "False",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": database_url or f"sqlite:///{workdir / 'db.sqlite3'}",
        "LOG_LEVEL": "ERROR",
    }


class AppServer:
    """`with AppServer(workers=2) as server:` prepares the environment (call `prepare()` inside
    the Django process first), starts gunicorn, and stops it whatever happens."""

    def __init__(
        self,
        *,
        workers: int = 2,
        worker_class: str = "sync",
        threads: int = 1,
        postgres_server: str | None = None,
        redis_url: str | None = None,
        server: str = "gunicorn",
    ):
        self.server = server
        self.workers = workers
        self.worker_class = worker_class
        self.threads = threads
        self._tmp = tempfile.TemporaryDirectory(prefix="epic20-bench-")
        self.workdir = Path(self._tmp.name)
        self.postgres = ThrowawayPostgres(postgres_server) if postgres_server else None
        if self.postgres:
            self.postgres.create()
        self.env = production_env(self.workdir, self.postgres.url if self.postgres else None)
        if redis_url:
            self._flush_redis(redis_url)
            self.env["REDIS_URL"] = redis_url
            self.env["CACHE_KEY_PREFIX"] = "epic20-bench"
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.workdir / "server.log"
        self._process: subprocess.Popen | None = None

    @staticmethod
    def _flush_redis(url: str) -> None:
        import redis

        redis.Redis.from_url(url).flushdb()

    def apply_env(self) -> None:
        """Make this process see the same settings as the server (before `django.setup()`)."""
        for name in ("REDIS_URL", "CACHE_KEY_PREFIX", "TESTING"):
            os.environ.pop(name, None)
        os.environ.update(self.env)

    def _uvicorn_command(self) -> list[str]:
        """The Procfile's `web` (uvicorn, ASGI), with `workers` processes."""
        return [
            str(Path(sys.executable).parent / "uvicorn"),
            "epic20site.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--workers",
            str(self.workers),
            "--lifespan",
            "off",
            "--no-proxy-headers",
            "--no-access-log",
            "--timeout-graceful-shutdown",
            "3",
        ]

    def start(self, timeout: float = 30.0) -> None:
        cmd = self._uvicorn_command() if self.server == "uvicorn" else self._gunicorn_command()
        self._launch(cmd, timeout)

    def _gunicorn_command(self) -> list[str]:
        return [
            str(Path(sys.executable).parent / "gunicorn"),
            "epic20site.wsgi:application",
            "--bind",
            f"127.0.0.1:{self.port}",
            "--workers",
            str(self.workers),
            "--worker-class",
            self.worker_class,
            "--threads",
            str(self.threads),
            "--timeout",
            "60",
            "--graceful-timeout",
            "5",
            "--error-logfile",
            "-",
        ]

    def _launch(self, cmd: list[str], timeout: float) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CACHE_KEY_PREFIX", "TESTING")}
        env.update(self.env)
        log = self.log_path.open("ab")
        self._process = subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"{self.server} exited early:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the app did not answer /healthz within {timeout:.0f}s:\n{self.log_tail()}")

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    def cpu_seconds(self) -> float | None:
        """CPU time used so far by gunicorn and its workers (Linux /proc), or None."""
        if self._process is None:
            return None
        master = self._process.pid
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        try:
            for stat in Path("/proc").glob("[0-9]*/stat"):
                try:
                    text = stat.read_text()
                except OSError:  # the process ended meanwhile
                    continue
                pid = int(stat.parent.name)
                fields = text[text.rindex(")") + 2 :].split()
                if pid == master or int(fields[1]) == master:
                    total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, ValueError, IndexError):
            return None
        return total / ticks

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            # gunicorn runs in its own session: take its workers with it.
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)

    def __enter__(self) -> AppServer:
        return self

    def __exit__(self, *exc) -> None:
        try:
            self.stop()
            if self.postgres:
                from django.db import connections

                connections.close_all()
                self.postgres.drop()
        finally:
            self._tmp.cleanup()

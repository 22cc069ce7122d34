"""`make run` starts the Procfile's processes (web, worker, clock) and stops every one of them
on SIGTERM."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.own_redis import free_port

ROOT = Path(__file__).resolve().parents[2]
UP_WITHIN = 120.0  # seconds: migrate and load the demo on a fresh SQLite file, then serve
DOWN_WITHIN = 15.0  # uvicorn's graceful shutdown (3 s) and honcho's wait before SIGKILL (5 s)


def descendants(pid: int) -> set[int]:
    table = subprocess.run(["ps", "-eo", "pid=,ppid="], capture_output=True, text=True, check=True).stdout
    children: dict[int, list[int]] = {}
    for line in table.splitlines():
        child, parent = (int(part) for part in line.split())
        children.setdefault(parent, []).append(child)
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is gone already: only its parent has not read its status yet.
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split(") ")[-1][:1] != "Z"


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


def wait_until(predicate, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_run_serves_and_stops_every_process_on_sigterm(tmp_path):
    port = free_port()
    venv = Path(sys.executable).parent.parent
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'run.sqlite3'}",
        "LIVE_CACHE_DIR": str(tmp_path / "live"),
        "REDIS_URL": "",
        "DEBUG": "True",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    make = subprocess.Popen(
        ["make", "-o", "install", "run", f"VENV={venv}", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert wait_until(lambda: answers(f"http://127.0.0.1:{port}/healthz"), UP_WITHIN), (
            "make run did not serve"
        )
        started = descendants(make.pid)
        commands = " ".join(
            Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ") for pid in started if alive(pid)
        )
        assert "uvicorn" in commands and "db_worker" in commands and "tracking_sweep" in commands

        make.send_signal(signal.SIGTERM)
        make.wait(DOWN_WITHIN)
        assert wait_until(lambda: not any(alive(pid) for pid in started), DOWN_WITHIN), [
            pid for pid in started if alive(pid)
        ]
        assert not answers(f"http://127.0.0.1:{port}/healthz")
    finally:
        if make.poll() is None:
            make.kill()
        output = make.communicate(timeout=DOWN_WITHIN)[0]
    assert "director / " in output  # the demo accounts are printed before the server starts

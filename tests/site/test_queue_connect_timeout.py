"""A Redis that drops packets must not hold a request's enqueue: the task queue's connection
carries a connect timeout, as the cache's does (issue #21, item 2)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import django; django.setup(); import django_rq; "
    "kw = django_rq.get_queue('default').connection.connection_pool.connection_kwargs; "
    "print(kw.get('socket_connect_timeout'))"
)


def _probe(redis_url: str) -> str:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "epic20site.settings", "REDIS_URL": redis_url}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_task_queue_gives_up_connecting_as_fast_as_the_cache():
    assert _probe("redis://127.0.0.1:6399/3") == "0.5"


def test_a_redis_url_with_options_keeps_them_and_gains_the_timeout():
    assert _probe("redis://127.0.0.1:6399/3?health_check_interval=5") == "0.5"

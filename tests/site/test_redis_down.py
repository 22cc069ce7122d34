"""With Redis gone in the middle of a session, the site degrades and never answers 500: a
committed action answers 201, pages render, logins and tokens work, the live poll falls back
to the database and `/healthz` says "degraded".

The test runs its own throwaway `redis-server` on a free port (never the shared one on 6379)
and stops it half-way. Skipped only when `redis-server` is not installed."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.combat.encounters.conftest import THUG, Table
from tests.factories import DEFAULT_PASSWORD

REDIS_SERVER = shutil.which("redis-server")
pytestmark = [
    pytest.mark.skipif(REDIS_SERVER is None, reason="redis-server is not installed"),
    pytest.mark.django_db(transaction=True),  # on_commit callbacks must really run
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert port != 6379
    return port


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class OwnRedis:
    def __init__(self):
        self.port = _free_port()
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not _answers(self.port):
            assert time.monotonic() < deadline, "the test's redis-server did not start"
            time.sleep(0.05)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        assert not _answers(self.port)


@pytest.fixture
def own_redis(settings):
    redis = OwnRedis()
    production = settings.REDIS_CACHE_OPTIONS  # what production runs with
    own = {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": f"redis://127.0.0.1:{redis.port}/0",
        "KEY_PREFIX": "epic20site-test",
        "OPTIONS": {**production, "SOCKET_CONNECT_TIMEOUT": 0.2, "SOCKET_TIMEOUT": 0.2},
    }
    settings.CACHES = {"default": own, "live": own}  # as settings._live_cache with REDIS_URL
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    yield redis
    redis.stop()


def _browser(user) -> Client:
    client = Client(raise_request_exception=False)
    response = client.post(
        reverse("accounts:login"), {"username": user.username, "password": DEFAULT_PASSWORD}
    )
    assert response.status_code == 302
    return client


def test_the_site_keeps_its_word_when_redis_stops_mid_session(own_redis):
    table = Table()
    table.gm_api = APIClient(raise_request_exception=False)
    table.gm_api.force_authenticate(table.gm)
    encounter = table.create()["id"]
    gm_browser = _browser(table.gm)
    assert Client().get("/healthz").json() == {"status": "ok", "database": "ok", "redis": "ok"}
    assert table.add_npc(encounter)["id"]

    own_redis.stop()

    # A committed action answers 201, and it is really there.
    response = table.gm_api.post(
        f"/api/v1/encounters/{encounter}/combatants/", {"npc": THUG, "side": "villains"}, format="json"
    )
    assert response.status_code == 201, response.content[:300]
    assert len(table.state(encounter)["combatants"]) == 2
    # Pages render for the session opened while Redis was up, and the live poll answers.
    for url in (
        reverse("campaigns:campaign_list"),
        reverse("encounters:detail", args=[encounter]),
        reverse("encounters:log_after", args=[encounter, 0]),
        reverse("home"),
    ):
        assert gm_browser.get(url).status_code in (200, 204), url
    # New logins and tokens still work; their throttles fail open.
    player_browser = _browser(table.player)
    assert player_browser.get(reverse("campaigns:campaign_list")).status_code == 200
    token = APIClient().post(
        "/api/v1/auth/token/",
        {"username": table.player.username, "password": DEFAULT_PASSWORD},
        format="json",
    )
    assert token.status_code == 200
    health = Client().get("/healthz")
    assert health.status_code == 200
    assert health.json() == {"status": "degraded", "database": "ok", "redis": "degraded"}

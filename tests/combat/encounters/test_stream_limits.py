"""Limits on open streams (API.md, "Limits a client can rely on"; `combat.stream_slots`): per user
and per address, 429 with `Retry-After` past them, counted across processes, no slot ever left
behind however a stream ends, and a user's streams end on logout, token revocation and a new
password."""

from __future__ import annotations

import asyncio
import gc
import threading
import time

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient, Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from combat import push, stream_slots
from tests.combat.encounters.test_stream import chunks, ended, in_thread, next_chunk, stream_url
from tests.factories import UserFactory
from tests.own_redis import own_redis  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def memory_fan_out(settings):
    settings.REDIS_URL = ""


@pytest.fixture(autouse=True)
def nothing_left(settings):
    yield
    gc.collect()
    stream_slots._WRITES.submit(lambda: None).result(3)  # the releases queued off the loop
    assert push.HUB.count() == 0, "a test left a stream registered"
    assert stream_slots._MEMORY._slots == {}, "a test left a slot counted"


@pytest.fixture(autouse=True)
def one_proxy(settings):
    """The tests' clients all come from 127.0.0.1: each test names its address as a proxy would."""
    settings.TRUSTED_PROXY_COUNT = 1


async def opened(user, encounter_id: int, address: str = "127.0.0.1", **headers):
    client = AsyncClient()
    await client.aforce_login(user)
    return await client.get(stream_url(encounter_id), headers={"X-Forwarded-For": address, **headers})


class Open:
    """An open stream as a test holds it: its response and its body, past the first chunk."""

    def __init__(self, response):
        self.response = response
        self.body = chunks(response)

    def __aiter__(self):
        return self.body

    def __anext__(self):
        return anext(self.body)

    async def aclose(self) -> None:
        """The client went away: its body stops and the server closes the response."""
        await self.body.aclose()
        self.response.close()

    def athrow(self, error):
        return self.body.athrow(error)


async def open_streams(user, encounter_id: int, count: int, address: str = "127.0.0.1"):
    """`count` open streams (each past its first chunk)."""
    streams = []
    for _ in range(count):
        response = await opened(user, encounter_id, address)
        assert response.status_code == 200
        stream = Open(response)
        await next_chunk(stream.body)
        streams.append(stream)
    return streams


async def close_all(streams) -> None:
    for stream in streams:
        await stream.aclose()


def held(key: str) -> int:
    stream_slots._WRITES.submit(lambda: None).result(3)
    return stream_slots.counter().held(key)


def user_key(user) -> str:
    return stream_slots.keys_for(user.pk, "127.0.0.1")[0]


def test_a_user_past_eight_streams_gets_429_with_retry_after_until_one_closes(table, memory_fan_out):
    encounter = table.create()["id"]

    async def scenario():
        streams = await open_streams(table.player, encounter, 8)
        refused = await opened(table.player, encounter)
        other = await open_streams(table.gm, encounter, 1)  # another user is not refused
        await streams.pop().aclose()
        again = await open_streams(table.player, encounter, 1)
        await close_all(streams + other + again)
        return refused

    refused = asyncio.run(scenario())
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"
    error = refused.json()["errors"][0]
    assert error["code"] == "request.throttled"
    assert error["message"] == (
        "Ya tienes 8 conexiones en directo abiertas; cierra alguna y vuelve a intentarlo."
    )
    assert push.HUB.count() == 0


def test_the_refusal_speaks_english_when_asked(table, memory_fan_out, settings):
    settings.STREAM_MAX_PER_USER = 1
    encounter = table.create()["id"]

    async def scenario():
        streams = await open_streams(table.player, encounter, 1)
        refused = await opened(table.player, encounter, accept_language="en")
        await close_all(streams)
        return refused

    refused = asyncio.run(scenario())
    assert refused.status_code == 429
    assert refused.json()["errors"][0]["message"] == (
        "You already have 1 live connections open; close one and try again."
    )


def test_an_address_past_its_limit_gets_429_whoever_asks(table, memory_fan_out, settings):
    settings.STREAM_MAX_PER_ADDRESS = 2
    encounter = table.create()["id"]

    async def scenario():
        streams = await open_streams(table.player, encounter, 1, "198.51.100.7")
        streams += await open_streams(table.gm, encounter, 1, "198.51.100.7")
        refused = await opened(table.player, encounter, "198.51.100.7")
        elsewhere = await open_streams(table.player, encounter, 1, "198.51.100.8")
        await close_all(streams + elsewhere)
        return refused

    refused = asyncio.run(scenario())
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"
    assert "desde tu dirección" in refused.json()["errors"][0]["message"]


def test_401_and_404_come_before_the_count(table, memory_fan_out, settings):
    settings.STREAM_MAX_PER_USER = 0
    encounter = table.create()["id"]
    outsider = UserFactory(username="curiosa")

    async def scenario():
        anonymous = await AsyncClient().get(stream_url(encounter))
        return anonymous.status_code, (await opened(outsider, encounter)).status_code

    assert asyncio.run(scenario()) == (401, 404)


# However a stream ends, its slot goes back ----------------------------------------------------
def test_a_client_that_goes_away_gives_its_slot_back(table, memory_fan_out):
    encounter = table.create()["id"]

    async def scenario():
        streams = await open_streams(table.player, encounter, 3)
        during = await sync_to_async(held)(user_key(table.player))
        await close_all(streams)
        return during

    assert asyncio.run(scenario()) == 3
    assert held(user_key(table.player)) == 0


def test_a_stream_whose_body_never_ran_gives_its_slot_back_when_closed(table, memory_fan_out):
    encounter = table.create()["id"]

    async def scenario():
        response = await opened(table.player, encounter)
        during = await sync_to_async(held)(user_key(table.player))
        response.close()  # what Django does with a response it could not send
        return during

    assert asyncio.run(scenario()) == 1
    assert held(user_key(table.player)) == 0


def test_a_stream_dropped_unclosed_gives_its_slot_back(table, memory_fan_out):
    encounter = table.create()["id"]

    async def scenario():
        response = await opened(table.player, encounter)
        assert response.status_code == 200
        del response  # never iterated nor closed: the listener goes with it

    asyncio.run(scenario())
    gc.collect()
    gc.collect()  # the cycle through the never-started body may take a second pass
    assert held(user_key(table.player)) == 0


def test_a_stream_ended_by_an_exception_gives_its_slot_back(table, memory_fan_out):
    encounter = table.create()["id"]

    async def scenario():
        stream = (await open_streams(table.player, encounter, 1))[0]
        with pytest.raises(RuntimeError):
            await stream.athrow(RuntimeError("the server broke mid-stream"))

    asyncio.run(scenario())
    assert held(user_key(table.player)) == 0


def test_a_server_shutting_down_gives_every_slot_back(table, memory_fan_out):
    """Shutting down cancels each stream's task: the body's `finally` gives the slot back."""
    encounter = table.create()["id"]

    async def scenario():
        streams = await open_streams(table.player, encounter, 2)
        tasks = [asyncio.ensure_future(anext(stream.body)) for stream in streams]
        await asyncio.sleep(0.05)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(scenario())
    assert held(user_key(table.player)) == 0


def test_a_member_removed_gives_the_slot_back(table, memory_fan_out):
    encounter = table.create()["id"]

    async def scenario():
        stream = (await open_streams(table.player, encounter, 1))[0]
        await in_thread(table.campaign.memberships.filter(user=table.player).delete)()
        return await ended(stream.body)

    assert asyncio.run(scenario())
    assert held(user_key(table.player)) == 0


# A user's streams end ---------------------------------------------------------------------
def _log_out(user):
    client = Client()
    client.force_login(user)
    assert client.post("/accounts/logout/").status_code in (200, 302)


def _revoke_token(user):
    key = Token.objects.get_or_create(user=user)[0].key
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.delete("/api/v1/auth/token/").status_code == 204


def _new_password(user):
    user.set_password("otra-clave-muy-larga-2026")
    user.save()


@pytest.mark.parametrize("how", [_log_out, _revoke_token, _new_password])
def test_every_stream_of_a_user_ends_when_their_credentials_end(table, memory_fan_out, how):
    first = table.create()["id"]
    second = table.create(name="Otra")["id"]

    async def scenario():
        mine = await open_streams(table.player, first, 1) + await open_streams(table.player, second, 1)
        theirs = (await open_streams(table.gm, first, 1))[0]
        await in_thread(how)(table.player)
        mine_ended = [await ended(stream.body) for stream in mine]
        gm_still_open = not await ended_quickly(theirs)
        await theirs.aclose()
        return mine_ended, gm_still_open

    mine_ended, gm_still_open = asyncio.run(scenario())
    assert mine_ended == [True, True]
    assert gm_still_open
    assert held(user_key(table.player)) == 0


async def ended_quickly(stream) -> bool:
    try:
        await asyncio.wait_for(anext(stream.body), 0.3)
    except StopAsyncIteration:
        return True
    except TimeoutError:
        return False
    return False


def test_the_end_of_a_user_travels_through_the_channel_format():
    assert push.decode(push.encode(push.End(12))) == push.End(12)


# Counted across processes: Redis ------------------------------------------------------------
def test_redis_counts_every_process_slots_against_the_same_limit(settings, own_redis):  # noqa: F811
    settings.REDIS_URL = own_redis.url
    settings.STREAM_MAX_PER_USER = 2
    first = stream_slots.acquire(7, "203.0.113.1")
    second = stream_slots.acquire(7, "203.0.113.2")
    refused = stream_slots.acquire(7, "203.0.113.3")
    assert isinstance(first, stream_slots.Slot) and isinstance(second, stream_slots.Slot)
    assert refused == stream_slots.Refused("user", 2)
    first.release()
    third = stream_slots.acquire(7, "203.0.113.3")
    assert isinstance(third, stream_slots.Slot)
    for slot in (second, third):
        slot.release()
    assert stream_slots.counter().held(stream_slots.keys_for(7, "x")[0]) == 0


@pytest.mark.parametrize("url", ["", "redis"])
def test_a_slot_left_by_a_dead_process_runs_out_unless_renewed(settings, own_redis, url):  # noqa: F811
    settings.REDIS_URL = own_redis.url if url else ""
    settings.STREAM_KEEPALIVE_SECONDS = 0.1  # a slot lives 0.4 s without renewal
    settings.STREAM_MAX_PER_USER = 1
    abandoned = stream_slots.acquire(8, "203.0.113.9")
    renewed = stream_slots.acquire(9, "203.0.113.9")
    for _ in range(6):
        time.sleep(0.1)
        stream_slots.counter().renew([renewed])
    assert isinstance(stream_slots.acquire(8, "203.0.113.9"), stream_slots.Slot)  # ran out: taken again
    assert stream_slots.acquire(9, "203.0.113.9") == stream_slots.Refused("user", 1)
    renewed.release()
    abandoned.release()
    stream_slots._MEMORY._slots.clear()


def test_the_keep_alive_beat_renews_the_slots_of_open_streams(table, memory_fan_out, settings):
    settings.STREAM_KEEPALIVE_SECONDS = 0.05  # a slot lives 0.2 s without renewal
    settings.STREAM_MAX_PER_USER = 1
    encounter = table.create()["id"]

    async def scenario():
        streams = await open_streams(table.player, encounter, 1)
        for _ in range(8):  # 0.4 s of keep-alives: the slot is renewed each beat
            await next_chunk(streams[0].body)
        refused = await opened(table.player, encounter)
        await close_all(streams)
        return refused.status_code

    assert asyncio.run(scenario()) == 429


def test_a_users_end_reaches_their_streams_on_another_process_through_redis(settings, own_redis):  # noqa: F811
    settings.REDIS_URL = own_redis.url
    heard, ready = [], threading.Event()

    async def another_process():
        mine, theirs = await push.listen(51), await push.listen(51)
        mine.user_id, theirs.user_id = 7, 8
        ready.set()
        try:
            heard.append(await asyncio.wait_for(mine.queue.get(), 3))
            heard.append(theirs.queue.empty())
        finally:
            push.HUB.remove(mine)
            push.HUB.remove(theirs)
            await push.stop_feeds()

    thread = threading.Thread(target=lambda: asyncio.run(another_process()))
    thread.start()
    assert ready.wait(3)
    push.announce(push.End(7))
    thread.join(6)
    assert heard == [push.End(7), True]

"""The encounter's stream (`combat.stream`, API.md "Live updates pushed, not polled"): messages
and their format, Last-Event-ID catch-up, keep-alives, who may listen, and fan-out."""

from __future__ import annotations

import asyncio
import gc
import json
import threading

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import AsyncClient, Client
from rest_framework.authtoken.models import Token

from combat import push
from combat.models import Encounter
from tests.factories import UserFactory
from tests.own_redis import own_redis  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 3.0  # seconds: the bound on any wait for a message that should come at once


def stream_url(encounter_id: int) -> str:
    return f"/api/v1/encounters/{encounter_id}/stream/"


async def open_stream(user, encounter_id: int, **headers):
    client = AsyncClient()
    if user is not None:
        await client.aforce_login(user)
    response = await client.get(stream_url(encounter_id), headers=headers)
    return response


def chunks(response):
    return aiter(response.streaming_content)


async def next_chunk(stream, timeout: float = WAIT) -> str:
    return (await asyncio.wait_for(anext(stream), timeout)).decode()


async def next_message(stream) -> dict:
    """The next `changed` message, past the opening `retry` line and any keep-alive."""
    while True:
        chunk = await next_chunk(stream)
        if chunk.startswith("id: "):
            return parse(chunk)


def parse(chunk: str) -> dict:
    fields = dict(line.split(": ", 1) for line in chunk.strip().split("\n"))
    return {"id": int(fields["id"]), "event": fields["event"], "data": json.loads(fields["data"])}


async def ended(stream) -> bool:
    """True when the stream ends (past any chunk still on its way) within the bound."""
    try:
        async with asyncio.timeout(WAIT):
            async for _chunk in stream:
                pass
    except TimeoutError:
        return False
    return True


def encounter_now(encounter_id: int) -> Encounter:
    return Encounter.objects.get(pk=encounter_id)


def in_thread(function):
    """`function` on a worker thread, as a request would run it, closing that thread's database
    connection after (the test database must be free to drop at the end)."""

    def run(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        finally:
            connections.close_all()

    return sync_to_async(run)


@pytest.fixture
def memory_fan_out(settings):
    settings.REDIS_URL = ""


def test_each_committed_change_is_one_message_with_the_version_and_newest_seq(table, memory_fan_out):
    encounter = table.create()["id"]

    async def scenario():
        response = await open_stream(table.player, encounter)
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        assert response["Cache-Control"] == "no-cache"
        stream = chunks(response)
        assert (await next_chunk(stream)).startswith("retry: ")
        await in_thread(table.add_pc)(encounter)
        first = await next_message(stream)
        await in_thread(table.add_npc)(encounter)
        second = await next_message(stream)
        await stream.aclose()
        return first, second

    first, second = asyncio.run(scenario())
    now = encounter_now(encounter)
    assert first["event"] == "changed" == second["event"]
    assert second == {
        "id": now.version,
        "event": "changed",
        "data": {"version": now.version, "last_seq": now.last_seq},
    }
    assert first["id"] < second["id"]
    assert first["data"]["last_seq"] == now.last_seq - 1


def test_the_wire_format_is_three_lines_and_a_blank_one(table, memory_fan_out):
    encounter = table.create()["id"]

    async def scenario():
        stream = chunks(await open_stream(table.gm, encounter))
        await next_chunk(stream)
        await in_thread(table.add_pc)(encounter)
        chunk = await next_chunk(stream)
        await stream.aclose()
        return chunk

    chunk = asyncio.run(scenario())
    now = encounter_now(encounter)
    assert chunk == (
        f"id: {now.version}\nevent: changed\n"
        f'data: {{"version": {now.version}, "last_seq": {now.last_seq}}}\n\n'
    )


def test_an_old_last_event_id_gets_one_message_at_once(table, memory_fan_out):
    encounter = table.create()["id"]
    old = encounter_now(encounter).version
    table.add_pc(encounter)
    table.add_npc(encounter)
    now = encounter_now(encounter)

    async def scenario():
        stream = chunks(await open_stream(table.player, encounter, last_event_id=str(old)))
        message = await next_message(stream)
        await stream.aclose()
        return message

    message = asyncio.run(scenario())
    assert message["data"] == {"version": now.version, "last_seq": now.last_seq}


def test_a_current_last_event_id_gets_nothing_until_the_next_change(table, settings, memory_fan_out):
    settings.STREAM_KEEPALIVE_SECONDS = 0.05
    encounter = table.create()["id"]
    current = encounter_now(encounter).version

    async def scenario():
        stream = chunks(await open_stream(table.player, encounter, last_event_id=str(current)))
        await next_chunk(stream)  # retry
        quiet = await next_chunk(stream)
        await stream.aclose()
        return quiet

    assert asyncio.run(scenario()) == ": keep-alive\n\n"


def test_a_quiet_stream_sends_keep_alive_comments(table, settings, memory_fan_out):
    settings.STREAM_KEEPALIVE_SECONDS = 0.05
    encounter = table.create()["id"]

    async def scenario():
        stream = chunks(await open_stream(table.player, encounter))
        await next_chunk(stream)
        found = [await next_chunk(stream, timeout=1) for _ in range(2)]
        await stream.aclose()
        return found

    assert asyncio.run(scenario()) == [": keep-alive\n\n", ": keep-alive\n\n"]


def test_the_keep_alive_default_is_under_twenty_seconds():
    from django.conf import settings

    assert 0 < settings.STREAM_KEEPALIVE_SECONDS < 20


def test_a_token_opens_the_stream(table, memory_fan_out):
    encounter = table.create()["id"]
    key = Token.objects.create(user=table.player).key

    async def scenario():
        response = await AsyncClient().get(stream_url(encounter), headers={"Authorization": f"Token {key}"})
        stream = chunks(response)
        await next_chunk(stream)
        await stream.aclose()
        return response.status_code

    assert asyncio.run(scenario()) == 200


@pytest.mark.parametrize("authorization", [None, "Token not-a-key"])
def test_no_one_gets_401(table, authorization, memory_fan_out):
    encounter = table.create()["id"]
    headers = {"Authorization": authorization} if authorization else {}

    async def scenario():
        return await AsyncClient().get(stream_url(encounter), headers=headers)

    response = asyncio.run(scenario())
    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] == "request.not_authenticated"
    assert push.HUB.count() == 0


def test_an_outsider_and_a_missing_encounter_get_404(table, memory_fan_out):
    encounter = table.create()["id"]
    outsider = UserFactory(username="curiosa")

    async def scenario():
        return [
            (await open_stream(outsider, encounter)).status_code,
            (await open_stream(table.player, encounter + 1000)).status_code,
        ]

    assert asyncio.run(scenario()) == [404, 404]
    assert push.HUB.count() == 0


def test_only_get_is_allowed(table, memory_fan_out):
    encounter = table.create()["id"]
    client = Client()
    client.force_login(table.player)
    assert client.post(stream_url(encounter)).status_code == 405


def test_a_member_who_leaves_stops_receiving_at_once(table, memory_fan_out):
    encounter = table.create()["id"]

    async def scenario():
        player = chunks(await open_stream(table.player, encounter))
        gm = chunks(await open_stream(table.gm, encounter))
        await next_chunk(player)
        await next_chunk(gm)
        await in_thread(table.campaign.memberships.filter(user=table.player).delete)()
        player_ended = await ended(player)
        await in_thread(table.add_npc)(encounter)
        gm_message = await next_message(gm)
        await gm.aclose()
        return player_ended, gm_message

    player_ended, gm_message = asyncio.run(scenario())
    assert player_ended
    assert gm_message["data"]["version"] == encounter_now(encounter).version


def test_a_closed_stream_leaves_nothing_behind(table, memory_fan_out):
    encounter = table.create()["id"]

    async def scenario():
        stream = chunks(await open_stream(table.player, encounter))
        await next_chunk(stream)
        during = push.HUB.count()
        await stream.aclose()
        return during

    assert asyncio.run(scenario()) == 1
    assert push.HUB.count() == 0


def test_a_sync_server_holds_no_stream(table, memory_fan_out):
    """Under WSGI a held stream would pin a worker: 204, and the client polls."""
    encounter = table.create()["id"]
    client = Client()
    client.force_login(table.player)
    assert client.get(stream_url(encounter)).status_code == 204
    assert push.HUB.count() == 0
    assert Client().get(stream_url(encounter)).status_code == 401


def test_messages_round_trip_through_the_channel_format():
    change = push.Change(3, 10, 7)
    revoke = push.Revoke(3, 12)
    assert push.decode(push.encode(change)) == change
    assert push.decode(push.encode(revoke)) == revoke
    assert push.decode("{not json") is None
    assert push.decode('{"encounter": 1}') is None


# Fan-out through Redis: two event loops stand for two app processes --------------------------
def listen_in_another_loop(encounter_id: int, heard: list, ready: threading.Event, count: int):
    async def run():
        listener = await push.listen(encounter_id)
        ready.set()
        try:
            for _ in range(count):
                heard.append(await asyncio.wait_for(listener.queue.get(), WAIT))
        finally:
            push.HUB.remove(listener)
            await push.stop_feeds()

    asyncio.run(run())


def test_a_change_reaches_the_streams_of_every_process_through_redis(settings, own_redis):  # noqa: F811
    settings.REDIS_URL = own_redis.url
    heard = [[], []]
    ready = [threading.Event(), threading.Event()]
    threads = [
        threading.Thread(target=listen_in_another_loop, args=(41, heard[i], ready[i], 2)) for i in (0, 1)
    ]
    for thread in threads:
        thread.start()
    assert all(event.wait(WAIT) for event in ready)
    push.announce(push.Change(41, 5, 9))
    push.announce(push.Change(99, 6, 1))  # another encounter's: not heard
    push.announce(push.Change(41, 7, 10))
    for thread in threads:
        thread.join(WAIT * 2)
    assert heard == [[push.Change(41, 5, 9), push.Change(41, 7, 10)]] * 2


@pytest.fixture(autouse=True)
def no_stream_left_open():
    yield
    gc.collect()  # a stream whose body never ran is dropped with its response
    assert push.HUB.count() == 0, "a test left a stream registered"


# Faults: the test's own Redis stops and comes back ------------------------------------------
def test_redis_stopping_ends_streams_cleanly_and_coming_back_resumes_them(table, settings, own_redis):  # noqa: F811
    settings.REDIS_URL = own_redis.url
    encounter = table.create()["id"]

    async def while_redis_is_down(seen_version: int):
        # Actions still answer as documented (the change is committed; only the push is lost).
        await in_thread(table.add_npc)(encounter)
        # No stream can be opened now: 204 (the client polls meanwhile); no 5xx.
        down = await open_stream(table.player, encounter, last_event_id=str(seen_version))
        return down.status_code, down.content

    async def scenario():
        stream = chunks(await open_stream(table.player, encounter))
        await next_chunk(stream)
        await in_thread(table.add_pc)(encounter)
        first = await next_message(stream)
        await sync_to_async(own_redis.stop)()
        stream_ended = await ended(stream)
        down = await while_redis_is_down(first["id"])
        await sync_to_async(own_redis.start)()
        back = chunks(await open_stream(table.player, encounter, last_event_id=str(first["id"])))
        caught_up = await next_message(back)  # at once: the change made while Redis was down
        await in_thread(table.add_npc)(encounter)
        resumed = await next_message(back)
        await back.aclose()
        await push.stop_feeds()
        return stream_ended, down, caught_up, resumed

    stream_ended, down, caught_up, resumed = asyncio.run(scenario())
    assert stream_ended
    assert down == (204, b"")
    now = encounter_now(encounter)
    assert caught_up["data"] == {"version": now.version - 1, "last_seq": now.last_seq - 1}
    assert resumed["data"] == {"version": now.version, "last_seq": now.last_seq}


def test_an_action_answers_while_redis_is_down(table, settings, own_redis):  # noqa: F811
    settings.REDIS_URL = own_redis.url
    encounter = table.create()["id"]
    own_redis.stop()
    table.add_pc(encounter)  # asserts its documented 201
    assert encounter_now(encounter).last_seq == 1

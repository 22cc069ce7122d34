"""Whose page of a fight is open (`combat.open_pages`): a stream of theirs on the encounter marks
it as it opens and on every keep-alive, only for them and that encounter; a page counts as open
for three keep-alives after its last sign of life (the clock moved, never slept)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from combat import open_pages
from tests.combat.encounters.test_stream import chunks, next_chunk, open_stream
from tests.notifications import clock

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def moved_clock(settings):
    settings.TRACKING_CLOCK = "tests.notifications.clock.now"
    settings.REDIS_URL = ""  # the streams' fan-out in memory
    return clock


def test_a_stream_marks_its_user_s_page_of_that_fight_open_and_it_closes_after_three_keep_alives(
    table, moved_clock, settings
):
    settings.STREAM_KEEPALIVE_SECONDS = 0.05
    encounter = table.create()["id"]
    other = table.create(name="Otra pelea")["id"]
    assert not open_pages.is_open(table.player.pk, encounter)

    async def scenario():
        stream = chunks(await open_stream(table.player, encounter))
        await next_chunk(stream)
        await next_chunk(stream, timeout=1)  # a keep-alive
        await stream.aclose()

    asyncio.run(scenario())
    assert open_pages.is_open(table.player.pk, encounter)
    assert not open_pages.is_open(table.player.pk, other) and not open_pages.is_open(table.gm.pk, encounter)
    since = moved_clock.now()
    assert open_pages.opened_since(table.player.pk, encounter, since - timedelta(seconds=1))
    moved_clock.NOW[0] += timedelta(seconds=1)
    assert not open_pages.is_open(table.player.pk, encounter)  # 3 × 0.05 s without a sign of life
    assert not open_pages.opened_since(table.player.pk, encounter, moved_clock.now())

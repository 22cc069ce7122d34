"""A GM and a player with the fight page open, served by the ASGI server the `web` process runs:
the GM's action reaches the player's screen through the encounter's stream, not a poll."""

from __future__ import annotations

import threading

import pytest
from playwright.sync_api import expect

from tests.e2e.test_fight_page import fight  # noqa: F401 (a fixture)
from tests.own_redis import free_port

pytestmark = pytest.mark.e2e

READY_WITHIN = 10.0  # seconds


@pytest.fixture
def asgi_url(live_url):
    """The site under uvicorn, in this process (so it shares the test's database), with static
    files from the finders as the live server serves them."""
    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from epic20site.asgi import application

    port = free_port()
    config = uvicorn.Config(
        ASGIStaticFilesHandler(application), host="127.0.0.1", port=port, lifespan="off", log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    started = threading.Event()
    for _ in range(int(READY_WITHIN * 20)):
        if server.started:
            started.set()
            break
        started.wait(0.05)
    assert started.is_set(), "uvicorn did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(READY_WITHIN)


def test_the_gm_s_action_is_pushed_to_the_player_s_open_page(new_page, force_login, fight, asgi_url):  # noqa: F811
    from combat import services
    from combat.models import Encounter

    encounter = fight["encounter"]
    pages = {}
    sent, answered = [], []  # the player's page's fetches of news, from its first load
    for role in ("gm", "player"):
        page = force_login(new_page(base_url=asgi_url), fight[role])
        if role == "player":
            page.on("request", lambda request: sent.append(request.url) if _news(request) else None)
            page.on(
                "requestfinished", lambda request: answered.append(request.url) if _news(request) else None
            )
        page.goto(f"{asgi_url}/encounters/{encounter.pk}/")
        # Each page holds the stream (and is not polling).
        expect(page.locator("#encounter-stream")).to_have_attribute("data-live", "stream")
        pages[role] = page
    player = pages["player"]
    # The page asks once for what changed before its stream opened: that answer must be in
    # before the action, or it may bring the action's events itself and leave nothing to push.
    _until(player, lambda: len(answered) == len(sent))
    already = len(sent)
    entries = player.locator("#event-list > *")
    before = entries.count()
    seq_before = Encounter.objects.get(pk=encounter.pk).last_seq

    services.encounter_act(
        encounter=encounter, user=fight["gm"], action={"type": "end_turn", "actor": fight["nova"].pk}
    )
    now = Encounter.objects.get(pk=encounter.pk)
    version = now.version

    # The stream announced the change, the page fetched it once, and it is on screen.
    expect(player.locator("#encounter-stream")).to_have_attribute("data-heard", str(version))
    expect(player.locator("#encounter-live")).to_have_attribute("data-version", str(version))
    expect(entries).to_have_count(before + now.last_seq - seq_before)
    expect(pages["gm"].locator("#encounter-live")).to_have_attribute("data-version", str(version))
    assert len(sent) - already == 1, sent
    expect(player.locator("#encounter-stream")).to_have_attribute("data-live", "stream")


def _news(request) -> bool:
    return "/log/after/" in request.url


def _until(page, condition) -> None:
    """Wait, letting the page's events in, until `condition()` holds (READY_WITHIN at most)."""
    for _ in range(int(READY_WITHIN * 20)):
        if condition():
            return
        page.wait_for_timeout(50)
    raise AssertionError("the page's catch-up fetch never finished")

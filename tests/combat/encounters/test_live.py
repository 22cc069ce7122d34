"""Live updates (`combat.live`): markers published on commit, cheap idle polls."""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from combat import live
from combat.models import Encounter

pytestmark = pytest.mark.django_db


def watcher(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_marker_follows_every_change(table, django_capture_on_commit_callbacks):
    encounter = table.create()["id"]
    before = live.marker(encounter)
    with django_capture_on_commit_callbacks(execute=True):
        table.add_pc(encounter)
    after = live.marker(encounter)
    assert after.seq == before.seq + 1
    assert after.version > before.version
    assert live.has_changed(after, seq=before.seq, version=before.version)
    assert not live.has_changed(after, seq=after.seq, version=after.version)


def test_a_marker_is_published_only_when_the_transaction_commits(table, django_capture_on_commit_callbacks):
    encounter = Encounter.objects.get(pk=table.create()["id"])
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        live.publish(encounter)
    assert len(callbacks) == 1


def test_an_undo_asks_open_pages_to_redraw_their_log(table, faces, django_capture_on_commit_callbacks):
    encounter = table.create()["id"]
    with django_capture_on_commit_callbacks(execute=True):
        table.add_pc(encounter)
    seen = live.marker(encounter)
    with django_capture_on_commit_callbacks(execute=True):
        table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/")
    now = live.marker(encounter)
    assert live.needs_full_redraw(now, version=seen.version)
    assert not live.needs_full_redraw(now, version=now.version)


def test_an_idle_poll_costs_at_most_one_query_beyond_the_session(table, django_assert_max_num_queries):
    encounter = table.create()["id"]
    marker = live.marker(encounter)
    client = watcher(table.player)
    url = reverse("encounters:log_after", args=[encounter, marker.seq])
    assert client.get(url, {"v": marker.version}).status_code == 204  # the full access check, once
    # Session and user, plus the marker: from the cache with Redis, one indexed query otherwise.
    with django_assert_max_num_queries(2 if live.cache_is_shared() else 3):
        assert client.get(url, {"v": marker.version}).status_code == 204


@pytest.mark.skipif(
    not settings.CACHES["default"]["BACKEND"].endswith("RedisCache"), reason="needs REDIS_URL"
)
def test_with_redis_an_idle_poll_never_reads_the_encounter(table):
    encounter = table.create()["id"]
    marker = live.marker(encounter)
    client = watcher(table.player)
    url = reverse("encounters:log_after", args=[encounter, marker.seq])
    client.get(url, {"v": marker.version})
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, {"v": marker.version}).status_code == 204
    # At most the session (served from Redis with cached_db sessions) and its user.
    assert len(queries) <= 2
    assert not any("encounter" in q["sql"] for q in queries)


def test_the_poll_of_a_stranger_is_a_404_even_when_idle(table):
    from tests.factories import UserFactory

    encounter = table.create()["id"]
    marker = live.marker(encounter)
    url = reverse("encounters:log_after", args=[encounter, marker.seq])
    assert watcher(UserFactory()).get(url, {"v": marker.version}).status_code == 404


def test_the_local_cache_is_not_trusted_across_processes():
    assert not live.cache_is_shared("django.core.cache.backends.locmem.LocMemCache")
    assert live.cache_is_shared("django_redis.cache.RedisCache")
    # Files are shared by every process of the machine a SQLite site runs on.
    assert live.cache_is_shared("django.core.cache.backends.filebased.FileBasedCache")


def test_without_redis_a_marker_published_in_one_process_is_read_in_another_without_a_query(
    table, settings, tmp_path, django_capture_on_commit_callbacks
):
    import threading

    settings.CACHES = {
        **settings.CACHES,
        "live": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": str(tmp_path)},
    }
    encounter = table.create()["id"]
    with django_capture_on_commit_callbacks(execute=True):
        table.add_pc(encounter)  # published through this thread's own connection to the cache
    expected = Encounter.objects.values_list("last_seq", "version").get(pk=encounter)
    seen = {}

    def other_process():
        # Another thread opens its own cache connection: what another process would read.
        with CaptureQueriesContext(connection) as queries:
            found = live.marker(encounter)
        seen.update(marker=(found.seq, found.version), queries=len(queries))

    thread = threading.Thread(target=other_process)
    thread.start()
    thread.join()
    assert seen == {"marker": expected, "queries": 0}


def test_a_player_who_leaves_the_campaign_stops_receiving_the_fight_at_once(table):
    from campaigns import services as campaign_services

    encounter = table.create()["id"]
    marker = live.marker(encounter)
    client = watcher(table.player)
    url = reverse("encounters:log_after", args=[encounter, marker.seq])
    assert client.get(url, {"v": marker.version}).status_code == 204  # remembered as a watcher
    campaign_services.campaign_leave(user=table.player, campaign=table.campaign)
    assert client.get(url, {"v": marker.version}).status_code == 404


# --- the poll key: an idle poll without the session ------------------------------------------


def _poll(client, encounter, marker, key):
    url = reverse("encounters:log_after", args=[encounter, marker.seq])
    return client.get(url, {"v": marker.version, "k": key})


def test_the_page_polls_with_its_own_key(table):
    encounter = table.create()["id"]
    page = watcher(table.player).get(reverse("encounters:detail", args=[encounter])).content.decode()
    (key,) = re.findall(r"[?&]k=([^&\"]+)", page.replace("&amp;", "&"))
    assert live.poll_key_user(unquote(key), encounter) == table.player.pk


def test_with_its_key_an_idle_poll_loads_no_session_and_no_user(table, django_assert_max_num_queries):
    encounter = table.create()["id"]
    marker = live.marker(encounter)
    live.remember_watcher(encounter, table.player.pk)  # the page's full access check
    key = live.poll_key(encounter, table.player.pk)
    # No cookie at all: the key is the whole answer. The marker: the cache with Redis, one
    # indexed query otherwise.
    with django_assert_max_num_queries(0 if live.cache_is_shared() else 1):
        assert _poll(Client(), encounter, marker, key).status_code == 204


def test_a_key_never_answers_a_change(table, django_capture_on_commit_callbacks):
    encounter = table.create()["id"]
    marker = live.marker(encounter)
    live.remember_watcher(encounter, table.player.pk)
    key = live.poll_key(encounter, table.player.pk)
    with django_capture_on_commit_callbacks(execute=True):
        table.add_pc(encounter)
    # Something happened: only the full path, with the session and the access check, says what.
    answer = _poll(Client(), encounter, marker, key)
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
    assert _poll(watcher(table.player), encounter, marker, key).status_code == 200


@pytest.mark.parametrize("which", ["forged", "other encounter", "missing"])
def test_a_bad_key_takes_the_full_path(table, which):
    encounter = table.create()["id"]
    marker = live.marker(encounter)
    live.remember_watcher(encounter, table.player.pk)
    key = {
        "forged": live.poll_key(encounter, table.player.pk)[:-3] + "abc",
        "other encounter": live.poll_key(encounter + 1, table.player.pk),
        "missing": "",
    }[which]
    assert _poll(Client(), encounter, marker, key).status_code == 302
    assert _poll(watcher(table.player), encounter, marker, key).status_code == 204


def test_a_stale_key_takes_the_full_path(table, monkeypatch):
    encounter = table.create()["id"]
    marker = live.marker(encounter)
    live.remember_watcher(encounter, table.player.pk)
    key = live.poll_key(encounter, table.player.pk)
    monkeypatch.setattr(live, "POLL_KEY_MAX_AGE", -1)
    assert live.poll_key_user(key, encounter) is None
    assert _poll(Client(), encounter, marker, key).status_code == 302


def test_a_player_who_leaves_gets_nothing_more_from_a_key(table):
    from campaigns import services as campaign_services

    encounter = table.create()["id"]
    marker = live.marker(encounter)
    client = watcher(table.player)
    key = live.poll_key(encounter, table.player.pk)
    assert _poll(client, encounter, marker, key).status_code == 204
    campaign_services.campaign_leave(user=table.player, campaign=table.campaign)
    assert _poll(client, encounter, marker, key).status_code == 404

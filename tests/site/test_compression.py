"""Compressed answers (docs/performance.md, "Compression"): a page and a JSON answer come
gzipped, with `Vary: Accept-Encoding`, to a client that accepts gzip and plain to one that does
not; their entity tags stay as the view wrote them, so `If-Match` still works; the encounter's
event stream is never compressed or held back."""

from __future__ import annotations

import asyncio
import gzip
import json

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.http import HttpResponse, StreamingHttpResponse
from django.test import AsyncClient, Client, RequestFactory

from epic20site.compression import CompressTextAnswers
from tests.combat.encounters.conftest import Table

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture
def table(db):
    return Table()


def _varies_by_encoding(response) -> bool:
    return "accept-encoding" in {part.strip().lower() for part in response.get("Vary", "").split(",")}


def _gzipped(response) -> bytes:
    assert response["Content-Encoding"] == "gzip"
    assert _varies_by_encoding(response)
    assert response["Content-Length"] == str(len(response.content))
    return gzip.decompress(response.content)


def test_a_page_comes_gzipped_when_asked_and_plain_when_not(table):
    browser = Client()
    browser.force_login(table.player)
    url = "/campaigns/"  # (a campaign's own page shows its invite code: never compressed)
    compressed = browser.get(url, headers=GZIP)
    plain = browser.get(url)
    assert compressed.status_code == 200 == plain.status_code
    page = _gzipped(compressed).decode()
    assert page.lower().startswith("<!doctype html>") and page.rstrip().endswith("</html>")
    assert table.campaign.name in page
    assert len(compressed.content) < len(plain.content) / 3
    assert not plain.has_header("Content-Encoding")
    assert _varies_by_encoding(plain)
    assert plain.content.decode().lower().startswith("<!doctype html>")


def test_an_htmx_fragment_comes_gzipped_too(table):
    browser = Client()
    browser.force_login(table.gm)
    answer = browser.get("/campaigns/", headers={**GZIP, "HX-Request": "true"})
    assert answer.status_code == 200
    assert table.campaign.name in _gzipped(answer).decode()


def test_a_json_answer_comes_gzipped_with_its_etag_unchanged():
    url = "/api/v1/rules/epic20/catalogue/"
    plain = Client().get(url, headers={"Accept": "application/json"})
    compressed = Client().get(url, headers={"Accept": "application/json", **GZIP})
    assert compressed.status_code == 200 == plain.status_code
    assert json.loads(_gzipped(compressed)) == plain.json()
    assert not plain.has_header("Content-Encoding")
    assert compressed["ETag"] == plain["ETag"] and compressed["ETag"].startswith('"')
    again = Client().get(url, headers={"If-None-Match": compressed["ETag"], **GZIP})
    assert again.status_code == 304


def test_a_tag_read_compressed_still_matches_if_match(table):
    url = f"/api/v1/characters/{table.character.pk}/"
    read = table.player_api.get(url, headers=GZIP)
    assert json.loads(_gzipped(read))["name"] == table.character.name
    assert read["ETag"] == table.player_api.get(url)["ETag"]
    changed = table.player_api.patch(
        url, {"concept": "as del aire"}, format="json", headers={"If-Match": read["ETag"]}
    )
    assert changed.status_code == 200, changed.content[:300]


@pytest.mark.django_db(transaction=True)
def test_the_event_stream_is_neither_compressed_nor_held_back(table, settings):
    settings.REDIS_URL = ""  # the stream's fan-out in this process
    encounter = table.create()["id"]

    def add_pc():
        try:
            table.add_pc(encounter)
        finally:
            connections.close_all()  # the worker thread's connection, so the database can go

    async def scenario():
        client = AsyncClient()
        await client.aforce_login(table.player)
        response = await client.get(f"/api/v1/encounters/{encounter}/stream/", headers=GZIP)
        stream = aiter(response.streaming_content)
        opening = await asyncio.wait_for(anext(stream), 3.0)
        await sync_to_async(add_pc)()
        change = await asyncio.wait_for(anext(stream), 3.0)
        await stream.aclose()
        return response, opening, change

    response, opening, change = asyncio.run(scenario())
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert not response.has_header("Content-Encoding")
    assert not _varies_by_encoding(response)
    assert opening.startswith(b"retry: ")
    assert change.startswith(b"id: ") and b"event: changed\n" in change


def _through_the_middleware(response):
    request = RequestFactory().get("/", headers=GZIP)
    return CompressTextAnswers(lambda request: response)(request)


def test_a_streamed_answer_of_any_type_passes_untouched():
    body = [b"data: " + b"x" * 500 + b"\n\n"]
    for content_type in ("text/event-stream", "text/html; charset=utf-8"):
        answer = _through_the_middleware(StreamingHttpResponse(iter(body), content_type=content_type))
        assert not answer.has_header("Content-Encoding") and not answer.has_header("Vary")
        assert b"".join(answer.streaming_content) == body[0]


def test_images_and_short_answers_are_left_plain():
    image = _through_the_middleware(HttpResponse(b"\x89PNG" + b"\0" * 800, content_type="image/png"))
    assert not image.has_header("Content-Encoding")
    short = _through_the_middleware(HttpResponse(b'{"ok": true}', content_type="application/json"))
    assert not short.has_header("Content-Encoding") and short.content == b'{"ok": true}'

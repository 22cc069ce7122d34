"""Under the ASGI server a request's sync parts run on one of `WEB_THREADS` reused threads
(`epic20site.asgi`); a body still on its way holds none of them."""

from __future__ import annotations

import asyncio

import pytest

from epic20site.asgi import Epic20ASGIHandler

pytestmark = pytest.mark.django_db(transaction=True)


def scope(method: str, path: str) -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 8000),
    }


async def answered(app, method: str, path: str, messages: asyncio.Queue) -> int:
    sent = []

    async def send(message):
        sent.append(message)

    await app(scope(method, path), messages.get, send)
    return next(m["status"] for m in sent if m["type"] == "http.response.start")


def test_a_slow_body_holds_no_request_thread(settings):
    settings.WEB_THREADS = 1
    app = Epic20ASGIHandler()

    async def scenario():
        slow: asyncio.Queue = asyncio.Queue()
        slow.put_nowait({"type": "http.request", "body": b"{", "more_body": True})
        first = asyncio.create_task(answered(app, "POST", "/api/v1/auth/token/", slow))
        await asyncio.sleep(0.1)  # the first request waits for the rest of its body
        quick: asyncio.Queue = asyncio.Queue()
        quick.put_nowait({"type": "http.request", "body": b"", "more_body": False})
        second = await asyncio.wait_for(answered(app, "GET", "/healthz", quick), 5)
        assert not first.done()
        slow.put_nowait({"type": "http.request", "body": b"}", "more_body": False})
        return second, await asyncio.wait_for(first, 5)

    second, first = asyncio.run(scenario())
    assert second == 200
    assert first == 400  # `{}` reached the view whole: username and password are missing

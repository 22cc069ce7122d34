"""ASGI entry point for Epic20 Site (the `web` process of the Procfile, under uvicorn).

Django runs each request's sync parts (the middleware, sync views) on a thread: by default a new
thread per request, created and torn down each time, which costs more CPU than many of our
answers. Here the sync parts run on a fixed set of reused threads instead (`WEB_THREADS` per
process: a request waits for a free one), which also bounds how many requests of a process use
the database at once.

An encounter's stream (`combat.stream`) stays open for hours: it must hold no thread. Streams
run their short sync part (the middleware, the access check as they open) one after another on
one thread of their own, shared by all the process's streams, and then cost a queue on the loop.

A request's body is read whole before it takes a thread: a client sending its body slowly holds
a coroutine, never one of the `WEB_THREADS` (and `epic20site.http_protocol` cuts it off).
"""

import asyncio
import contextvars
import os
import re
from concurrent.futures import ThreadPoolExecutor

import django
from asgiref.sync import ThreadSensitiveContext
from django.conf import settings
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "epic20site.settings")

STREAM_PATH = re.compile(r"/api/v1/encounters/\d+/stream/")

# The body `__call__` read before taking a thread, for `handle` (the same task) to use.
_BODY_READ = contextvars.ContextVar("epic20site.asgi.body_read", default=None)


class Epic20ASGIHandler(ASGIHandler):
    def __init__(self):
        super().__init__()
        self.streams_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="streams")
        self._threads: asyncio.Queue | None = None

    def request_threads(self) -> asyncio.Queue:
        """The reusable request threads (each a one-thread executor), made on first use."""
        if self._threads is None:
            threads: asyncio.Queue = asyncio.Queue()
            for number in range(settings.WEB_THREADS):
                threads.put_nowait(ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"request-{number}"))
            self._threads = threads
        return self._threads

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)  # Django refuses it
            return
        if STREAM_PATH.fullmatch(scope.get("path", "")):
            async with ThreadSensitiveContext(executor=self.streams_thread):
                await self.handle(scope, receive, send)
            return
        try:
            _BODY_READ.set(await super().read_body(receive))
        except RequestAborted:  # the client left before its body arrived
            return
        threads = self.request_threads()
        thread = await threads.get()
        try:
            async with ThreadSensitiveContext(executor=thread):
                await self.handle(scope, receive, send)
        finally:
            threads.put_nowait(thread)

    async def read_body(self, receive):
        early = _BODY_READ.get()
        if early is None:
            return await super().read_body(receive)
        _BODY_READ.set(None)
        return early


def get_application() -> Epic20ASGIHandler:
    django.setup(set_prefix=False)
    return Epic20ASGIHandler()


application = get_application()

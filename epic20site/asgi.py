"""ASGI entry point for Epic20 Site (the `web` process of the Procfile, under uvicorn).

Django gives each request its own thread for the request's sync parts (the middleware, sync
views), and keeps that thread until the answer is sent. For an encounter's stream
(`combat.stream`), open for hours, that would be one idle thread per open stream: so streams
run their short sync parts (the middleware, the access check as they open) one after another
on one thread that all the process's streams share, and hold no thread while they are open.
"""

import os
import re
from concurrent.futures import ThreadPoolExecutor

import django
from asgiref.sync import ThreadSensitiveContext
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "epic20site.settings")

STREAM_PATH = re.compile(r"/api/v1/encounters/\d+/stream/")


class Epic20ASGIHandler(ASGIHandler):
    def __init__(self):
        super().__init__()
        self.streams_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="streams")

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and STREAM_PATH.fullmatch(scope.get("path", "")):
            async with ThreadSensitiveContext(executor=self.streams_thread):
                await self.handle(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


def get_application() -> Epic20ASGIHandler:
    django.setup(set_prefix=False)
    return Epic20ASGIHandler()


application = get_application()

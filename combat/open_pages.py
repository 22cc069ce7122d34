"""Whose page of a fight is open: each stream a person holds on an encounter (`combat.stream`)
marks the time it was last alive, as it opens, on every keep-alive and as it closes, in the
cache every process shares (Redis when `REDIS_URL` is set). A page is open while its mark is
younger than three keep-alives; the mark itself is kept a day, so that "did they open the fight
since then?" can be asked of a notice waiting for its grace period (`notifications.grace`)."""

from __future__ import annotations

import contextlib
import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import caches

from epic20site.clock import now

logger = logging.getLogger("combat.open_pages")
KEPT = 24 * 3600  # seconds


def _key(user_id: int, encounter_id: int) -> str:
    return f"open-page:{user_id}:{encounter_id}"


def open_for() -> timedelta:
    """How long after its last sign of life a stream's page still counts as open."""
    return timedelta(seconds=3 * settings.STREAM_KEEPALIVE_SECONDS)


def mark(user_id: int | None, encounter_id: int) -> None:
    """The person's page of the fight is alive now (a cache that is down is only logged)."""
    if user_id is None:
        return
    try:
        caches["live"].set(_key(user_id, encounter_id), now().timestamp(), timeout=KEPT)
    except Exception:
        logger.warning("could not mark the page of %s on %s as open", user_id, encounter_id, exc_info=True)


async def amark(user_id: int | None, encounter_id: int) -> None:
    if user_id is None:
        return
    with contextlib.suppress(Exception):  # a cache that is down: the stream goes on
        await caches["live"].aset(_key(user_id, encounter_id), now().timestamp(), timeout=KEPT)


def last_seen(user_id: int, encounter_id: int) -> datetime | None:
    """When a page of theirs on the fight was last alive, if within the last day."""
    try:
        stamp = caches["live"].get(_key(user_id, encounter_id))
    except Exception:
        return None
    return datetime.fromtimestamp(stamp, tz=now().tzinfo) if stamp is not None else None


def is_open(user_id: int, encounter_id: int) -> bool:
    seen = last_seen(user_id, encounter_id)
    return seen is not None and now() - seen <= open_for()


def opened_since(user_id: int, encounter_id: int, moment: datetime) -> bool:
    seen = last_seen(user_id, encounter_id)
    return seen is not None and seen >= moment

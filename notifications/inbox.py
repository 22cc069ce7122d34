"""What a person has been told, as their notifications page lists it: one entry per event (the
outbox rows of one `key`, whatever channels carried it), newest first, and which of them are new,
that is, written after they last opened the page (`InboxMark.last_seen`).

The table's own rows (channel `table`, addressed to the campaign's webhook with its GM as `user`)
are not the GM's notifications and are left out, and so are the turns' notices dropped in their
grace period (the person acted or opened the fight: nothing was told)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.db import transaction
from django.db.models import Exists, Max, Q, QuerySet, Subquery

from epic20site.clock import now

from .models import InboxMark, Outbox

logger = logging.getLogger(__name__)
# The menu's count is remembered a while per user, and forgotten whenever it changes (a row
# written for them, the page opened), so the menu costs no query on most pages. Only in the cache
# every process of the site shares (the live updates' one): a row written by the task worker must
# reach the web processes' menus. Where that cache is each process's own memory, the menu counts.
COUNT_TIMEOUT = 10 * 60


def _count_key(user_id: int) -> str:
    return f"notifications-unread:{user_id}"


def _shared_cache():
    live = caches["live"]
    return None if isinstance(live, LocMemCache) else live


@dataclass(frozen=True)
class Entry:
    key: str
    event: str
    text: str
    link: str
    campaign_name: str
    created_at: datetime
    channels: tuple[str, ...]
    new: bool


def _rows_of(user) -> QuerySet[Outbox]:
    # A turn's notice dropped in its grace period (they acted, or opened the fight) told nothing.
    return (
        Outbox.objects.filter(user=user)
        .exclude(channel=Outbox.Channel.TABLE)
        .exclude(status=Outbox.Status.DROPPED)
    )


def inbox_keys(user) -> QuerySet:
    """One item per event the user was told of, `{"key", "latest"}`, newest first (to paginate)."""
    return _rows_of(user).values("key").annotate(latest=Max("created_at")).order_by("-latest", "-key")


def last_seen(user) -> datetime | None:
    return InboxMark.objects.filter(user=user).values_list("last_seen", flat=True).first()


def inbox_entries(user, keys: list[str], *, seen: datetime | None) -> list[Entry]:
    """The entries of `keys` (one page of `inbox_keys`), in that order, in one query."""
    grouped: dict[str, list[Outbox]] = {}
    for row in _rows_of(user).filter(key__in=keys).select_related("campaign").order_by("id"):
        grouped.setdefault(row.key, []).append(row)
    entries = []
    for key in keys:
        rows = grouped.get(key)
        if not rows:
            continue
        first = rows[0]
        entries.append(
            Entry(
                key=key,
                event=first.event,
                text=first.text,
                link=first.link,
                campaign_name=first.campaign.name if first.campaign else "",
                created_at=first.created_at,
                channels=tuple(sorted({row.channel for row in rows})),
                new=seen is None or first.created_at > seen,
            )
        )
    return entries


def _unread_count_now(user) -> int:
    mark = InboxMark.objects.filter(user=user)
    after_mark = Q(created_at__gt=Subquery(mark.values("last_seen")[:1]))
    return _rows_of(user).filter(after_mark | ~Exists(mark)).values("key").distinct().count()


def unread_count(user) -> int:
    """How many events the user was told of since they last opened the page (all of them if they
    never did): one query, or none while the remembered count holds. A cache that cannot be
    reached is a miss."""
    cache, key = _shared_cache(), _count_key(user.pk)
    if cache is None:
        return _unread_count_now(user)
    try:
        remembered = cache.get(key)
    except Exception:
        logger.warning("notifications: unread count read failed", exc_info=True)
        remembered = None
    if remembered is not None:
        return remembered
    count = _unread_count_now(user)
    try:
        cache.set(key, count, COUNT_TIMEOUT)
    except Exception:
        logger.warning("notifications: unread count write failed", exc_info=True)
    return count


def forget_unread_count(user_id: int) -> None:
    """The count changed: count again, now and once the transaction that changed it commits (a
    page drawn in between could have remembered the old count)."""
    cache = _shared_cache()
    if cache is None:
        return

    def forget():
        try:
            cache.delete(_count_key(user_id))
        except Exception:
            logger.warning("notifications: unread count delete failed", exc_info=True)

    forget()
    transaction.on_commit(forget)


def inbox_mark_seen(user) -> None:
    """The user has seen every notification written until now."""
    InboxMark.objects.update_or_create(user=user, defaults={"last_seen": now()})
    forget_unread_count(user.pk)

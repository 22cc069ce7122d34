"""Live updates: how an open page learns, within a second, that its encounter changed.

Each committed write is pushed to the encounter's open streams (`combat.push`, `combat.stream`):
an open page holds `GET /api/v1/encounters/<id>/stream/` and, on each `changed` message, fetches
`GET /encounters/<id>/log/after/<seq>?v=<version>`: the new events and the fresh state cards,
as out-of-band swaps (`static/js/fight-page.js`). Where a stream cannot be opened (no
EventSource, a proxy that refuses it, Redis down) the page falls back to asking that same
address once a second, every 2 s while nothing happens. The answer is 204 while nothing
changed, so an idle poll costs almost nothing.

"Has it changed?" is answered from the `live` cache (`settings._live_cache`), where each
committed write publishes the encounter's marker (`seq` of the last event, `version` of the
state, `undo_version`). That cache is shared by every process of the site: Redis
(`REDIS_URL`), or, on SQLite without Redis, files in a folder of the one machine such a site runs
on; so an idle poll never touches the database. Where the live cache is each process's own
memory (PostgreSQL without Redis), a value in it could be stale; then the marker is read with one
primary-key query instead (still correct with several processes, only a little dearer).

An idle poll does not even load the session: the page carries a signed poll key (`poll_key`:
the encounter and the user who passed the full access check, signed with the site's key, for a
day), and while the key is valid, the user is still a remembered watcher and nothing changed,
the poll answers 204 from the key and the marker alone. Anything else (a change, a missing,
forged, stale or other encounter's key, a forgotten watcher) takes the full path with the
session and the access check. The key tells its holder only whether the fight moved.

A cache that cannot be reached (Redis down) never fails a request: the action is committed and
answered, publishing is logged and skipped, a poll reads the marker from the database, and the
watcher check runs in full each time.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.core.cache import caches
from django.db import transaction

from . import push

# Markers outlive any fight; Redis evicts them when memory is short, and a miss reads the DB.
MARKER_TIMEOUT = 60 * 60 * 24
# An idle poll may trust a cached "this user may watch this encounter" for this long.
ACCESS_TIMEOUT = 60
# Each process's own: a marker in it may be stale. (Files are shared by a machine's processes.)
_PROCESS_LOCAL_BACKENDS = ("locmem", "dummy")
LIVE = "live"

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Marker:
    seq: int
    version: int
    undo_version: int

    def as_dict(self) -> dict:
        return {"seq": self.seq, "version": self.version, "undo_version": self.undo_version}


def _marker_key(encounter_id: int) -> str:
    return f"encounter:{encounter_id}:marker"


def _access_key(encounter_id: int, user_id: int) -> str:
    return f"encounter:{encounter_id}:watcher:{user_id}"


def cache_is_shared(backend: str | None = None) -> bool:
    """True when every app process sees the same live cache (Redis, or files on the one machine
    of a SQLite site), so a cached marker is current."""
    backend = (backend or settings.CACHES.get(LIVE, {}).get("BACKEND", "")).lower()
    return not any(name in backend for name in _PROCESS_LOCAL_BACKENDS)


def _live():
    return caches[LIVE]


def publish(encounter) -> None:
    """Announce the encounter's new marker once the current transaction commits (never before:
    a stream or a poll must not see a change that could still roll back): to the open streams
    (`combat.push`), and to the cache the fallback poll reads."""
    marker = Marker(encounter.last_seq, encounter.version, encounter.undo_version)

    def announce():
        _store_marker(encounter.pk, marker)
        push.announce(push.Change(encounter.pk, marker.version, marker.seq))

    transaction.on_commit(announce)


def _store_marker(encounter_id: int, marker: Marker) -> None:
    """Runs after the commit: the action is saved and its answer must say so. A cache that
    cannot be written only costs the polls a database read (`marker` falls back to it) until
    the next action publishes again, so a failure is logged, never raised."""
    try:
        _live().set(_marker_key(encounter_id), marker.as_dict(), MARKER_TIMEOUT)
    except Exception:
        logger.warning("live: could not publish the marker of encounter %s", encounter_id, exc_info=True)
        _forget_marker(encounter_id)


def _forget_marker(encounter_id: int) -> None:
    try:
        _live().delete(_marker_key(encounter_id))
    except Exception:
        logger.warning("live: could not drop the stale marker of encounter %s", encounter_id)


def _cached(key: str):
    try:
        return _live().get(key)
    except Exception:  # a cache that cannot be read is a miss: the database answers
        logger.warning("live: cache read failed for %s", key, exc_info=True)
        return None


def marker(encounter_id: int) -> Marker | None:
    """The encounter's current marker; None if it does not exist."""
    shared = cache_is_shared()
    if shared:
        cached = _cached(_marker_key(encounter_id))
        if cached is not None:
            return Marker(**cached)
    from combat.models import Encounter

    # One row by primary key: no ORDER BY to compile (`first()` would add one).
    rows = (
        Encounter.objects.order_by()
        .filter(pk=encounter_id)
        .values_list("last_seq", "version", "undo_version")
    )
    row = next(iter(rows), None)
    if row is None:
        return None
    found = Marker(*row)
    if shared:
        # `add`, not `set`: a marker published meanwhile by a commit is newer than this read.
        try:
            _live().add(_marker_key(encounter_id), found.as_dict(), MARKER_TIMEOUT)
        except Exception:
            logger.warning("live: could not cache the marker of encounter %s", encounter_id)
    return found


POLL_KEY_SALT = "combat.live.poll"
POLL_KEY_MAX_AGE = 60 * 60 * 24


def poll_key(encounter_id: int, user_id: int) -> str:
    """The signed key an open page polls with (see the module's docstring)."""
    return signing.dumps([encounter_id, user_id], salt=POLL_KEY_SALT)


def poll_key_user(key: str, encounter_id: int) -> int | None:
    """The user a valid poll key of this encounter was given to, or None."""
    if not key:
        return None
    try:
        found = signing.loads(key, salt=POLL_KEY_SALT, max_age=POLL_KEY_MAX_AGE)
    except (signing.BadSignature, ValueError):
        return None
    if not (isinstance(found, list) and len(found) == 2 and found[0] == encounter_id):
        return None
    return found[1] if isinstance(found[1], int) else None


def idle_for_key(encounter_id: int, key: str, *, seq: int, version: int) -> bool:
    """True when the poll may answer 204 from its key alone: a valid key of a remembered
    watcher, and the encounter unchanged since the page's `seq` and `version`."""
    user_id = poll_key_user(key, encounter_id)
    if user_id is None or not is_known_watcher(encounter_id, user_id):
        return False
    now = marker(encounter_id)
    return now is not None and not has_changed(now, seq=seq, version=version)


def remember_watcher(encounter_id: int, user_id: int) -> None:
    """Record that the user passed the full access check for this encounter."""
    try:
        _live().set(_access_key(encounter_id, user_id), True, ACCESS_TIMEOUT)
    except Exception:  # the next poll runs the full access check again
        logger.warning("live: could not remember a watcher of encounter %s", encounter_id)


def forget_watchers(encounter_ids, user_id: int) -> None:
    """The user may no longer watch these encounters (they left the campaign): their open
    streams of them end (once the removal commits), and their next poll runs the full access
    check again, and answers 404."""
    encounter_ids = list(encounter_ids)

    def revoke():
        for encounter_id in encounter_ids:
            push.announce(push.Revoke(encounter_id, user_id))

    transaction.on_commit(revoke)
    try:
        _live().delete_many([_access_key(eid, user_id) for eid in encounter_ids])
    except Exception:  # the remembered access runs out by itself within ACCESS_TIMEOUT
        logger.warning("live: could not forget the watcher %s", user_id)


def is_known_watcher(encounter_id: int, user_id: int) -> bool:
    return bool(_cached(_access_key(encounter_id, user_id)))


def has_changed(marker_now: Marker, *, seq: int, version: int) -> bool:
    return marker_now.version != version or marker_now.seq != seq


def needs_full_redraw(marker_now: Marker, *, version: int) -> bool:
    """An undo after the page's version took events back: append-only is not enough."""
    return marker_now.undo_version > version

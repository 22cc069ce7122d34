"""Session stores that read a session with one plain SQL statement.

Every logged-in request reads its session. Django's database stores fetch it through the ORM,
whose query compilation costs several times the query itself; these stores run the same
`SELECT` directly and build the same model instance, and are otherwise Django's own (saving,
expiry, cycling, the cache in front of the database for `cached_db`). Chosen in settings
(`SESSION_ENGINE`): `epic20site.sessions.db` / `epic20site.sessions.cached_db`.
"""

from __future__ import annotations

import datetime as dt

from django.db import connections, router
from django.utils import timezone
from django.utils.dateparse import parse_datetime


class DirectReadMixin:
    """`_get_session_from_db` as one `SELECT … WHERE session_key = %s AND expire_date > now`."""

    def _get_session_from_db(self):
        key = self.session_key
        if not key:
            self._session_key = None
            return None
        model = self.model
        alias = router.db_for_read(model)
        connection = connections[alias]
        table = connection.ops.quote_name(model._meta.db_table)
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT session_data, expire_date FROM {table} "  # the table name, never input
                "WHERE session_key = %s AND expire_date > %s",
                [key, now],
            )
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        data, expires = row
        if isinstance(expires, str):
            expires = parse_datetime(expires)
        if isinstance(expires, dt.datetime) and timezone.is_naive(expires):
            expires = timezone.make_aware(expires, dt.UTC)
        return model(session_key=key, session_data=data, expire_date=expires)

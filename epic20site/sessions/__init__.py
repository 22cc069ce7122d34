"""Session stores that read a session with one plain SQL statement.

Every logged-in request reads its session. Django's database stores fetch it through the ORM,
whose query compilation costs several times the query itself; these stores run the same
`SELECT` directly (`epic20site.direct.select_one`) and get the same model instance, and are
otherwise Django's own (saving, expiry, cycling, the cache in front of the database for
`cached_db`). Chosen in settings (`SESSION_ENGINE`): `epic20site.sessions.db` /
`epic20site.sessions.cached_db`.
"""

from __future__ import annotations

from django.db import connections, router
from django.utils import timezone

from epic20site.direct import quote, select_one


class DirectReadMixin:
    """`_get_session_from_db` as one `SELECT … WHERE session_key = %s AND expire_date > now`."""

    def _get_session_from_db(self):
        model = self.model
        now = connections[router.db_for_read(model)].ops.adapt_datetimefield_value(timezone.now())
        where = f"{quote(model, 'session_key')} = %s AND {quote(model, 'expire_date')} > %s"
        session = select_one(model, where, [self.session_key, now]) if self.session_key else None
        if session is None:
            self._session_key = None
        return session

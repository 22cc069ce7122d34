"""Django's cache-in-front-of-the-database session store; a cache miss reads the session with one
plain SQL statement."""

from django.contrib.sessions.backends import cached_db

from . import DirectReadMixin


class SessionStore(DirectReadMixin, cached_db.SessionStore):
    pass

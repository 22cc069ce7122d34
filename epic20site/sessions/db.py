"""Django's database session store, reading a session with one plain SQL statement."""

from django.contrib.sessions.backends import db

from . import DirectReadMixin


class SessionStore(DirectReadMixin, db.SessionStore):
    pass

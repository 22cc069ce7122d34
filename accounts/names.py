"""One reading of a username for every door into an account.

A name is stored in Unicode's compatibility form (NFKC, as Django's `normalize_username`
does), so "ｓecvictim" typed with a fullwidth letter is the account "secvictim". Two names are
the same player when their NFKC forms are equal after case folding: sign-up (page and API)
refuses a name that clashes with an existing one, and the login throttle counts failures on
that one identity, so a look-alike spelling buys no extra guesses.
"""

from __future__ import annotations

import unicodedata

from django.contrib.auth import get_user_model
from django.db.models import Q


def canonical(username: str) -> str:
    """The form a username is stored and authenticated in: NFKC."""
    return unicodedata.normalize("NFKC", str(username))


def identity(username: str) -> str:
    """What makes two names one player: NFKC, then case folding (so "Straße" is "STRASSE")."""
    return unicodedata.normalize("NFKC", canonical(username).casefold())


def name_taken(username: str) -> bool:
    """Whether an account already answers to this name, up to width and case.

    The database compares case-insensitively (`iexact`: every letter on PostgreSQL, ASCII
    letters only on SQLite); both the stored form and its case-folded form are asked for, so
    "STRASSE" finds "Straße" as well as "strasse"."""
    name = canonical(username)
    wanted = {name, identity(name)}
    query = Q()
    for value in wanted:
        query |= Q(username__iexact=value)
    candidates = get_user_model().objects.filter(query).values_list("username", flat=True)
    return any(identity(existing) == identity(name) for existing in candidates)

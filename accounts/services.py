"""Writes for accounts. The signup page and the register endpoint both call these."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from rest_framework.authtoken.models import Token


@transaction.atomic
def user_create(*, username: str, password: str, email: str = ""):
    """A new player account. The caller has already validated the password."""
    return get_user_model().objects.create_user(username=username, email=email or "", password=password)


def token_for(*, user) -> Token:
    """The user's API token, created the first time it is asked for."""
    token, _created = Token.objects.get_or_create(user=user)
    return token

"""Writes for accounts. The signup page and the register endpoint both call these."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from epic20site.errors import DomainError

from .language import DEFAULT, language_set, supported
from .signals import account_created


@transaction.atomic
def user_create(*, username: str, password: str, email: str = "", language: str = DEFAULT):
    """A new player account, written to in `language` (the sign-up page's). The caller has
    already validated the password and checked the name (`accounts.names.name_taken`); the
    database holds the line when two sign-ups race past that check with names that differ only
    by case (migration `0001_username_unique_by_folded_case`). `account_created` then lets the
    other apps give the new account their defaults (the notifications a new account gets)."""
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(
                username=username, email=email or "", password=password
            )
    except IntegrityError:
        raise DomainError(
            "username.unique", _("Ese nombre de usuario ya está en uso."), path="/username"
        ) from None
    language_set(user=user, language=supported(language))
    account_created.send(sender=get_user_model(), user=user)
    return user


def token_for(*, user) -> Token:
    """The user's API token, created the first time it is asked for (and again after a revoke
    or a password change)."""
    token, _created = Token.objects.get_or_create(user=user)
    return token


def token_revoke(*, user) -> bool:
    """Delete the user's API token; every client using it gets 401 from then on. True when
    there was one."""
    deleted, _by_model = Token.objects.filter(user=user).delete()
    return bool(deleted)


def token_rotate(*, user) -> Token:
    """A fresh key in place of the old one, in one transaction."""
    with transaction.atomic():
        token_revoke(user=user)
        return Token.objects.create(user=user)


def masked(key: str) -> str:
    """A token as the account page shows it: enough to recognise, not enough to use."""
    return f"{key[:4]}…{key[-4:]}" if len(key) > 8 else "…"

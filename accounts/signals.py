"""A new password retires the API token: whoever learnt the old password may have taken the
token with it, and `/auth/token/` then hands out a fresh key for the new password.

`password_changed(user)` is sent when a saved user's password changes, for the apps that hold
something open on the user's behalf (an encounter's streams, `combat.signals`)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save, pre_save
from django.dispatch import Signal
from rest_framework.authtoken.models import Token

# Sent by `accounts.services.user_create` (sign-up page and API) with `user`, in its transaction.
account_created = Signal()
# Sent when a user's password changes (ends their open streams).
password_changed = Signal()


def _remember_old_password(sender, instance, update_fields=None, **kwargs):
    # A login saves only `last_login`: no password can change, so no query is spent.
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        instance._password_before_save = None
        return
    instance._password_before_save = (
        sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    )


def _revoke_token_on_new_password(sender, instance, created, **kwargs):
    before = getattr(instance, "_password_before_save", None)
    if not created and before is not None and before != instance.password:
        Token.objects.filter(user=instance).delete()
        password_changed.send(sender=sender, user=instance)


def connect() -> None:
    user_model = get_user_model()
    pre_save.connect(_remember_old_password, sender=user_model, dispatch_uid="accounts.password.before")
    post_save.connect(
        _revoke_token_on_new_password, sender=user_model, dispatch_uid="accounts.password.after"
    )

"""What combat does when something below it changes (a member who leaves a campaign stops
watching its fights at once), and what it tells the apps above it, which listen:

- `action_committed(encounter, result, turn_moved)`: sent inside the action's transaction, so a
  listener's writes (an outbox row) commit or roll back with it;
- `encounter_created(encounter)`: sent inside the creating transaction (tracking links it to the
  partida in progress);
- `deadline_notice(user, encounter, event, key, text)`: a deadline passed or is near and
  someone should be told.

A user who logs out, whose API token is revoked or rotated, or whose password changes has every
open stream ended, on every process (`push.End`, once the change commits); a client still
entitled to it opens it again.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import Signal, receiver
from rest_framework.authtoken.models import Token

from accounts.signals import password_changed
from campaigns.models import Membership

from . import live, push
from .models import Encounter

action_committed = Signal()
deadline_notice = Signal()
encounter_created = Signal()


@receiver(post_delete, sender=Membership, dispatch_uid="combat.forget_watchers_of_a_leaving_member")
def forget_watchers_of_a_leaving_member(sender, instance: Membership, **kwargs) -> None:
    encounters = Encounter.objects.filter(campaign_id=instance.campaign_id).values_list("pk", flat=True)
    live.forget_watchers(list(encounters), instance.user_id)


def end_streams_of(user_id: int) -> None:
    transaction.on_commit(lambda: push.announce(push.End(user_id)))


@receiver(user_logged_out, dispatch_uid="combat.end_streams_on_logout")
def end_streams_on_logout(sender, request, user, **kwargs) -> None:
    if user is not None:
        end_streams_of(user.pk)


@receiver(post_delete, sender=Token, dispatch_uid="combat.end_streams_on_token_gone")
def end_streams_on_token_gone(sender, instance: Token, **kwargs) -> None:
    end_streams_of(instance.user_id)


@receiver(password_changed, dispatch_uid="combat.end_streams_on_new_password")
def end_streams_on_new_password(sender, user, **kwargs) -> None:
    end_streams_of(user.pk)

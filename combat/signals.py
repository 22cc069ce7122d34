"""What combat does when something below it changes (a member who leaves a campaign stops
watching its fights at once), and what it tells the apps above it, which listen:

- `action_committed(encounter, result, turn_moved)`: sent inside the action's transaction, so a
  listener's writes (an outbox row) commit or roll back with it;
- `encounter_created(encounter)`: sent inside the creating transaction (tracking links it to the
  partida in progress);
- `deadline_notice(user, encounter, event, key, text)`: a deadline passed or is near and
  someone should be told.
"""

from __future__ import annotations

from django.db.models.signals import post_delete
from django.dispatch import Signal, receiver

from campaigns.models import Membership

from . import live
from .models import Encounter

action_committed = Signal()
deadline_notice = Signal()
encounter_created = Signal()


@receiver(post_delete, sender=Membership, dispatch_uid="combat.forget_watchers_of_a_leaving_member")
def forget_watchers_of_a_leaving_member(sender, instance: Membership, **kwargs) -> None:
    encounters = Encounter.objects.filter(campaign_id=instance.campaign_id).values_list("pk", flat=True)
    live.forget_watchers(list(encounters), instance.user_id)

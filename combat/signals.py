"""What combat does when something below it changes: a member who leaves a campaign stops
watching its fights at once (the live poll's remembered access is dropped)."""

from __future__ import annotations

from django.db.models.signals import post_delete
from django.dispatch import receiver

from campaigns.models import Membership

from . import live
from .models import Encounter


@receiver(post_delete, sender=Membership, dispatch_uid="combat.forget_watchers_of_a_leaving_member")
def forget_watchers_of_a_leaving_member(sender, instance: Membership, **kwargs) -> None:
    encounters = Encounter.objects.filter(campaign_id=instance.campaign_id).values_list("pk", flat=True)
    live.forget_watchers(list(encounters), instance.user_id)

"""A character's awards and waivers are part of what it is: any change to them is a change to
the character (its `updated_at` moves), so whatever is remembered under the character's version
(the API's list items, `characters.api`) is never stale. Receivers of the models' own signals, so
every writer is covered: services, the tracking app, the admin.

A player who leaves a campaign, or is taken out of it, takes their characters along: the sheets
are no longer the GM's to read or change. What the campaign's fights logged stays in the log."""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone

from campaigns.models import Membership

from .models import Award, Character, Waiver


@receiver(post_save, sender=Award)
@receiver(post_delete, sender=Award)
@receiver(post_save, sender=Waiver)
@receiver(post_delete, sender=Waiver)
def history_changed(sender, instance, **kwargs) -> None:
    Character.objects.filter(pk=instance.character_id).update(updated_at=timezone.now())


@receiver(post_delete, sender=Membership)
def member_left(sender, instance, **kwargs) -> None:
    Character.objects.filter(owner_id=instance.user_id, campaign_id=instance.campaign_id).update(
        campaign=None, updated_at=timezone.now()
    )

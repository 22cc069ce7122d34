"""A character's awards and waivers are part of what it is: any change to them is a change to
the character (its `updated_at` moves), so whatever is remembered under the character's version
(the API's list items, `characters.api`) is never stale. Receivers of the models' own signals, so
every writer is covered: services, the tracking app, the admin."""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone

from .models import Award, Character, Waiver


@receiver(post_save, sender=Award)
@receiver(post_delete, sender=Award)
@receiver(post_save, sender=Waiver)
@receiver(post_delete, sender=Waiver)
def history_changed(sender, instance, **kwargs) -> None:
    Character.objects.filter(pk=instance.character_id).update(updated_at=timezone.now())

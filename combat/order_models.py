"""The rows of standing orders and of the GM's reminders (`combat.standing_orders`,
`combat.nudges`), kept apart from the turn log: an order is not an action until its deadline runs
out, and a reminder changes nothing in the fight."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

NOTE_MAX = 500


class StandingOrder(models.Model):
    """What a combatant's controller (its player, the GM for an NPC) leaves it to do when its
    deadline runs out: one action of the system, as `declare` takes it. It stays until removed."""

    combatant = models.OneToOneField(
        "combat.Combatant",
        on_delete=models.CASCADE,
        related_name="standing_order",
        verbose_name=_("combatiente"),
    )
    action = models.JSONField(_("acción"))
    note = models.CharField(_("nota"), max_length=NOTE_MAX, blank=True, default="")
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField()

    class Meta:
        verbose_name = _("orden permanente")
        verbose_name_plural = _("órdenes permanentes")

    def __str__(self):
        return f"{self.combatant_id}: {self.action.get('type') if isinstance(self.action, dict) else ''}"


class Nudge(models.Model):
    """When the GM last reminded a person that a fight waits for them (at most once an hour)."""

    encounter = models.ForeignKey("combat.Encounter", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    sent_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["encounter", "user"], name="one_nudge_row_per_person_and_fight"),
        ]

    def __str__(self):
        return f"{self.encounter_id}:{self.user_id}@{self.sent_at:%Y-%m-%d %H:%M}"

"""Campaigns and their members: the table a game master gathers, in one game system."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.registration import default_slug

# The game systems are the rules registry's (`rules.systems`): a slug here, checked by the
# services, so adding a system needs no migration.


class Campaign(models.Model):
    name = models.CharField(_("nombre"), max_length=120)
    system = models.CharField(_("sistema"), max_length=20, default=default_slug)
    gm = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="campaigns_as_gm",
        verbose_name=_("director de juego"),
    )
    invite_code = models.CharField(_("código de invitación"), max_length=16, unique=True)
    # The GM's choices the campaign's system reads (Anima's results table…), checked by the
    # system's `check_options` before they are stored.
    rules_options = models.JSONField(_("opciones de reglas"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Any change a campaign list shows bumps this, so cached pages know they are stale.
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("campaña")
        verbose_name_plural = _("campañas")

    def __str__(self):
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        GM = "gm", _("Director de juego")
        PLAYER = "player", _("Jugador")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="unique_membership_per_campaign"),
        ]

    def __str__(self):
        return f"{self.user} @ {self.campaign} ({self.role})"

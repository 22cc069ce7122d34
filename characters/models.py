"""Character sheets, the points a GM awards them and the rule errors a GM waives.

The sheet itself is stored as JSON exactly as it was accepted (docs/api.md "Epic20 character
sheets"): export gives it back byte for byte in meaning. A few of its values are copied into
columns (`name`, `level`, `archetype`) so lists can show and sort them without reading JSON.
`characters` builds on `campaigns` and never imports `combat` (docs/architecture.md).
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.registration import default_slug


class Character(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="characters",
        verbose_name=_("propietario"),
    )
    campaign = models.ForeignKey(
        "campaigns.Campaign",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="characters",
        verbose_name=_("campaña"),
    )
    name = models.CharField(_("nombre"), max_length=200)
    system = models.CharField(_("sistema"), max_length=20, default=default_slug)
    level = models.PositiveIntegerField(_("nivel"), default=0)
    archetype = models.CharField(_("arquetipo"), max_length=80, blank=True, default="")
    sheet = models.JSONField(_("ficha"))
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        verbose_name = _("personaje")
        verbose_name_plural = _("personajes")
        indexes = [
            models.Index(fields=["owner", "-updated_at"], name="character_owner_idx"),
            models.Index(fields=["campaign", "-updated_at"], name="character_campaign_idx"),
        ]

    def __str__(self):
        return self.name


class Award(models.Model):
    """Points a GM gives a character after play: the dated advancement history. Amounts are
    multiples of ½ (the rules' smallest step); levels are whole."""

    class Category(models.TextChoices):
        POWERS = "powers", _("Poderes")
        SKILLS = "skills", _("Habilidades")
        ADVANTAGES = "advantages", _("Ventajas")
        MANEUVERS = "maneuvers", _("Maniobras de combate")
        LEVELS = "levels", _("Niveles")

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="awards")
    category = models.CharField(_("categoría"), max_length=20, choices=Category.choices)
    amount = models.DecimalField(_("cantidad"), max_digits=6, decimal_places=1)
    note = models.CharField(_("nota"), max_length=500, blank=True, default="")
    awarded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("otorgado por"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("premio")
        verbose_name_plural = _("premios")
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=Decimal(0)), name="award_amount_positive"),
        ]

    def __str__(self):
        return f"{self.character} +{self.amount} {self.category}"

    def as_engine_award(self) -> dict:
        amount = self.amount
        return {
            "category": self.category,
            "amount": int(amount) if amount == amount.to_integral() else float(amount),
        }


class Waiver(models.Model):
    """A GM's written permission for one rule error (code + JSON pointer) on one character.
    It applies only while the character belongs to the campaign whose GM granted it."""

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="waivers")
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="waivers", verbose_name=_("campaña")
    )
    code = models.CharField(_("código"), max_length=100)
    path = models.CharField(_("ruta"), max_length=200, blank=True, default="")
    reason = models.TextField(_("motivo"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("dispensado por"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("dispensa")
        verbose_name_plural = _("dispensas")
        constraints = [
            models.UniqueConstraint(fields=["character", "code", "path"], name="unique_waiver_per_error"),
        ]

    def __str__(self):
        return f"{self.character}: {self.code} {self.path}"

    def as_engine_waiver(self) -> dict:
        return {"code": self.code, "path": self.path}


class SaveKey(models.Model):
    """A builder save already made: the key the builder page drew for one rendering, the sheet
    that save stored and the page it led to. The same page's save sent again (a double click, a
    form posted twice) finds it and stores nothing more (`characters.save_once`)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=100)
    character = models.ForeignKey(Character, on_delete=models.CASCADE, null=True, related_name="+")
    next_url = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="unique_save_key_per_user"),
        ]

    def __str__(self):
        return f"{self.user_id}:{self.key}"

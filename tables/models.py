"""A campaign's public listing, the applications players send to it, and the users its GM
blocked from applying again."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

PITCH_MAX_LENGTH = 5_000
MESSAGE_MAX_LENGTH = 2_000
NOTE_MAX_LENGTH = 1_000
SEATS_MAX = 20


class Pace(models.TextChoices):
    """How often a table posts and how long a turn waits: what a player plans their week by."""

    DAILY = "daily", _("Diario: 5 o más mensajes por semana, 24 h por turno")
    BRISK = "brisk", _("Ágil: 3 o 4 mensajes por semana, 48 h por turno")
    STEADY = "steady", _("Constante: 1 o 2 mensajes por semana, 72 h por turno")
    RELAXED = "relaxed", _("Tranquilo: menos de un mensaje por semana, una semana por turno")


class Language(models.TextChoices):
    ES = "es", _("Español")
    EN = "en", _("Inglés")


class Listing(models.Model):
    """What the directory shows of a campaign. Off until its GM lists it; unlisting hides it at
    once (every read filters on `listed`)."""

    campaign = models.OneToOneField(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="listing", verbose_name=_("campaña")
    )
    listed = models.BooleanField(_("anunciada"), default=False)
    pitch = models.TextField(_("presentación"), max_length=PITCH_MAX_LENGTH, blank=True, default="")
    # The pitch rendered and sanitised once, when it is written.
    pitch_html = models.TextField(blank=True, default="")
    pace = models.CharField(_("ritmo"), max_length=10, choices=Pace.choices, default=Pace.STEADY)
    language = models.CharField(_("idioma"), max_length=2, choices=Language.choices, default=Language.ES)
    seats = models.PositiveSmallIntegerField(_("plazas"), default=1)
    # Seats filled through the directory: `seats` offered in all, so the GM raises it to offer more.
    seats_taken = models.PositiveSmallIntegerField(default=0)
    newcomers_welcome = models.BooleanField(_("acepta novatos en el sistema"), default=True)
    closes_on = models.DateField(_("cierra el"), null=True, blank=True)
    # The fights of the campaign its GM lets anyone read (through the players' view of the log).
    public_encounters = models.ManyToManyField(
        "combat.Encounter", blank=True, related_name="+", verbose_name=_("combates públicos")
    )
    # Every change the directory shows moves this (an acceptance too: the seats left).
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("anuncio")
        verbose_name_plural = _("anuncios")
        indexes = [models.Index(fields=["listed", "-updated_at"], name="listing_listed_idx")]
        constraints = [
            models.CheckConstraint(condition=models.Q(seats__lte=SEATS_MAX), name="listing_seats_at_most_20"),
        ]

    def __str__(self):
        return f"listing of {self.campaign_id}"

    @property
    def seats_left(self) -> int:
        return max(0, self.seats - self.seats_taken)


class Application(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pendiente")
        ACCEPTED = "accepted", _("Aceptada")
        DECLINED = "declined", _("Rechazada")

    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="applications", verbose_name=_("campaña")
    )
    applicant = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_applications"
    )
    message = models.TextField(_("mensaje"), max_length=MESSAGE_MAX_LENGTH)
    message_html = models.TextField(blank=True, default="")
    character = models.ForeignKey(
        "characters.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("personaje"),
    )
    status = models.CharField(_("estado"), max_length=10, choices=Status.choices, default=Status.PENDING)
    note = models.TextField(_("nota"), max_length=NOTE_MAX_LENGTH, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "applicant"],
                condition=models.Q(status="pending"),
                name="one_open_application_per_player_and_campaign",
            ),
        ]

    def __str__(self):
        return f"application {self.pk} of {self.applicant_id} to {self.campaign_id} ({self.status})"


class ApplicantBlock(models.Model):
    """A user the campaign's GM will not hear from again."""

    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_block_per_user_and_campaign"),
        ]

    def __str__(self):
        return f"{self.user_id} blocked from {self.campaign_id}"

"""A campaign's tracking: its partidas (sessions) and scenes, what the rules changed on each
character between fights, and the journal. Part of the `campaigns` app (imported by
`campaigns.models`)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Partida(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("En curso")
        CLOSED = "closed", _("Cerrada")

    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE, related_name="partidas")
    number = models.PositiveIntegerField(_("número"))
    title = models.CharField(_("título"), max_length=200)
    summary = models.TextField(_("resumen"), blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField(_("empezó"))
    closed_at = models.DateTimeField(_("acabó"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="unique_partida_number"),
            models.UniqueConstraint(
                fields=["campaign"], condition=models.Q(status="open"), name="one_open_partida_per_campaign"
            ),
        ]

    def __str__(self):
        return f"{self.number}. {self.title}"


class Scene(models.Model):
    partida = models.ForeignKey(Partida, on_delete=models.CASCADE, related_name="scenes")
    number = models.PositiveIntegerField()
    started_at = models.DateTimeField()

    class Meta:
        ordering = ["partida", "number"]
        constraints = [models.UniqueConstraint(fields=["partida", "number"], name="unique_scene_number")]

    def __str__(self):
        return f"{self.partida} · {self.number}"


class Standing(models.Model):
    """What the system tracks on a character between fights (`rules.<slug>.tracking`), as JSON."""

    character = models.OneToOneField(
        "characters.Character", on_delete=models.CASCADE, related_name="standing"
    )
    data = models.JSONField(default=dict, blank=True)

    def __str__(self):
        return f"standing of {self.character_id}"


class HistoryEntry(models.Model):
    """One change the rules or the GM made to a character, with the partida it belongs to."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="history")
    partida = models.ForeignKey(Partida, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    kind = models.CharField(max_length=20)
    text_es = models.CharField(max_length=500)
    text_en = models.CharField(max_length=500)
    rule = models.CharField(max_length=200, blank=True, default="")
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self):
        return self.text_es


class JournalEntry(models.Model):
    class Visibility(models.TextChoices):
        ALL = "all", _("Toda la mesa")
        GM = "gm", _("Solo el director")
        PLAYER = "player", _("Un jugador")

    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE, related_name="journal")
    partida = models.ForeignKey(
        Partida, on_delete=models.SET_NULL, null=True, blank=True, related_name="entries"
    )
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.ALL)
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    body = models.TextField()
    html = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return self.body[:60]


class JournalRevision(models.Model):
    """An earlier version of an entry, kept when its author edits it."""

    entry = models.ForeignKey(JournalEntry, on_delete=models.CASCADE, related_name="revisions")
    body = models.TextField()
    written_at = models.DateTimeField()

    class Meta:
        ordering = ["written_at", "id"]

    def __str__(self):
        return f"{self.entry_id} @ {self.written_at}"


class PartidaEncounter(models.Model):
    """An encounter created while a partida was open belongs to it (`tracking.links`)."""

    partida = models.ForeignKey(Partida, on_delete=models.CASCADE, related_name="encounter_links")
    encounter = models.OneToOneField(
        "combat.Encounter", on_delete=models.CASCADE, related_name="partida_link"
    )

    def __str__(self):
        return f"{self.partida} ← {self.encounter_id}"


class PartidaAward(models.Model):
    """A GM's award given while a partida was open: advancement points (`characters.Award`) or,
    in a fight, hero points (the `award_hero_point` action's first event)."""

    class Kind(models.TextChoices):
        ADVANCEMENT = "advancement", _("Puntos de avance")
        HERO_POINTS = "hero_points", _("Puntos de Héroe")

    partida = models.ForeignKey(Partida, on_delete=models.CASCADE, related_name="award_links")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    award = models.OneToOneField(
        "characters.Award", on_delete=models.CASCADE, null=True, blank=True, related_name="partida_link"
    )
    event = models.OneToOneField(
        "combat.Event", on_delete=models.CASCADE, null=True, blank=True, related_name="partida_award"
    )
    combatant = models.ForeignKey(
        "combat.Combatant", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    amount = models.DecimalField(max_digits=6, decimal_places=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self):
        return f"{self.partida} +{self.amount} {self.kind}"

"""Who wants to be told what, and the outbox: every notification is a row written in the same
transaction as the event that causes it, then delivered (and retried) by a task."""

import secrets

from django.conf import settings
from django.db import models

# "application": one to a listed campaign, sent (to its GM) or answered (to the player): `tables`.
EVENTS = (
    "your_turn",
    "declarations_open",
    "round_resolved",
    "attacked",
    "deadline_near",
    "journal",
    "application",
)


def _all_on() -> dict:
    return dict.fromkeys(EVENTS, True)


def _new_secret() -> str:
    return secrets.token_hex(32)


class Preference(models.Model):
    """A user's choices; `campaign` null is their default, a row with a campaign overrides it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE, null=True, blank=True)
    email = models.BooleanField(default=True)
    webhook_url = models.URLField(max_length=500, blank=True, default="")
    # The key the webhook's HMAC signature is made with (shown once to its owner in the API).
    webhook_secret = models.CharField(max_length=64, default=_new_secret)
    digest = models.BooleanField(default=False)
    events = models.JSONField(default=_all_on)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "campaign"], name="one_preference_per_user_campaign"),
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(campaign__isnull=True),
                name="one_default_preference_per_user",
            ),
        ]

    def __str__(self):
        return f"preferences of {self.user_id} ({self.campaign_id or 'default'})"


class Outbox(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"
        HELD = "held"  # waiting for the daily digest
        FAILED = "failed"  # gave up after every retry

    class Channel(models.TextChoices):
        EMAIL = "email"
        WEBHOOK = "webhook"
        TABLE = "table"  # the campaign's table-wide webhook (`TableWebhook`); `user` is its GM

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE, null=True, blank=True)
    event = models.CharField(max_length=30)
    # What happened, stable: "your_turn:enc12:seq40". One row per event, person and channel.
    key = models.CharField(max_length=200)
    channel = models.CharField(max_length=10, choices=Channel.choices)
    subject = models.CharField(max_length=200)
    text = models.TextField()
    link = models.CharField(max_length=300, blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    last_error = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["key", "user", "channel"], name="one_notification_per_event_person"
            )
        ]
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self):
        return f"{self.event} → {self.user_id} ({self.channel}, {self.status})"


class ActionNotice(models.Model):
    """What a committed fight action may tell people, written in the action's transaction with
    one INSERT; a task turns it into the outbox rows of each person (`notifications.notices`)."""

    encounter = models.ForeignKey("combat.Encounter", on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    turn_moved = models.BooleanField(default=False)
    # The combatants the fight waits for after the action, and `[seq, target, by]` of each attack.
    waiting = models.JSONField(default=list)
    attacks = models.JSONField(default=list)
    resolved = models.BooleanField(default=False)
    declaring = models.BooleanField(default=False)
    expanded = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["expanded"])]

    def __str__(self):
        return f"notice of {self.encounter_id} v{self.version}"


class TableWebhook(models.Model):
    """A campaign's table-wide webhook, set by its GM: it receives the table's public events
    (`notifications.rows`), never anything private to the GM or addressed to one player."""

    campaign = models.OneToOneField(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="table_webhook"
    )
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=64, default=_new_secret)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"table webhook of {self.campaign_id}"


class InboxMark(models.Model):
    """When the user last opened their notifications page: what came after it is new to them."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    last_seen = models.DateTimeField()

    def __str__(self):
        return f"{self.user_id} saw their notifications at {self.last_seen:%Y-%m-%d %H:%M}"

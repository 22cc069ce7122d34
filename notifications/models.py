"""Who wants to be told what, and the outbox: every notification is a row written in the same
transaction as the event that causes it, then delivered (and retried) by a task."""

import base64
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
    """A webhook signing secret, shown as Standard Webhooks does: `whsec_<base64 of 32 bytes>`."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


class Preference(models.Model):
    """A user's choices; `campaign` null is their default, a row with a campaign overrides it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE, null=True, blank=True)
    email = models.BooleanField(default=True)
    # Web Push to every device the user subscribed (`PushSubscription`).
    push = models.BooleanField(default=True)
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
        # not sent: in its grace period the person acted or opened the fight (`notifications.grace`)
        DROPPED = "dropped"

    class Channel(models.TextChoices):
        EMAIL = "email"
        WEBHOOK = "webhook"
        TABLE = "table"  # the campaign's table-wide webhook (`TableWebhook`); `user` is its GM
        PUSH = "push"  # Web Push to each of the user's `PushSubscription`s

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
    # A turn's notice (`your_turn`): the fight and the turn it tells of, so that one still waiting
    # for its grace period is dropped when the person acted or opened the fight meanwhile.
    encounter = models.ForeignKey(
        "combat.Encounter", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    turn = models.CharField(max_length=60, blank=True, default="")

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
    # The turn the fight is at after the action (`combat.waiting.clock_key`, hashed): one
    # `your_turn` per combatant's turn, however many actions the turn holds.
    turn = models.CharField(max_length=40, blank=True, default="")
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


class PushSubscription(models.Model):
    """One browser's Web Push subscription (RFC 8030), as its `PushSubscription.toJSON()` gives
    it: the push service's endpoint and the keys a payload is encrypted for (RFC 8291)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    endpoint = models.URLField(max_length=1000)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=50)
    label = models.CharField(max_length=100, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "endpoint"], name="one_push_subscription_per_endpoint")
        ]

    def __str__(self):
        return f"push subscription {self.pk} of {self.user_id}"

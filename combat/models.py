"""Encounters, their combatants and the turn log (docs/design.md "State and the turn log").

An encounter is an append-only log of `Event`s; its current state is the fold of the events
that are not undone (`rules.core.fold`). The fold is cached on the encounter row
(`state`, bumped `version`) so reads cost one query; every write goes through
`combat.services`, which locks the row.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["Combatant", "Encounter", "Event", "IdempotencyKey"]


class Encounter(models.Model):
    class Status(models.TextChoices):
        SETUP = "setup", _("Preparación")
        ACTIVE = "active", _("En curso")
        ENDED = "ended", _("Terminado")

    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="encounters", verbose_name=_("campaña")
    )
    name = models.CharField(_("nombre"), max_length=120)
    status = models.CharField(_("estado"), max_length=10, choices=Status.choices, default=Status.SETUP)
    round = models.PositiveIntegerField(_("asalto"), default=0)
    current = models.ForeignKey(
        "combat.Combatant",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("turno de"),
    )
    turn_order = models.JSONField(_("orden de iniciativa"), default=list, blank=True)

    # Verifiable dice (docs/api.md "Verifiable dice"). `server_seed` stays secret until revealed;
    # `commitment` is sha256(server_seed) and is published before the first roll.
    server_seed = models.CharField(max_length=64)
    client_seed = models.CharField(max_length=64)
    commitment = models.CharField(max_length=64)
    # The next die nonce: only ever grows, across every seed of the encounter, so a nonce is
    # never reused (not even by a roll that was later undone).
    next_nonce = models.PositiveBigIntegerField(default=0)
    # Seeds already revealed, oldest first: [{"server_seed", "commitment", "client_seed",
    # "revealed_at"}]. Each roll records the commitment it was made under.
    revealed_seeds = models.JSONField(default=list, blank=True)

    # The fold of the events that are not undone (rules.core.fold), and a counter that
    # grows with every change, so pages can ask cheaply "has anything changed?".
    state = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField(default=0)
    last_seq = models.PositiveIntegerField(default=0)
    # The version at which the last undo happened: a page that saw an older version redraws
    # its whole log instead of only appending.
    undo_version = models.PositiveIntegerField(default=0)
    # The GM may let players see exact odds against the GM's NPCs; off, they see coarse bands.
    exact_odds_for_players = models.BooleanField(
        _("probabilidades exactas para los jugadores"), default=False
    )
    # The GM's turn deadline and its running clock (`combat.deadlines`), read with the row.
    turn_deadline = models.JSONField(default=dict, blank=True)

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("encuentro")
        verbose_name_plural = _("encuentros")

    def __str__(self):
        return self.name


class Combatant(models.Model):
    class Side(models.TextChoices):
        HEROES = "heroes", _("Héroes")
        VILLAINS = "villains", _("Villanos")
        NEUTRAL = "neutral", _("Neutrales")

    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="combatants")
    # Set for a player character (the owner acts for it); a GM NPC has `npc_sheet` instead,
    # hidden from players.
    character = models.ForeignKey(
        "characters.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="combatants",
        verbose_name=_("personaje"),
    )
    npc_sheet = models.JSONField(null=True, blank=True)
    name = models.CharField(_("nombre"), max_length=120)
    side = models.CharField(_("bando"), max_length=40)
    minion = models.BooleanField(_("esbirro"), default=False)
    # Minions may have fewer hit points than ½ level; the GM sets them (DAÑO EN COMBATE, Esbirros).
    hit_points = models.PositiveSmallIntegerField(_("puntos de vida fijados"), null=True, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="combatants",
        verbose_name=_("jugador"),
    )
    initiative = models.IntegerField(_("iniciativa"), null=True, blank=True)
    # Removed combatants stay, because the log names them.
    removed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("combatiente")
        verbose_name_plural = _("combatientes")

    def __str__(self):
        return self.name

    @property
    def is_npc(self) -> bool:
        return self.npc_sheet is not None


class Event(models.Model):
    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="events")
    # Consecutive from 1 within an encounter; the lock on the encounter row keeps it so.
    seq = models.PositiveIntegerField()
    # The seq of the first event of the action this one belongs to: undo takes back whole actions.
    action = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    round = models.PositiveIntegerField(default=0)
    actor = models.ForeignKey(Combatant, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    target = models.ForeignKey(Combatant, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # The event as docs/api.md lists it (roll, outcome, modifiers with source and rule, text es/en).
    payload = models.JSONField(default=dict)
    # What the engine decided, as a change to the folded state; replay applies it without
    # rolling any die again. Never shown to clients.
    patch = models.JSONField(default=dict)
    undone = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["encounter", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["encounter", "seq"], name="unique_event_seq_per_encounter"),
        ]
        indexes = [
            models.Index(fields=["encounter", "round", "seq"], name="event_round_idx"),
        ]
        verbose_name = _("evento")
        verbose_name_plural = _("eventos")

    def __str__(self):
        return f"{self.encounter_id}#{self.seq} {self.type}"


class IdempotencyKey(models.Model):
    """The first successful answer to a request that carried an `Idempotency-Key` header."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="+")
    # Method, path and body digest: the same key with a different request is refused.
    fingerprint = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    response = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="unique_idempotency_key_per_user"),
        ]

    def __str__(self):
        return f"{self.user_id}:{self.key}"


from .order_models import Nudge, StandingOrder  # noqa: E402 - the app's models, kept in their own module

__all__ += ["Nudge", "StandingOrder"]

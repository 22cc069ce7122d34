"""The verifiable dice of an encounter (docs/api.md, "Verifiable dice"): its seeds, the source an
action rolls with, the nonces that only move forward, and revealing a seed."""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone
from django.utils.module_loading import import_string

from rules.core.dice import DiceSource, VerifiableDice, commitment_of, new_server_seed

from .models import Encounter


def new_seed() -> tuple[str, str]:
    """A fresh server seed (hex) and its commitment."""
    seed = new_server_seed()
    return seed.hex(), commitment_of(seed)


def encounter_dice(encounter: Encounter) -> DiceSource:
    """The dice an action rolls with. Production: the encounter's verifiable dice, from its
    persisted `next_nonce`. `settings.EPIC20_DICE_FACTORY` (a dotted path to a callable taking the
    encounter) replaces them, so tests can script the faces through the real services."""
    factory_path = getattr(settings, "EPIC20_DICE_FACTORY", None)
    if factory_path:
        return import_string(factory_path)(encounter)
    return VerifiableDice(bytes.fromhex(encounter.server_seed), encounter.client_seed, encounter.next_nonce)


def persist_nonce(encounter: Encounter, dice: DiceSource | None) -> None:
    next_nonce = getattr(dice, "next_nonce", None)
    if isinstance(dice, VerifiableDice) and next_nonce is not None:
        # Only ever forward: a nonce is spent once, whatever happens to the roll.
        encounter.next_nonce = max(encounter.next_nonce, next_nonce)


def reveal(encounter: Encounter) -> str:
    """Publish the current server seed and start a fresh seed and commitment for later rolls."""
    revealed = encounter.server_seed
    encounter.revealed_seeds = [
        *encounter.revealed_seeds,
        {
            "server_seed": revealed,
            "commitment": encounter.commitment,
            "client_seed": encounter.client_seed,
            "revealed_at": timezone.now().isoformat(),
        },
    ]
    encounter.server_seed, encounter.commitment = new_seed()
    return revealed


def public_dice(encounter: Encounter) -> dict:
    """The public half of the verifiable dice: the current commitment and client seed, and the
    seeds already revealed (never the current server seed)."""
    return {
        "commitment": encounter.commitment,
        "client_seed": encounter.client_seed,
        "next_nonce": encounter.next_nonce,
        "revealed": [
            {"server_seed": r["server_seed"], "commitment": r["commitment"], "client_seed": r["client_seed"]}
            for r in encounter.revealed_seeds
        ],
    }

"""The game system an encounter is played in, as the fight reads it."""

from __future__ import annotations

from epic20site.errors import DomainError
from rules import systems

from .models import Encounter


def system_for(encounter: Encounter) -> systems.GameSystem:
    system = systems.for_encounters(systems.get(encounter.campaign.system))
    if system is None:
        raise DomainError("system.unknown", "Unknown game system.", status=409)
    return system

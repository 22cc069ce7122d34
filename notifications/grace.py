"""A turn's notice waits: the e-mail or push of `your_turn` is due `NOTIFY_GRACE_SECONDS` after
it was written (`notifications.rows`), and when it comes due it is dropped, not sent, if the
person opened the fight meanwhile (a stream of theirs on it, `combat.open_pages`) or the turn it
told of is over (they acted, or anyone moved the fight on)."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime

from combat import open_pages
from combat.game_system import system_for
from combat.models import Encounter
from combat.waiting import waiting_on
from epic20site.clock import now

from .models import Outbox


def turn_of(encounter: Encounter) -> str:
    """The turn the fight is at, as a short stable id: the system's clock, hashed (who has
    declared so far is left out, so a round's declarations are one turn)."""
    clock = system_for(encounter).combat.clock(encounter.state or {})
    return hashlib.sha256(json.dumps(clock, sort_keys=True, default=str).encode()).hexdigest()[:16]


def turn_mark(combatant_id: int, turn: str) -> str:
    """What a turn's outbox row keeps in `Outbox.turn`: the combatant, the turn, and when the
    notice was written (the site's clock: `created_at` is the database's)."""
    return f"{combatant_id}:{turn}:{int(now().timestamp())}"


def still_wanted(row: Outbox) -> bool:
    """Whether a turn's notice that waited its grace period should still go."""
    if not row.turn or row.encounter_id is None:
        return True
    combatant, turn, written = row.turn.split(":")
    since = datetime.fromtimestamp(int(written), tz=UTC)
    if open_pages.opened_since(row.user_id, row.encounter_id, since):
        return False
    encounter = Encounter.objects.select_related("campaign").filter(pk=row.encounter_id).first()
    if encounter is None:
        return False
    return turn_of(encounter) == turn and int(combatant) in waiting_on(encounter)

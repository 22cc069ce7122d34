"""A character's standing in its campaign, and the GM's rulings on it between fights (a
once-per-partida use, an item lost or recovered, an invention, a hero point for a complication),
each logged on the character with the partida in progress."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from epic20site.errors import DomainError
from rules import systems
from rules.core.errors import Refused

from .history import character_history
from .models import Standing
from .partidas import log_changes, open_partida_of


def standing_of(character) -> dict:
    row = Standing.objects.filter(character=character).first()
    return dict(row.data) if row else {}


@transaction.atomic
def gm_ruling(*, campaign, character, action) -> dict:
    system = systems.get(campaign.system)
    tracking = system.tracking if system is not None else None
    if tracking is None:
        raise DomainError("tracking.unsupported", _("Este sistema no lleva nada entre combates."))
    row, _created = Standing.objects.select_for_update().get_or_create(character=character)
    try:
        data, changes = tracking.gm_action(row.data, action)
    except Refused as exc:
        raise DomainError.from_refused(exc) from None
    row.data = data
    row.save(update_fields=["data"])
    log_changes(character, open_partida_of(campaign), changes)
    return {"standing": data, "changes": [c.as_dict() for c in changes]}


def standing_view(character, lang: str) -> dict:
    return {"standing": standing_of(character), "history": character_history(character, lang)}

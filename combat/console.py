"""What a system's controls and panel read of the fight page (`Presentation.console_context`):
one read-only value, built once per rendering, instead of the page's view object. While the
declarations are open a declarer's forms read it as that declarer's own turn, from its start
(`declarer_view`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .log import event_record

if TYPE_CHECKING:
    from rules.systems import GameSystem

    from .models import Combatant, Event


@dataclass(frozen=True, kw_only=True)
class ConsoleView:
    """The fight as one user's page shows it, for the system's controls."""

    system: GameSystem
    # Every read of the fight for this user (a `combat.selectors.Reader`, which reads through
    # the presentations: named here by its use only): events, odds, lines.
    reader: Any
    lang: str
    is_gm: bool
    # Whether this user acts now (their combatant's turn, or the GM's).
    my_turn: bool
    # True when `events` are the latest ones (a reroll of the last roll may be offered).
    latest: bool
    # The state as this user may see it (`Reader.state`) and the encounter's folded state.
    state: Mapping[str, Any]
    folded: Mapping[str, Any]
    # Every combatant's card by id (`Presentation.card`), and this user's combatants' ids.
    cards: Mapping[int, dict]
    mine: frozenset[int]
    events: Sequence[Event]
    combatant_rows: Sequence[Combatant]
    # The skill a sheet's link asked for (`?skill=<key>`), "" when none.
    skill: str = ""
    # While declaring: the declaration this declarer has made, which its forms start on; None
    # when it has made none (or outside the declarations).
    declared_action: Mapping[str, Any] | None = None

    @staticmethod
    def records(events) -> list[dict]:
        """The events as the turn log stores them (`combat.log.event_record`)."""
        return [event_record(e) for e in events]


def declarer_view(
    view: ConsoleView, *, cid: int, turn: dict | None, state: Mapping, declared: Mapping | None = None
) -> ConsoleView:
    """`view` as a declarer's forms see it: its own turn, from its start (`current` is the
    declarer, nothing of the turn spent yet, `turn` as its system says it will be), so the forms
    offer what it may declare. No reroll of the last roll while declaring."""
    folded = dict(view.folded)
    folded["current"] = cid
    if turn is not None:
        folded["turn"] = turn
    return replace(
        view, latest=False, my_turn=True, state=state, folded=folded, declared_action=declared or None
    )

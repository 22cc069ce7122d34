"""What a game system shows on the encounter pages, behind one typed interface, and the one
place a system's presentation is found.

A presentation lives in `combat/systems/<slug>.py` (with `templates/combat/<slug>/`) and the
system's registration names it (`rules.registration.SystemRegistration.presentation`). A system with no presentation of its own gets the generic one
(`combat.systems.generic`), which draws one form per action type from its schema. Optional
members are declared here with their defaults: a presentation overrides what it has, and no
reader probes it for a member.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.core.declarations import StandingOrders
from rules.core.section_names import rule_label as section_label
from rules.registration import registration

from .lines import EventView, LogLine, Names

if TYPE_CHECKING:
    from .console import ConsoleView
    from .system_schemas import SystemSchema


def turn_heading(round_number: int) -> str:
    """The heading of a system whose documents call a round "turno" (`Presentation.heading`)."""
    if not round_number:
        return _("Preparación")
    return _("Turno %(n)s") % {"n": round_number}


def turn_word() -> str:
    """The log's filter by time for such a system (an Anima weapon's "Turno", its initiative, is
    another word, translated apart)."""
    return pgettext("a stretch of a fight", "Turno")


@runtime_checkable
class Presentation(Protocol):
    """A system on the encounter pages. A presentation class names it as its base, so it gets
    the defaults of the optional members below."""

    slug: str
    # "controls" and "odds" (required), "panel" (a panel of the system's own above the
    # combatants), "gm_tools" (the GM drawer's extra tools) and the flag "own_order": true when
    # that panel already shows who acts when, so the page leaves out its "Orden de iniciativa".
    templates: Mapping[str, Any]

    def card(self, view: dict, lang: str) -> dict:
        """A combatant view (`Reader.combatant`) with the labels and numbers its card shows."""
        ...

    def console_context(self, page: ConsoleView) -> dict:
        """What the system's controls and panel show (`page`: the fight as this user sees it)."""
        ...

    def action_from_form(self, post, system=None) -> dict:
        """The action a page form describes, in the API's shape."""
        ...

    def odds_request(self, query, system=None) -> dict | None:
        """The would-be action the odds box describes, or None while it is incomplete."""
        ...

    def odds_request_from_api(self, query) -> dict:
        """`GET /encounters/{id}/odds/?…` as the action it asks about."""
        ...

    def log_line(self, view: EventView, names: Names, lang: str) -> LogLine:
        """Each event the system writes as one line of the log (`combat.lines`)."""
        ...

    # --- Optional members, with their defaults -------------------------------------------------

    # The query `GET /odds/` takes, name → (kind, many), when the system parses it itself
    # (`combat.systems.odds_query`); None: the fields of the action types in `odds_types`.
    odds_query: Mapping[str, tuple[str, bool]] | None = None
    odds_types: tuple[str, ...] = ("attack",)
    # The actions by the names the system's panel gives them, for a declaration in words.
    action_labels: Mapping[str, Any] = {}
    # What an NPC sheet of this system looks like, for the GM's "add an NPC" box.
    npc_example: str | None = None
    # When a turn's deadline passes (`combat.deadline_tasks`), the GM's defaults this system can
    # apply, each as one of its own action types; any other default tells the GM instead.
    deadline_defaults: Mapping[str, str] = {}
    # What the system tells the standing orders taken when a deadline runs out
    # (`rules.core.declarations.StandingOrders`): what others see of a hidden combatant's order.
    standing_orders: StandingOrders = StandingOrders()
    # How its encounters look in the OpenAPI schema (`combat/systems/<slug>_schema.py`); None:
    # described as open objects.
    schema: SystemSchema | None = None

    def declared_details(self, action: dict, lang: str) -> list[str]:
        """What a declared action uses, in words (the weapon, the maneuver…)."""
        return []

    def order_line(self, view: EventView, names: Names, lang: str) -> LogLine:
        """The log's "por orden permanente" line (`rules.core.declarations.ORDER_EVENT`): the
        system's own line of the event, with what the ordered action uses (`declared_details`;
        nothing where the viewer may not see the order)."""
        line = self.log_line(view, names, lang)
        action = view.get("action")
        details = self.declared_details(dict(action), lang) if isinstance(action, Mapping) else []
        return dataclasses.replace(line, what=" · ".join(str(d) for d in details if d))

    def superseded_label(self, seq: int) -> str:
        """What a line says of the later action that replaced it (a reroll), in the reader's
        language."""
        return _("repetida: ver #%(seq)s") % {"seq": seq}

    def choice_label(self, field: str, value: str, lang: str) -> str:
        """One choice of an action's field in words, for forms drawn from its schema (a
        standing order's): the value itself unless the system names it."""
        return value

    def declarer_turn(self, combatant: dict) -> dict | None:
        """The turn of a combatant declaring ahead, as it will be when its turn comes (None: the
        page's turn as it is)."""
        return None

    def rule_label(self, rule: str, lang: str) -> str:
        """A rule tag in the reader's language (the system's table of section names)."""
        return section_label(rule, lang, self.slug)

    def heading(self, round_number: int, lang: str) -> str:
        """The stretch of time the log and the export group events under."""
        if not round_number:
            return _("Preparación")
        return _("Asalto %(n)s") % {"n": round_number}

    def time_word(self) -> str:
        """What the system calls the log's filter by time ("Asalto", "Turno")."""
        return _("Asalto")

    def clock_label(self, clock: Mapping[str, Any], lang: str) -> str:
        """The fight's place in time for the page's header ("" before it starts)."""
        round_number = clock.get("round") or 0
        return self.heading(round_number, lang) if round_number else ""


# What a system with no presentation of its own gets: `combat/systems/generic.py` sets it when
# start-up imports it (`register_fallback`), so this module imports no presentation.
_fallback: list[Callable[[str], Presentation]] = []


def register_fallback(make: Callable[[str], Presentation]) -> None:
    _fallback[:] = [make]


@cache
def _generic(slug: str) -> Presentation:
    return _fallback[0](slug)


def presentation_for(slug: str) -> Presentation:
    """The presentation of system `slug` (its registration's): its own, else the generic one."""
    found = registration(slug)
    own = found.presentation if found is not None else None
    return own if own is not None else _generic(slug)

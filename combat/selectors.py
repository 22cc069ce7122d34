"""Reads for encounters: what a given user may see of the state, the turn log and the odds.

Every read path (pages, htmx fragments, the API's state and events, live updates, exports, odds)
goes through these selectors, and each of them asks the campaign's system what the viewer may
see (`view_combatant`, `view_event`, `odds`): the one privacy policy per system. The state comes
from the fold cached on the encounter row, so a read costs a constant number of queries however
long the fight.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from django.db.models import Q, QuerySet
from django.utils import translation

from campaigns.models import Campaign
from epic20site.errors import DomainError, request_lang
from epic20site.etags import etag
from epic20site.versioned_cache import remembered_batch
from rules.core.ahead import DeclaringCombat
from rules.core.declarations import ORDER_EVENT
from rules.core.encounter import CombatantFacts, Viewer
from rules.core.errors import Refused

from . import waiting
from .access import is_encounter_gm
from .dice import public_dice
from .game_system import system_for
from .lines import LogLine
from .models import Combatant, Encounter, Event
from .presentation import Presentation, presentation_for


def encounter_list_for_campaign(campaign: Campaign) -> QuerySet[Encounter]:
    return campaign.encounters.order_by("-created_at", "-id")


# What a view reads of a combatant row.
STATE_ROW_FIELDS = ("id", "encounter", "name", "side", "minion", "owner", "character", "npc_sheet")


def state_combatants(encounter: Encounter) -> list[Combatant]:
    """The combatant rows a view needs, and only the fields it reads."""
    return list(encounter.combatants.only(*STATE_ROW_FIELDS).order_by("id"))


def encounter_combatants(encounter: Encounter) -> list[Combatant]:
    return list(encounter.combatants.select_related("owner").order_by("id"))


def events_for(
    encounter: Encounter, *, after: int | None = None, round: int | None = None, combatant: int | None = None
) -> QuerySet[Event]:
    """The turn log, oldest first; undone events stay in it, marked."""
    events = encounter.events.order_by("seq")
    if after is not None:
        events = events.filter(seq__gt=after)
    if round is not None:
        events = events.filter(round=round)
    if combatant is not None:
        events = events.filter(Q(actor_id=combatant) | Q(target_id=combatant))
    return events


def event_versions(events: QuerySet[Event]) -> QuerySet:
    """`events_for(...)` as `(pk, undone)` rows, for `Reader.remembered_events`."""
    return events.values_list("pk", "undone")


def facts(row: Combatant) -> CombatantFacts:
    return CombatantFacts(
        id=row.pk,
        name=row.name,
        side=row.side,
        npc=row.is_npc,
        minion=row.minion,
        owner=row.owner_id,
        character=row.character_id,
    )


class Reader:
    """One user's view of one encounter: who they are to it and which combatants' numbers they
    may not see. Built once per request; every selector below reads through it."""

    def __init__(self, user, encounter: Encounter, combatants: list[Combatant] | None = None):
        self.encounter = encounter
        self.system = system_for(encounter)
        self.presentation: Presentation = presentation_for(self.system.slug)
        self.rows = {c.pk: c for c in (state_combatants(encounter) if combatants is None else combatants)}
        # Every combatant by id, removed ones too: the log still names them.
        self.names = {cid: row.name for cid, row in self.rows.items()}
        gm = is_encounter_gm(user, encounter)
        mine = frozenset(c.pk for c in self.rows.values() if user.is_authenticated and c.owner_id == user.pk)
        self.viewer = Viewer(
            gm=gm,
            controls=mine,
            exact_odds=encounter.exact_odds_for_players,
            dice_public=encounter.status == "ended",
        )
        self.hidden = frozenset() if gm else frozenset(c.pk for c in self.rows.values() if c.is_npc)

    def combatant(self, cid: int, cstate: dict) -> dict:
        row = self.rows.get(cid)
        row_facts = (
            facts(row) if row else CombatantFacts(cid, cstate.get("name", ""), cstate.get("side", ""), True)
        )
        view = self.system.combat.view_combatant(cstate, row_facts, viewer=self.viewer)
        return {
            "id": cid,
            "system": self.system.slug,
            "name": row_facts.name,
            "side": row_facts.side,
            "npc": row_facts.npc,
            "minion": row_facts.minion if row else bool(cstate.get("minion")),
            "owner": row_facts.owner,
            "character": row_facts.character,
            **view,
            "removed": bool(cstate.get("removed")),
        }

    def _view(self, event: Event, lang: str) -> dict:
        record = {
            "type": event.type,
            "actor": event.actor_id,
            "target": event.target_id,
            "actor_name": self._name(event.actor_id),
            "payload": event.payload or {},
        }
        view = self.system.combat.view_event(record, hidden=self.hidden, viewer=self.viewer)
        return {
            **view,
            "system": self.system.slug,
            "seq": event.seq,
            "type": event.type,
            "round": event.round,
            "actor": event.actor_id,
            "target": event.target_id,
            "undone": event.undone,
            "text": view.get(f"text_{lang}") or view.get("text_es", ""),
            "rule": view.get("rule", ""),
            "created_at": event.created_at.isoformat() if event.created_at else None,
        }

    def _line(self, view: dict, lang: str) -> LogLine:
        with translation.override(lang):
            if view.get("type") == ORDER_EVENT:  # a standing order taken (`combat.standing_orders`)
                line = self.presentation.order_line(view, self.names, lang)
            else:
                line = self.presentation.log_line(view, self.names, lang)
            if not line.superseded_by:
                return line
            return dataclasses.replace(
                line, superseded_label=self.presentation.superseded_label(line.superseded_by)
            )

    def event(self, event: Event, lang: str | None = None) -> dict:
        """The event as this reader may see it, with its line of the log (`line`)."""
        lang = lang or request_lang()
        view = self._view(event, lang)
        return {**view, "line": self._line(view, lang).as_json()}

    def line(self, event: Event, lang: str | None = None) -> LogLine:
        """The event's line of the log, as this reader may see it (pages and exports)."""
        lang = lang or request_lang()
        return self._line(self._view(event, lang), lang)

    def lines(self, events: Iterable[Event], lang: str | None = None) -> list[LogLine]:
        lang = lang or request_lang()
        return [self.line(e, lang) for e in events]

    def _name(self, cid: int | None) -> str:
        row = self.rows.get(cid) if cid is not None else None
        return row.name if row else ""

    def events(self, events: Iterable[Event], lang: str | None = None) -> list[dict]:
        return [self.event(e, lang) for e in events]

    def remembered_events(self, rows: list[tuple[int, bool]], lang: str | None = None) -> list[dict]:
        """`events` of the `(pk, undone)` rows (`event_versions`), each remembered under what its
        view is made of: the event (which changes only by being undone, superseded or brought back,
        and each of those moves `undone` or the encounter's `undo_version`), who reads it and the
        language. Only the events not seen that way before are read in full."""
        lang = lang or request_lang()
        viewer = (
            self.viewer.gm,
            sorted(self.viewer.controls),
            self.viewer.exact_odds,
            self.viewer.dice_public,  # once the fight ends every die shows: a new view
            sorted(self.hidden),
        )
        undo_version = self.encounter.undo_version

        def read(missing: list[tuple[int, bool]]) -> list[dict]:
            found = {
                e.pk: e for e in Event.objects.filter(pk__in=[pk for pk, _undone in missing]).defer("patch")
            }
            return [self.event(found[pk], lang) for pk, _undone in missing]

        return remembered_batch(
            f"event-view-{self.system.slug}-{lang}",
            rows,
            lambda row: (self.encounter.pk, *row, undo_version, viewer),
            read,
        )

    def state(self) -> dict:
        """The encounter's state as this reader may see it (`GET /encounters/{id}/`)."""
        encounter, state = self.encounter, self.encounter.state or {}
        views = [self.combatant(int(key), cstate) for key, cstate in (state.get("combatants") or {}).items()]
        views.sort(key=lambda v: v["id"])
        return {
            "id": encounter.pk,
            "campaign": encounter.campaign_id,
            "system": self.system.slug,
            "name": encounter.name,
            "status": encounter.status,
            "round": encounter.round,
            "clock": self.system.combat.clock(state),
            "turn_order": list(state.get("turn_order") or []),
            "current": state.get("current"),
            # What the acting combatant has left this turn, by kind of action.
            "turn": {"left": dict((state.get("turn") or {}).get("left") or {})},
            "exact_odds_for_players": encounter.exact_odds_for_players,
            "version": encounter.version,
            "last_seq": encounter.last_seq,
            "dice": public_dice(encounter),
            "combatants": views,
            # Who the fight waits for and until when (turn deadlines, `combat.deadlines`).
            "waiting_for": waiting.waiting_for(encounter),
            # Declaring ahead (`rules.core.ahead`): on or off (null in a system that declares in
            # its own way), and who has declared what.
            "declare_ahead": bool(state.get("declare_ahead")) if self.declares_ahead else None,
            "declarations": self.declarations(),
        }

    def declarations(self) -> dict | None:
        """The round's declarations made ahead, as this reader may see them (None when off)."""
        state = self.encounter.state or {}
        if not (self.declares_ahead and state.get("declare_ahead")):
            return None
        row_facts = {cid: facts(row) for cid, row in self.rows.items()}
        return self.system.combat.view_declarations(state, viewer=self.viewer, facts=row_facts)

    @property
    def declares_ahead(self) -> bool:
        """Whether the system may declare ahead (not one that declares in its own way)."""
        return isinstance(self.system.combat, DeclaringCombat)

    def odds(self, request: dict) -> dict:
        """The odds of an action before it is taken, as this reader may know them."""
        # A system whose odds read the campaign's rules options says so (`odds_reads_options`).
        combat = self.system.combat
        extra = {"options": self.encounter.campaign.rules_options or {}} if combat.odds_reads_options else {}
        try:
            return self.system.combat.odds(
                self.encounter.state or {}, request, viewer=self.viewer, hidden=self.hidden, **extra
            )
        except Refused as exc:
            view = combat.view_refusal
            if view is not None:
                exc = view(exc, hidden_target=request.get("target") in self.hidden)
            raise DomainError.from_refused(exc) from None


def reader_for(user, encounter: Encounter, combatants: list[Combatant] | None = None) -> Reader:
    return Reader(user, encounter, combatants)


def state_for(user, encounter: Encounter, combatants: list[Combatant] | None = None) -> dict:
    return Reader(user, encounter, combatants).state()


def state_etag(user, encounter: Encounter) -> str:
    """The entity tag of the state `user` reads (`epic20site.etags`): every event, undo and
    revealed seed moves `version` (`combat.log.save`); settings and deadlines are row fields,
    which move `updated_at`. What a viewer may see of the NPCs depends on who they are."""
    return etag(
        "encounter",
        encounter.pk,
        encounter.version,
        encounter.updated_at,
        encounter.exact_odds_for_players,
        encounter.turn_deadline,
        user.pk,
    )


def hidden_combatant_ids(user, encounter: Encounter, combatants: list[Combatant] | None = None) -> set[int]:
    """The combatants whose internals `user` may not see: the NPCs, unless they are the GM."""
    if is_encounter_gm(user, encounter):
        return set()
    if combatants is not None:
        return {c.pk for c in combatants if c.is_npc}
    return set(encounter.combatants.filter(npc_sheet__isnull=False).values_list("pk", flat=True))


def players_reader(encounter: Encounter) -> Reader:
    """What any player sees (the GM's forum export "for players")."""
    from django.contrib.auth.models import AnonymousUser

    return Reader(AnonymousUser(), encounter)


def npc_sheets_for(user, encounter: Encounter) -> list:
    """`user`'s own saved sheets of the campaign's system, by name (one query): what the GM may
    bring into a fight as NPC copies (`services.combatant_add(npc_from=)`); none once it ended."""
    from characters.models import Character

    if encounter.status == Encounter.Status.ENDED:
        return []
    sheets = Character.objects.filter(owner=user, system=encounter.campaign.system).order_by("name", "id")
    return list(sheets.only("id", "name"))

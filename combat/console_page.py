"""What the encounter page shows one user (`ConsolePage`): the cards, the turn, the declarers,
the log's latest lines and the system's controls, read in a constant number of queries. The page,
its live updates and the log page all draw from it (`combat.views`, `combat.log_views`)."""

from __future__ import annotations

import hashlib
import json
import secrets
from urllib.parse import urlencode

from django.urls import reverse

from combat.models import Encounter
from epic20site.errors import request_lang

from . import live, selectors
from .console import ConsoleView, declarer_view
from .display import declared_words

# The console shows the latest events; the log page shows them all, a page at a time.
RECENT_EVENTS = 40
# The action forms' key against a repeated submit: the context variable, and the form field.
ACTION_KEY = "action_key"
ACTION_KEY_FIELD = "idempotency_key"


class ConsolePage:
    """Everything the encounter page and its partials show to one user, in a constant number of
    queries. `events`: the Event rows to show (by default the latest ones)."""

    def __init__(self, request, encounter: Encounter, *, events=None):
        user = request.user
        self.encounter, self.lang = encounter, request_lang()
        self.combatant_rows = selectors.encounter_combatants(encounter)
        self.reader = selectors.reader_for(user, encounter, self.combatant_rows)
        self.system, self.show = self.reader.system, self.reader.presentation
        self.is_gm = self.reader.viewer.gm
        self.state = self.reader.state()
        self.latest = events is None
        self.events = list(encounter.events.order_by("-seq")[:RECENT_EVENTS])[::-1] if self.latest else events
        self.mine = {c.pk for c in self.combatant_rows if c.owner_id == user.pk}
        self.cards = {c["id"]: self.show.card(c, self.lang) for c in self.state["combatants"]}
        current = self.cards.get(self.state["current"])
        self.my_turn = bool(current) and (self.is_gm or current["id"] in self.mine)
        self.user = user
        # A sheet's skill link opens the page on that skill's check (`?skill=<key>`).
        self.skill = (request.GET.get("skill") or "")[:80]
        self.declaring = self._declaring(request.GET.get("declarer"))

    def _declarers(self) -> list[dict]:
        """Who this user declares for while the declarations are open: a player their own
        characters, the GM the NPCs (combatants no player owns), each one that may declare."""
        owned_by_players = {c.pk for c in self.combatant_rows if c.owner_id and c.owner_id != self.user.pk}
        may = self.system.combat.may_declare
        raw = self.encounter.state or {}
        out = []
        for cid, card in self.cards.items():
            if card["removed"] or may is None or not may(raw, cid):
                continue
            if cid in self.mine or (self.is_gm and cid not in owned_by_players):
                out.append(card)
        return out

    def declared_views(self) -> list[dict]:
        """Who has declared ahead this round and, where this viewer may see it, what, in words
        (a hidden NPC's declaration reaches a player as `action: null`: only that it declared)."""
        block = self.state.get("declarations") or {}
        return [
            {
                "id": d["combatant"],
                "name": (self.cards.get(d["combatant"]) or {}).get("name", ""),
                "words": declared_words(d.get("action"), self.show, self.system, self.cards, self.lang),
            }
            for d in block.get("declared") or []
        ]

    def _declaring(self, asked) -> dict | None:
        """While declarations made ahead are open: whose forms the page draws (`?declarer=`, else
        the first of the user's combatants still to declare), and what each of them declared, in
        words."""
        block = self.state.get("declarations")
        if not (block and block.get("open") and self.state["status"] == "active"):
            return None
        done = block.get("declared") or []
        declared = {d["combatant"]: d.get("action") for d in done}
        declarers = [self._declarer(card, declared) for card in self._declarers()]
        chosen = _chosen_declarer(declarers, asked)
        names = {c["id"]: c["name"] for c in self.cards.values()}
        return {
            "declarers": declarers,
            "chosen": chosen,
            **_chosen_forms(chosen, declared, asked),
            "done": [names.get(d["combatant"], "") for d in done],
            "total": len(done) + len(block.get("waiting") or []),
            "state": {**self.state, "current": chosen["card"]["id"], "turn": {}} if chosen else self.state,
        }

    def _declarer(self, card: dict, declared: dict) -> dict:
        """One of the user's declarers: its card, whether it has declared, and what, in words."""
        return {
            "card": card,
            "declared": card["id"] in declared,
            "words": declared_words(declared.get(card["id"]), self.show, self.system, self.cards, self.lang),
        }

    def outside(self) -> bool:
        """A player (not the GM) with none of their characters in the fight: the page offers them
        the way in where they land (the join form, or where to get a character to join with)."""
        if self.is_gm or self.state["status"] == "ended":
            return False
        return not any(c.owner_id == self.user.pk and not c.removed for c in self.combatant_rows)

    def records(self, events) -> list[dict]:
        from .log import event_record

        return [event_record(e) for e in events]

    def event_views(self, events) -> list:
        """The events' lines of the log, as this reader may read them (`combat.lines.LogLine`)."""
        return self.reader.lines(events, self.lang)

    def console_view(self, declaring: dict | None) -> ConsoleView:
        """What the system's controls read (`combat.console`); a declarer's own turn while the
        declarations are open."""
        view = ConsoleView(
            system=self.system, reader=self.reader, lang=self.lang, is_gm=self.is_gm, my_turn=self.my_turn,
            latest=self.latest, state=self.state, folded=self.encounter.state or {}, cards=self.cards,
            mine=frozenset(self.mine), events=tuple(self.events), combatant_rows=tuple(self.combatant_rows),
            skill=self.skill,
        )  # fmt: skip
        if not (declaring and declaring["actor"]):
            return view
        cid = declaring["actor"]["id"]
        fresh = self.show.declarer_turn(((view.folded.get("combatants") or {}).get(str(cid))) or {})
        declaring["state"] = {**declaring["state"], "turn": fresh or {}}
        return declarer_view(
            view, cid=cid, turn=fresh, state=declaring["state"], declared=declaring.get("action")
        )

    def context(self) -> dict:
        state, cards = self.state, self.cards
        by_id = {c["id"]: c for c in state["combatants"]}
        declaring = self.declaring
        addable = _addable_characters(self.user, self.encounter, self.combatant_rows, self.is_gm)
        outside = self.outside()
        extra = self.show.console_context(self.console_view(declaring))
        return {
            "encounter": self.encounter,
            "campaign": self.encounter.campaign,
            "is_gm": self.is_gm,
            "state": state,
            "combatants": [cards[c["id"]] for c in state["combatants"] if not c["removed"]],
            "by_id": cards,
            "order": [cards[cid] for cid in state["turn_order"] if cid in by_id],
            "current": cards.get(state["current"]),
            "mine": self.mine,
            "my_turn": self.my_turn,
            "addable": addable,
            # A player with no one in the fight yet: the way in comes first in the action area.
            "joining": bool(addable) and outside,
            "bring_first": not addable and outside,
            "events": self.event_views(self.events),
            "system_templates": self.show.templates,
            # What an NPC sheet of this system looks like, for the GM's "add an NPC" box.
            "npc_example": self.show.npc_example,
            # The GM's own saved sheets of the campaign's system, each addable as an NPC copy.
            "npc_sheets": selectors.npc_sheets_for(self.user, self.encounter) if self.is_gm else [],
            "npc_builder_url": _npc_builder_url(self.encounter) if self.is_gm else "",
            # The fight's place in time, as the system counts it.
            "clock_label": self.show.clock_label(state.get("clock") or {}, self.lang),
            **extra,
            "declaring": declaring,
            "declared_views": self.declared_views(),
            "turn_key": turn_key(state)
            + (f"-{extra['controls_key']}" if extra.get("controls_key") else "")
            + (f"-as{declaring['actor']['id']}" if declaring and declaring["actor"] else ""),
            "live_key": live.poll_key(self.encounter.pk, self.user.pk),
            ACTION_KEY: new_action_key(),
            "lang": self.lang,
        }


def new_action_key() -> str:
    """A key for the action forms of one rendering of the page."""
    return secrets.token_urlsafe(16)


def _chosen_declarer(declarers: list[dict], asked) -> dict | None:
    """Whose forms the page draws: the declarer `?declarer=` asks for, else the first still to
    declare, else the first of them (None when the user declares for no one)."""
    chosen = next((d for d in declarers if str(d["card"]["id"]) == (asked or "")), None)
    chosen = chosen or next((d for d in declarers if not d["declared"]), None)
    return chosen or (declarers[0] if declarers else None)


def _chosen_forms(chosen: dict | None, declared: dict, asked) -> dict:
    """The declarer the forms act for, what it declared already (its forms start on it, not on
    their defaults), and its id when `?declarer=` asked for one."""
    if not chosen:
        return {"actor": None, "action": None, "asked": ""}
    cid = chosen["card"]["id"]
    return {"actor": chosen["card"], "action": declared.get(cid), "asked": cid if asked else ""}


def page_context(request, encounter: Encounter, *, events=None) -> dict:
    return ConsolePage(request, encounter, events=events).context()


def _addable_characters(user, encounter, combatants, is_gm: bool) -> list:
    """Characters of the campaign the user may bring into the fight (one query)."""
    from characters.models import Character

    if encounter.status == Encounter.Status.ENDED:
        return []
    present = {c.character_id for c in combatants if c.character_id and not c.removed}
    characters = Character.objects.filter(campaign_id=encounter.campaign_id).order_by("name", "id")
    if not is_gm:
        characters = characters.filter(owner=user)
    return [c for c in characters.only("id", "name", "owner_id") if c.pk not in present]


def _npc_builder_url(encounter) -> str:
    """The system's builder for a new NPC sheet, coming back to this fight once it is saved."""
    query = urlencode(
        {"system": encounter.campaign.system, "next": reverse("encounters:detail", args=[encounter.pk])}
    )
    return f"{reverse('characters:new')}?{query}"


def turn_key(state: dict) -> str:
    """Changes when the controls of the page must be redrawn: another turn, round or phase, the
    acting combatant spent actions, or someone joined or left."""
    left = "".join(str(n) for n in (state.get("turn") or {}).get("left", {}).values())
    present = sum(1 for c in state["combatants"] if not c["removed"])
    key = f"{state['status']}-{state['round']}-{state['current'] or 0}-{left}-{present}"
    # Declaring ahead: switched on or off, a declaration made or changed, a round resolved.
    if state.get("declare_ahead") is not None:
        block = json.dumps(
            [state.get("declare_ahead"), state.get("declarations")], sort_keys=True, default=str
        )
        key += "-d" + hashlib.sha1(block.encode()).hexdigest()[:10]
    return key

"""Encounter pages: the campaign's encounters, the GM console and player view (one page, with
controls for what the user may do), the turn log, a page per event, export and dice checking.

Each page is one template; an htmx request gets the named partial it needs, a plain request the
whole page or a redirect, so every form also works without JavaScript. Open pages learn about
changes by polling `log_after` (see `live`). Who may do what is asked of `combat.access`; what
a viewer may see of the fight, of the selectors' `Reader` (the system's privacy policy); writes
are the services the API uses too; what belongs to one system comes from its presentation
module (`combat.systems`). A refused write is shown by one helper (`epic20site.pages`).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from urllib.parse import urlencode

from csp.decorators import csp_exempt
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from campaigns import access as campaign_access
from combat import access
from combat.models import Encounter
from epic20site.errors import request_lang
from epic20site.pages import answers_refusals
from epic20site.remembered_pages import remembered_partial
from epic20site.validation import read_json_or_refuse

from . import dice, export, idempotency, live, selectors, services, stream, verify
from .console import ConsoleView, declarer_view
from .display import declared_words
from .forms import EncounterForm
from .page_versions import FIGHT_PAGE_FIELDS, fight_page_version
from .presentation import presentation_for

LIST_TEMPLATE = "combat/list.html"
DETAIL_TEMPLATE = "combat/detail.html"
LOG_TEMPLATE = "combat/log.html"
EVENT_TEMPLATE = "combat/event.html"
VERIFY_TEMPLATE = "combat/verify.html"
EXPORT_TEMPLATE = "combat/export.html"
UPDATES_TEMPLATE = "combat/_updates.html"
# The console shows the latest events; the log page shows them all, a page at a time.
RECENT_EVENTS = 40
# The action forms' key against a repeated submit: the context variable, and the form field.
ACTION_KEY = "action_key"
ACTION_KEY_FIELD = "idempotency_key"
LOG_PAGE_SIZE = 200


def _detail_url(encounter) -> str:
    return reverse("encounters:detail", args=[encounter.pk])


def _back_to_encounter(request, pk, *args, **kwargs) -> str:
    return reverse("encounters:detail", args=[pk])


# --- The campaign's encounters ----------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def encounter_list(request, campaign_id):
    campaign = campaign_access.access_campaign_by_id(request.user, campaign_id)
    is_gm = campaign_access.is_campaign_gm(request.user, campaign)
    form = EncounterForm()
    if request.method == "POST":
        if not is_gm:
            raise access.PermissionDenied
        form = EncounterForm(request.POST)
        if form.is_valid():
            encounter = services.encounter_create(
                campaign=campaign,
                user=request.user,
                name=form.cleaned_data["name"],
                client_seed=form.cleaned_data.get("client_seed") or None,
            )
            return redirect(_detail_url(encounter))
    context = {
        "campaign": campaign,
        "is_gm": is_gm,
        "encounters": selectors.encounter_list_for_campaign(campaign),
        "form": form,
    }
    return render(request, LIST_TEMPLATE, context, status=400 if form.errors else 200)


# --- The encounter page ------------------------------------------------------------------------


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
        declared = {d["combatant"]: d.get("action") for d in block.get("declared") or []}
        declarers = [
            {
                "card": card,
                "declared": card["id"] in declared,
                "words": declared_words(
                    declared.get(card["id"]), self.show, self.system, self.cards, self.lang
                ),
            }
            for card in self._declarers()
        ]
        chosen = next((d for d in declarers if str(d["card"]["id"]) == (asked or "")), None)
        chosen = chosen or next((d for d in declarers if not d["declared"]), None)
        chosen = chosen or (declarers[0] if declarers else None)
        names = {c["id"]: c["name"] for c in self.cards.values()}
        return {
            "declarers": declarers,
            "chosen": chosen,
            "actor": chosen["card"] if chosen else None,
            # What the chosen one declared already: its forms start on it, not on their defaults.
            "action": declared.get(chosen["card"]["id"]) if chosen else None,
            "asked": chosen["card"]["id"] if chosen and asked else "",
            "done": [names.get(d["combatant"], "") for d in block.get("declared") or []],
            "total": len(block.get("declared") or []) + len(block.get("waiting") or []),
            "state": {**self.state, "current": chosen["card"]["id"], "turn": {}} if chosen else self.state,
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
    query = urlencode({"system": encounter.campaign.system, "next": _detail_url(encounter)})
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


@login_required
@require_GET
@vary_on_headers("HX-Request")
def encounter_detail(request, pk):
    encounter = access.access_encounter_by_id(request.user, pk, fields=FIGHT_PAGE_FIELDS)
    live.remember_watcher(encounter.pk, request.user.pk)
    page = remembered_partial(
        request,
        "fight-page",
        fight_page_version(request, encounter),
        f"{DETAIL_TEMPLATE}#page",
        # Drawn anew, the page reads the whole encounter, its state included.
        lambda: page_context(request, access.access_encounter_by_id(request.user, pk)),
        fresh={"live_key": lambda: live.poll_key(encounter.pk, request.user.pk), ACTION_KEY: new_action_key},
    )
    if request.htmx:
        return HttpResponse(page)
    return render(
        request,
        DETAIL_TEMPLATE,
        {
            "encounter": encounter,
            "campaign": encounter.campaign,
            "page": page,
            "stream_url": stream.page_stream_url(request, encounter.pk),
        },
    )


@require_GET
@never_cache
@csp_exempt()  # answers fetched into the page, which carries the policy; never a document
def log_after(request, pk, seq):
    """The live poll: 204 while nothing changed since the page's `seq` and version `v`;
    otherwise the new events and the state, as out-of-band swaps. With the page's poll key
    (`k`) an idle poll answers without loading the session (`live.idle_for_key`)."""
    try:
        version = int(request.GET.get("v", "-1"))
    except ValueError:
        version = -1
    if live.idle_for_key(pk, request.GET.get("k", ""), seq=seq, version=version):
        return HttpResponse(status=204)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    return _log_after_for_user(request, pk, seq, version)


def _log_after_for_user(request, pk, seq: int, version: int):
    if live.is_known_watcher(pk, request.user.pk):
        marker = live.marker(pk)
        if marker is None:
            raise Http404
        if not live.has_changed(marker, seq=seq, version=version):
            return HttpResponse(status=204)
    encounter = access.access_encounter_by_id(request.user, pk)
    live.remember_watcher(encounter.pk, request.user.pk)
    if encounter.version == version and encounter.last_seq == seq:
        return HttpResponse(status=204)
    view = request.GET.get("page", "detail")
    redraw = (
        live.needs_full_redraw(
            live.Marker(encounter.last_seq, encounter.version, encounter.undo_version), version=version
        )
        or seq > encounter.last_seq
    )
    limit = LOG_PAGE_SIZE if view == "log" else RECENT_EVENTS
    new_events = None
    if not redraw:
        filters = {}
        if view == "log":
            filters = {"round": _filter_int(request, "round"), "combatant": _filter_int(request, "combatant")}
        new_events = list(selectors.events_for(encounter, after=seq, **filters)[: limit + 1])
        # Too far behind to append: draw the latest events afresh.
        redraw = len(new_events) > limit
    if view == "log":
        context = log_context(request, encounter, last_page=True)
    else:
        context = page_context(request, encounter)
    if not redraw:
        page = ConsolePage(request, encounter, events=new_events)
        context["events"] = page.event_views(new_events)
    context.update(
        {
            "redraw": redraw,
            "page_kind": view,
            "controls_changed": request.GET.get("t") != context.get("turn_key"),
        }
    )
    return render(request, UPDATES_TEMPLATE, context)


# --- The turn log ----------------------------------------------------------------------------


def _rounds(reader, encounter: Encounter) -> list[dict]:
    """Each stretch of the fight the log and the export may be filtered by, named the system's
    way ("Preparación", "Asalto 1", "Turno 1")."""
    lang = request_lang()
    return [
        {"number": n, "label": reader.presentation.heading(n, lang)}
        for n in range((encounter.round or 0) + 1)
    ]


def _filter_int(request, name: str) -> int | None:
    raw = request.GET.get(name)
    if raw in (None, ""):
        return None
    try:
        value = int(raw)
    except ValueError:
        return None
    return value if 0 <= value <= 2**31 - 1 else None


def log_context(request, encounter: Encounter, *, last_page: bool = False) -> dict:
    """The log page: the events matching the filters, oldest first, a page at a time (the last
    page by default, where new events arrive)."""
    round_filter = _filter_int(request, "round")
    combatant_filter = _filter_int(request, "combatant")
    # Pages count back from the newest events (page 1: the latest, where new ones arrive); each
    # page reads oldest first.
    events = selectors.events_for(encounter, round=round_filter, combatant=combatant_filter).order_by("-seq")
    paginator = Paginator(events, LOG_PAGE_SIZE)
    number = None if last_page else _filter_int(request, "page")
    page = paginator.get_page(number or 1)
    console = ConsolePage(request, encounter, events=list(page.object_list)[::-1])
    context = console.context()
    filters = {
        name: value
        for name, value in (("round", round_filter), ("combatant", combatant_filter))
        if value is not None
    }
    context.update(
        {
            "page_obj": page,
            "is_last_page": page.number == 1,
            "round_filter": round_filter,
            "combatant_filter": combatant_filter,
            "rounds": _rounds(console.reader, encounter),
            "time_word": console.show.time_word(),
            "filter_query": urlencode(filters),
        }
    )
    return context


@login_required
@require_GET
@vary_on_headers("HX-Request")
def encounter_log(request, pk):
    encounter = access.access_encounter_by_id(request.user, pk)
    live.remember_watcher(encounter.pk, request.user.pk)
    context = log_context(request, encounter)
    context["stream_url"] = stream.page_stream_url(request, encounter.pk)
    template = f"{LOG_TEMPLATE}#log" if request.htmx else LOG_TEMPLATE
    return render(request, template, context)


@login_required
@require_GET
def event_detail(request, pk, seq):
    encounter = access.access_encounter_by_id(request.user, pk)
    event = encounter.events.filter(seq=seq).first()
    if event is None:
        raise Http404
    lang = request_lang()
    reader = selectors.reader_for(request.user, encounter)
    context = {
        "encounter": encounter,
        "campaign": encounter.campaign,
        "event": reader.line(event, lang),
        "permalink": request.build_absolute_uri(reverse("encounters:event", args=[encounter.pk, seq])),
        # Seqs are consecutive, so the log page holding this event is known without a query.
        "log_page": (encounter.last_seq - seq) // LOG_PAGE_SIZE + 1,
    }
    return render(request, EVENT_TEMPLATE, context)


@login_required
@require_GET
def encounter_export(request, pk):
    """The fight (or one round) as BBCode or Markdown; `download=1` answers the bare text."""
    encounter = access.access_encounter_by_id(request.user, pk)
    fmt = request.GET.get("format", "bbcode")
    if fmt not in export.FORMATS:
        fmt = "bbcode"
    round_filter = _filter_int(request, "round")
    lang = request_lang()
    reader = selectors.reader_for(request.user, encounter)
    # The GM may also take the players' version, without the numbers behind the screen.
    for_players = reader.viewer.gm and request.GET.get("audience") == "players"
    if for_players:
        reader = selectors.players_reader(encounter)
    events = selectors.events_for(encounter, round=round_filter)
    text = export.encounter_text(reader, events, fmt=fmt, round_filter=round_filter, lang=lang)
    if request.GET.get("download"):
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        extension = "txt" if fmt == "bbcode" else "md"
        response["Content-Disposition"] = f'inline; filename="encuentro-{encounter.pk}.{extension}"'
        return response
    context = {
        "encounter": encounter,
        "campaign": encounter.campaign,
        "text": text,
        "format": fmt,
        "formats": export.FORMATS,
        "round_filter": round_filter,
        "rounds": _rounds(reader, encounter),
        "time_word": reader.presentation.time_word(),
        "is_gm": selectors.reader_for(request.user, encounter).viewer.gm,
        "for_players": for_players,
    }
    return render(request, EXPORT_TEMPLATE, context)


@login_required
@require_GET
def encounter_verify(request, pk):
    """Explain the dice scheme and let the browser re-check every revealed roll."""
    encounter = access.access_encounter_by_id(request.user, pk)
    # Every roll the reader sees, however deep in its event (`combat.verify`).
    rolls, hidden_rolls = verify.rolls_for(
        selectors.reader_for(request.user, encounter), selectors.events_for(encounter)
    )
    revealed = dice.public_dice(encounter)["revealed"]
    context = {
        "encounter": encounter,
        "campaign": encounter.campaign,
        "rolls": rolls,
        "hidden_rolls": hidden_rolls,
        "revealed": revealed,
        "dice": dice.public_dice(encounter),
        "verify_data": {"rolls": rolls, "revealed": revealed},
        "verify_texts": {
            "no_crypto": _(
                "Este navegador no permite calcular hashes aquí (hace falta HTTPS o localhost). "
                "Puedes comprobarlo con cualquier herramienta HMAC-SHA256."
            ),
            "commitment_ok": _("coincide"),
            "commitment_bad": _("NO coincide"),
            "roll_ok": _("correcta"),
            "roll_bad": _("INCORRECTA"),
            "not_revealed": _("semilla aún no revelada"),
            "summary": _(
                "Comprobadas: %(checked)s de %(total)s tiradas · incorrectas: %(failed)s · "
                "pendientes de revelar: %(pending)s."
            ),
        },
    }
    return render(request, VERIFY_TEMPLATE, context)


# --- GM tools that need no rules -------------------------------------------------------------


def _after_write(request, encounter, message: str | None = None):
    """A plain POST goes back to the page; an htmx one gets a small confirmation and the page's
    poller is nudged to fetch the change at once."""
    if request.htmx:
        response = render(request, f"{DETAIL_TEMPLATE}#feedback", {"feedback": message, "feedback_ok": True})
        response["HX-Trigger"] = "encounter-changed"
        return response
    if message:
        messages.success(request, message)
    return redirect(_detail_url(encounter))


@login_required
@require_POST
@answers_refusals(_back_to_encounter)
def encounter_undo(request, pk):
    encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
    undone = services.encounter_undo(encounter=encounter, user=request.user)
    count = len(undone)
    message = ngettext("Deshecho: %(n)s evento.", "Deshecho: %(n)s eventos.", count) % {"n": count}
    return _after_write(request, encounter, message)


@login_required
@require_POST
@answers_refusals(_back_to_encounter)
def encounter_reveal(request, pk):
    encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
    services.encounter_reveal(encounter=encounter, user=request.user)
    return _after_write(request, encounter, _("Semilla revelada. Las próximas tiradas usan una nueva."))


# --- Acting from the page ------------------------------------------------------------------------


@login_required
@require_POST
@answers_refusals(_back_to_encounter)
def encounter_settings(request, pk):
    """GM: whether players see exact odds against the GM's NPCs."""
    encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
    exact = request.POST.get("exact_odds_for_players") in ("on", "1", "true")
    services.encounter_settings_update(encounter=encounter, user=request.user, exact_odds_for_players=exact)
    if exact:
        return _after_write(request, encounter, _("Los jugadores ven ahora las probabilidades exactas."))
    return _after_write(request, encounter, _("Los jugadores ven ahora probabilidades aproximadas."))


@login_required
@require_POST
@answers_refusals(_back_to_encounter)
def encounter_act(request, pk):
    """One action from a page form. The form carries a key drawn anew for each rendering of the
    page (`action_key`): sent twice (a double click, a resent form), the same action with the same
    key acts once, through the API's `Idempotency-Key` service, and answers the first message."""
    encounter = access.access_encounter_by_id(request.user, pk)
    system = selectors.system_for(encounter)  # not a reader: its combatant rows are read after acting
    show = presentation_for(system.slug)
    fields = request.POST.copy()
    page_key = (fields.pop(ACTION_KEY_FIELD, None) or [""])[-1].strip()[:64]
    action = action_from_page(fields, show, system)

    def run() -> tuple[int, dict]:
        result = services.encounter_act(encounter=encounter, user=request.user, action=action)
        return 201, {"message": _acted_message(request, result, action, show)}

    fingerprint = idempotency.request_fingerprint("POST", request.path, action)
    key = f"form:{page_key}:{fingerprint[:32]}" if page_key else None
    _status, body = idempotency.run_idempotent(
        user=request.user, key=key, encounter=encounter, fingerprint=fingerprint, run=run
    )
    return _after_write(request, encounter, body["message"])


def _acted_message(request, result, action: dict, show) -> str:
    reader = selectors.reader_for(request.user, result.encounter)
    texts = [line.text for line in reader.lines(result.events) if line.type != "declare"]
    if action["type"] == "declare":  # said in the system's words, not the engine's action slug
        cards = {c["id"]: c for c in reader.state()["combatants"]}
        words = declared_words(action["action"], show, reader.system, cards, request_lang())
        name = (cards.get(action.get("actor")) or {}).get("name", "")
        texts.insert(0, _("%(name)s declara: %(words)s.") % {"name": name, "words": words})
    return " ".join(t for t in texts if t)[:500]


def action_from_page(post, show, system) -> dict:
    """The action a page form describes; with `declare=1` (the forms while declarations made
    ahead are open) the same action, declared: `{"type": "declare", "actor", "action": {...}}`."""
    if post.get("declare") not in ("1", "on", "true"):
        return show.action_from_form(post, system)
    fields = post.copy()
    fields.pop("declare", None)
    inner = show.action_from_form(fields, system)
    declared = {"type": "declare", "action": {k: v for k, v in inner.items() if k != "actor"}}
    if "actor" in inner:
        declared["actor"] = inner["actor"]
    return declared


def _optional_int(value, path: str) -> int | None:
    from epic20site.errors import DomainError

    if value in (None, ""):
        return None
    try:
        return int(value)
    except ValueError:
        raise DomainError("input.invalid", _("Debe ser un número entero."), path=path) from None


@login_required
@require_POST
@answers_refusals(_back_to_encounter)
def combatant_add(request, pk):
    """The same input as `POST /api/v1/encounters/{id}/combatants/`, checked the same way."""
    from epic20site.validation import validated

    from .serializers import CombatantCreateSerializer

    encounter = access.access_encounter_by_id(request.user, pk)
    body: dict = {"side": request.POST.get("side") or "heroes"}
    if request.POST.get("character"):
        body["character"] = _optional_int(request.POST.get("character"), "/character")
    else:
        if request.POST.get("npc_from"):  # one of the GM's saved sheets
            body["npc_from"] = _optional_int(request.POST.get("npc_from"), "/npc_from")
        else:
            body["npc"] = read_json_or_refuse(request.POST.get("npc") or "", path="/npc")
        body["minion"] = request.POST.get("minion") in ("on", "1", "true")
        if (hit_points := _optional_int(request.POST.get("hit_points"), "/hit_points")) is not None:
            body["hit_points"] = hit_points
    data = validated(CombatantCreateSerializer, body)
    services.combatant_add(
        encounter=encounter,
        user=request.user,
        side=data["side"],
        character_id=data.get("character"),
        npc_sheet=data.get("npc"),
        npc_from=data.get("npc_from"),
        minion=data.get("minion", False),
        hit_points=data.get("hit_points"),
    )
    return _after_write(request, encounter, _("Combatiente añadido."))


@login_required
@require_POST
@answers_refusals(_back_to_encounter)
def combatant_remove(request, pk, cid):
    encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
    combatant = access.access_combatant_by_id(request.user, encounter, cid)
    services.combatant_remove(encounter=encounter, combatant=combatant, user=request.user)
    return _after_write(request, encounter, _("Combatiente retirado del combate."))


@login_required
@require_GET
def encounter_odds(request, pk):
    """The odds box of the attack form, redrawn by htmx as the target, kind or weapon change."""
    from epic20site.errors import DomainError

    encounter = access.access_encounter_by_id(request.user, pk)
    reader = selectors.reader_for(request.user, encounter)
    show = reader.presentation
    context = {"odds": None, "odds_error": None, "lang": request_lang()}
    odds_request = show.odds_request(request.GET, reader.system)
    may_ask = odds_request is not None and (
        reader.viewer.gm or odds_request["actor"] in reader.viewer.controls
    )
    if may_ask:
        try:
            context["odds"] = reader.odds(odds_request)
        except DomainError as exc:
            context["odds_error"] = exc.message
    return render(request, show.templates["odds"], context)

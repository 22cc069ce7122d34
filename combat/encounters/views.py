"""Encounter pages: the campaign's encounters, the GM console and player view (one page, with
controls for what the user may do), the turn log, a page per event, export and dice checking.

Each page is one template; an htmx request gets the named partial it needs, a plain request the
whole page or a redirect, so every form also works without JavaScript. Open pages learn about
changes by polling `log_after` (see `live`). Who may do what is asked of `epic20site.access`;
writes are the services the API uses too.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from campaigns import access as campaign_access
from combat import access
from combat.models import Encounter

from . import display, export, live, rerolls, selectors, services
from .forms import EncounterForm
from .serializers import ActionSerializer

LIST_TEMPLATE = "combat/encounters/list.html"
DETAIL_TEMPLATE = "combat/encounters/detail.html"
LOG_TEMPLATE = "combat/encounters/log.html"
EVENT_TEMPLATE = "combat/encounters/event.html"
VERIFY_TEMPLATE = "combat/encounters/verify.html"
EXPORT_TEMPLATE = "combat/encounters/export.html"
UPDATES_TEMPLATE = "combat/encounters/_updates.html"
# The console shows the latest events; the log page shows them all, a page at a time.
RECENT_EVENTS = 40
LOG_PAGE_SIZE = 200


def _detail_url(encounter) -> str:
    return reverse("encounters:detail", args=[encounter.pk])


def _error_message(exc: services.EncounterError) -> str:
    return exc.message


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
            try:
                encounter = services.encounter_create(
                    campaign=campaign,
                    user=request.user,
                    name=form.cleaned_data["name"],
                    client_seed=form.cleaned_data.get("client_seed") or None,
                )
            except services.EncounterError as exc:
                form.add_error(None, exc.message)
            else:
                return redirect(_detail_url(encounter))
    context = {
        "campaign": campaign,
        "is_gm": is_gm,
        "encounters": selectors.encounter_list_for_campaign(campaign),
        "form": form,
    }
    return render(request, LIST_TEMPLATE, context, status=400 if form.errors else 200)


# --- The encounter page ------------------------------------------------------------------------


def page_context(request, encounter: Encounter, *, events=None) -> dict:
    """Everything the encounter page and its partials show, in a constant number of queries.
    `events`: the Event rows to show (by default the latest ones)."""
    user = request.user
    lang = selectors.request_lang()
    is_gm = access.is_encounter_gm(user, encounter)
    combatants = selectors.encounter_combatants(encounter)
    state = selectors.state_for(user, encounter, combatants)
    hidden = selectors.hidden_combatant_ids(user, encounter, combatants)
    latest = events is None
    if latest:
        events = list(encounter.events.order_by("-seq")[:RECENT_EVENTS])[::-1]
    event_views = [
        selectors.event_display(selectors.event_view(e, hidden=hidden, lang=lang), lang) for e in events
    ]
    by_id = {c["id"]: c for c in state["combatants"]}
    order = [by_id[cid] for cid in state["turn_order"] if cid in by_id]
    in_fight = [c for c in state["combatants"] if not c["removed"]]
    mine = {c.pk for c in combatants if c.owner_id == user.pk}
    cards = {c["id"]: display.card(c, lang) for c in state["combatants"]}
    current = cards.get(state["current"])
    my_turn = bool(current) and (is_gm or current["id"] in mine)
    folded = (encounter.state or {}).get("combatants") or {}
    options = display.attack_options(folded.get(str(current["id"])), lang) if my_turn else {}
    # Out of turn, a player may still spend hero points or declare reactions for their own.
    reactors = [cards[cid] for cid in sorted(mine) if cid in cards and not cards[cid]["removed"]]
    # A hero point reroll is offered right after a roll of one's own (`rerolls`), in turn or not.
    reroll = rerolls.offer(events, may_act_for=lambda cid: is_gm or cid in mine) if latest else None
    if reroll is not None:
        reroll["name"] = (cards.get(reroll["actor"]) or {}).get("name", "")
        for choice in reroll["choices"]:
            choice["name"] = (cards.get(choice["target"]) or {}).get("name", "")
    return {
        "encounter": encounter,
        "campaign": encounter.campaign,
        "is_gm": is_gm,
        "state": state,
        "combatants": [cards[c["id"]] for c in in_fight],
        "by_id": cards,
        "order": [cards[c["id"]] for c in order],
        "current": current,
        "mine": mine,
        "my_turn": my_turn,
        "options": options,
        "reactors": reactors,
        "kinds": [{"value": k, "label": str(v)} for k, v in display.KIND_LABELS.items()],
        "addable": _addable_characters(user, encounter, combatants, is_gm),
        # The GM may call for a check from anyone at any moment (a free skill check).
        "gm_skills": display.base_skill_options(lang) if is_gm else [],
        "difficulties": display.difficulty_options(lang) if is_gm else [],
        "events": event_views,
        "reroll": reroll,
        "turn_key": turn_key(state) + (f"-r{reroll['seq']}" if reroll else ""),
        "lang": lang,
    }


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


def turn_key(state: dict) -> str:
    """Changes when the controls of the page must be redrawn: another turn, round or phase, the
    acting combatant spent actions, or someone joined or left."""
    left = "".join(str(n) for n in (state.get("turn") or {}).get("left", {}).values())
    present = sum(1 for c in state["combatants"] if not c["removed"])
    return f"{state['status']}-{state['round']}-{state['current'] or 0}-{left}-{present}"


@login_required
@require_GET
@vary_on_headers("HX-Request")
def encounter_detail(request, pk):
    encounter = access.access_encounter_by_id(request.user, pk)
    live.remember_watcher(encounter.pk, request.user.pk)
    context = page_context(request, encounter)
    template = f"{DETAIL_TEMPLATE}#page" if request.htmx else DETAIL_TEMPLATE
    return render(request, template, context)


@login_required
@require_GET
@never_cache
def log_after(request, pk, seq):
    """The live poll: 204 while nothing changed since the page's `seq` and version `v`;
    otherwise the new events and the state, as out-of-band swaps."""
    try:
        version = int(request.GET.get("v", "-1"))
    except ValueError:
        version = -1
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
        lang = context["lang"]
        hidden = selectors.hidden_combatant_ids(request.user, encounter)
        context["events"] = [
            selectors.event_display(selectors.event_view(e, hidden=hidden, lang=lang), lang)
            for e in new_events
        ]
    context.update(
        {
            "redraw": redraw,
            "page_kind": view,
            "controls_changed": request.GET.get("t") != context.get("turn_key"),
        }
    )
    return render(request, UPDATES_TEMPLATE, context)


# --- The turn log ----------------------------------------------------------------------------


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
    context = page_context(request, encounter, events=list(page.object_list)[::-1])
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
            "rounds": list(range((encounter.round or 0) + 1)),
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
    template = f"{LOG_TEMPLATE}#log" if request.htmx else LOG_TEMPLATE
    return render(request, template, context)


@login_required
@require_GET
def event_detail(request, pk, seq):
    encounter = access.access_encounter_by_id(request.user, pk)
    event = encounter.events.filter(seq=seq).select_related("actor", "target").first()
    if event is None:
        raise Http404
    lang = selectors.request_lang()
    hidden = selectors.hidden_combatant_ids(request.user, encounter)
    view = selectors.event_display(selectors.event_view(event, hidden=hidden, lang=lang), lang)
    context = {
        "encounter": encounter,
        "campaign": encounter.campaign,
        "event": view,
        "actor": event.actor,
        "target": event.target,
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
    lang = selectors.request_lang()
    hidden = selectors.hidden_combatant_ids(request.user, encounter)
    events = selectors.events_for(encounter, round=round_filter)
    views = [selectors.event_view(e, hidden=hidden, lang=lang) for e in events]
    title = (
        encounter.name
        if round_filter is None
        else f"{encounter.name} · " + _("Asalto %(n)s") % {"n": round_filter}
    )
    text = export.render(views, fmt=fmt, title=title, lang=lang)
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
        "rounds": list(range((encounter.round or 0) + 1)),
    }
    return render(request, EXPORT_TEMPLATE, context)


@login_required
@require_GET
def encounter_verify(request, pk):
    """Explain the dice scheme and let the browser re-check every revealed roll."""
    encounter = access.access_encounter_by_id(request.user, pk)
    rolls = []
    for event in selectors.events_for(encounter).only("seq", "payload", "undone"):
        roll = (event.payload or {}).get("roll")
        index = 0
        while isinstance(roll, dict):
            rolls.append(
                {
                    "id": f"{event.seq}-{index}",
                    "seq": event.seq,
                    "undone": event.undone,
                    "sides": roll.get("sides", 20),
                    "faces": roll.get("faces") or [],
                    "nonces": roll.get("nonces") or [],
                    "commitment": roll.get("commitment", ""),
                }
            )
            roll = roll.get("rerolled_from")
            index += 1
    revealed = selectors.dice_for(encounter)["revealed"]
    context = {
        "encounter": encounter,
        "campaign": encounter.campaign,
        "rolls": rolls,
        "revealed": revealed,
        "dice": selectors.dice_for(encounter),
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
                "%(checked)s tiradas comprobadas, %(failed)s incorrectas, %(pending)s pendientes de revelar."
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


def _write_failed(request, encounter, exc: services.EncounterError):
    if request.htmx:
        # A 200: htmx swaps only successful answers, and this message is meant to be shown.
        response = render(
            request, f"{DETAIL_TEMPLATE}#feedback", {"feedback": exc.message, "feedback_ok": False}
        )
        response["HX-Retarget"] = "#action-feedback"
        response["HX-Reswap"] = "innerHTML"
        return response
    messages.error(request, exc.message)
    return redirect(_detail_url(encounter))


@login_required
@require_POST
def encounter_undo(request, pk):
    encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
    try:
        undone = services.encounter_undo(encounter=encounter, user=request.user)
    except services.EncounterError as exc:
        return _write_failed(request, encounter, exc)
    return _after_write(request, encounter, _("Deshecho: %(n)s evento(s).") % {"n": len(undone)})


@login_required
@require_POST
def encounter_reveal(request, pk):
    encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
    try:
        services.encounter_reveal(encounter=encounter, user=request.user)
    except services.EncounterError as exc:
        return _write_failed(request, encounter, exc)
    return _after_write(request, encounter, _("Semilla revelada. Las próximas tiradas usan una nueva."))


# --- Acting from the page ------------------------------------------------------------------------

ID_FIELDS = ("actor", "target", "other", "by", "seq")
LIST_ID_FIELDS = ("surprise", "charging", "allies")
LIST_FIELDS = ("circumstances", "maneuvers")
BOOL_FIELDS = ("counter", "instant", "free", "combat", "active")  # active: use_power on/off
INT_FIELDS = ("points", "minutes", "hit_points", "difficulty", "opposed_total")


def action_from_form(post) -> dict:
    """The action a page form describes, in the API's shape, so the same serializer checks it."""
    action: dict = {}
    for name, value in post.items():
        if name in ("csrfmiddlewaretoken",) or name in LIST_ID_FIELDS + LIST_FIELDS + BOOL_FIELDS:
            continue
        if value == "":
            continue
        if name in ID_FIELDS + INT_FIELDS:
            try:
                action[name] = int(value)
            except ValueError:
                action[name] = value
        else:
            action[name] = value
    for name in LIST_FIELDS:
        values = [v for v in post.getlist(name) if v]
        if values:
            action[name] = values
    for name in LIST_ID_FIELDS:
        values = [v for v in post.getlist(name) if v]
        if values:
            try:
                action[name] = [int(v) for v in values]
            except ValueError:
                action[name] = values
    for name in BOOL_FIELDS:
        if name in post:
            action[name] = post.get(name) not in ("", "0", "false", "off")
    return action


def _first_message(errors) -> str:
    """The first message of a serializer's (possibly nested) errors."""
    while isinstance(errors, dict | list) and errors:
        errors = next(iter(errors.values())) if isinstance(errors, dict) else errors[0]
    return str(errors) if errors else str(_("Acción no válida."))


@login_required
@require_POST
def encounter_act(request, pk):
    encounter = access.access_encounter_by_id(request.user, pk)
    serializer = ActionSerializer(data=action_from_form(request.POST))
    if not serializer.is_valid():
        return _write_failed(
            request, encounter, services.EncounterError("action.invalid", _first_message(serializer.errors))
        )
    try:
        result = services.encounter_act(
            encounter=encounter, user=request.user, action=dict(serializer.validated_data)
        )
    except services.EncounterError as exc:
        return _write_failed(request, encounter, exc)
    lang = selectors.request_lang()
    hidden = selectors.hidden_combatant_ids(request.user, result.encounter)
    texts = [selectors.event_view(e, hidden=hidden, lang=lang)["text"] for e in result.events]
    return _after_write(request, encounter, " ".join(t for t in texts if t)[:500])


@login_required
@require_POST
def combatant_add(request, pk):
    import json

    encounter = access.access_encounter_by_id(request.user, pk)
    character_id = request.POST.get("character") or None
    npc_sheet = None
    if character_id is None:
        try:
            npc_sheet = json.loads(request.POST.get("npc") or "")
        except ValueError:
            return _write_failed(
                request,
                encounter,
                services.EncounterError("npc.invalid", _("La ficha del PNJ debe ser JSON válido.")),
            )
        if not isinstance(npc_sheet, dict):
            return _write_failed(
                request,
                encounter,
                services.EncounterError("npc.invalid", _("La ficha debe ser un objeto JSON.")),
            )
    hit_points = request.POST.get("hit_points") or None
    try:
        services.combatant_add(
            encounter=encounter,
            user=request.user,
            side=request.POST.get("side") or "heroes",
            character_id=int(character_id) if character_id else None,
            npc_sheet=npc_sheet,
            minion=request.POST.get("minion") in ("on", "1", "true"),
            hit_points=int(hit_points) if hit_points else None,
        )
    except ValueError:
        return _write_failed(
            request, encounter, services.EncounterError("input.invalid", _("Datos no válidos."))
        )
    except services.EncounterError as exc:
        return _write_failed(request, encounter, exc)
    return _after_write(request, encounter, _("Combatiente añadido."))


@login_required
@require_POST
def combatant_remove(request, pk, cid):
    encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
    combatant = access.access_combatant_by_id(request.user, encounter, cid)
    try:
        services.combatant_remove(encounter=encounter, combatant=combatant, user=request.user)
    except services.EncounterError as exc:
        return _write_failed(request, encounter, exc)
    return _after_write(request, encounter, _("Combatiente retirado del combate."))


def _catalogue_slugs(values) -> tuple[str, ...]:
    from .serializers import CIRCUMSTANCE

    return tuple(v for v in values if v and len(v) <= 80 and CIRCUMSTANCE.regex.match(v))[:20]


@login_required
@require_GET
def encounter_odds(request, pk):
    """The odds box of the attack form, redrawn by htmx as the target, kind or weapon change."""
    from rules.core.errors import Refused

    encounter = access.access_encounter_by_id(request.user, pk)
    context = {"odds": None, "odds_error": None}
    try:
        actor = int(request.GET.get("actor", ""))
        target = int(request.GET.get("target", ""))
    except ValueError:
        return render(request, f"{DETAIL_TEMPLATE}#odds", context)
    kind = request.GET.get("kind") or "melee"
    if kind not in display.KIND_LABELS:
        kind = "melee"
    is_gm = access.is_encounter_gm(request.user, encounter)
    row = encounter.combatants.filter(pk=actor).only("owner_id").first()
    if row is None or not (is_gm or row.owner_id == request.user.pk):
        return render(request, f"{DETAIL_TEMPLATE}#odds", context)
    hidden = selectors.hidden_combatant_ids(request.user, encounter)
    try:
        context["odds"] = selectors.attack_odds(
            encounter,
            actor=actor,
            target=target,
            kind=kind,
            with_=(request.GET.get("with") or "unarmed")[:200],
            circumstances=_catalogue_slugs(request.GET.getlist("circumstances")),
            maneuvers=_catalogue_slugs(request.GET.getlist("maneuvers")),
            hide_defense=target in hidden,
            element=(request.GET.get("element") or "")[:80] or None,
        )
    except LookupError:
        pass
    except Refused as exc:
        context["odds_error"] = exc.text_en if selectors.request_lang() == "en" else exc.text_es
    return render(request, f"{DETAIL_TEMPLATE}#odds", context)

"""Encounter pages: the campaign's encounters, the GM console and player view (one page, with
controls for what the user may do, drawn from `combat.console_page`), its live updates and the
writes made from it. The turn log's own pages (a page per event, export, dice checking) are
`combat.log_views`.

Each page is one template; an htmx request gets the named partial it needs, a plain request the
whole page or a redirect, so every form also works without JavaScript. Open pages learn about
changes by polling `log_after` (see `live`). Who may do what is asked of `combat.access`; what
a viewer may see of the fight, of the selectors' `Reader` (the system's privacy policy); writes
are the services the API uses too; what belongs to one system comes from its presentation
module (`combat.systems`). A refused write is shown by one helper (`epic20site.pages`).
"""

from __future__ import annotations

from csp.decorators import csp_exempt
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
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
from epic20site.errors import request_lang
from epic20site.pages import answers_refusals
from epic20site.remembered_pages import remembered_partial
from epic20site.validation import read_json_or_refuse

from . import idempotency, live, selectors, services, stream
from .console_page import (
    ACTION_KEY,
    ACTION_KEY_FIELD,
    RECENT_EVENTS,
    ConsolePage,
    new_action_key,
    page_context,
)
from .display import declared_words
from .forms import EncounterForm
from .log_views import LOG_PAGE_SIZE, filter_int, log_context
from .page_versions import FIGHT_PAGE_FIELDS, fight_page_version
from .presentation import presentation_for

LIST_TEMPLATE = "combat/list.html"
DETAIL_TEMPLATE = "combat/detail.html"
UPDATES_TEMPLATE = "combat/_updates.html"


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
            filters = {"round": filter_int(request, "round"), "combatant": filter_int(request, "combatant")}
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

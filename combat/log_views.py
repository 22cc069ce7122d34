"""The turn log's pages: the log itself (filtered by round and combatant, a page at a time), a
page per event, the export as BBCode or Markdown, and the dice check. What a reader may see comes
from the selectors' `Reader`, as on the encounter page (`combat.console_page`)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from combat import access
from combat.models import Encounter
from epic20site.errors import request_lang

from . import dice, export, live, selectors, stream, verify
from .console_page import ConsolePage

LOG_TEMPLATE = "combat/log.html"
EVENT_TEMPLATE = "combat/event.html"
VERIFY_TEMPLATE = "combat/verify.html"
EXPORT_TEMPLATE = "combat/export.html"
LOG_PAGE_SIZE = 200


def _rounds(reader, encounter: Encounter) -> list[dict]:
    """Each stretch of the fight the log and the export may be filtered by, named the system's
    way ("Preparación", "Asalto 1", "Turno 1")."""
    lang = request_lang()
    return [
        {"number": n, "label": reader.presentation.heading(n, lang)}
        for n in range((encounter.round or 0) + 1)
    ]


def filter_int(request, name: str) -> int | None:
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
    round_filter = filter_int(request, "round")
    combatant_filter = filter_int(request, "combatant")
    # Pages count back from the newest events (page 1: the latest, where new ones arrive); each
    # page reads oldest first.
    events = selectors.events_for(encounter, round=round_filter, combatant=combatant_filter).order_by("-seq")
    paginator = Paginator(events, LOG_PAGE_SIZE)
    number = None if last_page else filter_int(request, "page")
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
    round_filter = filter_int(request, "round")
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

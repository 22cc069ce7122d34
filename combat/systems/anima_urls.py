"""The GM's results table of an Anima campaign (Atacar › Tabla de Resultados de Combate): a page
under `/campaigns/<id>/anima/results/` that shows the table the campaign's attacks read and lets
its GM change the thresholds and damage percentages. What is valid is the engine's
`check_options`, through the same service as `PATCH /api/v1/campaigns/{id}/`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaigns import services
from campaigns.access import access_campaign_by_id, is_campaign_gm
from epic20site.errors import DomainError, request_lang
from rules.anima.results import DEFAULT_LEVELS, as_json, levels_from_state

app_name = "anima"
TEMPLATE = "combat/anima/results.html"
KEYS = ("min_difference", "max_difference", "damage_percent")


def _number(text: str):
    text = (text or "").strip()
    try:
        return int(text)
    except ValueError:
        return text  # the engine refuses it with its own message


def rows_from_post(post) -> list[dict]:
    """The form's table: the first level's minimum and the last one's maximum stay open."""
    last = len(DEFAULT_LEVELS) - 1
    rows = []
    for i, level in enumerate(DEFAULT_LEVELS):
        row = {"slug": level.slug}
        for key in KEYS:
            open_end = (key == "min_difference" and i == 0) or (key == "max_difference" and i == last)
            row[key] = None if open_end else _number(post.get(f"{level.slug}-{key}", ""))
        rows.append(row)
    return rows


def _rows(levels_json: list[dict], errors: list[dict], lang: str) -> list[dict]:
    names = {level.slug: (level.name_en if lang == "en" else level.name_es) for level in DEFAULT_LEVELS}
    out = []
    for i, row in enumerate(levels_json):
        prefix = f"/rules_options/impact_levels/{i}"
        mine = [e["message"] for e in errors if e["path"] == prefix or e["path"].startswith(prefix + "/")]
        out.append(
            {
                **row,
                "name": names[row["slug"]],
                "errors": mine,
                "counterattack": DEFAULT_LEVELS[i].counterattack,
            }
        )
    return out


def _context(request, campaign, rows_json, errors=()) -> dict:
    lang = request_lang()
    errors = list(errors)
    return {
        "campaign": campaign,
        "is_gm": is_campaign_gm(request.user, campaign),
        "rows": _rows(rows_json, errors, lang),
        "errors": errors,
        "own_table": bool((campaign.rules_options or {}).get("impact_levels")),
        "last": len(DEFAULT_LEVELS) - 1,
    }


@login_required
@require_http_methods(["GET", "POST"])
def results_table(request, pk):
    campaign = access_campaign_by_id(request.user, pk, gm_only=request.method == "POST")
    if campaign.system != "anima":
        raise Http404
    if request.method == "GET":
        current = as_json(levels_from_state({}, campaign.rules_options or {}))
        return render(request, TEMPLATE, _context(request, campaign, current))
    options = {} if "reset" in request.POST else {"impact_levels": rows_from_post(request.POST)}
    try:
        services.campaign_rules_options_update(campaign=campaign, options=options)
    except DomainError as exc:
        shown = options.get("impact_levels") or as_json(DEFAULT_LEVELS)
        return render(request, TEMPLATE, _context(request, campaign, shown, exc.errors), status=400)
    messages.success(
        request, _("Tabla de resultados guardada.") if options else _("Vuelve la tabla del sitio.")
    )
    return redirect(reverse("anima:results", args=[campaign.pk]))


urlpatterns = [path("<int:pk>/anima/results/", results_table, name="results")]

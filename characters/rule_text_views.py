"""The rule texts a builder loads when the player opens one (`<details>` with `hx-get`), and the
same texts as a page for a browser without JavaScript: one text of a kind of catalogue entry, or
all of that kind. The system's pages module says what it has (`rule_texts(kind, lang)`, see
`characters.systems`); this module names no system.

The texts change only with a release, so the text alone is cached by the browser
(`Cache-Control`) and revalidated by its `ETag` (the text itself and its language). The pages are
not: they carry the reader's menu and the language form's token."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from epic20site.etags import etag, not_modified
from rules.registration import registration

from . import selectors

TEMPLATE = "characters/rule_texts.html"
MAX_AGE = 60 * 60 * 24  # a day: a release may reword a text
ECHOED = 80  # how much of an address part a refusal repeats


@require_GET
def rule_texts(request, system: str, kind: str):
    """Every rule text of one kind (`/characters/rules/<system>/<kind>/`), as a page."""
    found = _texts_of(system, kind)
    if found is None:
        return _missing(request, _unknown_kind(system, kind))
    context = {"system": system, "kind": kind, "title": found["title"], "texts": found["texts"]}
    return render(request, TEMPLATE, context)


@require_GET
@vary_on_headers("HX-Request")
def rule_text(request, system: str, kind: str, slug: str):
    """One rule text (`/characters/rules/<system>/<kind>/<slug>/`): the text alone for the
    builder's htmx request, a page of its own otherwise."""
    found = _texts_of(system, kind)
    if found is None:
        return _missing(request, _unknown_kind(system, kind))
    entry = found["texts"].get(slug)
    if entry is None:
        message = _("No hay ninguna regla «%(slug)s» entre «%(title)s».") % {
            "slug": slug[:ECHOED],
            "title": found["title"],
        }
        return _missing(request, message)
    context = {"system": system, "kind": kind, "title": found["title"], "texts": {slug: entry}, "one": True}
    if not request.htmx:
        return render(request, TEMPLATE, context)
    response = render(request, f"{TEMPLATE}#text", {**context, "entry": entry})
    return _cached(request, response, (system, kind, slug, entry))


def _texts_of(system: str, kind: str) -> dict | None:
    found = registration(system) if _is_slug(system) else None
    return found.rule_texts(kind, selectors.request_lang()) if found is not None else None


def _is_slug(system: str) -> bool:
    return system.isascii() and system.replace("_", "").replace("-", "").isalnum() and len(system) <= 20


def _unknown_kind(system: str, kind: str) -> str:
    return _("No hay textos de reglas «%(kind)s» en el sistema «%(system)s».") % {
        "kind": kind[:ECHOED],
        "system": system[:ECHOED],
    }


def _missing(request, message: str):
    return render(request, TEMPLATE, {"missing": message}, status=404)


def _cached(request, response, version):
    """The text with its tag and caching headers, or a 304 when the browser already has it."""
    tag = etag("rule-text", selectors.request_lang(), version)
    if not_modified(request, tag):
        response.status_code = 304
        response.content = b""
    response["ETag"] = tag
    patch_cache_control(response, public=True, max_age=MAX_AGE)
    patch_vary_headers(response, ("HX-Request", "Accept-Language", "Cookie"))
    return response

"""Character pages: my characters, the builder, the sheet, export and the GM's tools (the import
pages are `characters.site_import_views` and `characters.import_views`).

Each page is one template; an htmx request gets the named partial of that same template it
needs, a plain request the whole page or a redirect, so everything also works without
JavaScript. Who may do what is asked of `characters.access`; the writes are the services the
API uses too.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from epic20site.pages import answers_refusals
from epic20site.remembered_pages import render_page, render_remembered_page
from rules import systems
from rules.registration import default_slug

from . import access, list_filters, save_once, selectors, services
from .api import export_filename
from .forms import AttachForm, AwardForm, WaiverForm, campaign_choices
from .models import Character
from .page_versions import character_list_version, character_page_version
from .system_pages import builder_page, sheet_page
from .systems import pages_for

LIST_TEMPLATE = "characters/list.html"
NO_PAGES_TEMPLATE = "characters/no_pages.html"
DELETE_TEMPLATE = "characters/delete.html"
ATTACH_TEMPLATE = "characters/attach.html"


# --- A system without character pages ----------------------------------------------------------


class NoPagesForSystem(Exception):
    """The system has no character pages (`SystemRegistration.pages`): nothing to build or show
    it with."""

    def __init__(self, system: str):
        super().__init__(system)
        self.system = system


def _no_pages(request, exc: NoPagesForSystem, page: str):
    context = {"system": exc.system, "page": page}
    return render(request, NO_PAGES_TEMPLATE, context, status=404)


def _back_to(request) -> str:
    """The page a form was sent from (`next`, e.g. the campaign page that offered the character),
    when it is one of this site's; else ""."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return ""


def _sheet_url(character) -> str:
    return reverse("characters:sheet", args=[character.pk])


def _chosen_campaign(user, raw):
    """A campaign id from a form: None for none, the campaign if the user belongs to it;
    anything else is a 404, as for any campaign they cannot see."""
    if raw in (None, ""):
        return None
    return access.access_campaign_for_character(user, raw)


# --- My characters -------------------------------------------------------------------------------


@login_required
@require_GET
@vary_on_headers("HX-Request")
def character_list(request):
    rows = selectors.character_list_rows(request.user)
    campaigns = list_filters.campaigns_of(rows)
    chosen = list_filters.list_filter(request, campaigns)
    status = 400 if chosen.errors else 200
    if request.htmx:
        context = _list_context(request, campaigns, chosen)
        return render(request, f"{LIST_TEMPLATE}#list", context, status=status)
    version = character_list_version(request, rows, list_filters.asked(request))
    response = render_remembered_page(
        request,
        LIST_TEMPLATE,
        {},
        "character-list-page",
        version,
        lambda: _list_context(request, campaigns, chosen),
    )
    response.status_code = status
    return response


def _list_context(request, campaigns: list[tuple[int, str]], chosen: list_filters.ListFilter) -> dict:
    lang = selectors.request_lang()
    characters = (
        [] if chosen.errors else selectors.character_list_page(request.user, **chosen.selector_filters())
    )
    # A system whose sheet has no level (no `sheet_summary` on the seam) shows none, not 0.
    leveled = {slug for slug, system in systems.all_systems().items() if system.sheet_summary is not None}
    for character in characters:
        character.archetype_name = _archetype_name(character, lang)
        character.has_level = character.system in leveled
    # Every system with character pages, for the "new character" choice.
    others = [
        {"slug": s.slug, "name": s.name_en if lang == "en" else s.name_es}
        for s in systems.all_systems().values()
        if s.slug != default_slug() and pages_for(s.slug) is not None
    ]
    return {
        "characters": characters,
        "other_systems": others,
        "filter": chosen,
        "filter_errors": dict(chosen.errors),
        "campaign_choices": [{"id": str(pk), "name": name} for pk, name in campaigns],
        "system_choices": list_filters.system_choices(lang),
        "no_campaign": list_filters.NO_CAMPAIGN,
        # The form shows once there is something to filter (or a filter to take off).
        "filterable": bool(characters) or chosen.active,
    }


def _archetype_name(character, lang: str) -> str:
    """The archetype's name as the character's system writes it ("" when it names none)."""
    pages = pages_for(character.system)
    return (
        pages.archetype_name(character.archetype, lang) if pages is not None and character.archetype else ""
    )


# --- The builder ---------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def character_new(request):
    return _builder(request, None)


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def character_edit(request, pk):
    # Opening the builder reads the sheet only when the page is not remembered.
    opening = request.method == "GET" and not request.htmx
    character = access.access_character_by_id(request.user, pk, write=True, sheet=not opening)
    return _builder(request, character)


def _builder_system(request, character: Character | None) -> str:
    if character is not None:
        return character.system
    return request.POST.get("system") or request.GET.get("system") or default_slug()


def _pages(slug: str, page: str):
    """The system's pages (its registration's) and the template of `page` ("builder", "sheet"),
    or `NoPagesForSystem`."""
    slug = slug or default_slug()
    pages = pages_for(slug)
    if pages is None:
        raise NoPagesForSystem(slug[:20])
    return pages, pages.builder_template if page == "builder" else pages.sheet_template


def _builder(request, character: Character | None):
    try:
        pages, template = _pages(_builder_system(request, character), "builder")
    except NoPagesForSystem as exc:
        return _no_pages(request, exc, "builder")
    campaign_field = character is None
    if request.method == "GET":
        return _builder_page(request, pages, template, character)

    form = pages.form_from_post(request.POST)
    op = request.POST.get("op", "")
    if op:
        form.apply(op)
    campaign = request.POST.get("campaign", "") if campaign_field else ""
    # After a refused save the banner stays until the sheet is legal (the form carries the flag).
    refused = request.POST.get("refused") == "1"

    if request.htmx and "save" not in request.POST:
        # A live check: the whole form again; idiomorph changes in the page only what differs.
        # `live`: the rule texts stay as the page has them (`data-morph-keep`).
        context = builder_page(request, pages, form, character, campaign=campaign, saving=refused, live=True)
        return render(request, f"{template}#form", _versioned(context, request, character))

    if op:  # an add/remove button without JavaScript: the page again, nothing stored
        context = builder_page(request, pages, form, character, campaign=campaign, saving=refused)
        return render_page(request, template, _versioned(context, request, character))

    sheet = form.sheet()

    def save() -> Character:
        if character is None:
            saved = services.character_create(
                owner=request.user, sheet=sheet, campaign=_chosen_campaign(request.user, campaign)
            )
            messages.success(request, _("Personaje creado."))
            return saved
        saved = services.character_update(
            character=character, sheet=sheet, if_match=request.POST.get("version") or None
        )
        messages.success(request, _("Cambios guardados."))
        return saved

    def after(saved: Character) -> str:
        return _after_creating(request, saved) if character is None else _sheet_url(saved)

    try:
        done = save_once.save_once(
            user=request.user, key=save_once.save_key_of(request.POST, sheet), save=save, next_url=after
        )
    except services.SheetInvalid:
        context = builder_page(request, pages, form, character, campaign=campaign, saving=True)
        return render_page(request, template, _versioned(context, request, character), status=400)
    except services.CharacterError as exc:
        context = builder_page(request, pages, form, character, campaign=campaign, saving=True)
        context["save_error"] = exc.message
        return render_page(request, template, _versioned(context, request, character), status=exc.status)
    if request.htmx:
        return HttpResponseClientRedirect(done.next_url)
    return redirect(done.next_url)


def _versioned(context: dict, request, character: Character | None) -> dict:
    """The version of the sheet the builder was opened on travels with the form, so a save made
    after someone else's (the owner's and the GM's at once) is refused instead of overwriting it.
    A form posted back keeps the version it was opened on, not the one stored now."""
    if character is not None:
        context["version"] = (
            request.POST.get("version", "")
            if request.method == "POST"
            else selectors.character_etag(character)
        )
    # The key of this rendering's save (`save_once`): a posted form keeps the one it was drawn with.
    posted = save_once.save_key_posted(request.POST) if request.method == "POST" else ""
    context[save_once.FIELD] = posted or save_once.save_key_new()
    return context


# The longest `?campaign=` a new sheet's builder reads: a campaign's id (the database's largest
# has 19 digits); anything longer names no campaign.
CAMPAIGN_ID_CHARS = 20

# Where a new sheet's builder was opened from, to go back there once it is saved (the fight page's
# "Crear un PNJ con el constructor"): `{"system", "url"}` in the session.
RETURN_KEY = "builder_return"


def _remember_return(request) -> None:
    """A new sheet's builder opened with `?next=` (one of this site's pages) goes back there once
    saved; opened without it, it forgets any older one."""
    target = request.GET.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        request.session[RETURN_KEY] = {"system": _builder_system(request, None), "url": target}
    elif RETURN_KEY in request.session:
        del request.session[RETURN_KEY]


def _after_creating(request, saved: Character) -> str:
    """The page a just-created sheet leads to: the page its builder was opened from, when it was
    opened for a sheet of this system (`_remember_return`), else the sheet. It is kept until the
    builder is opened again: a save that arrives twice (a double click, a retried request) must
    lead both answers back to the same page."""
    back = request.session.get(RETURN_KEY) or {}
    if back.get("system") == saved.system and back.get("url"):
        return back["url"]
    return _sheet_url(saved)


def _builder_page(request, pages, template: str, character: Character | None):
    """The builder as it opens, remembered: a new character's under the campaigns it offers
    (`_blank_builder_page`), an existing one's under the character's version until it changes."""
    if character is None and not request.htmx:
        _remember_return(request)

    fresh = {save_once.FIELD: save_once.save_key_new}
    if character is None:
        return _blank_builder_page(request, pages, template, _builder_system(request, None), fresh)

    def context() -> dict:
        form = pages.form_from_sheet(character.sheet)
        return _versioned(builder_page(request, pages, form, character), request, character)

    version = character_page_version(request, character)
    shell = {"character": character}
    return render_remembered_page(request, template, shell, "builder-page", version, context, fresh)


def _blank_builder_page(request, pages, template: str, system: str, fresh: dict):
    """A new character's builder is the same page for everyone with the same campaigns of its
    system to choose from (and the same one chosen by `?campaign=`): remembered under those and
    the system's template."""
    campaign = request.GET.get("campaign", "")[:CAMPAIGN_ID_CHARS]
    choices = tuple(campaign_choices(request.user, system=system))

    def context() -> dict:
        page = builder_page(request, pages, pages.form_blank(), None, campaign=campaign)
        return _versioned({**page, "campaign_choices": list(choices)}, request, None)

    version = (template, choices, campaign)
    return render_remembered_page(request, template, {}, "blank-builder-page", version, context, fresh)


# --- The sheet -----------------------------------------------------------------------------------


def _render_sheet(request, character: Character, status: int = 200, **extra):
    try:
        pages, template = _pages(character.system, "sheet")
    except NoPagesForSystem as exc:
        return _no_pages(request, exc, "sheet")
    if extra or status != 200:
        return render_page(
            request, template, _sheet_context(request, character, pages, **extra), status=status
        )
    version = character_page_version(request, character)
    return render_remembered_page(
        request,
        template,
        {"character": character},
        "sheet-page",
        version,
        lambda: _sheet_context(request, character, pages),
    )


def _sheet_context(request, character: Character, pages, **extra) -> dict:
    character = selectors.character_with_history(character.pk)
    context = sheet_page(request, pages, character)
    if context["is_gm"]:
        chosen = {key: request.GET.get(key, "")[:200] for key in ("code", "path", "message")}
        context.setdefault("award_form", AwardForm())
        problems = context["report"]["errors"]
        context.setdefault("waiver_form", WaiverForm(problems=problems, chosen=chosen))
    context.update(_encounter_links(request))
    context.update(extra)
    return context


def _encounter_links(request) -> dict:
    """Opened from an encounter (`?encounter=<id>`), each skill links to that encounter's
    skill-check form with the skill chosen. The encounter page checks who may act there."""
    raw = request.GET.get("encounter", "")
    if not (raw.isdigit() and 0 < int(raw) < 2**63):
        return {}
    url = reverse("encounters:detail", args=[int(raw)])
    return {"encounter_url": url, "encounter_skill_url": f"{url}?skill="}


@login_required
@require_GET
def character_sheet(request, pk):
    # The sheet page reads the sheet again with its history when it is not remembered.
    character = access.access_character_by_id(request.user, pk, sheet=False)
    return _render_sheet(request, character)


@login_required
@require_GET
def character_export(request, pk):
    character = access.access_character_by_id(request.user, pk)
    response = JsonResponse(character.sheet, json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{export_filename(character)}"'
    return response


@login_required
@require_POST
def character_award(request, pk):
    character = access.access_character_by_id(request.user, pk, gm_only=True)
    form = AwardForm(request.POST)
    if form.is_valid():
        try:
            services.character_award(
                character=character,
                awarded_by=request.user,
                category=form.cleaned_data["category"],
                amount=form.cleaned_data["amount"],
                note=form.cleaned_data["note"],
            )
        except services.CharacterError as exc:
            form.add_error("amount" if exc.path == "/amount" else None, exc.message)
        else:
            messages.success(request, _("Puntos otorgados."))
            return redirect(_sheet_url(character))
    return _render_sheet(request, character, status=400, award_form=form)


@login_required
@require_POST
def character_waive(request, pk):
    character = access.access_character_by_id(request.user, pk, gm_only=True)
    form = WaiverForm(request.POST, problems=_waivable(character))
    if form.is_valid():
        try:
            services.character_waive(character=character, created_by=request.user, **form.cleaned_data)
        except services.CharacterError as exc:
            field = {"/code": "problem", "/path": "problem", "/reason": "reason"}.get(exc.path)
            form.add_error(field, exc.message)
        else:
            messages.success(request, _("Error dispensado."))
            return redirect(_sheet_url(character))
    return _render_sheet(request, character, status=400, waiver_form=form)


def _waivable(character: Character) -> list[dict]:
    """The sheet's errors now, as the waiver form offers them."""
    return selectors.character_report(character, selectors.request_lang())["errors"]


@login_required
@require_POST
def character_waiver_remove(request, pk, wid):
    character = access.access_character_by_id(request.user, pk, gm_only=True)
    waiver = character.waivers.filter(pk=wid).first() if 0 < wid < 2**63 else None
    if waiver is None:
        raise Http404
    waiver.character = character
    services.waiver_remove(waiver=waiver, user=request.user)
    messages.success(request, _("Dispensa retirada."))
    return redirect(_sheet_url(character))


# --- Duplicate, delete, attach ---------------------------------------------------------------------


@login_required
@require_POST
@answers_refusals(lambda request, pk: reverse("characters:list"))
def character_duplicate(request, pk):
    character = access.access_character_by_id(request.user, pk)
    duplicate = services.character_duplicate(character=character, user=request.user)
    messages.success(request, _("Copia creada: «%(name)s».") % {"name": duplicate.name})
    return redirect(_sheet_url(duplicate))


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def character_delete(request, pk):
    character = access.access_character_by_id(request.user, pk, delete=True)
    if request.method == "GET":
        template = f"{DELETE_TEMPLATE}#confirm" if request.htmx else DELETE_TEMPLATE
        return render(request, template, {"character": character})
    name = character.name
    services.character_delete(character=character)
    if request.htmx:
        return HttpResponse("")  # the row removes itself
    messages.success(request, _("«%(name)s» borrado.") % {"name": name})
    return redirect(reverse("characters:list"))


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def character_attach(request, pk):
    character = access.access_character_by_id(request.user, pk)
    if character.owner_id != request.user.pk:
        raise PermissionDenied
    if request.method == "GET":
        form = AttachForm(user=request.user, initial={"campaign": character.campaign_id or ""})
    else:
        form = AttachForm(request.POST, user=request.user)
        if form.is_valid():
            campaign = _chosen_campaign(request.user, form.cleaned_data["campaign"])
            try:
                services.character_attach(character=character, campaign=campaign, user=request.user)
            except services.CharacterError as exc:
                form.add_error("campaign", exc.message)
            else:
                if campaign is None:
                    messages.success(request, _("El personaje ya no está en ninguna campaña."))
                else:
                    messages.success(request, _("Personaje unido a «%(name)s».") % {"name": campaign.name})
                back = _back_to(request) or _sheet_url(character)
                if request.htmx:
                    return HttpResponseClientRedirect(back)
                return redirect(back)
    template = f"{ATTACH_TEMPLATE}#form" if request.htmx else ATTACH_TEMPLATE
    status = 400 if form.errors else 200
    return render(request, template, {"character": character, "form": form}, status=status)

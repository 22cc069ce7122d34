"""The import page for this site's own JSON files ("Importar"): a file becomes a character, a
file imported before is offered as a named copy instead of a second character nobody can tell
apart, and a sheet that breaks a rule comes back with its errors in the page's language. Other
tools' files have their own page (`characters.import_views`)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from rules.registration import default_slug

from . import selectors, services
from .forms import ImportCopyForm, ImportForm, free_copy_name
from .models import Character
from .views import _chosen_campaign, _sheet_url

IMPORT_TEMPLATE = "characters/import.html"


@login_required
@require_http_methods(["GET", "POST"])
def character_import(request):
    if request.method == "POST" and "sheet_json" in request.POST:
        return _import_copy(request)
    errors: list[dict] = []
    system = default_slug()
    if request.method == "GET":
        form = ImportForm(user=request.user)
    else:
        form = ImportForm(request.POST, request.FILES, user=request.user)
        if form.is_valid():
            campaign = _chosen_campaign(request.user, form.cleaned_data["campaign"])
            raw = form.cleaned_data["file"].read(services.MAX_SHEET_BYTES + 1)
            twin = _imported_before(request.user, raw)
            if twin is not None:
                return _offer_copy(request, twin, raw, form.cleaned_data["campaign"])
            try:
                character = services.character_import(owner=request.user, raw=raw, campaign=campaign)
            except services.SheetInvalid as exc:
                form.add_error("file", _("La ficha del archivo no cumple las reglas:"))
                errors = exc.report.as_dict(lang=selectors.request_lang())["errors"]
                system = _report_system(exc.report, raw)
            except services.CharacterError as exc:
                form.add_error("file", exc.message)
            else:
                messages.success(request, _("Personaje importado."))
                return redirect(_sheet_url(character))
    status = 400 if form.errors else 200
    return render(
        request,
        IMPORT_TEMPLATE,
        {"form": form, "sheet_errors": errors, "sheet_system": system},
        status=status,
    )


def _report_system(report, raw: bytes) -> str:
    """The system whose rule tags a refused import's errors carry (for the page's language):
    the one the file names."""
    sheet = report.sheet or {}
    if not sheet.get("system"):
        try:
            sheet = services.sheet_from_bytes(raw)
        except services.CharacterError:
            sheet = {}
    slug = sheet.get("system") if isinstance(sheet, dict) else None
    return slug if isinstance(slug, str) else default_slug()


def _imported_before(user, raw: bytes) -> Character | None:
    """The user's character with the name the file gives, if any: a second import of a file
    would make two characters nobody can tell apart. An unreadable file is left to the import,
    which says what is wrong with it."""
    try:
        data = services.sheet_from_bytes(raw)
    except services.CharacterError:
        return None
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    return Character.objects.filter(owner=user, name=name.strip()).order_by("-updated_at").first()


def _offer_copy(request, twin: Character, raw: bytes, campaign: str, copy_form=None, status: int = 409):
    data = services.sheet_from_bytes(raw)
    data.pop("campaign", None)
    same = twin.sheet == data
    if copy_form is None:
        copy_form = ImportCopyForm(
            user=request.user,
            initial={
                "sheet_json": raw.decode("utf-8-sig"),
                "name": free_copy_name(request.user, twin.name),
                "campaign": campaign,
            },
        )
    context = {"form": ImportForm(user=request.user), "twin": twin, "same_file": same, "copy_form": copy_form}
    return render(request, IMPORT_TEMPLATE, context, status=status)


def _import_copy(request):
    """Import the file offered again as a copy under the name the player gave it."""
    form = ImportCopyForm(request.POST, user=request.user)
    if not form.is_valid():
        raw = str(request.POST.get("sheet_json", "")).encode()
        twin = _imported_before(request.user, raw)
        if twin is None or "sheet_json" in form.errors:
            messages.error(request, _("No se ha importado nada: vuelve a elegir el archivo."))
            return redirect(reverse("characters:import"))
        return _offer_copy(request, twin, raw, request.POST.get("campaign", ""), copy_form=form, status=400)
    campaign = _chosen_campaign(request.user, form.cleaned_data["campaign"])
    try:
        data = services.sheet_from_bytes(form.cleaned_data["sheet_json"].encode())
        data["name"] = form.cleaned_data["name"]
        raw = json.dumps(data, ensure_ascii=False).encode()
        character = services.character_import(owner=request.user, raw=raw, campaign=campaign)
    except services.SheetInvalid as exc:
        context = {
            "form": ImportForm(user=request.user),
            "import_error": _("La ficha del archivo no cumple las reglas:"),
            "sheet_errors": exc.report.as_dict(lang=selectors.request_lang())["errors"],
            "sheet_system": _report_system(exc.report, raw),
        }
        return render(request, IMPORT_TEMPLATE, context, status=400)
    except services.CharacterError as exc:
        messages.error(request, exc.message)
        return redirect(reverse("characters:import"))
    messages.success(request, _("Copia importada como «%(name)s».") % {"name": character.name})
    return redirect(_sheet_url(character))

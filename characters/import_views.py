""" "Importar una ficha" (docs/api.md "Bring your characters"): from the builder of a system that
takes other tools' files, a player uploads one, sees the sheet it makes with the import report,
and saves it, or opens it in the builder to change it first. The same services as the API
(`characters.imports`); nothing is stored before "Guardar"."""

from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from epic20site.errors import DomainError
from epic20site.remembered_pages import render_page

from . import imports, selectors, services
from .importers import formats_for, import_formats
from .system_pages import builder_page
from .views import NoPagesForSystem, _no_pages, _pages, _sheet_url

TEMPLATE = "characters/import_file.html"
FORMAT_NAMES = {
    "hero-designer": gettext_lazy("Hero Designer, 6ª edición (.hdc)"),
    "foundry-anima": gettext_lazy("Foundry VTT, actor de Anima Beyond Fantasy (.json)"),
}


class ImportFileForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Archivo"))
    format = forms.ChoiceField(label=gettext_lazy("Formato"))

    def __init__(self, *args, system: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = [(f, FORMAT_NAMES.get(f, f)) for f in formats_for(system)]
        self.fields["file"].help_text = _("Máximo %(kb)s KB.") % {
            "kb": settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024
        }


def _page(request, system: str, form, status: int = 200, **extra):
    context = {"system": system, "form": form, "builder_url": _builder_url(system), **extra}
    return render(request, TEMPLATE, context, status=status)


def _builder_url(system: str) -> str:
    return f"{reverse('characters:new')}?system={system}"


def _preview(request, system: str, form):
    upload = form.cleaned_data["file"]
    if upload.size > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        form.add_error("file", _("El archivo es demasiado grande."))
        return _page(request, system, form, 413)
    try:
        result = imports.import_file_check(
            file_format=form.cleaned_data["format"], raw=upload.read(), system=system
        )
    except RequestDataTooBig:
        form.add_error("file", _("El archivo es demasiado grande."))
        return _page(request, system, form, 413)
    except DomainError as exc:
        form.add_error("file", exc.message)
        return _page(request, system, form, 400)
    lang = selectors.request_lang()
    shown = result.report.as_dict(lang=lang)
    sheet = dict(result.report.sheet or result.imported.sheet)
    return _page(
        request,
        system,
        ImportFileForm(system=system),
        preview=True,
        sheet=sheet,
        sheet_json=json.dumps(sheet, ensure_ascii=False),
        check=shown,
        report=result.imported.report.as_dict(lang),
        points=(shown.get("derived") or {}).get("points"),
    )


def _posted_sheet(request, system: str) -> dict | None:
    raw = str(request.POST.get("sheet_json", "")).encode()
    try:
        sheet = services.sheet_from_bytes(raw)
    except services.CharacterError:
        return None
    return sheet if isinstance(sheet, dict) and sheet.get("system") == system else None


def _edit_in_builder(request, system: str, sheet: dict):
    """The builder of a new character, filled with the imported sheet: saving it there creates it."""
    pages, template = _pages(system, "builder")
    form = pages.form_from_sheet(sheet)
    return render_page(request, template, builder_page(request, pages, form, None))


def _save(request, system: str, sheet: dict):
    try:
        character = services.character_create(owner=request.user, sheet=sheet)
    except services.SheetInvalid:
        messages.error(
            request, _("La ficha no cumple las reglas: corrígela en el constructor antes de guardarla.")
        )
        return _edit_in_builder(request, system, sheet)
    except services.CharacterError as exc:
        messages.error(request, exc.message)
        return redirect("characters:import_file", system=system)
    messages.success(request, _("Personaje importado."))
    return redirect(_sheet_url(character))


@login_required
@require_http_methods(["GET", "POST"])
def character_import_file(request, system: str):
    if not formats_for(system) or system not in {f.system for f in import_formats().values()}:
        return _no_pages(request, NoPagesForSystem(system[:20]), "import")
    action = request.POST.get("action", "preview")
    if request.method == "POST" and action in ("save", "edit"):
        sheet = _posted_sheet(request, system)
        if sheet is None:
            messages.error(request, _("No se ha importado nada: vuelve a elegir el archivo."))
            return redirect("characters:import_file", system=system)
        return _save(request, system, sheet) if action == "save" else _edit_in_builder(request, system, sheet)
    if request.method == "GET":
        return _page(request, system, ImportFileForm(system=system))
    form = ImportFileForm(request.POST, request.FILES, system=system)
    if not form.is_valid():
        return _page(request, system, form, 400)
    return _preview(request, system, form)

"""Small forms of the character pages. A builder is not a Django form: each system's form
(`characters/systems/<slug>.py`) reads its fields and the rules engine judges the sheet they make."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .models import Award, Character
from .services import MAX_AWARD, MAX_REASON, MAX_SHEET_BYTES


def campaign_choices(user, system: str | None = None) -> list[tuple[str, str]]:
    """The campaigns `user` belongs to, through their memberships (characters never imports
    combat); with `system`, only that system's (a new sheet can join no other)."""
    memberships = user.memberships.select_related("campaign").order_by("campaign__name", "campaign_id")
    if system is not None:
        memberships = memberships.filter(campaign__system=system)
    return [(str(m.campaign_id), m.campaign.name) for m in memberships]


class CampaignChoiceMixin:
    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["campaign"].choices = [("", _("— Ninguna —")), *campaign_choices(user)]


class AttachForm(CampaignChoiceMixin, forms.Form):
    campaign = forms.ChoiceField(label=_("Campaña"), required=False)


class ImportForm(CampaignChoiceMixin, forms.Form):
    file = forms.FileField(label=_("Archivo de ficha (JSON)"))
    campaign = forms.ChoiceField(label=_("Campaña"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Formatted per request, in the request's language (a lazy string would freeze it).
        self.fields["file"].help_text = gettext(
            "Una ficha exportada desde Epic20 Site o escrita en el formato de la API (máximo %(kb)s KB)."
        ) % {"kb": MAX_SHEET_BYTES // 1024}


def free_copy_name(user, name: str) -> str:
    """ "Nova (2)", "Nova (3)"…: the first name none of `user`'s characters has."""
    base = (name or "").strip()[:190] or gettext("Personaje")
    taken = set(Character.objects.filter(owner=user, name__startswith=base).values_list("name", flat=True))
    number = 2
    while f"{base} ({number})" in taken:
        number += 1
    return f"{base} ({number})"


class ImportCopyForm(CampaignChoiceMixin, forms.Form):
    """A file imported before, imported again as a copy under another name. The page carries the
    file's text so that the player need not choose it again."""

    sheet_json = forms.CharField(widget=forms.HiddenInput, max_length=MAX_SHEET_BYTES, strip=False)
    name = forms.CharField(label=_("Nombre de la copia"), max_length=200)
    campaign = forms.ChoiceField(label=_("Campaña"), required=False, widget=forms.HiddenInput)

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, user=user, **kwargs)
        self.user = user

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if Character.objects.filter(owner=self.user, name=name).exists():
            raise forms.ValidationError(
                gettext("Ya tienes un personaje llamado «%(name)s». Elige otro nombre.") % {"name": name}
            )
        return name


class AwardForm(forms.Form):
    category = forms.ChoiceField(label=_("Categoría"), choices=Award.Category.choices)
    amount = forms.CharField(
        label=_("Cantidad"),
        max_length=10,
        help_text=_("Múltiplos de ½ (niveles enteros)."),
        # A number field (a phone shows digits), stepping by ½; the service still checks the
        # amount (`services.parse_amount`), so a browser that sends text gets its clear refusal.
        widget=forms.NumberInput(
            attrs={"inputmode": "decimal", "step": "0.5", "min": "0.5", "max": str(MAX_AWARD)}
        ),
    )
    note = forms.CharField(label=_("Nota"), max_length=500, required=False)


class WaiverForm(forms.Form):
    """The GM chooses one of the sheet's problems by what it says, not by its code and path
    (`problems`: the sheet's errors now; `chosen`: one the builder's "Dispensar" link named, which
    the saved sheet may not have yet). The choice travels as "<code> <path>"."""

    problem = forms.CharField(label=_("Error que se dispensa"), required=False, widget=forms.Select)
    reason = forms.CharField(
        label=_("Motivo"), max_length=MAX_REASON, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args, problems=(), chosen: dict | None = None, **kwargs):
        options = [(f"{p['code']} {p['path']}", p["message"]) for p in problems]
        if chosen and chosen.get("code"):
            value = f"{chosen['code']} {chosen.get('path', '')}"
            kwargs.setdefault("initial", {})["problem"] = value
            if value not in dict(options):
                label = chosen.get("message") or gettext("El error que viste en el constructor")
                options.insert(0, (value, label))
        super().__init__(*args, **kwargs)
        posted = str(self.data.get("problem", "")) if self.is_bound else ""
        if posted and posted not in dict(options):  # a refused post keeps what was chosen
            options.insert(0, (posted, gettext("El error que viste en el constructor")))
        self.fields["problem"].widget.choices = options

    def clean(self):
        data = super().clean()
        code, _sep, path = (data.pop("problem", "") or "").partition(" ")
        if not code:  # a form posted as before, with the code and path themselves
            code, path = str(self.data.get("code", ""))[:100], str(self.data.get("path", ""))[:200]
        data["code"], data["path"] = code, path
        return data

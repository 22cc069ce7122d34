"""The directory's forms. They check the shape of what was typed; the services decide the rest."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import (
    MESSAGE_MAX_LENGTH,
    NOTE_MAX_LENGTH,
    PITCH_MAX_LENGTH,
    SEATS_MAX,
    Application,
    Language,
    Pace,
)


class DirectoryFilterForm(forms.Form):
    q = forms.CharField(label=_("Buscar"), required=False, max_length=200)
    system = forms.ChoiceField(label=_("Sistema"), required=False)
    language = forms.ChoiceField(
        label=_("Idioma"), required=False, choices=[("", _("Cualquiera")), *Language.choices]
    )
    pace = forms.ChoiceField(label=_("Ritmo"), required=False, choices=[("", _("Cualquiera")), *Pace.choices])

    def __init__(self, *args, systems=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [("", _("Cualquiera")), *systems]

    def filters(self) -> dict:
        """The valid filters; a value that is not a choice filters nothing (the form says why)."""
        self.is_valid()
        return {name: value for name, value in self.cleaned_data.items() if value}


class ListingForm(forms.Form):
    listed = forms.BooleanField(label=_("Anunciar la campaña en Buscar mesa"), required=False)
    pitch = forms.CharField(
        label=_("Presentación"),
        required=False,
        max_length=PITCH_MAX_LENGTH,
        help_text=_("Markdown. Qué se juega, el tono, qué buscas en quien se apunte."),
        widget=forms.Textarea(attrs={"rows": 8}),
    )
    pace = forms.ChoiceField(label=_("Ritmo"), choices=Pace.choices)
    language = forms.ChoiceField(label=_("Idioma"), choices=Language.choices)
    seats = forms.IntegerField(
        label=_("Plazas"),
        min_value=0,
        max_value=SEATS_MAX,
        help_text=_("Las que ofreces en total; cada jugador aceptado ocupa una."),
    )
    newcomers_welcome = forms.BooleanField(label=_("Acepta a quien no conoce el sistema"), required=False)
    closes_on = forms.DateField(
        label=_("Cierra el"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    public_encounters = forms.MultipleChoiceField(
        label=_("Combates que cualquiera puede leer"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Solo se ve lo que ve un jugador: nada oculto de los PNJ."),
    )

    def __init__(self, *args, encounters=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(str(e.pk), e.name) for e in encounters]
        if choices:
            self.fields["public_encounters"].choices = choices
        else:  # a campaign without fights has none to show
            del self.fields["public_encounters"]

    def changes(self) -> dict:
        data = dict(self.cleaned_data)
        if "public_encounters" in data:
            data["public_encounters"] = [int(pk) for pk in data["public_encounters"]]
        return data


class ApplicationForm(forms.Form):
    message = forms.CharField(
        label=_("Mensaje para quien dirige"),
        max_length=MESSAGE_MAX_LENGTH,
        help_text=_("Markdown. Preséntate y cuenta qué personaje te gustaría llevar."),
        widget=forms.Textarea(attrs={"rows": 6}),
    )
    character = forms.TypedChoiceField(label=_("Ficha"), required=False, coerce=int, empty_value=None)

    def __init__(self, *args, characters=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].choices = [("", _("Sin ficha")), *((c.pk, c.name) for c in characters)]


class DecisionForm(forms.Form):
    status = forms.ChoiceField(
        choices=[(Application.Status.ACCEPTED, _("Aceptar")), (Application.Status.DECLINED, _("Rechazar"))]
    )
    note = forms.CharField(
        label=_("Nota para quien se apunta"),
        required=False,
        max_length=NOTE_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    block = forms.BooleanField(label=_("No aceptar más solicitudes suyas"), required=False)

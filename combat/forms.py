"""Forms of the encounter pages. The API validates the same input with its serializers; both
end in the same services."""

from __future__ import annotations

from django import forms
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

from epic20site.validation import validate_single_line

PRINTABLE = RegexValidator(r"^[\x21-\x7e]+$", _("Sólo caracteres ASCII visibles, sin espacios."))


class EncounterForm(forms.Form):
    name = forms.CharField(label=_("Nombre del encuentro"), max_length=120, validators=[validate_single_line])
    client_seed = forms.CharField(
        label=_("Semilla del cliente (opcional)"),
        max_length=64,
        required=False,
        validators=[PRINTABLE],
        help_text=_("Forma parte de cada tirada: elígela tú si quieres; si no, se genera una al azar."),
    )

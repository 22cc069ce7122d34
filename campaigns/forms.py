from django import forms
from django.utils.translation import gettext_lazy as _

from epic20site.validation import validate_single_line

from .models import Campaign

NAME_MAX_LENGTH = Campaign._meta.get_field("name").max_length


class CampaignForm(forms.Form):
    """Create or rename a campaign."""

    name = forms.CharField(
        label=_("Nombre de la campaña"),
        max_length=NAME_MAX_LENGTH,
        validators=[validate_single_line],
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class JoinForm(forms.Form):
    invite_code = forms.CharField(
        label=_("Código de invitación"),
        # Codes are 10 characters; room for the spaces and dashes people paste from forums.
        max_length=32,
        help_text=_("Pídeselo a quien dirige la campaña."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

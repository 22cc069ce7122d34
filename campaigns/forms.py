from django import forms
from django.utils.translation import gettext_lazy as _

from epic20site.validation import validate_single_line
from rules import systems
from rules.registration import default_slug

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


def _system_choices() -> list[tuple[str, str]]:
    # Read when each form is made: a system registered later is offered too.
    return [(system.slug, system.name_es) for system in systems.all_systems().values()]


class CampaignCreateForm(CampaignForm):
    """A new campaign: its name and the game system it plays (`rules.systems`), the site's default
    one unless chosen otherwise. The page draws the choices as cards (`campaigns.game_systems`); a form
    sent without one (an old page, a script) gets the default, as the API does."""

    system = forms.ChoiceField(
        label=_("Sistema de juego"),
        choices=_system_choices,
        required=False,
        initial=default_slug,
        error_messages={"invalid_choice": _("Elige uno de los sistemas de juego de la lista.")},
    )

    def clean_system(self) -> str:
        return self.cleaned_data.get("system") or default_slug()

    def selected_system(self) -> str:
        """The system the cards show chosen: the one sent, if it is one, else the default."""
        sent = self.data.get("system") if self.is_bound else None
        known = {slug for slug, _name in _system_choices()}
        return sent if sent in known else default_slug()


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

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import EVENTS
from .services import URL_MAX_LENGTH


class TableWebhookForm(forms.Form):
    """The table's webhook URL; the service decides whether the site will call it."""

    url = forms.CharField(
        label=_("URL del webhook"),
        max_length=URL_MAX_LENGTH,
        help_text=_("https a una dirección pública, por ejemplo el webhook de un canal de Discord."),
        error_messages={
            "required": _("Escribe la URL del webhook."),
            "max_length": _("La URL del webhook no puede pasar de %(limit_value)d caracteres."),
        },
        widget=forms.URLInput(attrs={"autocomplete": "off", "spellcheck": "false", "inputmode": "url"}),
    )


# Each event as the notifications page names it.
EVENT_LABELS = {
    "your_turn": _("Te toca actuar"),
    "declarations_open": _("Se abren las declaraciones de una ronda"),
    "round_resolved": _("Se resuelve una ronda"),
    "attacked": _("Te atacan"),
    "deadline_near": _("Se acaba tu plazo para actuar"),
    "journal": _("Una entrada nueva del diario para ti"),
    "application": _("Una solicitud a tu mesa, o la respuesta a la tuya"),
}


class PreferenceForm(forms.Form):
    """The choices of `PUT /api/v1/auth/me/notifications/`, one checkbox per event; the service
    (`notifications.preferences.preference_replace`) decides whether the webhook URL will do."""

    email = forms.BooleanField(label=_("Avisarme por correo"), required=False)
    push = forms.BooleanField(
        label=_("Avisarme en los dispositivos que he activado"),
        required=False,
        help_text=_("Notificaciones del navegador o del móvil, con «Avisarme en este dispositivo»."),
    )
    digest = forms.BooleanField(
        label=_("Juntar los correos en un resumen diario"),
        required=False,
        help_text=_("Todo salvo tu turno y los plazos, en un correo al día."),
    )
    webhook_url = forms.CharField(
        label=_("URL de tu webhook"),
        required=False,
        max_length=URL_MAX_LENGTH,
        help_text=_(
            "Opcional. https a una dirección pública, por ejemplo el webhook de un canal de Discord."
        ),
        error_messages={"max_length": _("La URL del webhook no puede pasar de %(limit_value)d caracteres.")},
        widget=forms.URLInput(attrs={"autocomplete": "off", "spellcheck": "false", "inputmode": "url"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in EVENTS:
            self.fields[f"event_{name}"] = forms.BooleanField(label=EVENT_LABELS[name], required=False)

    @classmethod
    def initial_from(cls, preference) -> dict:
        initial = {
            "email": preference.email,
            "push": preference.push,
            "digest": preference.digest,
            "webhook_url": preference.webhook_url,
        }
        initial.update({f"event_{name}": bool(preference.events.get(name, True)) for name in EVENTS})
        return initial

    def event_fields(self):
        return [self[f"event_{name}"] for name in EVENTS]

    def events(self) -> dict:
        return {name: self.cleaned_data[f"event_{name}"] for name in EVENTS}

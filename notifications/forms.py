from django import forms
from django.utils.translation import gettext_lazy as _

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

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TrackingConfig(AppConfig):
    """A campaign's life between and around its fights: partidas and scenes, the journal."""

    name = "tracking"
    verbose_name = _("Seguimiento de campaña")

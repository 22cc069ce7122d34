from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    """Find a table: the public directory of campaigns that look for players, and the
    applications their GMs accept or decline."""

    name = "tables"
    verbose_name = _("Buscar mesa")

    def ready(self):
        from campaigns import extensions

        from .campaign_part import LISTING_PART

        extensions.register(LISTING_PART)

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CharactersConfig(AppConfig):
    name = "characters"
    verbose_name = _("Personajes")

    def ready(self):
        from . import signals  # noqa: F401  (connects the receivers)

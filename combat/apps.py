from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CombatConfig(AppConfig):
    name = "combat"
    verbose_name = _("Combate")

    def ready(self):
        from . import deadline_tasks, signals  # noqa: F401 - connects the receivers
        from .registrations import collect

        collect()  # every game system's registration, once: the one place a system is found

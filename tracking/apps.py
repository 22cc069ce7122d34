from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TrackingConfig(AppConfig):
    """A campaign's life between and around its fights: partidas and scenes, the journal."""

    name = "tracking"
    verbose_name = _("Seguimiento de campaña")

    def ready(self):
        from django.db.models.signals import post_save

        from characters.models import Award
        from combat.signals import action_committed, encounter_created

        from . import links

        encounter_created.connect(links.on_encounter_created, dispatch_uid="tracking.encounter_partida")
        action_committed.connect(links.on_action_committed, dispatch_uid="tracking.hero_points_partida")
        post_save.connect(links.on_award_saved, sender=Award, dispatch_uid="tracking.award_partida")

"""factory_boy factories shared by the suite. Data goes through the real services when a
service exists, so tests see the same invariants users do."""

import factory
from django.contrib.auth import get_user_model

from campaigns import services as campaign_services

DEFAULT_PASSWORD = "una-clave-larga-2026"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"jugador{n}")
    email = factory.LazyAttribute(lambda o: f"{o.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", DEFAULT_PASSWORD)

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):
        if create:
            obj.save()


def campaign_for(gm=None, name="La Liga de la Noche", **kwargs):
    gm = gm or UserFactory()
    return campaign_services.campaign_create(gm=gm, name=name, **kwargs)


def player_in(campaign, user=None):
    """A player who joined `campaign` with its invite code, as a person would."""
    user = user or UserFactory()
    campaign_services.campaign_join(user=user, invite_code=campaign.invite_code)
    return user

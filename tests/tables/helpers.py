"""Set-up shared by the directory's tests, through the real services."""

from __future__ import annotations

import json

from rest_framework.test import APIClient

from tables import services
from tests.characters.helpers import make_character
from tests.factories import UserFactory, campaign_for

PITCH = "Una ciudad **sin héroes**.\n\nBuscamos gente que escriba *dos veces por semana*."


def listed_campaign(gm=None, *, name="La Liga de la Noche", seats=2, **changes):
    """A campaign its GM listed, with a pitch and `seats` seats."""
    gm = gm or UserFactory(username="director")
    campaign = campaign_for(gm=gm, name=name)
    services.listing_update(
        campaign=campaign, changes={"listed": True, "pitch": PITCH, "seats": seats, **changes}
    )
    return campaign


def free_character(owner):
    """One of `owner`'s Epic20 sheets, in no campaign."""
    return make_character(owner)


def apply(user, campaign, *, message="Quiero jugar con una piloto.", character=None):
    return services.application_create(
        user=user, table_id=campaign.pk, message=message, character_id=getattr(character, "pk", character)
    )


def client_for(user=None, *, lang=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    if lang:
        client.credentials(HTTP_ACCEPT_LANGUAGE=lang)
    return client


def send(client, method: str, path: str, body=None):
    payload = body if isinstance(body, str) else json.dumps(body if body is not None else {})
    return client.generic(method, path, payload, content_type="application/json")


def codes(response) -> set[tuple[str, str]]:
    return {(e["path"], e["code"]) for e in response.json()["errors"]}

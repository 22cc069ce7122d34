"""An invite link names its campaign first: "Te han invitado a «…»" with its system and GM and a
"Unirme" button, above the page's own forms, for a signed-in player; a signed-out one reads the
same invitation on the sign-in and sign-up pages, and comes back to it once signed up."""

from __future__ import annotations

import pytest
from django.test import Client

from campaigns.models import Membership
from tests.characters.html_parts import element
from tests.factories import UserFactory, campaign_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign():
    return campaign_for(UserFactory(username="directora"), name="Crónicas de Gaïa", system="anima")


def _link(campaign) -> str:
    return f"/campaigns/join/?code={campaign.invite_code}"


def test_a_signed_in_player_reads_the_invitation_first_and_joins_with_one_click(campaign):
    player = UserFactory()
    client = Client()
    client.force_login(player)
    page = client.get(_link(campaign)).content.decode()

    invitation = element(page, "invitation")
    assert "Te han invitado a «Crónicas de Gaïa»" in invitation
    assert "Anima (d10), dirigida por directora." in invitation
    assert (
        page.index('id="invitation"') < page.index("Crear una campaña") < page.index("Unirse con un código")
    )

    joined = client.post("/campaigns/join/", {"invite_code": campaign.invite_code})
    assert joined.status_code == 302 and joined["Location"] == f"/campaigns/{campaign.pk}/"
    assert Membership.objects.filter(campaign=campaign, user=player).exists()


def test_the_invitation_reads_in_english_and_a_wrong_code_invites_to_nothing(campaign):
    client = Client()
    client.force_login(UserFactory())
    english = element(client.get(_link(campaign), HTTP_ACCEPT_LANGUAGE="en").content.decode(), "invitation")
    assert "You have been invited to “Crónicas de Gaïa”" in english and "run by directora" in english
    assert 'id="invitation"' not in client.get("/campaigns/join/?code=NOPE").content.decode()


def test_a_signed_out_invitee_reads_it_on_sign_in_and_sign_up_and_comes_back_to_it(campaign):
    client = Client()
    to_login = client.get(_link(campaign))
    assert to_login.status_code == 302
    login_page = client.get(to_login["Location"]).content.decode()
    assert "Te han invitado a «Crónicas de Gaïa»" in element(login_page, "invitation")

    signup = f"/accounts/signup/?next=/campaigns/join/%3Fcode%3D{campaign.invite_code}"
    assert "Te han invitado a «Crónicas de Gaïa»" in element(
        client.get(signup).content.decode(), "invitation"
    )
    fields = {"username": "nueva", "password1": "una-clave-larga-9", "password2": "una-clave-larga-9"}
    refused = client.post(signup, {**fields, "password2": "otra", "next": _link(campaign)})
    assert "Te han invitado a «Crónicas de Gaïa»" in element(refused.content.decode(), "invitation")
    signed_up = client.post("/accounts/signup/", {**fields, "next": _link(campaign)})

    assert signed_up.status_code == 302 and signed_up["Location"] == _link(campaign)
    assert "Te han invitado a «Crónicas de Gaïa»" in element(
        client.get(_link(campaign)).content.decode(), "invitation"
    )

"""What a walk through "Buscar mesa" tripped over: no way to build a sheet from the apply form;
a blocked player learned it only after writing; the GM's card read an MSH sheet as "(Nivel 0)";
the GM could not read the sheet an applicant sent before accepting; no way to unblock."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from characters import services as characters
from tables import services
from tables.models import ApplicantBlock, Application
from tests.characters.helpers import nova
from tests.factories import UserFactory
from tests.rules.msh.helpers import sheet as msh_sheet

from .helpers import apply, free_character, listed_campaign

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _blocked(campaign, player) -> None:
    application = apply(player, campaign)
    services.application_decide(
        campaign=campaign, application_id=application.pk, status="declined", block=True
    )


def test_the_apply_form_links_to_the_builder_which_comes_back_to_it():
    campaign = listed_campaign()
    player = UserFactory()
    client = _client(player)
    apply_url = reverse("tables:apply", args=[campaign.pk])
    html = client.get(apply_url).content.decode()
    link = f"/characters/new/?system=epic20&amp;next=%2Fmesas%2F{campaign.pk}%2Fsolicitar%2F"
    assert f'<a href="{link}">Crear una ficha nueva para esta mesa</a>' in html
    client.get(link.replace("&amp;", "&"))
    from tests.characters.helpers import form_data

    saved = client.post("/characters/new/", form_data(nova(name="Vela"), save="1"))
    assert saved.status_code == 302 and saved["Location"] == apply_url
    assert "Vela" in client.get(apply_url).content.decode()  # offered at once


def test_a_blocked_player_learns_it_before_writing_and_gets_no_form():
    campaign = listed_campaign()
    player = UserFactory()
    _blocked(campaign, player)
    html = _client(player).get(reverse("tables:apply", args=[campaign.pk])).content.decode()
    assert "El director de esta campaña no acepta más solicitudes tuyas." in html
    assert 'id="apply-form"' not in html and 'name="message"' not in html


def test_the_gm_s_card_shows_a_level_only_for_a_system_that_has_one_and_links_the_sheet():
    gm = UserFactory()
    campaign = listed_campaign(gm)
    player = UserFactory()
    sheet = free_character(player)
    application = apply(player, campaign, character=sheet.pk)
    html = _client(gm).get(reverse("tables:applications", args=[campaign.pk])).content.decode()
    sheet_url = reverse("tables:applicant_sheet", args=[campaign.pk, application.pk])
    assert f'<a href="{sheet_url}">{sheet.name}</a> (Nivel 8)' in html
    campaign.system = "msh"
    campaign.save(update_fields=["system"])
    hulk = characters.character_create(owner=player, sheet=msh_sheet("Coloso"))
    Application.objects.filter(pk=application.pk).update(character=hulk)
    html = _client(gm).get(reverse("tables:applications", args=[campaign.pk])).content.decode()
    assert f'<a href="{sheet_url}">Coloso</a>' in html and "Nivel 0" not in html


def test_the_gm_reads_the_sent_sheet_before_deciding_and_no_one_else_may():
    gm = UserFactory()
    campaign = listed_campaign(gm)
    player = UserFactory()
    sheet = free_character(player)
    application = apply(player, campaign, character=sheet.pk)
    url = reverse("tables:applicant_sheet", args=[campaign.pk, application.pk])
    response = _client(gm).get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<h1 class="h2 mb-0">{sheet.name}</h1>' in html or f">{sheet.name}</h1>" in html
    assert "piloto con rayos de plasma" in html  # the sheet itself, not only its title
    assert f"/characters/{sheet.pk}/edit/" not in html
    assert _client(UserFactory()).get(url).status_code in (403, 404)
    empty = apply(UserFactory(), campaign)
    assert _client(gm).get(reverse("tables:applicant_sheet", args=[campaign.pk, empty.pk])).status_code == 404


def test_the_gm_unblocks_a_player_who_may_then_apply_again():
    gm = UserFactory()
    campaign = listed_campaign(gm)
    player = UserFactory(username="vetada")
    _blocked(campaign, player)
    gm_client = _client(gm)
    html = gm_client.get(reverse("tables:applications", args=[campaign.pk])).content.decode()
    assert 'aria-label="Desbloquear a vetada"' in html
    response = gm_client.post(reverse("tables:unblock", args=[campaign.pk, player.pk]))
    assert response.status_code == 302
    assert not ApplicantBlock.objects.filter(campaign=campaign, user=player).exists()
    assert (
        'id="apply-form"' in _client(player).get(reverse("tables:apply", args=[campaign.pk])).content.decode()
    )
    assert _client(player).post(reverse("tables:unblock", args=[campaign.pk, player.pk])).status_code in (
        403,
        404,
    )

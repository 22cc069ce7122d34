"""A player who joined the campaign but has no one in a fight finds the way in where the page
opens (the action area, the phone's default tab), in every system; a player already in the fight
and the GM do not get it there."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.characters.html_parts import element
from tests.combat.system_fights import SYSTEMS, running_fight
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def page_of(user, url: str) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture(params=SYSTEMS)
def fight(request):
    return running_fight(request.param, gm=UserFactory(), veteran=UserFactory(), newcomer=UserFactory())


def test_the_newcomer_gets_the_join_form_first_in_the_action_area(fight):
    html = page_of(fight.newcomer, fight.url)
    controls = element(html, "encounter-controls")
    join = element(controls, "join-form")
    assert f'<option value="{fight.newcomer_character.pk}">Brisa</option>' in join
    assert "Aún no tienes a nadie en este combate. Entra con uno de tus personajes:" in join
    assert "Entrar en el combate" in join
    # It comes before the system's own controls, right under the heading.
    after_heading = controls[controls.index("</h2>") + len("</h2>") :]
    assert re.match(r'\s*<form [^>]*id="join-form"', after_heading)
    # And only once on the page: not again under the combatants.
    assert html.count('id="join-form"') == 1
    assert "join-form" not in element(html, "fight-pane-tracker")


def test_a_player_already_in_the_fight_gets_no_join_form_in_the_action_area(fight):
    html = page_of(fight.veteran, fight.url)
    assert "join-form" not in element(html, "encounter-controls")
    assert "join-form" not in html  # nothing else of theirs to bring


def test_the_gm_gets_no_join_form(fight):
    html = page_of(fight.gm, fight.url)
    assert "join-form" not in html and "join-hint" not in html


def test_once_in_the_fight_the_newcomer_s_action_area_is_the_system_s_again(fight):
    client = Client()
    client.force_login(fight.newcomer)
    response = client.post(
        fight.url + "combatants/", {"character": fight.newcomer_character.pk, "side": "heroes"}
    )
    assert response.status_code == 302
    html = page_of(fight.newcomer, fight.url)
    assert "join-form" not in html
    assert fight.encounter.combatants.filter(owner=fight.newcomer, removed=False).count() == 1


def test_a_member_with_no_character_to_bring_is_told_where_to_get_one(fight):
    from tests.factories import player_in

    stranger = player_in(fight.encounter.campaign, UserFactory())
    controls = element(page_of(stranger, fight.url), "encounter-controls")
    hint = element(controls, "join-bring-first")
    assert "Aún no tienes ningún personaje en esta campaña para entrar en el combate." in hint
    campaign = fight.encounter.campaign_id
    assert f'<a href="/campaigns/{campaign}/">Trae uno desde la página de la campaña</a>' in hint
    assert "join-bring-first" not in page_of(fight.veteran, fight.url)
    assert "join-bring-first" not in page_of(fight.gm, fight.url)

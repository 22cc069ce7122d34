"""Anima: a weapon just readied is in the attack form's "Con" at once, first, before "Desarmado",
without reloading the page: the page's live update redraws the forms when what the viewer's
combatants hold changes, not only when the turn does (Atacar: "desenfunda o equipa su arma")."""

from __future__ import annotations

import re

import pytest

from tests.characters.html_parts import element
from tests.combat.encounters import dice as scripted
from tests.combat.test_anima_pages import Fight

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    yield scripted.QUEUE
    scripted.QUEUE.clear()


def _turn_key(html: str) -> str:
    return re.search(r'data-turn-key="([^"]*)"', html).group(1)


def _strike_options(html: str) -> list[str]:
    return re.findall(r'<option value="attack:([^"]+)"', element(html, "attack-strike"))


def test_a_weapon_readied_now_is_offered_first_by_the_live_update(queued):
    fight = Fight()
    fight.start(queued)
    client = fight.player_page
    before = fight.html(client)
    assert _strike_options(before) == ["Espada larga", "unarmed"]
    seq = int(re.search(r'data-seq="(\d+)"', before).group(1))

    client.post(
        fight.url + "act/",
        {"type": "equip", "actor": fight.celia, "weapons": ["Daga"]},
        HTTP_HX_REQUEST="true",
    )
    update = client.get(
        f"{fight.url}log/after/{seq}", {"t": _turn_key(before), "page": "detail"}, HTTP_HX_REQUEST="true"
    ).content.decode()

    assert 'id="encounter-controls"' in update
    assert _strike_options(update) == ["Daga", "unarmed"]  # the first is the one selected
    assert _turn_key(update) != _turn_key(before)

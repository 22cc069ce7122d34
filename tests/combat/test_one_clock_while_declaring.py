"""One clock on the fight page while declaring ahead: the header and the declarations' panels say
the same time, named the system's way (Epic20's "Asalto", Anima's "Turno", Hero's "Turno …, segmento
…"), even when the declarations were opened rounds after the fight began (their own count, the
API's `declarations.round`, is not the fight's time); the log's "declarations open" line has no
number of its own. And the header of every system, before and while declaring."""

from __future__ import annotations

import pytest
from django.test import Client

from combat import services
from combat.models import Encounter
from tests.characters.html_parts import element
from tests.combat.system_fights import running_fight
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def html_of(user, url: str) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def text_of(html: str, element_id: str) -> str:
    """An element's text, tags taken out and spaces folded."""
    import re

    inner = re.sub(r"<[^>]+>", " ", element(html, element_id))
    return " ".join(inner.split())


def fight_in_its_second_round(system: str):
    """A running fight of `system` whose combatants ended their turns into the second round (Hero:
    turn 2), then declaring ahead switched on: the first declaration window, in round 2."""
    fight = running_fight(system, gm=UserFactory(), veteran=UserFactory(), newcomer=UserFactory())
    encounter = fight.encounter
    for _ in range(40):
        if encounter.round >= 2:
            break
        current = encounter.state["current"]
        services.encounter_act(
            encounter=encounter, user=fight.gm, action={"type": "end_turn", "actor": current}
        )
        encounter.refresh_from_db()
    assert encounter.round == 2
    services.encounter_declare_ahead(encounter=encounter, user=fight.gm, on=True)
    encounter.refresh_from_db()
    assert encounter.state["declarations"]["round"] == 1  # the window's own count differs
    return fight


@pytest.mark.parametrize(("system", "header"), [("epic20", "Asalto 2"), ("anima", "Turno 2")])
def test_the_header_and_the_panels_say_the_same_round(system, header):
    fight = fight_in_its_second_round(system)
    for user in (fight.veteran, fight.gm):
        html = html_of(user, fight.url)
        assert text_of(html, "encounter-round") == header
        assert text_of(html, "fight-waiting-heading") == f"Declaraciones abiertas ({header})"
        assert "ronda" not in text_of(html, "encounter-page").lower()
    player_heading = text_of(html_of(fight.veteran, fight.url), "controls-heading")
    name = fight.encounter.combatants.get(owner=fight.veteran).name
    assert player_heading == f"Declaraciones abiertas ({header}): declara {name}"


def test_hero_names_its_turn_and_segment_in_the_header_and_the_panels():
    fight = fight_in_its_second_round("hero")
    encounter = Encounter.objects.get(pk=fight.encounter.pk)
    time = f"Turno 2, segmento {encounter.state['segment']}"
    html = html_of(fight.veteran, fight.url)
    assert text_of(html, "encounter-round") == time
    assert text_of(html, "fight-waiting-heading") == f"Declaraciones abiertas ({time})"
    assert text_of(html, "controls-heading") == f"Declaraciones abiertas ({time}): declara Dragón"


@pytest.mark.parametrize("system", ["epic20", "anima", "hero"])
def test_the_log_line_of_opened_declarations_has_no_number_of_its_own(system):
    fight = fight_in_its_second_round(system)
    opened = fight.encounter.events.get(type="declarations_opened")
    assert opened.payload["text"] == {"es": "Se abren las declaraciones.", "en": "Declarations are open."}


@pytest.mark.parametrize(
    ("system", "header"),
    [
        ("epic20", "Asalto 1"),
        ("anima", "Turno 1"),
        ("hero", "Turno 1, segmento 12"),
        ("msh", "Asalto 1, fase de declaración: Villanos"),
    ],
)
def test_the_header_names_the_fight_s_time_the_system_s_way(system, header, settings):
    if system == "msh":  # the sides' initiative: the heroes 10, the villains 4 (who declare first)
        from tests.combat.encounters import dice

        settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
        dice.QUEUE[:] = [10, 4]
    fight = running_fight(system, gm=UserFactory(), veteran=UserFactory(), newcomer=UserFactory())
    assert text_of(html_of(fight.veteran, fight.url), "encounter-round") == header

"""Every page around the characters, in Chromium at a desk (1366×900) and on a phone (390×844):
axe-core finds no serious or critical violation, and nothing scrolls sideways at 390 px.

For each of the four systems: the campaign (as its GM and as a player), its journal, its list of
fights, a fight before it starts and one running (GM and player), a running fight's log, export
and verify pages, the table's public page and its public fight, the apply form (as someone who
is not in the campaign), and the GM's listing and applications pages. Once: the campaign list,
the tables directory, my applications, the account and password-change pages, the home page
logged in. The character pages, the logged-out pages, the notifications page and joining are
in test_accessibility.py.

One page per person, visiting every address in turn, keeps the file to a few minutes. With
SCREENSHOT_DIR set, each page is saved there as it opens, to be looked at:

    SCREENSHOT_DIR=/tmp/shots .venv/bin/pytest -p no:xdist -m e2e tests/e2e/test_accessibility_pages.py
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.e2e.test_accessibility import SYSTEMS, _problems, _sheet
from tests.e2e.test_fight_page import SIZES

pytestmark = pytest.mark.e2e


def _npc(system: str) -> dict:
    """An NPC of the system, from its demo table (Epic20: the encounter tests' thug)."""
    if system == "epic20":
        from tests.combat.encounters.conftest import THUG

        return THUG
    if system == "hero":
        from combat.demos import hero

        return hero.NPCS[1]
    if system == "anima":
        from combat.demos import anima

        return anima.NPCS[0]
    from combat.demos import msh

    return msh.VILLAINS[0]


def _fight(campaign, gm, character, name: str, *, start: bool):
    from combat import services

    encounter = services.encounter_create(campaign=campaign, user=gm, name=name)
    services.combatant_add(encounter=encounter, user=gm, side="heroes", character_id=character.pk)
    services.combatant_add(
        encounter=encounter, user=gm, side="villains", npc_sheet=_npc(system=campaign.system)
    )
    if start:
        services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    return encounter


@pytest.fixture
def table(make_user):
    """Per system: a GM's listed campaign, a player with a character in it, a fight set up and
    one running (public on the table's page), a journal entry, and an outsider's application."""

    def build(system: str) -> dict:
        from characters import services as characters
        from tables import services as tables
        from tests.factories import campaign_for, player_in
        from tracking import journal

        gm, player = make_user(username=f"dj-{system}"), make_user(username=f"pj-{system}")
        outsider = make_user(username=f"aspirante-{system}")
        campaign = campaign_for(gm, name=f"Mesa de {system}", system=system)
        player_in(campaign, player)
        character = characters.character_create(owner=player, sheet=_sheet(system), campaign=campaign)
        waiting = _fight(campaign, gm, character, "Emboscada por empezar", start=False)
        running = _fight(campaign, gm, character, "Emboscada en marcha", start=True)
        journal.entry_create(campaign=campaign, author=gm, body="La **primera** noche en el puerto.")
        changes = {
            "listed": True,
            "pitch": "Una mesa **abierta**.",
            "seats": 3,
            "public_encounters": [running.pk],
        }
        tables.listing_update(campaign=campaign, changes=changes)
        applicant = make_user(username=f"solicitante-{system}")
        tables.application_create(user=applicant, table_id=campaign.pk, message="¿Hay sitio para mí?")
        return {
            "gm": gm,
            "player": player,
            "outsider": outsider,
            "campaign": campaign.pk,
            "waiting": waiting.pk,
            "running": running.pk,
        }

    return build


def _campaign_pages(people: dict) -> dict[str, str]:
    campaign, waiting, running = people["campaign"], people["waiting"], people["running"]
    return {
        "campaign": f"/campaigns/{campaign}/",
        "journal": f"/campaigns/{campaign}/journal/",
        "encounters": f"/encounters/campaign/{campaign}/",
        "fight before it starts": f"/encounters/{waiting}/",
        "fight running": f"/encounters/{running}/",
        "log": f"/encounters/{running}/log/",
        "export": f"/encounters/{running}/export/",
        "verify": f"/encounters/{running}/verify/",
    }


def _pages_of(role: str, people: dict) -> dict[str, str]:
    campaign = people["campaign"]
    if role == "outsider":
        return {
            "table page": f"/mesas/{campaign}/",
            "public fight": f"/mesas/{campaign}/combates/{people['running']}/",
            "apply form": f"/mesas/{campaign}/solicitar/",
        }
    pages = _campaign_pages(people)
    if role == "gm":
        pages["listing"] = f"/mesas/campana/{campaign}/anuncio/"
        pages["applications"] = f"/mesas/campana/{campaign}/solicitudes/"
    return pages


def _shoot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{re.sub(r'[^a-z0-9]+', '-', name.lower())}.png"))


def _visit(page, pages: dict[str, str], size: str, label: str = "") -> dict[str, list[str]]:
    problems = {}
    for name, url in pages.items():
        response = page.goto(url)
        found = [] if response.status == 200 else [f"answered {response.status}"]
        found += _problems(page, size)
        _shoot(page, f"{label} {name} {size}")
        if found:
            problems[f"{name} ({url})"] = found
    return problems


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_campaign_fight_and_table_page_of_the_system_passes_axe(
    new_page, force_login, table, system, size
):
    people = table(system)
    problems = {}
    for role in ("gm", "player", "outsider"):
        page = force_login(new_page(viewport=SIZES[size]), people[role])
        found = _visit(page, _pages_of(role, people), size, f"{system} {role}")
        problems.update({f"{role}: {name}": value for name, value in found.items()})
    assert not problems, problems


@pytest.mark.parametrize("size", SIZES)
def test_the_pages_of_no_system_pass_axe(new_page, force_login, make_user, size):
    from tables import services as tables
    from tests.factories import campaign_for

    player = make_user(username="viajera")
    listed = campaign_for(make_user(username="dj-abierta"), name="Mesa abierta", system="msh")
    tables.listing_update(campaign=listed, changes={"listed": True, "pitch": "Se busca gente.", "seats": 2})
    tables.application_create(user=player, table_id=listed.pk, message="Me gustaría jugar.")
    page = force_login(new_page(viewport=SIZES[size]), player)
    pages = {
        "home": "/",
        "campaign list": "/campaigns/",
        "tables directory": "/mesas/",
        "my applications": "/mesas/solicitudes/",
        "account": "/accounts/",
        "password change": "/accounts/password/",
    }
    problems = _visit(page, pages, size, "site")
    assert not problems, problems

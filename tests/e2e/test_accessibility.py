"""The character pages of every system in Chromium at a desk (1366×900) and on a phone (390×844):
axe-core finds no serious or critical violation on the character list, the import page, the
builder (new and editing) and the sheet, as the character's owner and as the campaign's GM
(who may open the sheet and the builder of a character in their campaign); and nothing scrolls
sideways at 390 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_fight_page import SIZES, _scrolls_sideways, _serious_violations

pytestmark = pytest.mark.e2e

SYSTEMS = ("epic20", "hero", "msh", "anima")


def _sheet(system: str) -> dict:
    """A legal sheet of each system with rows in every list the builder draws."""
    if system == "epic20":
        from tests.characters.helpers import nova

        return nova()
    if system == "hero":
        from tests.rules.hero.helpers import attack_entry, sheet

        return sheet("Dragón", attacks=[attack_entry("Rayo", dice=6)])
    if system == "msh":
        from tests.rules.msh.helpers import sheet

        return sheet(
            "Coloso",
            fighting=20,
            strength=50,
            endurance=40,
            intuition=10,
            weapons=[{"name": "Viga", "combat_type": "thrown-blunt", "damage": 20, "material": 40}],
        )
    from rules.anima.examples import SWORDSWOMAN

    return dict(SWORDSWOMAN)


@pytest.fixture
def table(make_user):
    """Per system: a GM's campaign of that system and a player's character in it."""

    def build(system: str) -> dict:
        from characters import services as characters
        from tests.factories import campaign_for, player_in

        gm, player = make_user(username=f"gm-{system}"), make_user(username=f"pj-{system}")
        campaign = campaign_for(gm, system=system)
        player_in(campaign, player)
        character = characters.character_create(owner=player, sheet=_sheet(system), campaign=campaign)
        return {"gm": gm, "player": player, "character": character}

    return build


def _pages(system: str, role: str, pk: int) -> dict[str, str]:
    pages = {"sheet": f"/characters/{pk}/", "edit": f"/characters/{pk}/edit/"}
    if role == "player":
        pages.update(
            {
                "list": "/characters/",
                "new": f"/characters/new/?system={system}",
                "import": "/characters/import/",
            }
        )
    return pages


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("role", ["player", "gm"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_character_pages_pass_axe_and_fit_the_screen(new_page, force_login, table, system, role, size):
    people = table(system)
    page = force_login(new_page(viewport=SIZES[size]), people[role])
    problems = {}
    for name, url in _pages(system, role, people["character"].pk).items():
        response = page.goto(url)
        assert response.status == 200, (url, response.status)
        page.wait_for_load_state("networkidle")
        found = _serious_violations(page)
        if size == "phone" and _scrolls_sideways(page):
            width = page.evaluate("document.documentElement.scrollWidth")
            found.append(f"the page scrolls sideways at 390 px ({width} px wide)")
        if found:
            problems[name] = found
    assert not problems, problems


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_builders_errors_pass_axe_too(new_page, force_login, table, system):
    """A builder showing errors: the same checks with the red boxes and the summary on screen, and
    the emptied name names its error box, so a screen reader reads the error with the field."""
    people = table(system)
    page = force_login(new_page(viewport=SIZES["phone"]), people["player"])
    page.goto(f"/characters/{people['character'].pk}/edit/")
    name = page.locator("#id_name")
    name.fill("")
    name.dispatch_event("change")
    expect(page.locator("#err-name")).not_to_be_empty()
    page.wait_for_load_state("networkidle")
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_attribute("aria-describedby", re.compile(r"(^| )err-name( |$)"))
    assert page.locator("[aria-live]").filter(has=page.locator("[href='#field-name']")).count() == 1
    found = _serious_violations(page)
    if _scrolls_sideways(page):
        found.append("the page scrolls sideways at 390 px")
    assert not found, found

"""No word of a heading or a table cell is split across lines, on a phone or a desk: the GM's
STUN/BODY/END table of a Hero fight, the Hero sheet ("Cuerpo a cuerpo" broke into "Cuerp / o a /
cuerp / o") and "Mis personajes". The site lets long text wrap anywhere so no page scrolls
sideways; in a table column or a heading that let a word shrink to a letter or two a line."""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.e2e
SHOTS = os.environ.get("EPIC20_SCREENSHOTS")

# Every word of every heading and table cell in `main` drawn on more than one line.
SPLIT_WORDS = """() => {
  const split = [];
  for (const cell of document.querySelectorAll("main :is(h1,h2,h3,h4,h5,h6,th,td)")) {
    if (!cell.offsetParent) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent;
      for (const match of text.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(Array.from(range.getClientRects(), r => Math.round(r.top)));
        if (tops.size > 1) split.push(match[0]);
      }
    }
  }
  return split;
}"""


@pytest.fixture
def hero_table(live_url, make_user):
    from campaigns import services as campaign_services
    from characters import services as characters
    from combat import services
    from tests.rules.hero.helpers import attack_entry, sheet

    gm, player = make_user(username="directora"), make_user(username="jugadora")
    campaign = campaign_services.campaign_create(gm=gm, name="Campeones", system="hero")
    campaign_services.campaign_join(user=player, invite_code=campaign.invite_code)
    dragon = sheet("Dragón", attacks=[attack_entry("Puño de jade", dice=6)])
    character = characters.character_create(owner=player, sheet=dragon, campaign=campaign)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Laboratorio")
    services.combatant_add(encounter=encounter, user=player, side="heroes", character_id=character.pk)
    services.combatant_add(
        encounter=encounter, user=gm, side="villains", npc_sheet=sheet("Matón de la Serpiente", spd=3)
    )
    services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    return gm, player, encounter, character


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)], ids=["phone", "desktop"])
def test_no_word_of_a_heading_or_a_table_cell_is_split(new_page, force_login, hero_table, size):
    gm, player, encounter, character = hero_table
    width, height = size
    pages = {
        "fight": (gm, f"/encounters/{encounter.pk}/"),
        "sheet": (player, f"/characters/{character.pk}/"),
        "list": (player, "/characters/"),
    }
    found = {}
    for name, (user, url) in pages.items():
        page = force_login(new_page(viewport={"width": width, "height": height}), user)
        page.goto(url)
        page.wait_for_load_state("networkidle")
        if name == "fight" and width < 992:
            page.locator("#fight-tab-tracker").click()  # the tables are on the "Combatientes" tab
        if split := page.evaluate(SPLIT_WORDS):
            found[name] = split
        if page.evaluate("document.documentElement.scrollWidth > window.innerWidth"):
            found.setdefault(name, []).append("the page scrolls sideways")
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, f"words-{name}-{width}.png"), full_page=True)
    assert found == {}

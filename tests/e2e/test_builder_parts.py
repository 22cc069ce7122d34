"""Every system's builder (untouched, with errors after a change, with a row of each kind) and sheet, at a desk
(1366×900) and on a phone (390×844): nothing scrolls sideways and no label, heading or table
heading breaks inside a word ("Val / or"). With SCREENSHOT_DIR set, each view is saved there."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rules.registration import registrations

pytestmark = pytest.mark.e2e

SIZES = {"desk": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
SYSTEMS = tuple(slug for slug, found in registrations().items() if found.pages is not None)
# The words of every visible label, heading, term and button that the browser drew on more than
# one line: a word broken inside itself.
BROKEN_WORDS = """() => {
  const broken = [];
  const selector = "main label, main th, main dt, main legend, main h1, main h2, main summary, main .btn";
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length || el.closest(".visually-hidden")) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/[^\\s\\-‐]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


def sheet_for(system: str) -> dict:
    from tests.characters.helpers import nova
    from tests.rules.anima.helpers import sheet as anima_sheet
    from tests.rules.hero.helpers import attack_entry
    from tests.rules.hero.helpers import sheet as hero_sheet
    from tests.rules.msh.helpers import sheet as msh_sheet

    return {
        "epic20": nova,
        "msh": lambda: msh_sheet("Cíclope"),
        "anima": lambda: anima_sheet("Celia"),
        "hero": lambda: hero_sheet("Dragón", attacks=[attack_entry("Rayo de energía")]),
    }[system]()


def look(page, name: str) -> None:
    """Nothing sideways, no word broken; saved under SCREENSHOT_DIR when it is set."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    assert page.evaluate(BROKEN_WORDS) == [], name
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("system", SYSTEMS)
def test_builders_and_sheets_fit_and_break_no_word(new_page, make_user, force_login, system, size):
    from characters import services

    player = make_user(username=f"partes-{system}-{size}")
    page = new_page(viewport=SIZES[size])
    force_login(page, player)

    page.goto(f"/characters/new/?system={system}")
    expect(page.locator("#sheet-untouched")).to_be_visible()
    expect(page.locator(".field-errors .invalid-feedback")).to_have_count(0)
    look(page, f"{system}-{size}-builder-blank")

    name = page.locator("#id_name")
    name.fill("Nova")
    name.fill("")  # typed, then erased: the name is missing
    name.blur()
    expect(page.locator("#error-list")).to_be_visible()
    expect(page.locator("#err-name .invalid-feedback")).to_be_visible()
    look(page, f"{system}-{size}-builder-errors")

    buttons = page.locator("#builder button[id^='add-']")
    for index in range(buttons.count()):  # one row of every kind
        rows = page.locator("#builder .builder-row, #builder .anima-row").count()
        buttons.nth(index).click()
        expect(page.locator("#builder .builder-row, #builder .anima-row")).to_have_count(rows + 1)
    look(page, f"{system}-{size}-builder-rows")

    character = services.character_create(owner=player, sheet=sheet_for(system))
    page.goto(f"/characters/{character.pk}/")
    expect(page.locator("#sheet-name")).to_be_visible()
    look(page, f"{system}-{size}-sheet")

"""Declaring ahead in a fight's second round, in the browser, in every system that declares ahead:
the header and the declarations' panels show the same time, named the system's way. With
SCREENSHOT_DIR set, the page is saved there as the player and as the GM, at both sizes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e
SIZES = {"desk": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def _save(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


@pytest.mark.parametrize("system", ["epic20", "anima", "hero"])
def test_the_header_and_the_panels_name_one_time(new_page, force_login, transactional_db, system):
    from combat.models import Encounter
    from tests.combat.test_one_clock_while_declaring import fight_in_its_second_round

    fight = fight_in_its_second_round(system)
    page_for = {"player": fight.veteran, "gm": fight.gm}
    encounter = Encounter.objects.get(pk=fight.encounter.pk)
    time = {"hero": f"Turno 2, segmento {encounter.state.get('segment')}", "anima": "Turno 2"}.get(
        system, "Asalto 2"
    )
    for role, user in page_for.items():
        for size, viewport in SIZES.items():
            page = force_login(new_page(viewport=viewport), user)
            page.goto(fight.url)
            expect(page.locator("#encounter-round")).to_have_text(time)
            expect(page.locator("#fight-waiting-heading")).to_have_text(f"Declaraciones abiertas ({time})")
            expect(page.locator("#controls-heading")).to_contain_text(
                f"Declaraciones abiertas ({time}): declara"
            )
            _save(page, f"declaring-{system}-{role}-{size}")

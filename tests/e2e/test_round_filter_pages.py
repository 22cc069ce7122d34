"""The log page and the export page of a running MSH and Hero fight, at a desk (1366×900) and on
a phone (390×844): the round filter reads as the system names its stretches of the fight, with
the setup first as "Preparación"; choosing it exports the setup under that heading; a changed
MSH declaration reads as the change; nothing scrolls sideways. With SCREENSHOT_DIR set, each
view is saved there too (tests/e2e/test_screenshots.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SIZES = {"desk": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
OPTIONS = {
    "msh": ["Preparación", "Asalto 1", "Asalto 2", "Asalto 3"],
    "hero": ["Preparación", "Turno 1", "Turno 2"],
}
PLAYED = {"msh": 1, "hero": 5}


def _declares(encounter, gm, cid: int, action: dict) -> bool:
    from combat import services
    from epic20site.errors import DomainError

    try:
        services.encounter_act(
            encounter=encounter, user=gm, action={"type": "declare", "actor": cid, "action": action}
        )
    except DomainError:  # not this combatant's side's moment, or it cannot act
        return False
    return True


def _change_a_declaration(encounter) -> str:
    """A combatant whose side's moment it is declares nothing, then an attack: the change line.
    When the one it passed for was its side's last, the moment has gone to the other side, and
    the change is tried there (a side that has finished declaring cannot change, seed 001)."""
    from tests.combat.demo_fights import _combatants, _enemy

    gm = encounter.campaign.gm
    for _side in range(2):
        for cid in sorted(_combatants(encounter)):
            if not _declares(encounter, gm, cid, {"type": "pass"}):
                continue
            attack = {"type": "attack", "target": _enemy(encounter, cid), "combat_type": "blunt"}
            if _declares(encounter, gm, cid, attack):
                encounter.refresh_from_db()
                return encounter.combatants.get(pk=cid).name
    raise AssertionError("nobody may change a declaration")


@pytest.fixture(params=list(OPTIONS))
def fight(request, live_url, settings):
    from tests.combat.demo_fights import play

    settings.DEBUG = True  # the demo's public passwords
    encounter = play(request.param, actions=PLAYED[request.param])
    changed = _change_a_declaration(encounter) if request.param == "msh" else None
    return request.param, encounter, changed


def _save(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(Path(folder) / f"{name}.png"))
    page.screenshot(path=str(Path(folder) / f"{name}-full.png"), full_page=True)


def _save_options(page, select: str, name: str) -> None:
    """The filter drawn open (a list as tall as its options), for the eye only."""
    if not os.environ.get("SCREENSHOT_DIR"):
        return
    page.locator(select).evaluate("s => { s.size = s.options.length; }")
    _save(page, name)
    page.locator(select).evaluate("s => { s.size = 0; }")


def _fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("size", SIZES)
def test_the_log_page_filters_by_the_systems_rounds(new_page, force_login, fight, size):
    system, encounter, changed = fight
    page = force_login(new_page(viewport=SIZES[size]), encounter.campaign.gm)
    page.goto(f"/encounters/{encounter.pk}/log/")

    options = page.locator("#filter-round option")
    expect(options).to_have_text(["Todos", *OPTIONS[system]])
    if changed:
        change = page.get_by_text(f"{changed} cambia su declaración: No hacer nada →")
        expect(change).to_be_visible()
        change.scroll_into_view_if_needed()
        _save(page, f"log-{system}-change-{size}")
        page.evaluate("window.scrollTo(0, 0)")
    _fits(page)
    _save(page, f"log-{system}-{size}")
    _save_options(page, "#filter-round", f"log-{system}-options-{size}")

    page.locator("#filter-round").select_option(label="Preparación")
    expect(page.locator("#filter-round")).to_have_value("0")
    joined = encounter.combatants.count()
    expect(page.locator(".encounter-event")).to_have_count(joined)
    expect(page.locator(".encounter-event .event-time")).to_have_text(["Preparación"] * joined)
    _fits(page)
    _save(page, f"log-{system}-setup-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_the_export_page_exports_the_setup_as_setup(new_page, force_login, fight, size):
    system, encounter, _changed = fight
    page = force_login(new_page(viewport=SIZES[size]), encounter.campaign.gm)
    page.goto(f"/encounters/{encounter.pk}/export/")

    expect(page.locator("#export-round option")).to_have_text(["Todo el combate", *OPTIONS[system]])
    _fits(page)
    _save(page, f"export-{system}-{size}")
    _save_options(page, "#export-round", f"export-{system}-options-{size}")

    page.locator("#export-round").select_option(label="Preparación")
    page.get_by_role("button", name="Generar").click()
    expect(page.locator("#export-round")).to_have_value("0")
    text = page.locator("#export-text").input_value()
    assert text.startswith(f"[b]{encounter.name} · Preparación[/b]\n\n[u]Preparación[/u]\n#1 ")
    assert "Asalto 0" not in text and "Turno 0" not in text
    _fits(page)
    _save(page, f"export-{system}-setup-{size}")

""" "Importar una ficha" in Chromium, at a desk and on a phone: from the Hero and Anima builders, a
player uploads a file, reads the preview with the report, and saves it; axe-core finds no serious
or critical violation on the upload page and the preview, and nothing scrolls sideways at 390 px.
Screenshots go to $IMPORT_SHOTS when it is set (for looking at the pages)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.test_fight_page import SIZES, _scrolls_sideways, _serious_violations

pytestmark = pytest.mark.e2e
ORACLES = Path(__file__).parents[1] / "characters" / "import_oracles"


def _files(tmp_path) -> dict[str, tuple[Path, str]]:
    from tests.characters.test_import_api import HERO, NPC

    hero = tmp_path / "centella.hdc"
    hero.write_bytes(("\ufeff" + HERO).encode("utf-16-le"))
    anima = tmp_path / "guardia.json"
    anima.write_text(json.dumps(NPC))
    return {"hero": (hero, "hero-designer"), "anima": (anima, "foundry-anima")}


def _checked(page, size: str) -> list[str]:
    page.wait_for_load_state("networkidle")
    found = _serious_violations(page)
    if size == "phone" and _scrolls_sideways(page):
        found.append("the page scrolls sideways at 390 px")
    return found


def _shot(page, name: str) -> None:
    folder = os.environ.get("IMPORT_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("system", ["hero", "anima"])
def test_a_player_imports_a_file_from_the_builder(new_page, force_login, make_user, tmp_path, system, size):
    from characters.models import Character

    user = make_user(username=f"importa-{system}-{size}")
    page = force_login(new_page(viewport=SIZES[size]), user)
    path, file_format = _files(tmp_path)[system]
    page.goto(f"/characters/new/?system={system}")
    page.get_by_role("link", name="Importar una ficha").click()
    problems = {"upload": _checked(page, size)}
    _shot(page, f"{system}-{size}-upload")

    page.get_by_label("Archivo").set_input_files(str(path))
    page.get_by_label("Formato").select_option(file_format)
    page.get_by_role("button", name="Ver la ficha").click()
    expect(page.locator("#import-preview")).to_be_visible()
    expect(page.get_by_role("heading", name="Informe de la importación")).to_be_visible()
    problems["preview"] = _checked(page, size)
    _shot(page, f"{system}-{size}-preview")
    assert Character.objects.count() == 0

    page.get_by_role("button", name="Guardar").click()
    expect(page.get_by_text("Personaje importado.")).to_be_visible()
    problems["sheet"] = _checked(page, size)
    _shot(page, f"{system}-{size}-sheet")
    assert Character.objects.filter(owner=user).count() == 1
    assert not {k: v for k, v in problems.items() if v}, problems


@pytest.mark.parametrize("size", SIZES)
def test_an_imported_hero_opens_in_the_builder_with_its_points(
    new_page, force_login, make_user, tmp_path, size
):
    from characters.models import Character

    user = make_user(username=f"edita-{size}")
    page = force_login(new_page(viewport=SIZES[size]), user)
    path, file_format = _files(tmp_path)["hero"]
    page.goto("/characters/import/hero/")
    page.get_by_label("Archivo").set_input_files(str(path))
    page.get_by_label("Formato").select_option(file_format)
    page.get_by_role("button", name="Ver la ficha").click()
    page.get_by_role("button", name="Editar en el constructor").click()

    expect(page.locator("#id_name")).to_have_value("Centella")
    expect(page.locator("#points-total")).to_have_text("Total: 103")
    page.get_by_label("Limitaciones").fill("0.5")
    page.get_by_label("Limitaciones").dispatch_event("change")
    expect(page.locator("#points-powers")).to_contain_text("41")
    found = _checked(page, size)
    _shot(page, f"hero-{size}-builder")
    assert Character.objects.count() == 0
    assert not found, found

"""A row just added to a builder stays quiet until the player writes in it or saves: no "Falta el
nombre." under a name nobody touched, no list of a dozen errors for one click on "Añadir". An
empty number says it is missing ("falta"), not that it is no whole number. Anima's rule check
names the row, as MSH's and Hero's do. Every system with rows: MSH, Hero and Anima."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from characters.systems.hero import HeroForm
from characters.systems.msh import MshForm
from rules.anima.examples import SWORDSWOMAN
from tests.characters.test_anima_pages import post_of
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
LISTED = re.compile(r'<a class="link-danger" href="#field-[a-z0-9_-]+">([^<]*)</a>')
HELD = "Rellena la fila nueva: se comprueba en cuanto escribas en ella o guardes."


def _client(lang: str = "es") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(UserFactory())
    return client


def _listed(html: str) -> list[str]:
    return LISTED.findall(html[html.index('id="error-summary"') :]) if 'id="error-list"' in html else []


def _live(client: Client, post: dict) -> str:
    return client.post("/characters/new/", post, HTTP_HX_REQUEST="true").content.decode()


def _msh(**rows) -> dict:
    return {**MshForm.blank().fields, "name": "Lobo", "system": "msh", **rows}


NEW_POWER = {"powers-0-name": "", "powers-0-rank": "", "powers-0-combat_type": "blunt"}


def test_an_msh_power_just_added_shows_no_error_until_written_in():
    client = _client()
    added = _live(client, {**_msh(), "op": "add:powers"})
    assert 'name="powers-0-name"' in added
    assert _listed(added) == [] and HELD in added and 'id="sheet-valid"' not in added
    assert "Falta el nombre." not in added and "falta." not in added
    english = _live(_client("en"), {**_msh(), "op": "add:powers"})
    assert "Fill in the new row: it is checked as soon as you type in it or save." in english
    # The row sent back as drawn (the next live check) is still untouched.
    assert _listed(_live(client, _msh(**NEW_POWER))) == []


def test_an_msh_power_written_in_shows_what_it_still_lacks_and_an_empty_rank_is_missing():
    named = _live(_client(), _msh(**{**NEW_POWER, "powers-0-name": "Garras"}))
    assert _listed(named) == ["Poder 1: Rango del poder: falta."]
    assert "debe ser un número entero" not in named and HELD not in named
    ranked = _live(_client("en"), _msh(**{**NEW_POWER, "powers-0-rank": "20"}))
    assert _listed(ranked) == ["Power 1: The name is missing."]


def test_saving_with_an_untouched_row_shows_its_problems():
    response = _client().post("/characters/new/", {**_msh(**NEW_POWER), "save": "1"})
    assert response.status_code == 400
    html = response.content.decode()
    assert _listed(html) == ["Poder 1: Falta el nombre.", "Poder 1: Rango del poder: falta."]
    # After a refused save every live check keeps showing them.
    again = _live(_client(), {**_msh(**NEW_POWER), "refused": "1"})
    assert _listed(again) == ["Poder 1: Falta el nombre.", "Poder 1: Rango del poder: falta."]


def test_a_hero_attack_just_added_stays_quiet_and_an_empty_dice_count_is_missing():
    fields = {**HeroForm.blank().fields, "name": "Dragón", "system": "hero"}
    client = _client()
    added = _live(client, {**fields, "op": "add:attacks"})
    assert 'name="attacks-0-name"' in added and _listed(added) == [] and HELD in added
    row = {"attacks-count": "1", "attacks-0-name": "", "attacks-0-kind": "hth", "attacks-0-dice": "",
           "attacks-0-autofire": "0", "attacks-0-end": ""}  # fmt: skip
    assert _listed(_live(client, {**fields, **row})) == []
    saved = client.post("/characters/new/", {**fields, **row, "save": "1"})
    listed = _listed(saved.content.decode())
    assert "Ataque 1: El número de dados: falta." in listed
    assert not any("número entero" in line for line in listed)


def test_an_anima_weapon_just_added_stays_quiet_and_the_rule_check_names_its_row():
    client = _client()
    added = _live(client, post_of(SWORDSWOMAN, op="add:weapons"))
    assert 'name="weapons-2-name"' in added and _listed(added) == [] and HELD in added
    assert "Hace falta un nombre" not in added
    written = post_of(SWORDSWOMAN)
    written.update({"weapons-count": "3", "weapons-2-name": "Hacha", "weapons-2-size": "medium",
                    "weapons-2-damage": "", "weapons-2-reload": "0", "weapons-2-initiative": "0"})  # fmt: skip
    html = _live(client, written)
    assert _listed(html) == ["Arma 3: Daño: Falta este número."]
    # Beside the row the message stays short: the row is already named by where it is.
    row = html[html.index('id="errors-weapons-2"') :]
    assert row.split("</div></div>")[0].endswith(">Daño: Falta este número.")
    english = _live(_client("en"), written)
    assert _listed(english) == ["Weapon 3: Damage: This number is missing."]

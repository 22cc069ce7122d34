"""The GM's waiver form offers the sheet's actual problems by what they say, never asks for an
internal error code or a JSON path, and carries the one the builder's "Dispensar" link chose
(with its words) even before the sheet holds it."""

from __future__ import annotations

import re

import pytest

from characters.models import Waiver
from tests.characters.helpers import over_budget_powers, table
from tests.characters.test_pages import client_for

pytestmark = pytest.mark.django_db


def _waive_section(html: str) -> str:
    return html[html.index('id="waive"') : html.index("</form>", html.index('id="waive"'))]


def test_the_form_lists_the_sheet_s_problems_by_their_words_and_waives_the_chosen_one():
    gm, _player, _campaign, character = table()
    character.sheet = over_budget_powers()
    character.save(update_fields=["sheet"])
    client = client_for(gm)
    form = _waive_section(client.get(f"/characters/{character.pk}/").content.decode())
    assert "Código del error" not in form and "Ruta" not in form and "<code>" not in form
    options = re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', form)
    assert ("powers.over_budget /powers", "Te has pasado en superpoderes: gastas 4 y tienes 3.") in options
    response = client.post(
        f"/characters/{character.pk}/waivers/", {"problem": "powers.over_budget /powers", "reason": "Trama."}
    )
    assert response.status_code == 302
    assert Waiver.objects.filter(character=character, code="powers.over_budget", path="/powers").exists()


def test_the_builder_s_link_brings_its_problem_and_words_though_the_saved_sheet_lacks_it():
    gm, _player, _campaign, character = table()
    page = (
        client_for(gm)
        .get(
            f"/characters/{character.pk}/",
            {"code": "powers.over_budget", "path": "/powers", "message": "Te pasas en puntos de poderes."},
        )
        .content.decode()
    )
    form = _waive_section(page)
    assert (
        '<option value="powers.over_budget /powers" selected>Te pasas en puntos de poderes.</option>' in form
    )


def test_a_refused_waiver_says_why_beside_the_choice():
    gm, _player, _campaign, character = table()
    response = client_for(gm).post(
        f"/characters/{character.pk}/waivers/", {"problem": "powers.over_budget /powers", "reason": " "}
    )
    assert response.status_code == 400
    form = _waive_section(response.content.decode())
    assert (
        "Este campo es requerido." in form and '<option value="powers.over_budget /powers" selected>' in form
    )

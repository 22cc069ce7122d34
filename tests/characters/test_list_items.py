"""The character list remembers each item under the character's version (characters/api.py,
characters/signals.py): whatever changes a character, its sheet, its awards or its waivers, the
next list shows it, and an unchanged list reads no sheet."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.characters.helpers import table
from tests.characters.test_api import client_for, detail

pytestmark = pytest.mark.django_db

LIST = "/api/v1/characters/"


def waive_over_budget_powers(gm, character) -> dict:
    """The GM waives the powers budget (a waiver the sheet's next save may rely on)."""
    return (
        client_for(gm)
        .post(
            detail(character) + "waivers/",
            {"code": "powers.over_budget", "path": "/powers", "reason": "De la trama."},
            format="json",
        )
        .json()
    )


def listed(client, character) -> dict:
    return next(item for item in client.get(LIST).json()["results"] if item["id"] == character.pk)


def test_an_award_shows_in_the_next_list():
    gm, player, _campaign, character = table()
    before = listed(client_for(player), character)
    client_for(gm).post(detail(character) + "awards/", {"category": "powers", "amount": 1}, format="json")
    after = listed(client_for(player), character)
    assert after["budget"]["powers"]["available"] == before["budget"]["powers"]["available"] + 1


def test_a_waiver_and_its_removal_show_in_the_next_list():
    gm, player, _campaign, character = table()
    assert listed(client_for(player), character)["waivers"] == []
    waiver = waive_over_budget_powers(gm, character)
    assert [w["id"] for w in listed(client_for(player), character)["waivers"]] == [waiver["id"]]
    assert client_for(gm).delete(detail(character) + f"waivers/{waiver['id']}/").status_code == 204
    assert listed(client_for(player), character)["waivers"] == []


def test_an_edit_shows_in_the_next_list():
    _gm, player, _campaign, character = table()
    listed(client_for(player), character)
    client_for(player).patch(detail(character), {"concept": "Otra idea"}, format="json")
    assert listed(client_for(player), character)["concept"] == "Otra idea"


def test_a_list_nothing_changed_in_reads_no_sheet():
    _gm, player, _campaign, character = table()
    client = client_for(player)
    first = client.get(LIST).json()
    with CaptureQueriesContext(connection) as queries:
        again = client.get(LIST).json()
    assert again == first
    assert not any('"sheet"' in q["sql"] for q in queries)


def test_one_sheet_shows_an_award_and_a_waiver_made_after_it_was_read():
    gm, player, _campaign, character = table()
    before = client_for(player).get(detail(character)).json()
    client_for(gm).post(detail(character) + "awards/", {"category": "powers", "amount": 1}, format="json")
    client_for(gm).post(
        detail(character) + "waivers/",
        {"code": "powers.over_budget", "path": "/powers", "reason": "De la trama."},
        format="json",
    )
    after = client_for(player).get(detail(character)).json()
    assert after["budget"]["powers"]["available"] == before["budget"]["powers"]["available"] + 1
    assert [w["reason"] for w in after["waivers"]] == ["De la trama."]
    assert after == listed(client_for(player), character)


def test_the_list_page_badges_follow_a_waiver_given_and_taken_back():
    from django.test import Client

    from tests.characters.helpers import over_budget_powers

    gm, player, _campaign, character = table()
    page = Client()
    page.force_login(player)
    assert "Con dispensas" not in page.get("/characters/").content.decode()  # remembered now
    waiver = waive_over_budget_powers(gm, character)
    assert client_for(player).put(detail(character), over_budget_powers(), format="json").status_code == 200
    html = page.get("/characters/").content.decode()
    assert "Con dispensas" in html and "No válida" not in html
    client_for(gm).delete(detail(character) + f"waivers/{waiver['id']}/")
    assert "No válida" in page.get("/characters/").content.decode()

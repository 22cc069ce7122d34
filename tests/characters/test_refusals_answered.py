"""A refused write of a sheet is answered by the one error path: the API's exception handler
(the envelope, in the request's language) and the pages' `answers_refusals`, with no view
catching `CharacterError` to answer it by hand."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from campaigns.models import Membership
from tests.characters.helpers import over_budget_powers, table
from tests.characters.test_api import client_for, detail
from tests.characters.test_list_items import waive_over_budget_powers

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def _waived_then_taken_out():
    """A sheet legal only by its GM's waiver, whose owner then leaves the campaign: a copy of it
    outside the campaign breaks the rules."""
    gm, player, campaign, character = table()
    waive_over_budget_powers(gm, character)
    assert client_for(player).put(detail(character), over_budget_powers(), format="json").status_code == 200
    Membership.objects.get(campaign=campaign, user=player).delete()
    return player, character


def test_a_refused_duplicate_is_the_envelope_with_every_rule_broken():
    player, character = _waived_then_taken_out()
    response = client_for(player).post(detail(character) + "duplicate/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [e["code"] for e in errors] == ["powers.over_budget"]
    assert errors[0]["path"] == "/powers" and errors[0]["message"].isascii()


def test_a_refused_duplicate_from_the_page_goes_back_to_the_list_with_the_reason(client):
    player, character = _waived_then_taken_out()
    client.force_login(player)
    response = client.post(f"/characters/{character.pk}/duplicate/", follow=True)
    assert response.redirect_chain[-1][0] == "/characters/"
    page = response.content.decode()
    assert "alert" in page and "poderes" in page.lower(), page[page.find("<main") :][:1500]


def test_the_api_views_catch_no_character_error():
    tree = ast.parse((ROOT / "characters" / "api.py").read_text(encoding="utf-8"))
    caught = [
        ast.unparse(handler.type)
        for handler in ast.walk(tree)
        if isinstance(handler, ast.ExceptHandler)
        and "Error" in ast.unparse(handler.type)
        and ast.unparse(handler.type).startswith("services.")
    ]
    # Only the validation endpoint, which reports a shape problem in its 200 answer.
    assert caught == ["services.CharacterError"]

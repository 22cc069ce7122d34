"""Every `Location` names a URL that answers `GET` with the thing created (docs/api.md,
"The schema's own rules"): a combatant, an award and a waiver included, each seen by those
who see its list and no one else; a URL too long is refused in the envelope; other origins get
no CORS permission (docs/api.md, "Other origins")."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.characters.helpers import over_budget_powers, table
from tests.combat.encounters.conftest import Table, client_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _follow(api, created) -> dict:
    assert created.status_code == 201, created.content
    answer = api.get(created["Location"])
    assert answer.status_code == 200, (created["Location"], answer.content)
    return answer.json()


def test_a_new_combatant_s_location_answers_it_with_the_reader_s_privacy():
    fight = Table()
    encounter = fight.create()
    url = f"/api/v1/encounters/{encounter['id']}/combatants/"
    pc = fight.player_api.post(url, {"character": fight.character.pk, "side": "heroes"}, format="json")
    assert _follow(fight.player_api, pc) == pc.json()
    npc = fight.gm_api.post(url, {"npc": fight_thug(), "side": "villains"}, format="json")
    assert _follow(fight.gm_api, npc) == npc.json()
    seen_by_player = fight.player_api.get(npc["Location"]).json()
    assert seen_by_player["hit_points"] is None and npc.json()["hit_points"] is not None
    outsider = client_for(UserFactory(username="ajena"))
    assert outsider.get(npc["Location"]).status_code == 404


def fight_thug() -> dict:
    from tests.combat.encounters.conftest import THUG

    return THUG


def test_a_removed_combatant_still_answers_as_removed_and_an_unknown_one_is_a_404():
    fight = Table()
    encounter = fight.create()
    npc = fight.add_npc(encounter["id"])
    url = f"/api/v1/encounters/{encounter['id']}/combatants/"
    assert fight.gm_api.delete(f"{url}{npc['id']}/").status_code == 204
    assert fight.gm_api.get(f"{url}{npc['id']}/").json()["removed"] is True
    assert fight.gm_api.get(f"{url}999999/").status_code == 404


def test_an_award_s_location_answers_that_award_not_the_list():
    gm, player, _campaign, character = table()
    created = client_for(gm).post(
        f"/api/v1/characters/{character.pk}/awards/", {"category": "powers", "amount": 1}, format="json"
    )
    assert created["Location"] == f"/api/v1/characters/{character.pk}/awards/{created.json()['id']}/"
    assert _follow(client_for(gm), created) == created.json()
    assert client_for(player).get(created["Location"]).json() == created.json()
    assert client_for(UserFactory(username="ajena")).get(created["Location"]).status_code == 404


def test_a_waiver_s_location_answers_it_and_the_gm_still_withdraws_it():
    gm, player, _campaign, character = table()
    client_for(player).put(f"/api/v1/characters/{character.pk}/", over_budget_powers(), format="json")
    created = client_for(gm).post(
        f"/api/v1/characters/{character.pk}/waivers/",
        {"code": "powers.over_budget", "path": "/powers", "reason": "Trama."},
        format="json",
    )
    assert _follow(client_for(player), created) == created.json()
    assert client_for(UserFactory(username="ajena")).get(created["Location"]).status_code == 404
    assert client_for(gm).delete(created["Location"]).status_code == 204
    assert client_for(gm).get(created["Location"]).status_code == 404


def test_a_url_too_long_is_refused_in_the_envelope_in_the_reader_s_language():
    api = APIClient()
    response = api.get("/api/v1/tables/", {"q": "x" * 5000}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 414
    assert response.json() == {
        "errors": [
            {"code": "request.uri_too_long", "path": "", "message": "The address is too long.", "rule": ""}
        ]
    }
    assert api.get("/api/v1/tables/", {"q": "x" * 3000}).status_code == 200


def test_other_origins_get_no_cors_permission():
    api = APIClient()
    plain = api.get("/api/v1/rules/", HTTP_ORIGIN="https://elsewhere.example")
    preflight = api.options(
        "/api/v1/rules/",
        HTTP_ORIGIN="https://elsewhere.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
    )
    for answer in (plain, preflight):
        assert not [h for h in answer.headers if h.lower().startswith("access-control-allow")]

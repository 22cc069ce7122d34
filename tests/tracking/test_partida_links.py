"""What belongs to a partida, explicitly (`tracking.links`): an encounter created while it is open,
the GM's advancement awards and hero points given meanwhile. `GET /campaigns/{id}/partidas/{pid}/`
lists them with the partida's journal entries as the reader may see them, and the campaign page
shows them per partida."""

import pytest

from tests.combat.encounters.conftest import Table
from tests.tracking.helpers import client_for, send
from tracking.models import PartidaAward, PartidaEncounter

pytestmark = pytest.mark.django_db


def open_partida(table, title="El puerto"):
    response = send(
        table.gm_api, "POST", f"/api/v1/campaigns/{table.campaign.pk}/partidas/", {"title": title}
    )
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def detail(table, pid, client=None):
    response = (client or table.gm_api).get(f"/api/v1/campaigns/{table.campaign.pk}/partidas/{pid}/")
    assert response.status_code == 200, response.json()
    return response.json()


def test_an_encounter_belongs_to_the_partida_open_when_it_was_created_and_to_none_before(faces):
    table = Table()
    before = table.create(name="Antes de todo")["id"]
    first = open_partida(table)
    during = table.create(name="Emboscada")["id"]
    send(table.gm_api, "POST", f"/api/v1/campaigns/{table.campaign.pk}/partidas/{first}/close/", {})
    second = open_partida(table, "La torre")
    later = table.create(name="Asalto a la torre")["id"]
    assert not PartidaEncounter.objects.filter(encounter_id=before).exists()
    assert [e["id"] for e in detail(table, first)["encounters"]] == [during]
    assert detail(table, second)["encounters"] == [
        {"id": later, "name": "Asalto a la torre", "status": "setup"}
    ]


def test_advancement_awards_and_hero_points_given_in_a_fight_belong_to_the_open_partida(faces):
    table = Table()
    early = table.gm_api.post(
        f"/api/v1/characters/{table.character.pk}/awards/", {"category": "powers", "amount": 1}, format="json"
    )
    assert early.status_code == 201, early.json()
    pid = open_partida(table)
    award = table.gm_api.post(
        f"/api/v1/characters/{table.character.pk}/awards/",
        {"category": "skills", "amount": 1.5, "note": "Sesión 3"},
        format="json",
    )
    assert award.status_code == 201, award.json()
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    given = table.act(encounter, type="award_hero_point", target=nova, points=2)
    assert given.status_code == 201, given.json()
    awards = detail(table, pid, table.player_api)["awards"]
    assert [(a["kind"], a["amount"], a["to"]) for a in awards] == [
        ("advancement", 1.5, table.character.name),
        ("hero_points", 2, table.character.name),
    ]
    assert awards[0]["note"] == "Sesión 3" and awards[1]["encounter"] == encounter
    assert awards[1]["character"] == table.character.pk
    # Undone, the hero points are no longer the partida's.
    assert table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/").status_code == 200
    assert [a["kind"] for a in detail(table, pid)["awards"]] == ["advancement"]
    assert PartidaAward.objects.count() == 2  # the link stays, with its event marked undone


def test_the_partida_lists_only_the_journal_entries_the_reader_may_see(faces):
    table = Table()
    pid = open_partida(table)
    journal = f"/api/v1/campaigns/{table.campaign.pk}/journal/"
    assert (
        send(table.gm_api, "POST", journal, {"body": "Llegan al **puerto**.", "partida": pid}).status_code
        == 201
    )
    assert send(table.gm_api, "POST", journal, {"body": "El traidor es Bruno.", "visibility": "gm",
                                                "partida": pid}).status_code == 201  # fmt: skip
    assert len(detail(table, pid)["journal"]) == 2
    seen = detail(table, pid, table.player_api)["journal"]
    assert [e["html"] for e in seen] == ["<p>Llegan al <strong>puerto</strong>.</p>\n"]


def test_a_stranger_does_not_see_the_partida_and_an_unknown_one_is_404(faces):
    from tests.factories import UserFactory

    table = Table()
    pid = open_partida(table)
    stranger = client_for(UserFactory())
    assert stranger.get(f"/api/v1/campaigns/{table.campaign.pk}/partidas/{pid}/").status_code == 404
    assert table.gm_api.get(f"/api/v1/campaigns/{table.campaign.pk}/partidas/{pid + 9}/").status_code == 404


def test_the_campaign_page_shows_each_partida_s_encounters_awards_and_journal(faces, client):
    table = Table()
    pid = open_partida(table)
    encounter = table.create(name="Emboscada")["id"]
    table.gm_api.post(
        f"/api/v1/characters/{table.character.pk}/awards/", {"category": "skills", "amount": 1}, format="json"
    )
    send(
        table.gm_api,
        "POST",
        f"/api/v1/campaigns/{table.campaign.pk}/journal/",
        {"body": "Niebla.", "partida": pid},
    )
    client.force_login(table.player)
    page = client.get(f"/campaigns/{table.campaign.pk}/").content.decode()
    assert f'href="/encounters/{encounter}/">Emboscada</a>' in page
    assert "+1 Habilidades" in page and "Niebla." in page and "1 entrada del diario" in page

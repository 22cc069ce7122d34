"""Names and sides are one line wherever they are shown (pages, lists, the forum export): a line
break or another control character in one is refused at the edge with a 400, in the API and in
the pages, and nothing changes."""

from __future__ import annotations

import copy

import pytest

from campaigns.models import Campaign
from characters.models import Character
from combat.models import Combatant, Encounter
from tests.characters.helpers import form_data, nova
from tests.combat.encounters.conftest import THUG, Table
from tests.site.test_wrong_shapes import SHEETS, Fight

pytestmark = pytest.mark.django_db

BREAKS = ["Nova\n[b]Falso[/b]", "Nova\r\nX", "Nova\x1b[31m", "Nova\u2028X", "Nova\u0085X", "A\tB", "Nova\x7f"]


@pytest.fixture
def table(db):
    return Table()


def _refused(response, path):
    assert response.status_code == 400, response.content[:300]
    [error] = [e for e in response.json()["errors"] if e["code"] == "text.control_character"]
    assert error["path"] == path
    return error


@pytest.mark.parametrize("name", BREAKS)
@pytest.mark.parametrize("slug", sorted(SHEETS))
def test_a_character_name_on_two_lines_is_refused_in_every_system(table, slug, name):
    response = table.player_api.post("/api/v1/characters/", {**SHEETS[slug], "name": name}, format="json")
    _refused(response, "/name")
    assert not Character.objects.filter(name__startswith="Nova\n").exists()
    validation = table.player_api.post(
        "/api/v1/characters/validate/", {**SHEETS[slug], "name": name}, format="json"
    )
    assert validation.json()["valid"] is False
    assert "text.control_character" in [e["code"] for e in validation.json()["errors"]]


@pytest.mark.parametrize("method", ["patch", "put"])
def test_a_character_renamed_onto_two_lines_is_refused_and_keeps_its_name(table, method):
    url = f"/api/v1/characters/{table.character.pk}/"
    body = {"name": "Nova\nFalsa"} if method == "patch" else nova(name="Nova\nFalsa")
    response = getattr(table.player_api, method)(url, body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    error = _refused(response, "/name")
    assert error["message"] == "This text goes on one line: no line breaks or control characters."
    assert Character.objects.get(pk=table.character.pk).name == "Nova"


def test_an_npc_name_a_side_and_an_encounter_name_on_two_lines_are_refused(table):
    _refused(
        table.gm_api.post(
            f"/api/v1/campaigns/{table.campaign.pk}/encounters/", {"name": "Muelle\nFalso"}, format="json"
        ),
        "/name",
    )
    assert not Encounter.objects.exists()
    encounter = table.create()["id"]
    url = f"/api/v1/encounters/{encounter}/combatants/"
    _refused(
        table.gm_api.post(url, {"npc": {**THUG, "name": "Matón\nX"}, "side": "villains"}, format="json"),
        "/npc/name",
    )
    _refused(table.gm_api.post(url, {"npc": THUG, "side": "villanos\r\nX"}, format="json"), "/side")
    _refused(
        table.player_api.post(url, {"character": table.character.pk, "side": "hé\x0broes"}, format="json"),
        "/side",
    )
    assert not Combatant.objects.exists()
    assert table.state(encounter)["version"] == 0


def test_a_campaign_name_on_two_lines_is_refused_in_the_api(table):
    _refused(table.gm_api.post("/api/v1/campaigns/", {"name": "Liga\nFalsa"}, format="json"), "/name")
    _refused(
        table.gm_api.patch(f"/api/v1/campaigns/{table.campaign.pk}/", {"name": "Liga\u2029X"}, format="json"),
        "/name",
    )
    assert list(Campaign.objects.values_list("name", flat=True)) == ["La Liga de la Noche"]


def test_the_pages_refuse_them_beside_the_field(table, client):
    client.force_login(table.gm)
    created = client.post("/campaigns/new/", {"name": "Liga\nFalsa"})
    assert "una sola línea" in created.content.decode()
    renamed = client.post(f"/campaigns/{table.campaign.pk}/rename/", {"name": "Liga\x1bX"})
    assert renamed.status_code in (200, 400)
    fight = client.post(f"/encounters/campaign/{table.campaign.pk}/", {"name": "Muelle\nX"})
    assert fight.status_code == 400 and "una sola línea" in fight.content.decode()
    encounter = table.create()["id"]
    npc = client.post(
        f"/encounters/{encounter}/combatants/",
        {"npc": '{"system": "epic20", "name": "A\\nB"}', "side": "villanos"},
    )
    assert npc.status_code in (302, 400)
    assert list(Campaign.objects.values_list("name", flat=True)) == ["La Liga de la Noche"]
    assert not Combatant.objects.exists()


def test_the_builder_refuses_a_name_on_two_lines(table, client):
    client.force_login(table.player)
    url = f"/characters/{table.character.pk}/edit/"
    response = client.post(url, form_data(nova(name="Nova\nFalsa"), save="1"))
    assert response.status_code == 400
    assert "una sola línea" in response.content.decode()
    assert Character.objects.get(pk=table.character.pk).name == "Nova"


ITEM_NAMES = [
    ("msh", ("weapons", 0, "name")),
    ("msh", ("powers", 0, "name")),
    ("hero", ("attacks", 0, "name")),
    ("anima", ("weapons", 0, "name")),
    ("anima", ("powers", 0, "name")),
    ("epic20", ("equipment", 0, "name")),
]


def _with_item_name(slug, place, name):
    sheet = copy.deepcopy(SHEETS[slug])
    if slug == "epic20":
        # A mundane item costs the advantage point "contactos" had.
        sheet["equipment"] = [{"kind": "mundane", "name": "Porra", "power": None, "armor": False}]
        sheet["advantages"] = [{"advantage": "excelente-piloto", "points": 1}]
    node = sheet
    for key in place[:-1]:
        node = node[key]
    node[place[-1]] = name
    return sheet


@pytest.mark.parametrize(
    "slug, place", ITEM_NAMES, ids=["/".join(map(str, p)) + f"-{s}" for s, p in ITEM_NAMES]
)
def test_a_weapon_attack_power_or_item_name_on_two_lines_is_refused_by_its_system(table, slug, place):
    path = "/" + "/".join(map(str, place))
    legal = _with_item_name(slug, place, "Espada Corta")
    if slug == "anima" and place[0] == "weapons":
        legal["wielding"] = ["Espada Corta"]
    assert table.player_api.post("/api/v1/characters/validate/", legal, format="json").json()["valid"]
    sheet = _with_item_name(slug, place, "Espada\n[b]de mentira[/b]")
    report = table.player_api.post("/api/v1/characters/validate/", sheet, format="json").json()
    assert report["valid"] is False
    assert ("text.control_character", path) in {(e["code"], e["path"]) for e in report["errors"]}
    created = table.player_api.post("/api/v1/characters/", sheet, format="json", HTTP_ACCEPT_LANGUAGE="en")
    _refused(created, path)
    fight = Fight(slug)
    npc = fight.gm.post(f"{fight.url}/combatants/", {"npc": sheet, "side": "villanos"}, format="json")
    assert npc.status_code == 400 and "/npc" + path in {e["path"] for e in npc.json()["errors"]}

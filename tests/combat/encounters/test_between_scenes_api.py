"""Epic20's actions outside the fight: the Inventor's laboratory (ARQUETIPOS › Inventor, seed
l.417-419) and a night's sleep of who needs an element (COMPLICACIONES, Necesita un elemento),
through the API; both are written in the turn log."""

from __future__ import annotations

import pytest

from tests.rules.epic20.sheets import SHEETS

pytestmark = pytest.mark.django_db


def test_the_inventor_builds_an_item_in_the_lab_and_the_log_records_it(table, faces):
    encounter = table.create()["id"]
    inventor = table.add_npc(encounter, sheet=SHEETS["inventor"])["id"]
    item = {"kind": "special", "name": "Rayo congelante", "power": "ataque-especial-a-distancia"}
    no_lab = table.act(encounter, type="invent", actor=inventor, item=item)
    assert no_lab.status_code == 400 and no_lab.json()["errors"][0]["code"] == "inventions.needs_lab_hour"
    built = table.act(encounter, type="invent", actor=inventor, item=item, lab_hour=True)
    assert built.status_code == 201, built.json()
    assert built.json()["events"][-1]["type"] == "invention"
    bad = table.act(
        encounter, type="invent", actor=inventor, item={"kind": "magic", "name": "X"}, lab_hour=True
    )
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/item/kind"


def test_the_laboratory_is_closed_in_the_middle_of_a_fight(table, faces):
    encounter = table.create()["id"]
    inventor = table.add_npc(encounter, sheet=SHEETS["inventor"])["id"]
    faces.extend([15])
    assert table.act(encounter, type="start").status_code == 201
    item = {"kind": "mundane", "name": "Gafas"}
    during = table.act(encounter, type="invent", actor=inventor, item=item, lab_hour=True)
    assert during.status_code == 409


def test_only_the_gm_rules_on_a_nights_sleep(table, faces):
    encounter = table.create()["id"]
    thug = table.add_npc(encounter)["id"]
    nova = table.add_pc(encounter)["id"]
    refused = table.act(encounter, client=table.player_api, type="sleep", target=nova, with_element=True)
    assert refused.status_code == 403
    nothing = table.act(encounter, type="sleep", target=thug)
    assert nothing.status_code == 400 and nothing.json()["errors"][0]["code"] == "needs.no_complication"

"""The GM adds an NPC to a fight from one of their own saved sheets of the campaign's system, by
the page's drawer and by the API (`npc_from`), through the same service: the NPC is a copy whose
numbers stay the GM's, like any NPC's. A sheet of another system, someone else's or a deleted one
gets a clear 400 and changes nothing. The drawer links to the system's builder, which comes back
to the fight once the new sheet is saved; the JSON box stays, as the advanced way."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from characters import services as characters
from characters.models import Character
from combat import services
from combat.models import Encounter
from tests.characters.helpers import form_data, nova
from tests.characters.html_parts import element
from tests.combat.encounters.conftest import THUG
from tests.factories import UserFactory, campaign_for, player_in
from tests.rules.msh.helpers import sheet as msh_sheet

pytestmark = pytest.mark.django_db
BOSS = nova(name="Jefe del muelle", concept="contrabandista")


def logged_in(user, api=False):
    client = APIClient() if api else Client()
    client.force_login(user)
    return client


@pytest.fixture
def table():
    gm, player = UserFactory(), UserFactory()
    campaign = campaign_for(gm, system="epic20")
    player_in(campaign, player)
    hero = characters.character_create(owner=player, sheet=nova(), campaign=campaign)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Muelle")
    services.combatant_add(encounter=encounter, user=player, side="heroes", character_id=hero.pk)
    boss = characters.character_create(owner=gm, sheet=BOSS)  # saved, in no campaign
    return {
        "gm": gm, "player": player, "encounter": encounter, "boss": boss, "hero": hero,
        "url": f"/api/v1/encounters/{encounter.pk}/combatants/", "page": f"/encounters/{encounter.pk}/",
    }  # fmt: skip


def snapshot(encounter: Encounter) -> tuple:
    row = Encounter.objects.get(pk=encounter.pk)
    return row.version, row.last_seq, row.combatants.count()


def test_the_api_adds_a_copy_of_the_gm_s_saved_sheet_whose_numbers_stay_the_gm_s(table):
    response = logged_in(table["gm"], api=True).post(
        table["url"], {"npc_from": table["boss"].pk, "side": "villains", "minion": True}, format="json"
    )
    assert response.status_code == 201, response.json()
    view = response.json()
    assert view["name"] == "Jefe del muelle" and view["side"] == "villains"
    added = table["encounter"].combatants.get(pk=view["id"])
    assert added.character_id is None and added.owner_id is None and added.minion is True
    assert added.npc_sheet == BOSS
    # A copy: changing the saved sheet later leaves the NPC as it came in.
    characters.character_update(character=table["boss"], sheet={**BOSS, "concept": "jefe retirado"})
    assert table["encounter"].combatants.get(pk=view["id"]).npc_sheet["concept"] == "contrabandista"
    # Private like any NPC: the player reads no numbers of it, the GM does.
    player_view = logged_in(table["player"], api=True).get(table["url"]).json()
    gm_view = logged_in(table["gm"], api=True).get(table["url"]).json()
    assert next(c for c in player_view if c["id"] == view["id"])["hit_points"] is None
    assert next(c for c in gm_view if c["id"] == view["id"])["hit_points"] is not None


@pytest.mark.parametrize(
    ("whose", "code", "message"),
    [
        ("other_system", "npc_from.other_system",
         "«Coloso» es una ficha de Marvel Super Heroes (tabla universal); esta campaña juega a Epic20."),
        ("someone_else", "npc_from.not_found", "No tienes ninguna ficha guardada con ese id."),
        ("deleted", "npc_from.not_found", "No tienes ninguna ficha guardada con ese id."),
    ],
)  # fmt: skip
def test_a_bad_choice_is_a_clear_400_and_changes_nothing(table, whose, code, message):
    if whose == "other_system":
        chosen = characters.character_create(owner=table["gm"], sheet=msh_sheet("Coloso")).pk
    elif whose == "someone_else":
        chosen = characters.character_create(owner=table["player"], sheet=nova(name="Otro")).pk
    else:
        gone = characters.character_create(owner=table["gm"], sheet=nova(name="Borrado"))
        chosen = gone.pk
        gone.delete()
    before = snapshot(table["encounter"])
    response = logged_in(table["gm"], api=True).post(
        table["url"], {"npc_from": chosen, "side": "villains"}, format="json"
    )
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["code"], error["message"], error["path"]) == (code, message, "/npc_from")
    page = logged_in(table["gm"]).post(table["page"] + "combatants/", {"npc_from": chosen, "side": "villains"},
                                       HTTP_HX_REQUEST="true")  # fmt: skip
    # The page shows the same words in its feedback box (a 200, which htmx swaps in).
    assert "alert-danger" in page.content.decode() and message in page.content.decode()
    assert snapshot(table["encounter"]) == before


def test_only_the_gm_adds_from_a_saved_sheet_and_only_one_source_at_a_time(table):
    mine = characters.character_create(owner=table["player"], sheet=nova(name="Mío"))
    before = snapshot(table["encounter"])
    refused = logged_in(table["player"], api=True).post(
        table["url"], {"npc_from": mine.pk, "side": "villains"}, format="json"
    )
    assert refused.status_code == 403
    both = logged_in(table["gm"], api=True).post(
        table["url"], {"npc_from": table["boss"].pk, "npc": THUG, "side": "villains"}, format="json"
    )
    assert both.status_code == 400
    assert both.json()["errors"][0]["message"] == (
        "Indica uno solo: «character» (un personaje), «npc» (una ficha) o «npc_from» (una de tus "
        "fichas guardadas)."
    )
    assert snapshot(table["encounter"]) == before


def test_the_drawer_offers_the_gm_s_sheets_of_the_system_the_builder_and_the_json_box(table):
    characters.character_create(owner=table["gm"], sheet=msh_sheet("Coloso"))  # another system
    characters.character_create(owner=table["player"], sheet=nova(name="Ajeno"))
    html = logged_in(table["gm"]).get(table["page"]).content.decode()
    drawer = element(html, "gm-drawer-body")
    choices = element(drawer, "npc-from")
    assert f'<option value="{table["boss"].pk}">Jefe del muelle</option>' in choices
    assert "Coloso" not in choices and "Ajeno" not in choices and "Nova" not in choices
    link = element(drawer, "npc-builder-link")
    enc = table["encounter"].pk
    assert f'href="/characters/new/?system=epic20&amp;next=%2Fencounters%2F{enc}%2F"' in link
    assert "Crear un PNJ con el constructor" in link
    assert "Avanzado: pegar la ficha en JSON" in element(drawer, "add-npc")
    assert 'name="npc"' in element(drawer, "add-npc")
    player = logged_in(table["player"]).get(table["page"]).content.decode()
    assert "npc-from" not in player and "npc-builder-link" not in player


def test_the_drawer_adds_the_chosen_sheet_and_a_new_saved_sheet_shows_up_at_once(table):
    gm = logged_in(table["gm"])
    assert "Refuerzo" not in gm.get(table["page"]).content.decode()
    added = gm.post(table["page"] + "combatants/", {"npc_from": table["boss"].pk, "side": "villains"})
    assert added.status_code == 302
    assert table["encounter"].combatants.filter(name="Jefe del muelle", character=None).count() == 1
    reinforcement = characters.character_create(owner=table["gm"], sheet=nova(name="Refuerzo"))
    drawer = element(gm.get(table["page"]).content.decode(), "npc-from")
    assert f'<option value="{reinforcement.pk}">Refuerzo</option>' in drawer


def test_the_builder_opened_from_the_fight_comes_back_to_it_once_saved(table):
    gm = logged_in(table["gm"])
    page = table["page"]
    assert gm.get(f"/characters/new/?system=epic20&next={page}").status_code == 200
    saved = gm.post("/characters/new/", form_data(nova(name="Vigía"), save="1"))
    assert saved.status_code == 302 and saved["Location"] == page
    assert Character.objects.filter(owner=table["gm"], name="Vigía").exists()
    # Opened anew without it, the builder leads to the new sheet, as always.
    assert gm.get("/characters/new/?system=epic20").status_code == 200
    again = gm.post("/characters/new/", form_data(nova(name="Vigía 2"), save="1"))
    assert again["Location"] == f"/characters/{Character.objects.get(name='Vigía 2').pk}/"


def test_the_builder_never_sends_anyone_to_another_site(table):
    gm = logged_in(table["gm"])
    gm.get("/characters/new/?system=epic20&next=https://example.org/")
    saved = gm.post("/characters/new/", form_data(nova(name="Vigía"), save="1"))
    assert saved["Location"] == f"/characters/{Character.objects.get(name='Vigía').pk}/"


def test_a_save_that_arrives_twice_still_comes_back_to_the_fight_both_times(table):
    """A double click or a retried request sends the save twice: whichever answer the browser
    follows must lead back to the fight (seen in Anima's and MSH's builders)."""
    from rules.anima.examples import SWORDSWOMAN
    from tests.characters.test_anima_pages import post_of

    gm = logged_in(table["gm"])
    page = table["page"]
    gm.get(f"/characters/new/?system=anima&next={page}")
    first = gm.post("/characters/new/", post_of(SWORDSWOMAN, save="1"))
    second = gm.post("/characters/new/", post_of(SWORDSWOMAN, save="1"), HTTP_HX_REQUEST="true")
    assert first.status_code == 302 and first["Location"] == page
    assert second["HX-Redirect"] == page

"""Declaring ahead from the encounter page, in Epic20, Anima and Hero: while the declarations are
open each system's own forms declare (a `declare` that wraps the action the form describes) for
every combatant of the user, not only the one whose turn it is; the page says so, names what each
declared in the system's words (and for a player, only that a hidden NPC declared), lets a
declaration be changed, and redraws its controls and the GM's drawer when any of it changes."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from characters import services as characters
from combat import services
from combat.models import Encounter
from rules.anima.examples import ORC, SWORDSWOMAN
from tests.characters.html_parts import element
from tests.combat.encounters import dice as scripted
from tests.factories import UserFactory, campaign_for, player_in
from tests.rules.hero.helpers import attack_entry, sheet

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def queued(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    yield scripted.QUEUE
    scripted.QUEUE.clear()


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


class Fight:
    """A campaign of `system`: a GM, a player with one character (`pc`), the GM's NPC, started,
    with declaring ahead switched on from the GM's page."""

    def __init__(self, system: str, pc_sheet: dict, npc_sheet: dict, queued, faces=()):
        self.gm, self.player = UserFactory(), UserFactory()
        self.campaign = campaign_for(self.gm, system=system)
        player_in(self.campaign, self.player)
        character = characters.character_create(owner=self.player, sheet=pc_sheet, campaign=self.campaign)
        self.encounter = services.encounter_create(campaign=self.campaign, user=self.gm, name="Puerto")
        self.pc = services.combatant_add(
            encounter=self.encounter, user=self.gm, side="heroes", character_id=character.pk
        ).pk
        self.npc = services.combatant_add(
            encounter=self.encounter, user=self.gm, side="villains", npc_sheet=npc_sheet
        ).pk
        self.url = f"/encounters/{self.encounter.pk}/"
        self.gm_page, self.player_page = client_for(self.gm), client_for(self.player)
        queued.extend(faces)
        services.encounter_act(encounter=self.encounter, user=self.gm, action={"type": "start"})

    def act(self, client, **fields):
        return client.post(self.url + "act/", fields)

    def turn_on(self):
        response = self.act(self.gm_page, type="declare_ahead_on")
        assert response.status_code == 302, response.content

    def html(self, client, query="") -> str:
        response = client.get(self.url + query)
        assert response.status_code == 200
        return response.content.decode()

    def state(self) -> dict:
        return Encounter.objects.get(pk=self.encounter.pk).state

    def declared(self) -> dict:
        return {
            int(k): v["action"] for k, v in (self.state().get("declarations") or {}).get("by", {}).items()
        }


def controls(html: str) -> str:
    return element(html, "encounter-controls")


# --- Epic20 -------------------------------------------------------------------------------------


@pytest.fixture
def epic20(queued):
    from tests.characters.helpers import nova
    from tests.combat.encounters.conftest import THUG

    fight = Fight("epic20", nova(), THUG, queued, faces=(3, 15))  # the thug acts first
    fight.turn_on()
    return fight


def test_epic20_the_player_declares_from_the_attack_tab_although_it_is_the_thugs_turn(epic20):
    page = controls(epic20.html(epic20.player_page))
    assert "Declaraciones abiertas (Asalto 1): declara Nova" in page and "Turno de" not in page
    attack = element(page, "attack-form")
    assert 'name="declare" value="1"' in attack and f'name="actor" value="{epic20.pc}"' in attack
    assert re.search(r'type="submit">\s*Declarar\s*</button>', attack)
    assert "end-turn" not in page  # the turn is not ended by hand while declaring

    response = epic20.act(
        epic20.player_page, declare="1", type="attack", actor=epic20.pc, target=epic20.npc, kind="melee",
        **{"with": "unarmed"},
    )  # fmt: skip
    assert response.status_code == 302
    assert epic20.declared() == {
        epic20.pc: {"type": "attack", "target": epic20.npc, "kind": "melee", "with": "unarmed"}
    }
    mine = element(epic20.html(epic20.player_page), "my-declarations")
    assert "Atacar → Matón · Cuerpo a cuerpo · Sin armas" in mine and "attack" not in mine


def test_epic20_a_declaration_is_changed_until_the_round_resolves(epic20):
    epic20.act(epic20.player_page, declare="1", type="attack", actor=epic20.pc, target=epic20.npc, kind="melee",
               **{"with": "unarmed"})  # fmt: skip
    changed = epic20.act(
        epic20.player_page, declare="1", type="skill_check", actor=epic20.pc, skill="acrobacias"
    )
    assert changed.status_code == 302
    assert epic20.declared()[epic20.pc]["type"] == "skill_check"
    page = epic20.html(epic20.player_page, f"?declarer={epic20.pc}")
    assert "Tirada de habilidad · Acrobacias" in element(page, "my-declarations")
    assert "cambiar" not in element(page, "my-declarations")  # Nova's forms are the ones below


def test_epic20_players_see_that_the_hidden_thug_declared_never_what_the_gm_sees_it(epic20, queued):
    response = epic20.act(
        epic20.gm_page, declare="1", type="attack", actor=epic20.npc, target=epic20.pc, kind="melee",
        **{"with": "Porra"},
    )  # fmt: skip
    assert response.status_code == 302
    player = element(epic20.html(epic20.player_page), "declared-list")
    assert "Matón" in player and "Porra" not in player and "Atacar" not in player
    gm = element(epic20.html(epic20.gm_page), "declared-list")
    assert "Matón · Atacar → Nova · Cuerpo a cuerpo · Porra" in gm


def test_epic20_the_gm_resolves_and_the_declared_attacks_happen_in_initiative_order(epic20, queued):
    epic20.act(epic20.gm_page, declare="1", type="attack", actor=epic20.npc, target=epic20.pc, kind="melee",
               **{"with": "Porra"})  # fmt: skip
    queued.extend([2, 17])  # the thug (first in the order) misses with a 2; Nova hits with 17
    epic20.act(epic20.player_page, declare="1", type="attack", actor=epic20.pc, target=epic20.npc, kind="melee",
               **{"with": "unarmed"})  # fmt: skip
    # Everyone declared: the round resolved at once, in Epic20's initiative order.
    state = epic20.state()
    assert state["declarations"]["round"] == 2 and state["declarations"]["by"] == {}
    attacks = epic20.encounter.events.filter(type="attack").order_by("seq")
    assert [e.actor_id for e in attacks] == [epic20.npc, epic20.pc]
    assert "Declaraciones abiertas (Asalto 2)" in controls(epic20.html(epic20.player_page))


def test_epic20_without_declare_the_form_still_answers_the_409_that_says_to_declare(epic20):
    response = epic20.gm_page.post(epic20.url + "act/", {"type": "end_turn", "actor": epic20.npc}, **HTMX)
    assert "declaran por adelantado" in response.content.decode()
    assert epic20.declared() == {} and epic20.state()["current"] == epic20.npc


def test_epic20_the_turn_key_follows_the_switch_and_every_declaration(epic20):
    """Item: the drawer, the panel and the countdown redraw for every open page on any change."""
    live = element(epic20.html(epic20.gm_page), "encounter-live")
    key_on = re.search(r"t=([^&\"]+)", live).group(1)
    row = Encounter.objects.get(pk=epic20.encounter.pk)
    version, seq = row.version, row.last_seq
    epic20.act(epic20.player_page, declare="1", type="skill_check", actor=epic20.pc, skill="acrobacias")
    update = epic20.gm_page.get(f"{epic20.url}log/after/{seq}?v={version}&t={key_on}").content.decode()
    assert 'id="encounter-controls"' in update and 'id="gm-drawer-body"' in update
    assert 'id="fight-waiting-box"' in update and "Nova · Tirada de habilidad" in update
    epic20.act(epic20.gm_page, type="declare_ahead_off")
    drawer = element(epic20.html(epic20.gm_page), "gm-drawer-body")
    assert "declare-ahead-on" in drawer and "declare-ahead-off" not in drawer


def test_epic20_the_waiting_box_sits_in_the_action_pane(epic20):
    page = epic20.html(epic20.player_page)
    assert "fight-waiting" in element(page, "fight-pane-actions")
    assert "fight-waiting" not in element(page, "fight-pane-tracker")


# --- Anima --------------------------------------------------------------------------------------


@pytest.fixture
def anima(queued):
    fight = Fight("anima", SWORDSWOMAN, {**ORC, "name": "Orco"}, queued, faces=(1, 10))  # the orc first
    fight.turn_on()
    return fight


def test_anima_the_player_declares_a_full_attack_and_a_move_outside_her_turn(anima):
    page = controls(anima.html(anima.player_page))
    assert "declara Celia" in page or "declara " in page
    attack = element(page, "anima-attack-form")
    assert 'name="declare" value="1"' in attack and f'name="actor" value="{anima.pc}"' in attack
    assert "anima-end-turn-form" not in page
    response = anima.act(
        anima.player_page,
        declare="1",
        type="attack",
        actor=anima.pc,
        target=anima.npc,
        strike="attack:unarmed",
    )
    assert response.status_code == 302
    assert anima.declared()[anima.pc]["type"] == "attack"
    mine = element(anima.html(anima.player_page), "my-declarations")
    assert "Ataque Completo o poder de ataque → Orco · unarmed" in mine
    moved = anima.act(anima.player_page, declare="1", type="move", actor=anima.pc, metres="3", use="movement")
    assert moved.status_code == 302 and anima.declared()[anima.pc]["type"] == "move"
    assert "Moverse · 3" in element(anima.html(anima.player_page), "my-declarations")


def test_anima_the_orc_s_declaration_is_the_gm_s_to_see(anima):
    anima.act(
        anima.gm_page, declare="1", type="attack", actor=anima.npc, target=anima.pc, strike="attack:unarmed"
    )
    assert "Orco" in element(anima.html(anima.player_page), "declared-list")
    assert "unarmed" not in element(anima.html(anima.player_page), "declared-list")
    assert "→ " in element(anima.html(anima.gm_page), "declared-list")


# --- Hero ---------------------------------------------------------------------------------------


@pytest.fixture
def hero(queued):
    dragon = sheet("Dragón", attacks=[attack_entry("Rayo", dice=6)])
    robot = sheet(
        "Robot", dex=14, spd=3, con=20, attacks=[attack_entry("Garra", kind="hth", dice=2, killing=True)]
    )
    fight = Fight("hero", dragon, robot, queued)
    fight.turn_on()
    return fight


def test_hero_the_player_declares_an_attack_from_the_menu(hero):
    page = controls(hero.html(hero.player_page))
    attack = element(page, "attack-form")
    assert 'name="declare" value="1"' in attack and f'name="actor" value="{hero.pc}"' in attack
    assert re.search(r'id="attack-submit">\s*Declarar\s*</button>', attack)
    response = hero.act(
        hero.player_page, declare="1", type="attack", actor=hero.pc, target=hero.npc, attack="Rayo",
        maneuver="strike", range="1",
    )  # fmt: skip
    assert response.status_code == 302, response.content
    assert hero.declared()[hero.pc]["attack"] == "Rayo"
    assert "Atacar con una maniobra → Robot · Rayo" in element(hero.html(hero.player_page), "my-declarations")

"""The Anima-style fight on the site: the encounter page's forms for the GM and a player (only
what the acting combatant can use now), the counterattack offer, both rolls of an attack, the
odds box within the privacy policy, the GM's results table (page and API) and the demo table."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from campaigns.models import Campaign
from characters import services as characters
from characters.models import Character
from combat import services as encounters
from combat.demos import anima as demo
from combat.models import Encounter
from rules.anima.examples import ORC, SWORDSWOMAN
from rules.anima.results import DEFAULT_LEVELS, as_json
from tests.combat.encounters import dice as scripted
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db

# A guard who parries well: a swordswoman's attack on him may earn him a counterattack.
GUARD = {**ORC, "name": "Guardia", "defense": 60, "hit_points": 400}


@pytest.fixture
def queued(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    yield scripted.QUEUE
    scripted.QUEUE.clear()


def page_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api_client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


class Fight:
    """An Anima campaign: a GM, a player with Celia, and an encounter against the GM's guard."""

    def __init__(self, npc=GUARD):
        self.gm, self.player = UserFactory(), UserFactory()
        self.campaign = campaign_for(self.gm, system="anima")
        player_in(self.campaign, self.player)
        celia = characters.character_create(owner=self.player, sheet=SWORDSWOMAN, campaign=self.campaign)
        self.encounter = encounters.encounter_create(campaign=self.campaign, user=self.gm, name="Puente")
        self.celia = encounters.combatant_add(
            encounter=self.encounter, user=self.gm, side="heroes", character_id=celia.pk
        ).pk
        self.npc = encounters.combatant_add(
            encounter=self.encounter, user=self.gm, side="villains", npc_sheet=npc
        ).pk
        self.url = f"/encounters/{self.encounter.pk}/"
        self.gm_page, self.player_page = page_client(self.gm), page_client(self.player)

    def start(self, queued, faces=(10, 1)):
        queued.extend(faces)
        response = self.gm_page.post(self.url + "act/", {"type": "start"})
        assert response.status_code == 302

    def html(self, client) -> str:
        response = client.get(self.url)
        assert response.status_code == 200
        return response.content.decode()


def test_the_gm_sees_the_start_form_and_the_defenses_panel_before_the_fight():
    fight = Fight()
    html = fight.html(fight.gm_page)
    assert 'id="anima-start-form"' in html and 'id="anima-defenses"' in html
    assert f"/campaigns/{fight.campaign.pk}/anima/results/" in html
    assert 'id="anima-start-form"' not in fight.html(fight.player_page)


def test_the_attack_form_offers_only_the_weapons_in_hand_and_the_attacks_the_capability_allows(queued):
    fight = Fight()
    fight.start(queued)
    html = fight.html(fight.player_page)
    assert 'id="anima-attack-form"' in html
    assert 'value="attack:Espada larga"' in html and 'value="attack:unarmed"' in html
    # The dagger is on the sheet but not in hand: it is offered to ready, not to strike with.
    assert 'value="attack:Daga"' not in html and 'name="weapons" value="Daga"' in html
    # Capacidad de Ataque 32: one extra attack per 10 points (Atacar), four in all.
    assert '<option value="4">4</option>' in html and '<option value="5">' not in html


def test_whoever_is_not_acting_waits_and_gets_no_turn_forms(queued):
    fight = Fight()
    fight.start(queued, faces=(1, 10))  # the guard first
    html = fight.html(fight.player_page)
    assert 'id="waiting"' in html and 'id="anima-attack-form"' not in html
    assert 'id="anima-attack-form"' in fight.html(fight.gm_page)


def test_an_attack_from_the_page_rolls_both_sides_and_offers_the_earned_counterattack(queued):
    fight = Fight()
    fight.start(queued)
    queued.extend([1, 10])  # 32 + 1 against 60 + 10: a difference of −37, "Contraataque"
    response = fight.player_page.post(
        fight.url + "act/",
        {"type": "attack", "actor": fight.celia, "target": fight.npc, "strike": "attack:Espada larga"},
    )
    assert response.status_code == 302
    gm_html = fight.html(fight.gm_page)
    assert f'id="counterattack-form-{fight.npc}"' in gm_html
    # −37 / 2 → +18 for the GM, who may see the guard's numbers (Defenderse: half the difference).
    assert "+18 al ataque" in gm_html
    assert 'id="anima-attack-roll"' in gm_html and "→ <strong>33</strong>" in gm_html
    assert "→ <strong>70</strong>" in gm_html and "Diferencia -37" in gm_html
    player_html = fight.html(fight.player_page)
    # The player sees that the guard may counterattack, the attack's own roll, and none of his numbers.
    assert "puede contraatacar" in player_html and "counterattack-form" not in player_html
    assert "→ <strong>33</strong>" in player_html
    assert "→ <strong>70</strong>" not in player_html and "Diferencia" not in player_html
    assert 'data-defenses="1"' in player_html


def test_the_gm_takes_the_counterattack_from_the_page_and_it_is_gone_afterwards(queued):
    fight = Fight()
    fight.start(queued)
    queued.extend([1, 10])
    fight.player_page.post(
        fight.url + "act/",
        {"type": "attack", "actor": fight.celia, "target": fight.npc, "strike": "attack:Espada larga"},
    )
    queued.extend([5, 5, 3, 4])  # both rolls, and the zones of a critical consequence if one comes
    response = fight.gm_page.post(
        fight.url + "act/",
        {"type": "counterattack", "actor": fight.npc, "target": fight.celia, "with": "Hacha", "aimed": ""},
    )
    assert response.status_code == 302
    encounter = Encounter.objects.get(pk=fight.encounter.pk)
    assert encounter.state["combatants"][str(fight.npc)]["counterattack_offer"] is None
    assert "counterattack-form" not in fight.html(fight.gm_page)


def test_a_counterattack_not_earned_is_refused_and_changes_nothing(queued):
    fight = Fight()
    fight.start(queued)
    before = Encounter.objects.get(pk=fight.encounter.pk).version
    response = fight.gm_page.post(
        fight.url + "act/",
        {"type": "counterattack", "actor": fight.npc, "target": fight.celia, "with": "Hacha"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200 and "alert-danger" in response.content.decode()
    assert Encounter.objects.get(pk=fight.encounter.pk).version == before


def test_the_odds_box_is_exact_for_the_gm_and_banded_for_a_player_against_a_hidden_npc(queued):
    fight = Fight()
    fight.start(queued)
    query = {
        "type": "attack",
        "actor": fight.celia,
        "target": fight.npc,
        "strike": "attack:Espada larga",
        "attacks": "1",
    }
    player = fight.player_page.get(fight.url + "odds/", query).content.decode()
    assert 'data-odds="hit-band"' in player and "aproximadas" in player
    # No percentage, fraction or defense the guard's numbers could be worked back from.
    assert 'data-odds="hit"' not in player and "%" not in player and "60" not in player
    gm = fight.gm_page.get(fight.url + "odds/", query).content.decode()
    assert 'data-odds="hit"' in gm and "32 contra 60" in gm and "Contraataque" in gm


def test_a_player_gets_no_odds_for_a_combatant_they_do_not_play(queued):
    fight = Fight()
    fight.start(queued)
    query = {"type": "attack", "actor": fight.npc, "target": fight.celia, "strike": "attack:Hacha"}
    html = fight.player_page.get(fight.url + "odds/", query).content.decode()
    assert "data-odds" not in html


# --- the GM's results table --------------------------------------------------------------------


def doubled() -> list[dict]:
    rows = as_json(DEFAULT_LEVELS)
    for row in rows:
        row["damage_percent"] *= 2
    return rows


def results_post(rows: list[dict]) -> dict:
    data = {}
    for row in rows:
        for key in ("min_difference", "max_difference", "damage_percent"):
            if row[key] is not None:
                data[f"{row['slug']}-{key}"] = str(row[key])
    return data


def test_the_results_page_shows_the_sites_table_and_the_gm_changes_it():
    fight = Fight()
    url = f"/campaigns/{fight.campaign.pk}/anima/results/"
    page = fight.gm_page.get(url).content.decode()
    assert 'name="minor-damage_percent" value="25"' in page and "tabla del sitio" in page
    saved = fight.gm_page.post(url, results_post(doubled()))
    assert saved.status_code == 302
    fight.campaign.refresh_from_db()
    assert fight.campaign.rules_options["impact_levels"][2]["damage_percent"] == 50
    assert 'name="minor-damage_percent" value="50"' in fight.gm_page.get(url).content.decode()
    fight.gm_page.post(url, {"reset": "1"})
    fight.campaign.refresh_from_db()
    assert fight.campaign.rules_options == {}


def test_a_results_table_with_a_gap_is_refused_on_the_page_and_nothing_is_stored():
    fight = Fight()
    rows = doubled()
    rows[3]["min_difference"] = 8  # "Impacto menor" ends at 5: nothing would cover 6 and 7
    response = fight.gm_page.post(f"/campaigns/{fight.campaign.pk}/anima/results/", results_post(rows))
    assert response.status_code == 400
    html = response.content.decode()
    assert (
        'id="results-errors"' in html
        and "Hueco" in html
        and 'id="level-moderate" class="table-danger"' in html
    )
    fight.campaign.refresh_from_db()
    assert fight.campaign.rules_options == {}


def test_players_read_the_results_table_but_may_not_change_it():
    fight = Fight()
    url = f"/campaigns/{fight.campaign.pk}/anima/results/"
    page = fight.player_page.get(url)
    assert page.status_code == 200 and "<input" not in page.content.decode().split('id="results-table"')[1]
    assert fight.player_page.post(url, results_post(doubled())).status_code == 403


def test_the_results_page_is_only_for_anima_campaigns():
    gm = UserFactory()
    other = campaign_for(gm, system="epic20")
    assert page_client(gm).get(f"/campaigns/{other.pk}/anima/results/").status_code == 404


def test_the_api_refuses_a_results_table_with_an_overlap_and_keeps_the_old_one():
    fight = Fight()
    rows = doubled()
    rows[4]["min_difference"] = 7  # "Impacto moderado" reaches 8
    response = api_client(fight.gm).patch(
        f"/api/v1/campaigns/{fight.campaign.pk}/", {"rules_options": {"impact_levels": rows}}, format="json"
    )
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (
        error["code"] == "results.overlap"
        and error["path"] == "/rules_options/impact_levels/4/min_difference"
    )
    fight.campaign.refresh_from_db()
    assert fight.campaign.rules_options == {}


def test_an_attack_through_the_api_reads_the_campaigns_results_table(queued):
    fight = Fight(npc={**ORC, "name": "Orco", "hit_points": 500, "armor": 0})
    gm = api_client(fight.gm)
    patched = gm.patch(
        f"/api/v1/campaigns/{fight.campaign.pk}/",
        {"rules_options": {"impact_levels": doubled()}},
        format="json",
    )
    assert patched.status_code == 200, patched.json()
    fight.start(queued)
    api = f"/api/v1/encounters/{fight.encounter.pk}"
    odds = gm.get(f"{api}/odds/", {"actor": fight.celia, "target": fight.npc, "with": "Espada larga"})
    assert odds.status_code == 200, odds.json()
    queued.extend([8, 1])  # 32 + 8 − (20 + 1) = 19: "Impacto letal", 200 % here, 400 % in this campaign
    attack = api_client(fight.player).post(
        f"{api}/actions/",
        {"type": "attack", "actor": fight.celia, "target": fight.npc, "with": "Espada larga"},
        format="json",
    )
    assert attack.status_code == 201, attack.json()
    (event,) = [e for e in attack.json()["events"] if e["type"] == "attack"]
    assert event["impact_level"] == "lethal" and event["damage_percent"] == 400 and event["damage"] == 200
    plain = Fight(npc={**ORC, "name": "Orco", "hit_points": 400, "armor": 0})
    plain_odds = api_client(plain.gm)
    plain.start(queued)
    other = plain_odds.get(
        f"/api/v1/encounters/{plain.encounter.pk}/odds/",
        {"actor": plain.celia, "target": plain.npc, "with": "Espada larga"},
    )
    assert odds.json()["expected_damage"] > other.json()["expected_damage"]


# --- the demo table ------------------------------------------------------------------------------


def test_the_anima_demo_is_a_ready_campaign_with_a_fight_for_the_gm_to_start(settings):
    settings.DEBUG = True
    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo", stdout=io.StringIO())
    campaign = Campaign.objects.get(name=demo.CAMPAIGN)
    assert campaign.system == "anima" and campaign.gm.username == "director"
    assert {"director", "jugadora", "jugador"} <= set(
        campaign.memberships.values_list("user__username", flat=True)
    )
    owners = dict(Character.objects.filter(campaign=campaign).values_list("name", "owner__username"))
    assert owners == {"Celia": "jugadora", "Darius": "jugador"}
    encounter = Encounter.objects.get(campaign=campaign)
    assert encounter.name == demo.ENCOUNTER and encounter.status == "setup"
    sides = sorted(c.side for c in encounter.combatants.filter(removed=False))
    assert sides == ["heroes", "heroes", "villains", "villains"]


def test_the_demo_loader_alone_finds_what_an_earlier_run_made():
    users = {name: UserFactory(username=name) for name in ("director", "jugadora", "jugador")}
    context = SimpleNamespace(users=users, stdout=io.StringIO())
    demo.load(context)
    demo.load(context)
    assert Campaign.objects.filter(name=demo.CAMPAIGN).count() == 1
    assert Encounter.objects.filter(name=demo.ENCOUNTER).count() == 1
    assert Character.objects.filter(campaign__name=demo.CAMPAIGN).count() == 2


def test_a_wizards_turn_offers_his_attack_powers_and_his_area_power(queued):
    from rules.anima.examples import WIZARD

    gm, player = UserFactory(), UserFactory()
    campaign = campaign_for(gm, system="anima")
    player_in(campaign, player)
    darius = characters.character_create(owner=player, sheet=WIZARD, campaign=campaign)
    encounter = encounters.encounter_create(campaign=campaign, user=gm, name="Torre")
    mine = encounters.combatant_add(encounter=encounter, user=gm, side="heroes", character_id=darius.pk).pk
    orc = encounters.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=ORC).pk
    queued.extend([10, 1])
    page_client(gm).post(f"/encounters/{encounter.pk}/act/", {"type": "start"})
    client = page_client(player)
    html = client.get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'value="magic:Dardo de fuego"' in html and 'value="magic:Bola de fuego"' not in html
    assert 'id="anima-area-form"' in html and 'id="anima-shields"' in html
    queued.extend([2])  # the orc's Resistencia de Reflejos: 10 + 2 against the difficulty 22
    response = client.post(
        f"/encounters/{encounter.pk}/act/",
        {"type": "area_power", "actor": mine, "power": "Bola de fuego", "targets": [str(orc)]},
    )
    assert response.status_code == 302
    state = Encounter.objects.get(pk=encounter.pk).state
    assert state["combatants"][str(orc)]["hit_points"] < ORC["hit_points"]


# --- the 2 m reach and the Estado de Vida y Muerte ------------------------------------------------


def _melee(fight, queued, faces=(5, 5)):
    queued.extend(faces)
    response = fight.player_page.post(
        fight.url + "act/",
        {"type": "attack", "actor": fight.celia, "target": fight.npc, "strike": "attack:Espada larga"},
    )
    assert response.status_code == 302


def test_an_opportunity_attack_is_offered_only_once_the_engaged_enemy_leaves_the_reach(queued):
    fight = Fight()
    fight.start(queued)
    assert "opportunity-form" not in fight.html(fight.gm_page)
    _melee(fight, queued)
    # Both pages show who is within 2 m of whom; the mover is asked whether it leaves the reach.
    player_html = fight.html(fight.player_page)
    assert "a 2 m de Guardia" in player_html and 'id="move-leaves-reach"' in player_html
    assert "a 2 m de Celia" in fight.html(fight.gm_page)
    assert "opportunity-form" not in fight.html(fight.gm_page)
    response = fight.player_page.post(
        fight.url + "act/", {"type": "move", "actor": fight.celia, "metres": "3", "leaves_reach": "true"}
    )
    assert response.status_code == 302
    gm_html = fight.html(fight.gm_page)
    assert f'id="opportunity-form-{fight.npc}-{fight.celia}"' in gm_html
    assert "Guardia puede hacer un Ataque de Oportunidad a Celia" in gm_html
    assert "a 2 m de" not in gm_html
    assert "opportunity-form" not in fight.html(fight.player_page)  # the guard is the GM's
    queued.extend([9, 1, 5, 5])
    taken = fight.gm_page.post(
        fight.url + "act/",
        {
            "type": "opportunity_attack",
            "actor": fight.npc,
            "target": fight.celia,
            "with": "Hacha",
            "aimed": "",
        },
    )
    assert taken.status_code == 302
    assert "opportunity-form" not in fight.html(fight.gm_page)


def test_the_api_refuses_an_opportunity_attack_on_someone_who_never_left_the_reach(queued):
    fight = Fight()
    fight.start(queued)
    api = f"/api/v1/encounters/{fight.encounter.pk}/actions/"
    before = Encounter.objects.get(pk=fight.encounter.pk).version
    action = {"type": "opportunity_attack", "actor": fight.npc, "target": fight.celia, "with": "Hacha"}
    answer = api_client(fight.gm).post(api, action, format="json")
    assert answer.status_code == 409
    (error,) = answer.json()["errors"]
    assert error["code"] == "opportunity.not_in_reach" and "alcance (2 m)" in error["message"]
    english = api_client(fight.gm).post(api, action, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 409 and "reach (2 m)" in english.json()["errors"][0]["message"]
    assert Encounter.objects.get(pk=fight.encounter.pk).version == before


def test_the_gm_sets_an_engagement_from_the_console(queued):
    fight = Fight()
    fight.start(queued)
    assert 'id="anima-engagement-form"' in fight.html(fight.gm_page)
    assert 'id="anima-engagement-form"' not in fight.html(fight.player_page)
    response = fight.gm_page.post(
        fight.url + "act/", {"type": "engagement", "target": fight.celia, "other": fight.npc, "on": "true"}
    )
    assert response.status_code == 302
    state = Encounter.objects.get(pk=fight.encounter.pk).state
    assert state["combatants"][str(fight.celia)]["engaged_with"] == [fight.npc]


def test_between_life_and_death_each_viewer_sees_what_it_may_and_the_gm_may_stabilise(queued):
    fight = Fight()
    fight.start(queued)
    for target in (fight.celia, fight.npc):
        fight.gm_page.post(fight.url + "act/", {"type": "adjust", "target": target, "hit_points": "-5"})
    player_html = fight.html(fight.player_page)
    # Her own numbers (Resistencia de Reflejos 14 stands for the Resistencia Física) and the limit,
    # −5 × Constitución 5; of the hidden guard only that he rolls against 12.
    assert "R. Física 14 + 1d10 contra 12 al empezar cada turno; muere a -25 PV" in player_html
    assert player_html.count("entre la vida y la muerte") == 2
    assert "tira contra 12 al empezar cada turno" in player_html
    # Celia fell in her own turn: nothing is offered but ending it.
    assert 'id="anima-turn-down"' in player_html and 'id="anima-attack-form"' not in player_html
    assert 'id="anima-end-turn-form"' in player_html
    gm_html = fight.html(fight.gm_page)
    assert 'id="anima-stabilise-form"' in gm_html and "R. Física 10 + 1d10" in gm_html
    response = fight.gm_page.post(fight.url + "act/", {"type": "stabilise", "target": fight.npc})
    assert response.status_code == 302
    guard = Encounter.objects.get(pk=fight.encounter.pk).state["combatants"][str(fight.npc)]
    assert (guard["hit_points"], guard["status"], guard["life_death_penalty"]) == (0, "active", -6)
    assert "vida y muerte -6" in fight.html(fight.player_page)


def test_an_ally_gives_first_aid_from_the_page_and_a_foe_or_the_dying_one_itself_is_refused(queued):
    from rules.anima.examples import ARCHER

    fight = Fight()
    nerea_sheet = {**ARCHER, "medicine": 8}
    nerea_character = characters.character_create(
        owner=fight.player, sheet=nerea_sheet, campaign=fight.campaign
    )
    nerea = encounters.combatant_add(
        encounter=fight.encounter, user=fight.gm, side="heroes", character_id=nerea_character.pk
    ).pk
    # Initiative: Celia 12 + 1, the guard 6 − 2 + 1, Nerea 14 + 10: Nerea acts first.
    fight.start(queued, faces=(1, 1, 10))
    for target in (fight.celia, fight.npc):
        fight.gm_page.post(fight.url + "act/", {"type": "adjust", "target": target, "hit_points": "-5"})
    html = fight.html(fight.player_page)
    form = html.split('id="anima-first-aid-form"')[1].split("</form>")[0]
    # Only the dying ally is offered: the dying guard is an enemy.
    assert f'<option value="{fight.celia}">Celia</option>' in form and f'value="{fight.npc}"' not in form

    def refused(actor, target, message):
        before = Encounter.objects.get(pk=fight.encounter.pk)
        response = fight.player_page.post(
            fight.url + "act/",
            {"type": "first_aid", "actor": actor, "target": target},
            HTTP_HX_REQUEST="true",
        )
        assert response.status_code == 200
        body = response.content.decode()
        assert "alert-danger" in body and message in body
        after = Encounter.objects.get(pk=fight.encounter.pk)
        assert (after.version, after.state) == (before.version, before.state)

    refused(nerea, fight.npc, "Solo a un aliado.")
    refused(fight.celia, fight.celia, "Nadie puede atenderse a sí mismo: hace falta un aliado en pie.")

    queued.append(5)  # Medicina 8 + 5 = 13, above 12
    response = fight.player_page.post(
        fight.url + "act/", {"type": "first_aid", "actor": nerea, "target": fight.celia}
    )
    assert response.status_code == 302
    state = Encounter.objects.get(pk=fight.encounter.pk).state
    celia = state["combatants"][str(fight.celia)]
    assert (celia["hit_points"], celia["status"], celia["life_death_penalty"]) == (0, "active", -6)
    assert state["combatants"][str(nerea)]["turn_actions"]["complex_used"] is True
    assert state["combatants"][str(fight.npc)]["status"] == "dying"
    html = fight.html(fight.player_page)
    assert "Nerea atiende a Celia (Medicina 13 contra 12): se estabiliza." in html
    # Her complex action is spent: neither first aid nor an attack is offered again this turn.
    assert 'id="anima-first-aid-form"' not in html and 'id="anima-attack-form"' not in html
    assert "entre la vida y la muerte" in fight.html(fight.gm_page)  # the guard still is

"""The Epic20 attack form starts on the combatant's best attack against the target it starts on
(docs/rules-notes-combat.md, "The attack form's default"): not "Sin armas" when an unarmed blow
cannot damage and the sheet has a weapon or an attack power; "Sin armas" when that is all the
sheet has. Ranked by the odds as the viewer may know them: exact for the GM, bands for a player
against a hidden NPC."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.test import Client

from characters import services as characters
from combat import services
from combat.models import Encounter
from combat.systems import epic20_panel as panel
from rules.epic20.encounter.odds import exact_odds
from tests.characters.helpers import nova
from tests.characters.html_parts import element
from tests.combat.encounters import dice as scripted
from tests.combat.encounters.conftest import THUG
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db
RAY = "ataque-especial-a-distancia"
# A seasoned thug: defense 16, which Nova's bare hands (bonus 0) cannot beat by 5 even with a 20.
VETERAN = {**THUG, "name": "Matón veterano", "level": 12, "attributes": {**THUG["attributes"], "agilidad": 1}}


@pytest.fixture
def queued(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    yield scripted.QUEUE
    scripted.QUEUE.clear()


def fight(queued, *, npc_sheet, faces):
    """Nova (the player's) against the GM's NPC, started with the initiative `faces` (Nova's, the
    NPC's)."""
    gm, player = UserFactory(), UserFactory()
    campaign = campaign_for(gm, system="epic20")
    player_in(campaign, player)
    character = characters.character_create(owner=player, sheet=nova(), campaign=campaign)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Puerto")
    pc = services.combatant_add(encounter=encounter, user=player, side="heroes", character_id=character.pk).pk
    npc = services.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=npc_sheet).pk
    queued.extend(faces)
    services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    return {"gm": gm, "player": player, "encounter": encounter, "pc": pc, "npc": npc}


def attack_form(user, encounter) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(f"/encounters/{encounter.pk}/")
    assert response.status_code == 200
    return element(response.content.decode(), "attack-form")


def selected(form: str, select_id: str) -> list[str]:
    select = element(form, select_id)
    return re.findall(r'<option value="([^"]*)"[^>]*\sselected>', select)


def expected_damage(encounter_id: int, actor: int, target: int, kind: str, weapon: str) -> Fraction:
    state = Encounter.objects.get(pk=encounter_id).state
    request = {"actor": actor, "target": target, "kind": kind, "with": weapon}
    return exact_odds(state, request)["expected_damage"]


def test_nova_whose_bare_hands_cannot_hurt_the_veteran_starts_on_her_plasma_ray(queued):
    f = fight(queued, npc_sheet=VETERAN, faces=(15, 3))  # Nova acts first
    pk = f["encounter"].pk
    assert expected_damage(pk, f["pc"], f["npc"], "melee", "unarmed") == 0
    assert expected_damage(pk, f["pc"], f["npc"], "ranged", RAY) > 0
    form = attack_form(f["player"], f["encounter"])  # the thug is hidden: ranked by the bands
    assert selected(form, "attack-kind") == ["ranged"]
    assert selected(form, "attack-with") == [RAY]
    assert f'<option value="{RAY}" data-kind="ranged" selected>' in form
    assert '<option value="unarmed" data-kind="melee" hidden disabled>Sin armas</option>' in form


def test_the_gm_s_veteran_starts_on_his_club_not_his_bare_fists(queued):
    f = fight(queued, npc_sheet=VETERAN, faces=(3, 15))  # the thug acts first
    pk = f["encounter"].pk
    assert expected_damage(pk, f["npc"], f["pc"], "melee", "unarmed") == 0
    assert expected_damage(pk, f["npc"], f["pc"], "melee", "Porra") == Fraction(1, 5)
    form = attack_form(f["gm"], f["encounter"])  # the GM ranks by the exact odds
    assert selected(form, "attack-kind") == ["melee"]
    assert selected(form, "attack-with") == ["Porra"]


def test_a_thug_with_nothing_but_his_fists_starts_on_sin_armas(queued):
    bare = {**THUG, "name": "Matón", "equipment": []}
    f = fight(queued, npc_sheet=bare, faces=(3, 15))
    form = attack_form(f["gm"], f["encounter"])
    assert selected(form, "attack-kind") == ["melee"]
    assert selected(form, "attack-with") == ["unarmed"]
    # A thrown object needs one at hand: offered, never the default.
    assert re.search(
        r'<option value="[^"]+" data-kind="ranged" hidden disabled>Objeto arrojado</option>', form
    )


def test_the_best_attack_ranks_exact_odds_and_keeps_the_first_on_a_tie():
    weapons = [
        {"value": "unarmed", "kind": "melee"},
        {"value": "a", "kind": "melee"},
        {"value": "b", "kind": "ranged"},
    ]

    def exact(damage, hit="1/2"):
        return {"exact": {"expected_damage": damage, "p_damage": "1/4", "p_hit": hit}}

    odds = {"unarmed": exact("0"), "a": exact("1/2"), "b": exact("1/2", hit="1/4")}
    assert panel.best_attack(weapons, lambda w: odds[w["value"]])["value"] == "a"
    even = {"unarmed": exact("0"), "a": exact("0"), "b": exact("0")}
    assert panel.best_attack(weapons, lambda w: even[w["value"]])["value"] == "unarmed"
    refused = {"unarmed": None, "a": None, "b": exact("0")}
    assert panel.best_attack(weapons, lambda w: refused[w["value"]])["value"] == "b"
    assert panel.best_attack(weapons, lambda w: None) is None


def test_against_a_hidden_target_the_bands_rank_the_damage_first():
    weapons = [{"value": "unarmed", "kind": "melee"}, {"value": "ray", "kind": "ranged"}]
    bands = {
        "unarmed": {"exact": None, "hit_band": {"band": "good"}, "damage_band": {"band": "none"}},
        "ray": {"exact": None, "hit_band": {"band": "low"}, "damage_band": {"band": "low"}},
    }
    assert panel.best_attack(weapons, lambda w: bands[w["value"]])["value"] == "ray"

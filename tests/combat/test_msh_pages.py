"""The Marvel Super Heroes-style encounter page through the test client: the GM console and the
player view (the round's phase and side, the declarations panel, Health, Karma and ranks, the
Universal Table column of the last roll), the declare forms offering only what a character may
declare now, the odds box, and the privacy of the GM's NPCs on the page."""

from __future__ import annotations

import io

import pytest
from django.http import QueryDict
from django.test import Client

from characters import services as characters
from combat import services as encounters
from combat.models import Encounter
from combat.systems import msh as page_msh
from rules.msh.system import SYSTEM as MSH
from tests.characters.html_parts import element
from tests.combat.encounters import dice as scripted
from tests.factories import UserFactory, campaign_for, player_in
from tests.rules.msh.helpers import sheet as msh_sheet

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
HERO = msh_sheet(
    "Coloso",
    fighting=20,
    strength=50,
    endurance=40,
    intuition=10,
    weapons=[{"name": "Viga", "combat_type": "thrown-blunt", "damage": 20, "material": 40}],
)
THUG = msh_sheet("Matón", fighting=10, strength=20, endurance=20, intuition=10, body_armor=6)


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


@pytest.fixture
def fight(queued):
    """A GM, a player with Coloso on the heroes' side and the GM's Matón on the villains'."""
    gm, player = UserFactory(), UserFactory()
    campaign = campaign_for(gm, system="msh")
    player_in(campaign, player)
    hero_character = characters.character_create(owner=player, sheet=HERO, campaign=campaign)
    encounter = encounters.encounter_create(campaign=campaign, user=gm, name="Muelle")
    hero = encounters.combatant_add(
        encounter=encounter, user=player, side="heroes", character_id=hero_character.pk
    )
    npc = encounters.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=THUG)
    return {
        "gm": client_for(gm),
        "player": client_for(player),
        "encounter": encounter,
        "hero": hero.pk,
        "npc": npc.pk,
        "url": f"/encounters/{encounter.pk}/",
    }


def start(fight, queued, *, auto_resolve=True):
    queued[:] = [4, 3] + [1] * 10  # initiative: heroes 4 (attack), villains 3 (defend, declare first)
    data = {"type": "start", **({"auto_resolve": "1"} if auto_resolve else {})}
    fight["gm"].post(fight["url"] + "act/", data, **HTMX)


def declare(client, fight, actor, **fields):
    data = {"type": "declare", "actor": str(actor), **{k: str(v) for k, v in fields.items()}}
    return client.post(fight["url"] + "act/", data, **HTMX)


def page(client, fight) -> str:
    return client.get(fight["url"]).content.decode()


def version(fight) -> int:
    return Encounter.objects.get(pk=fight["encounter"].pk).version


def test_only_the_gm_gets_the_start_form_before_the_fight(fight):
    assert 'id="start-form"' in page(fight["gm"], fight)
    assert 'id="start-form"' not in page(fight["player"], fight)


def test_after_the_start_the_defending_side_declares_first_and_the_panel_says_so(fight, queued):
    start(fight, queued)
    gm, player = page(fight["gm"], fight), page(fight["player"], fight)

    for shown in (gm, player):
        assert "Declaraciones" in element(shown, "msh-phase")
        assert "Villanos" in element(shown, "msh-side")
        assert "Héroes 4" in element(shown, "msh-initiative")
    # The GM declares for the NPC; the player has nobody to declare for yet.
    assert f'id="declare-{fight["npc"]}"' in gm and f'id="declare-{fight["hero"]}"' not in gm
    assert 'id="declare-' not in element(player, "encounter-controls")
    assert 'id="waiting"' in player
    assert 'id="resolve-round-form"' in gm and 'id="resolve-round-form"' not in player


def test_the_attackers_form_offers_its_weapons_the_unarmed_types_and_holding(fight, queued):
    start(fight, queued)
    declare(fight["gm"], fight, fight["npc"], kind="pass")
    form = element(page(fight["player"], fight), f"declare-{fight['hero']}")

    assert 'value="thrown-blunt|Viga"' in form and 'value="blunt|unarmed"' in form
    assert 'value="hold"' in form  # the side with the initiative may hold its action
    assert 'value="escape"' not in form  # nobody holds Coloso
    assert 'value="shooting|unarmed"' not in form  # shooting needs a weapon


def test_the_defenders_form_offers_no_held_action(fight, queued):
    start(fight, queued)
    form = element(page(fight["gm"], fight), f"declare-{fight['npc']}")

    assert 'value="hold"' not in form and 'value="evade"' in form


def test_a_declaration_shows_on_both_pages_and_an_npcs_karma_stays_behind_the_screen(fight, queued):
    start(fight, queued)
    answer = declare(
        fight["gm"], fight, fight["npc"], kind="attack", attack="blunt|unarmed", target=fight["hero"], karma=5
    )
    assert answer.status_code == 200

    gm_row = element(page(fight["gm"], fight), "msh-declarations")
    player_row = element(page(fight["player"], fight), "msh-declarations")
    assert "Matón" in gm_row and "Contundente" in gm_row and "Karma 5" in gm_row
    assert "Matón" in player_row and "Contundente" in player_row and "Karma" not in player_row
    assert "Coloso" in element(page(fight["player"], fight), "msh-waiting")


def test_the_player_sees_their_heros_numbers_and_not_the_npcs(fight, queued):
    start(fight, queued)
    table = element(page(fight["player"], fight), "msh-combatants")
    hero_row = table.split(f'data-combatant="{fight["hero"]}"')[1].split("</tr>")[0]
    npc_row = table.split(f'data-combatant="{fight["npc"]}"')[1].split("</tr>")[0]

    assert "130/130" in hero_row and "30/30" in hero_row and "Fue</abbr> 50" in hero_row
    assert "—" in npc_row and "tras la pantalla" in npc_row and "70/70" not in npc_row
    gm_table = element(page(fight["gm"], fight), "msh-combatants")
    assert "70/70" in gm_table.split(f'data-combatant="{fight["npc"]}"')[1]


def test_the_round_resolves_when_all_have_declared_and_the_column_marks_the_roll(fight, queued):
    start(fight, queued)
    declare(fight["gm"], fight, fight["npc"], kind="pass")
    queued[:] = [97] + [1] * 30  # Coloso's punch: 97, red on his Fighting column (Excellent)
    declare(fight["player"], fight, fight["hero"], kind="attack", attack="blunt|unarmed", target=fight["npc"])

    shown = page(fight["player"], fight)
    assert "97" in element(shown, "msh-last-roll") and "Excelente" in element(shown, "msh-last-roll")
    assert 'data-roll="97"' in shown and "msh-at-97" in shown and 'data-column="excellent"' in shown
    # Round 2 is being declared: the villains again.
    assert "Asalto 2" in element(shown, "msh-round-heading")


def test_an_npcs_roll_shows_the_player_its_number_and_colour_but_not_its_column(fight, queued):
    start(fight, queued)
    queued[:] = [60] + [1] * 30
    declare(fight["gm"], fight, fight["npc"], kind="attack", attack="blunt|unarmed", target=fight["hero"])
    declare(fight["player"], fight, fight["hero"], kind="pass")

    player = element(page(fight["player"], fight), "msh-last-roll")
    gm = element(page(fight["gm"], fight), "msh-last-roll")
    assert "60" in player and "tras la pantalla" in player and "Bueno" not in player
    assert "columna Bueno" in gm  # Matón's Fighting 10 is Good


def test_after_an_npcs_roll_the_player_still_sees_their_own_roll_marked_on_its_column(fight, queued):
    start(fight, queued)
    declare(fight["gm"], fight, fight["npc"], kind="attack", attack="blunt|unarmed", target=fight["hero"])
    # The attackers (heroes) act first: Coloso rolls 50 (green), then the Matón 30 (white).
    queued[:] = [50, 30] + [5] * 30
    declare(fight["player"], fight, fight["hero"], kind="attack", attack="blunt|unarmed", target=fight["npc"])

    shown = page(fight["player"], fight)
    assert "tras la pantalla" in element(shown, "msh-last-roll")  # the Matón's, latest
    assert 'data-column="excellent"' in shown and 'data-roll="50"' in shown  # Coloso's own
    assert 'data-column="good"' not in shown


def test_the_gm_closes_the_declarations_and_the_round_resolves(fight, queued):
    start(fight, queued, auto_resolve=False)
    declare(fight["gm"], fight, fight["npc"], kind="pass")
    declare(fight["player"], fight, fight["hero"], kind="block")
    assert "Declaraciones" in element(page(fight["gm"], fight), "msh-phase")  # still open

    queued[:] = [50] + [1] * 30
    fight["gm"].post(fight["url"] + "act/", {"type": "resolve_round"}, **HTMX)
    events = list(fight["encounter"].events.values_list("type", flat=True))
    assert "declarations_closed" in events and "defense" in events


def test_a_player_cannot_declare_for_the_gms_npc_and_nothing_changes(fight, queued):
    start(fight, queued)
    before = version(fight)
    answer = declare(fight["player"], fight, fight["npc"], kind="pass")

    assert answer.status_code in (200, 403, 404)
    assert version(fight) == before
    assert not fight["encounter"].events.filter(type="declare").exists()


def test_attacking_outright_in_the_declaration_phase_is_refused_and_changes_nothing(fight, queued):
    start(fight, queued)
    before = version(fight)
    answer = fight["gm"].post(
        fight["url"] + "act/",
        {"type": "attack", "actor": fight["npc"], "target": fight["hero"], "combat_type": "blunt"},
        **HTMX,
    )

    assert answer.status_code == 200 and answer["HX-Retarget"] == "#action-feedback"
    assert version(fight) == before


def test_an_unknown_combat_type_is_refused_at_declaration_with_its_message(fight, queued):
    start(fight, queued)
    before = version(fight)
    answer = declare(
        fight["gm"], fight, fight["npc"], kind="attack", attack="laser|unarmed", target=fight["hero"]
    )

    assert "Tipo de combate desconocido" in answer.content.decode()
    assert version(fight) == before


def test_the_gm_gets_exact_odds_on_the_npcs_column(fight, queued):
    start(fight, queued)
    query = {"actor": fight["npc"], "kind": "attack", "attack": "blunt|unarmed", "target": fight["hero"]}
    odds = fight["gm"].get(fight["url"] + "odds/", query).content.decode()

    assert 'data-odds="column"' in odds and "Bueno" in odds
    assert 'data-odds-colour="red"' in odds and "%" in odds
    assert 'data-column="good"' in odds


def test_a_player_gets_banded_odds_against_the_hidden_npc_and_none_for_it(fight, queued):
    start(fight, queued)
    declare(fight["gm"], fight, fight["npc"], kind="pass")
    mine = {"actor": fight["hero"], "kind": "attack", "attack": "blunt|unarmed", "target": fight["npc"]}
    odds = fight["player"].get(fight["url"] + "odds/", mine).content.decode()
    assert 'data-odds-colour="green"' in odds and "aproximadas" in odds
    assert 'data-odds="column"' not in odds and "Salud después" not in odds

    theirs = {"actor": fight["npc"], "kind": "attack", "attack": "blunt|unarmed", "target": fight["hero"]}
    refused = fight["player"].get(fight["url"] + "odds/", theirs).content.decode()
    assert "data-odds-colour" not in refused


def test_the_player_sees_exact_odds_of_a_defensive_roll_on_their_own_column(fight, queued):
    start(fight, queued)
    query = {"actor": fight["hero"], "kind": "block", "karma": "0"}
    odds = fight["player"].get(fight["url"] + "odds/", query).content.decode()

    assert 'data-column="amazing"' in odds  # Bloqueo rolls Strength 50


def form(**fields) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in fields.items():
        data.setlist(key, value if isinstance(value, list) else [str(value)])
    return data


def test_a_hold_form_becomes_a_held_attack_before_the_chosen_defender():
    action = page_msh.action_from_form(
        form(type="declare", actor=3, kind="hold", attack="blunt|unarmed", target=4, before=4, karma=2)
    )

    assert action == {
        "type": "declare",
        "actor": 3,
        "action": {
            "type": "hold",
            "before": 4,
            "action": {"combat_type": "blunt", "with": "unarmed", "target": 4},
        },
    }


@pytest.mark.parametrize(
    ("fields", "declared"),
    [
        ({"kind": "pass"}, {"type": "pass"}),
        ({"kind": "interpose", "protect": 5}, {"type": "interpose", "protect": 5}),
        ({"kind": "dodge", "karma": 3, "attack": "blunt|unarmed"}, {"type": "dodge", "karma": 3}),
        (
            {"kind": "attack", "attack": "energy|Rayo", "target": 2, "darkness": "1", "areas": ""},
            {"type": "attack", "combat_type": "energy", "with": "Rayo", "target": 2, "darkness": True},
        ),
        ({"kind": "attack", "attack": "blunt|unarmed", "target": "x"}, None),
    ],
)
def test_each_declare_form_carries_only_what_its_kind_uses(fields, declared):
    action = page_msh.declared_action(form(**fields))
    if declared is None:
        assert action["target"] == "x"  # left for the validation to refuse with its message
    else:
        assert action == declared


def test_the_demo_sets_up_one_msh_table_with_a_fight_for_the_gm_to_start(settings):
    from django.core.management import call_command

    from campaigns.models import Campaign

    settings.DEBUG = True
    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo", stdout=io.StringIO())

    campaign = Campaign.objects.get(system="msh")
    assert campaign.gm.username == "director"
    players = set(campaign.memberships.filter(role="player").values_list("user__username", flat=True))
    assert players == {"jugadora", "jugador"}
    encounter = campaign.encounters.get()
    assert encounter.status == "setup"
    combatants = list(encounter.combatants.all())
    heroes = [c for c in combatants if not c.is_npc]
    assert {c.owner.username for c in heroes} == {"jugadora", "jugador"}
    assert sum(c.is_npc for c in combatants) == 2
    sheets = [c.character.sheet for c in heroes]
    assert all(MSH.check_sheet(sheet).valid for sheet in sheets)


def test_the_panel_and_forms_speak_english_when_the_page_does(fight, queued):
    start(fight, queued)
    shown = fight["gm"].get(fight["url"], HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "Declarations" in element(shown, "msh-phase")
    assert "Initiative by side:" in element(shown, "msh-initiative")
    assert "What it does" in element(shown, f"declare-{fight['npc']}")
    assert "Unarmed · Blunt" in element(shown, f"declare-{fight['npc']}")


def test_the_api_odds_read_an_msh_attack_from_the_query(fight, queued):
    from rest_framework.test import APIClient

    start(fight, queued)
    api = APIClient()
    api.force_authenticate(fight["encounter"].campaign.gm)
    url = f"/api/v1/encounters/{fight['encounter'].pk}/odds/"
    query = {"actor": fight["npc"], "target": fight["hero"], "combat_type": "blunt", "karma": "2"}
    odds = api.get(url, query)

    assert odds.status_code == 200, odds.json()
    assert odds.json()["column"] == "good" and len(odds.json()["colours"]) == 4
    bad = api.get(url, {**query, "karma": "mucho"})
    assert bad.status_code == 400


def _kinds(effects: dict, side: str = "heroes") -> list[str]:
    folded = {
        "combatants": {"1": {"side": side, "effects": effects}},
        "msh": {"sides": ["heroes", "villains"]},
    }
    return [k["value"] for k in page_msh.declarable_kinds(folded, 1, "es")]


@pytest.mark.parametrize(
    ("effects", "side", "offered", "not_offered"),
    [
        ({}, "heroes", {"attack", "evade", "dodge", "block", "interpose", "aim", "pass", "hold"}, {"escape"}),
        ({}, "villains", {"attack", "pass"}, {"hold", "escape"}),
        ({"held_by": {"by": 2, "full": True}}, "heroes", {"escape", "pass"}, {"attack", "hold", "dodge"}),
        ({"held_by": {"by": 2, "full": False}}, "heroes", {"escape", "attack"}, set()),
    ],
)
def test_the_form_offers_only_what_the_character_may_declare_now(effects, side, offered, not_offered):
    kinds = set(_kinds(effects, side))

    assert offered <= kinds and not (not_offered & kinds)

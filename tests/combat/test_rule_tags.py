"""The fight log's rule tags of Hero, MSH and Anima in the page's language: an English page
names the section of the system's document in English ("Rule: Coordinated Attacks"), a Spanish
page as the seed does ("Regla: Ataques coordinados"), and the API keeps the seed's name."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from characters import services as characters
from combat import services as encounters
from combat.presentation import presentation_for
from tests.characters.html_parts import element
from tests.combat import test_anima_pages as anima_pages
from tests.combat import test_hero_pages as hero_pages
from tests.combat import test_msh_pages as msh_pages
from tests.combat.encounters import dice as scripted
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
ES = {"HTTP_ACCEPT_LANGUAGE": "es"}


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


def event_of(encounter, spanish_rule):
    """The last event of the log whose rule is `spanish_rule`, as the API stores it."""
    return [e for e in encounter.events.order_by("seq") if e.payload.get("rule") == spanish_rule][-1]


def rule_lines(client, encounter, seq) -> tuple[str, str]:
    """The event's page in English and in Spanish: the rule line of each."""
    url = f"/encounters/{encounter.pk}/log/{seq}/"
    pages = [client.get(url, **lang) for lang in (EN, ES)]
    assert [p.status_code for p in pages] == [200, 200]
    return tuple(element(p.content.decode(), f"event-{seq}") for p in pages)


def hero_hold(queued):
    """A Hero fight where the player's Dragón holds its phase (004 "Ataques coordinados")."""
    t = hero_pages.HeroTable()
    t.start()
    encounters.encounter_act(encounter=t.encounter, user=t.player, action={"type": "hold", "actor": t.pc.pk})
    return t.encounter, client_for(t.player)


def msh_round(queued):
    """An MSH fight started by its GM: the round's sequence (001 "Secuencia de combate")."""
    gm, player = UserFactory(), UserFactory()
    campaign = campaign_for(gm, system="msh")
    player_in(campaign, player)
    pc = characters.character_create(owner=player, sheet=msh_pages.HERO, campaign=campaign)
    encounter = encounters.encounter_create(campaign=campaign, user=gm, name="Muelle")
    encounters.combatant_add(encounter=encounter, user=player, side="heroes", character_id=pc.pk)
    encounters.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=msh_pages.THUG)
    queued[:] = [4, 3] + [1] * 10
    encounters.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    return encounter, client_for(player)


def anima_start(queued):
    """An Anima fight started by its GM (003 "Las Acciones")."""
    fight = anima_pages.Fight()
    fight.start(queued)
    return fight.encounter, fight.player_page


@pytest.mark.parametrize(
    ("setup", "spanish", "english"),
    [
        pytest.param(hero_hold, "Ataques coordinados", "Coordinated Attacks", id="hero"),
        pytest.param(msh_round, "Secuencia de combate", "Combat sequence", id="msh"),
        pytest.param(anima_start, "Las Acciones", "Actions", id="anima"),
    ],
)
def test_the_logs_rule_line_names_the_section_in_the_pages_language(queued, setup, spanish, english):
    encounter, client = setup(queued)
    event = event_of(encounter, spanish)

    english_page, spanish_page = rule_lines(client, encounter, event.seq)

    assert f"Rule: {english}</div>" in english_page and spanish not in english_page
    assert f"Regla: {spanish}</div>" in spanish_page


def test_the_whole_english_log_names_the_anima_initiative_reading_in_english(queued):
    encounter, client = anima_start(queued)

    log = element(client.get(f"/encounters/{encounter.pk}/", **EN).content.decode(), "event-list")

    assert "Rule: Actions › Initiative" in log and ".md" not in log
    assert "Iniciativa" not in log and "Regla:" not in log


def test_the_api_keeps_the_seeds_section_name_for_an_english_reader(queued):
    encounter, client = msh_round(queued)

    events = client.get(f"/api/v1/encounters/{encounter.pk}/events/", **EN).json()

    rules = {e.get("rule") for e in (events.get("results") if isinstance(events, dict) else events)}
    assert "Secuencia de combate" in rules and "Combat sequence" not in rules


@pytest.mark.parametrize(
    ("slug", "rule", "english"),
    [
        ("hero", "Directo", "Haymaker"),
        ("msh", "Tipos de combate › Lucha › Sujeción", "Combat types › Wrestling › Grappling"),
        ("anima", "Atacar; Defenderse", "Attacking; Defending"),
        ("epic20", "ATACAR EN COMBATE", "ATTACKING IN COMBAT"),
        ("generic", "Una regla de la casa", "Una regla de la casa"),
    ],
)
def test_each_systems_presentation_reads_its_own_table(slug, rule, english):
    show = presentation_for(slug)
    view = {"seq": 1, "type": "note", "round": 1, "rule": rule, "text": "…"}

    with translation.override("en"):
        line = show.log_line(view, {}, "en")

    assert show.rule_label(rule, "en") == english and show.rule_label(rule, "es") == rule
    assert line.rule == english

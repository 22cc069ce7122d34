"""What a walk through a Hero fight tripped over: "Terminar la fase" sent for a phase an attack
had already ended threw the character's next phase away; the attack form vanished without a
reason once END ran out; two NPCs from one saved sheet shared a name; the dead stayed offered
(and preselected) as targets; cards said STUN/BODY/END beside a table saying ATU/CUE/AGU; the
odds printed 100 % for 215/216."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from combat import services
from combat.templatetags.odds_percent import percent_text
from tests.characters.html_parts import element
from tests.combat.test_hero_pages import HeroTable, _ids, client_for
from tests.rules.hero.helpers import sheet

pytestmark = pytest.mark.django_db


def _act(t, user, **action):
    return services.encounter_act(encounter=t.encounter, user=user, action=action)


def _state(t) -> dict:
    t.encounter.refresh_from_db()
    return t.encounter.state


def test_ending_a_phase_that_is_already_over_is_refused_and_the_next_phase_stays():
    t = HeroTable()
    t.start()
    page = t.page(t.player)  # turn 1, segment 12: Dragón acts
    buttons = element(page, "hero-buttons")
    assert 'name="phase" value="1.12"' in buttons
    _act(t, t.player, type="end_turn", actor=_ids(t.pc), phase="1.12")
    _act(t, t.gm, type="end_turn", actor=_ids(t.npc))
    assert (_state(t)["segment"], _state(t)["current"]) == (3, _ids(t.pc))
    # The same button sent again (a second click, a page not yet redrawn) names a phase that is over.
    response = client_for(t.player).post(
        f"{t.url}act/",
        {"type": "end_turn", "actor": str(_ids(t.pc)), "phase": "1.12"},
        HTTP_HX_REQUEST="true",
    )
    assert "Esa fase ya había terminado; la de ahora sigue en juego." in response.content.decode()
    assert (_state(t)["segment"], _state(t)["current"]) == (3, _ids(t.pc))
    assert 'name="phase" value="2.3"' in element(t.page(t.player), "hero-buttons")


def test_with_no_end_left_the_page_says_why_there_is_no_attack_form():
    t = HeroTable()
    t.start()
    state = _state(t)
    state["combatants"][str(_ids(t.pc))]["end"] = 0
    t.encounter.state = state
    t.encounter.save(update_fields=["state"])
    page = t.page(t.player)
    assert 'id="attack-form"' not in page
    assert (
        "Dragón no puede atacar: le quedan 0 de AGU y su ataque más barato cuesta 1. "
        "Recuperarse le devuelve AGU."
    ) in element(page, "attack-no-end")


def test_two_npcs_from_one_saved_sheet_are_numbered():
    from characters import services as characters

    t = HeroTable()
    saved = characters.character_create(owner=t.gm, sheet=sheet("Matón"))
    names = [
        services.combatant_add(encounter=t.encounter, user=t.gm, side="villains", npc_from=saved.pk).name
        for _ in range(3)
    ]
    assert names == ["Matón", "Matón 2", "Matón 3"]


def test_the_dead_are_no_target_and_the_living_enemy_comes_first():
    t = HeroTable()
    services.combatant_add(
        encounter=t.encounter, user=t.gm, side="villains", npc_sheet=sheet("Esbirro", dex=5, spd=2)
    )
    t.start()
    state = _state(t)
    state["combatants"][str(_ids(t.npc))]["status"] = "dead"
    t.encounter.state = state
    t.encounter.save(update_fields=["state"])
    targets = re.search(r'<select[^>]*id="attack-target">(.*?)</select>', t.page(t.player), re.S).group(1)
    assert re.findall(r">([^<]+)</option>", targets) == ["Esbirro"]


def test_cards_use_the_spanish_document_s_abbreviations_and_english_its_own():
    t = HeroTable()
    t.start()
    cards = element(t.page(t.gm), "combatant-cards")
    for abbr in ("ATU", "CUE", "AGU", "VCD", "VEL"):
        assert f">{abbr}</abbr>" in cards
    assert ">STUN</abbr>" not in cards and ">BODY</abbr>" not in cards
    gm = client_for(t.gm)
    english = gm.get(t.url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for abbr in ("STUN", "BODY", "END", "DCV", "SPD"):
        assert f">{abbr}</abbr>" in element(english, "combatant-cards")


@pytest.mark.parametrize(
    ("chance", "shown"),
    [
        (215 / 216, "99,5"),
        (1 / 216, "0,5"),
        (1.0, "100"),
        (0.0, "0"),
        (0.5, "50"),
        (0.99991, "99,9"),
        (0.994, "99"),
    ],
)
def test_a_chance_never_reads_as_certain_unless_it_is(chance, shown):
    with translation.override("es"):
        assert percent_text(chance) == shown
    with translation.override("en"):
        assert percent_text(chance) == shown.replace(",", ".")

"""Epic20, declaring ahead: the log says what was declared in words, in both languages ("Nova
declara: Atacar → Matón.", with the kind of attack and the weapon beside it), never the action's
key; a change says what it changed from and to; declaring again exactly what stands is refused
(409 `declare.unchanged`) and logs nothing; the page's note beside a finished declaration says it
can be changed below instead of "declarando abajo"."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from combat.models import Event
from tests.characters.helpers import nova
from tests.characters.html_parts import element
from tests.combat.encounters import dice as scripted
from tests.combat.encounters.conftest import THUG
from tests.combat.test_declare_pages import Fight

pytestmark = pytest.mark.django_db


@pytest.fixture
def fight(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    made = Fight("epic20", nova(), THUG, scripted.QUEUE, faces=(3, 15))  # the thug acts first
    made.turn_on()
    yield made
    scripted.QUEUE.clear()


def _declare_attack(fight):
    return fight.act(
        fight.player_page, declare="1", type="attack", actor=fight.pc, target=fight.npc, kind="melee",
        **{"with": "unarmed"},
    )  # fmt: skip


def _last_line(fight, lang: str) -> dict:
    api = APIClient()
    api.force_authenticate(fight.player)
    events = api.get(f"/api/v1/encounters/{fight.encounter.pk}/events/", HTTP_ACCEPT_LANGUAGE=lang).json()
    return events["results"][-1]["line"]


def test_a_declaration_reads_what_was_declared_in_both_languages(fight):
    assert _declare_attack(fight).status_code == 302

    spanish, english = _last_line(fight, "es"), _last_line(fight, "en")
    assert (spanish["type"], spanish["text"], spanish["what"]) == (
        "declare", "Nova declara: Atacar → Matón.", "Cuerpo a cuerpo · Sin armas"
    )  # fmt: skip
    assert (english["text"], english["what"]) == ("Nova declares: Attack → Matón.", "Melee · Unarmed")
    page = element(fight.html(fight.player_page), f"event-{spanish['seq']}")
    assert "Nova declara: Atacar → Matón." in page and "Cuerpo a cuerpo · Sin armas" in page


def test_a_change_says_from_what_to_what_and_the_same_declaration_again_is_refused(fight):
    _declare_attack(fight)
    before = Event.objects.filter(encounter=fight.encounter).count()

    fields = {"declare": "1", "type": "attack", "actor": fight.pc, "target": fight.npc, "kind": "melee"}
    again = fight.player_page.post(fight.url + "act/", {**fields, "with": "unarmed"}, HTTP_HX_REQUEST="true")
    assert "Ya ha declarado exactamente eso: no cambia nada." in again.content.decode()
    assert Event.objects.filter(encounter=fight.encounter).count() == before

    fight.act(fight.player_page, declare="1", type="skill_check", actor=fight.pc, skill="acrobacias")
    assert _last_line(fight, "es")["text"] == (
        "Nova cambia su declaración: Atacar → Matón ⇒ Tirada de habilidad."
    )
    assert _last_line(fight, "en")["text"] == "Nova changes their declaration: Attack → Matón ⇒ Skill check."
    assert _last_line(fight, "es")["what"] == "Acrobacias"


def test_the_api_refuses_the_same_declaration_with_a_409(fight):
    _declare_attack(fight)
    api = APIClient()
    api.force_authenticate(fight.player)
    action = {"type": "attack", "target": fight.npc, "kind": "melee", "with": "unarmed"}
    answer = api.post(
        f"/api/v1/encounters/{fight.encounter.pk}/actions/",
        {"type": "declare", "actor": fight.pc, "action": action},
        format="json",
    )
    assert answer.status_code == 409 and answer.json()["errors"][0]["code"] == "declare.unchanged"


def test_beside_a_finished_declaration_the_page_says_it_can_be_changed_below(fight):
    mine = element(fight.html(fight.player_page), "my-declarations")
    assert "declarando abajo" in mine
    _declare_attack(fight)
    mine = element(fight.html(fight.player_page, f"?declarer={fight.pc}"), "my-declarations")
    assert "declarando abajo" not in mine and "puedes modificarlo abajo" in mine


def _selected(html: str, select_id: str) -> str:
    import re

    found = re.search(r'<option value="([^"]*)"[^>]*\bselected\b', element(html, select_id))
    return found.group(1) if found else ""


def test_the_forms_start_on_what_was_declared_not_on_their_defaults(fight):
    page = fight.html(fight.player_page, f"?declarer={fight.pc}")
    default_weapon = _selected(page, "attack-with")
    assert default_weapon and default_weapon != "unarmed"  # the best attack is Nova's own

    _declare_attack(fight)
    page = fight.html(fight.player_page, f"?declarer={fight.pc}")
    assert (_selected(page, "attack-kind"), _selected(page, "attack-with")) == ("melee", "unarmed")
    assert _selected(page, "attack-target") == str(fight.npc)

    fight.act(fight.player_page, declare="1", type="skill_check", actor=fight.pc, skill="acrobacias")
    page = fight.html(fight.player_page, f"?declarer={fight.pc}")
    assert _selected(page, "skill-key") == "acrobacias"

"""Anima's log in words, for the GM and for a player, in Spanish and English, on every reader
(the fight page, both forum exports, the API's `line`): a modifier reads as its name, never the
engine's slug ("Desenfundar o equipar el arma -4", not "draw -4"); a hidden NPC's roll reads "?",
never a fake "0d10 = 0"; the counterattack a hidden roll earned reads "?" for the player, where
the GM reads its bonus (Atacar; Defenderse; Los Tipos de Ataque)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from tests.characters.html_parts import element
from tests.combat.encounters import dice as scripted
from tests.combat.test_log_lines import Demo, _line_of, _text

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(settings):
    settings.DEBUG = True  # the demo's public passwords
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    yield scripted.QUEUE
    scripted.QUEUE.clear()


def read(demo: Demo, seq: int, username: str, lang: str) -> tuple[dict, str, str, str]:
    """The event's API line, fight page entry, BBCode and Markdown lines as `username` reads them."""
    user = get_user_model().objects.get(username=username)
    api = APIClient()
    api.force_authenticate(user)
    headers = {"HTTP_ACCEPT_LANGUAGE": lang}
    line = api.get(f"{demo.url}/events/", {"after": seq - 1}, **headers).json()["results"][0]["line"]
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = lang
    page = _text(
        element(client.get(f"/encounters/{demo.encounter.pk}/", **headers).content.decode(), f"event-{seq}")
    )
    bbcode, markdown = (
        _line_of(api.get(f"{demo.url}/export/", {"format": f}, **headers).json()["text"], seq)
        for f in ("bbcode", "markdown")
    )
    return line, page, bbcode, markdown


def _seq(answer: dict, kind: str = "attack") -> int:
    return next(e["seq"] for e in answer["events"] if e["type"] == kind)


def _orc_attacks_celia(demo: Demo, queued: list) -> int:
    """The orc's turn: an axe blow Celia parries by 11, earning a counterattack (+5)."""
    celia, orc = demo.ids["Celia"], demo.ids["Orco de las cumbres"]
    while (current := demo.api.get(f"{demo.url}/").json()["current"]) != orc:
        demo.act({"type": "end_turn", "actor": current})
    queued.extend([1, 10])  # the orc's d10, then Celia's
    return _seq(demo.act({"type": "attack", "actor": orc, "target": celia, "with": "Hacha"}))


def _rolls(line: dict) -> list[str]:
    return [roll["text"] for roll in line["rolls"]]


def test_a_weapon_drawn_this_turn_reads_as_its_penalty_in_words_for_everyone(queued):
    demo = Demo("anima", queued)
    celia, orc = demo.ids["Celia"], demo.ids["Orco de las cumbres"]
    demo.act({"type": "equip", "actor": celia, "weapons": []})
    demo.act({"type": "equip", "actor": celia, "weapons": ["Espada larga"]})
    queued.extend([5, 5])
    seq = _seq(demo.act({"type": "attack", "actor": celia, "target": orc, "with": "Espada larga"}))

    line, page, bbcode, markdown = read(demo, seq, "director", "es")
    text = (
        "Celia ataca a Orco de las cumbres con Espada larga (33 contra 25, diferencia 8): Impacto moderado. "
        "10 de daño. A Orco de las cumbres le quedan 130 PV."
    )
    rolls = ["Ataque 1d10: 5 +28 = 33 (Desenfundar o equipar el arma -4)", "Defensa 1d10: 5 +20 = 25"]
    outcome = "diferencia +8, Impacto moderado, 10 de daño"
    assert _rolls(line) == rolls and line["outcome"] == outcome
    assert line["rolls"][0]["modifiers"] == [
        {"label": "Desenfundar o equipar el arma", "delta": -4, "rule": ""}
    ]
    assert page == (
        f"#{seq} · Turno 1 {text} Espada larga Ataque: 1d10 5 +28 = 33 Desenfundar o equipar el arma -4 "
        f"Defensa: 1d10 5 +20 = 25 {outcome} Regla: Atacar; Defenderse"
    )
    assert bbcode == (
        f"#{seq} {text} [i]{rolls[0]}[/i] [i]{rolls[1]}[/i] — [b]{outcome}[/b] [size=85](Atacar; Defenderse)[/size]"
    )
    assert markdown == f"- `#{seq}` {text} _{rolls[0]}_ _{rolls[1]}_ — **{outcome}** (Atacar; Defenderse)"

    line, page, bbcode, markdown = read(demo, seq, "jugadora", "en")
    text = "Celia attacks Orco de las cumbres with Espada larga (33 against ?): Moderate impact. 10 damage."
    rolls = ["Attack 1d10: 5 +28 = 33 (Drawing or readying the weapon -4)", "Defense 1d10: ?"]
    outcome = "Moderate impact, 10 damage"
    assert _rolls(line) == rolls and line["outcome"] == outcome and line["text"] == text
    assert page == (
        f"#{seq} · Turn 1 {text} Espada larga Attack: 1d10 5 +28 = 33 Drawing or readying the weapon -4 "
        f"Defense: 1d10 ? {outcome} Rule: Attacking; Defending"
    )
    assert bbcode == (
        f"#{seq} {text} [i]{rolls[0]}[/i] [i]{rolls[1]}[/i] — [b]{outcome}[/b] [size=85](Attacking; Defending)[/size]"
    )
    assert markdown == f"- `#{seq}` {text} _{rolls[0]}_ _{rolls[1]}_ — **{outcome}** (Attacking; Defending)"


def test_a_hidden_npc_s_roll_reads_a_question_mark_and_so_does_the_counterattack_it_earned(queued):
    demo = Demo("anima", queued)
    seq = _orc_attacks_celia(demo, queued)

    line, page, bbcode, markdown = read(demo, seq, "jugadora", "es")
    text = (
        "Orco de las cumbres ataca a Celia con Hacha (? contra 38): Contraataque. Celia puede contraatacar."
    )
    rolls = ["Ataque 1d10: ?", "Defensa 1d10: 10 +28 = 38"]
    outcome = "Contraataque, contraataque ?"
    assert line["rolls"][0] == {
        "label": "Ataque", "dice": "1d10", "faces": [], "total": 0, "reading": "?", "modifiers": [],
        "replaced": False, "commitment": "", "hidden": True, "text": "Ataque 1d10: ?",
    }  # fmt: skip
    assert _rolls(line) == rolls and line["outcome"] == outcome and line["text"] == text
    assert not line["rolls"][1]["hidden"]
    assert page == (
        f"#{seq} · Turno 1 {text} Hacha Ataque: 1d10 ? Defensa: 1d10 10 +28 = 38 {outcome} "
        "Regla: Atacar; Defenderse"
    )
    assert bbcode == (
        f"#{seq} {text} [i]{rolls[0]}[/i] [i]{rolls[1]}[/i] — [b]{outcome}[/b] [size=85](Atacar; Defenderse)[/size]"
    )
    assert markdown == f"- `#{seq}` {text} _{rolls[0]}_ _{rolls[1]}_ — **{outcome}** (Atacar; Defenderse)"

    line, page, bbcode, markdown = read(demo, seq, "director", "en")
    rolls = ["Attack 1d10: 1 +26 = 27", "Defense 1d10: 10 +28 = 38"]
    outcome = "difference -11, Counterattack, counterattack +5"
    assert _rolls(line) == rolls and line["outcome"] == outcome
    assert f"[i]{rolls[0]}[/i] [i]{rolls[1]}[/i] — [b]{outcome}[/b]" in bbcode
    assert f"_{rolls[0]}_ _{rolls[1]}_ — **{outcome}**" in markdown
    assert f"Attack: 1d10 1 +26 = 27 Defense: 1d10 10 +28 = 38 {outcome}" in page


def test_the_counterattack_reads_its_bonus_by_name_in_both_languages(queued):
    demo = Demo("anima", queued)
    celia, orc = demo.ids["Celia"], demo.ids["Orco de las cumbres"]
    _orc_attacks_celia(demo, queued)
    queued.extend([5, 5])
    answer = demo.act({"type": "counterattack", "actor": celia, "target": orc, "with": "Espada larga"})
    seq = _seq(answer)

    for lang, label in (("es", "Bonificador de contraataque"), ("en", "Counterattack bonus")):
        for who in ("director", "jugadora"):
            line, page, bbcode, markdown = read(demo, seq, who, lang)
            attack = "Ataque" if lang == "es" else "Attack"
            assert _rolls(line)[0] == f"{attack} 1d10: 5 +37 = 42 ({label} +5)"
            assert f"{label} +5" in page and f"({label} +5)" in bbcode and f"({label} +5)" in markdown
            assert "counterattack-bonus" not in page + bbcode + markdown

"""Each system's events as their readers read them, asserted whole: the fight page's log entry,
the forum export in BBCode and in Markdown, and the API's `line`, for one attack of each
system's demo fight with the dice queued (the demo tables of `manage.py load_demo`)."""

from __future__ import annotations

import html
import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from combat.line_serializers import LogLineSerializer
from combat.models import Encounter
from rules.registration import registrations
from tests.characters.html_parts import element
from tests.combat.encounters import dice as scripted

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(settings):
    settings.DEBUG = True  # the demo's public passwords
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    yield scripted.QUEUE
    scripted.QUEUE.clear()


class Demo:
    """A system's demo fight, started by its GM with every initiative die showing `start_face`."""

    def __init__(self, system: str, queued: list, start_face: int = 5):
        call_command("load_demo")
        self.encounter = Encounter.objects.get(campaign__system=system)
        self.gm_user = self.encounter.campaign.gm
        self.api = APIClient()
        self.api.force_authenticate(self.gm_user)
        self.url = f"/api/v1/encounters/{self.encounter.pk}"
        self.ids = dict(self.encounter.combatants.values_list("name", "pk"))
        queued[:] = [start_face] * 40
        self.act({"type": "start"})
        queued.clear()

    def act(self, action: dict) -> dict:
        answer = self.api.post(f"{self.url}/actions/", action, format="json")
        assert answer.status_code == 201, answer.json()
        return answer.json()

    def readers(self, seq: int) -> tuple[dict, str, str, str]:
        """The event's API line, its fight page entry as text, its BBCode and Markdown lines."""
        events = self.api.get(f"{self.url}/events/", {"after": seq - 1}).json()["results"]
        line = events[0]["line"]
        client = Client()
        client.force_login(self.gm_user)
        page = client.get(f"/encounters/{self.encounter.pk}/").content.decode()
        entry = _text(element(page, f"event-{seq}"))
        exports = [
            self.api.get(f"{self.url}/export/", {"format": f}).json()["text"] for f in ("bbcode", "markdown")
        ]
        bbcode, markdown = (_line_of(text, seq) for text in exports)
        assert LogLineSerializer(line).data == line  # the schema describes the line exactly
        return line, entry, bbcode, markdown


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _line_of(text: str, seq: int) -> str:
    return next(line for line in text.splitlines() if line.startswith((f"#{seq} ", f"- `#{seq}` ")))


def _rolls(line: dict) -> list[str]:
    return [roll["text"] for roll in line["rolls"]]


def _attack_seq(answer: dict) -> int:
    return next(e["seq"] for e in answer["events"] if e["type"] == "attack")


def _roll(label, dice, faces, total, reading, text, *, first_nonce=0, modifiers=()) -> dict:
    return {
        "label": label,
        "dice": dice,
        "faces": [{"face": f, "nonce": first_nonce + i, "kept": True} for i, f in enumerate(faces)],
        "total": total,
        "reading": reading,
        "modifiers": [dict(m) for m in modifiers],
        "replaced": False,
        "hidden": False,
        "text": text,
    }


def _without_commitments(line: dict, commitment: str) -> dict:
    assert {roll.pop("commitment") for roll in line["rolls"]} <= {commitment}
    return line


def _line(seq, kind, heading, time, text, actor, target, what, rolls, outcome, rule, tone) -> dict:
    return {
        "seq": seq,
        "type": kind,
        "heading": heading,
        "time": time,
        "text": text,
        "actor": actor,
        "target": target,
        "what": what,
        "rolls": rolls,
        "outcome": outcome,
        "rule": rule,
        "tone": tone,
        "undone": False,
        "superseded_by": 0,
        "superseded_label": "",
    }


def test_an_epic20_attack_reads_the_d20_and_the_defense_it_missed(queued):
    demo = Demo("epic20", queued)
    maton, nova = demo.ids["Matón del muelle 1"], demo.ids["Nova"]
    queued.extend([15])
    answer = demo.act({"type": "attack", "actor": maton, "target": nova, "kind": "melee", "with": "unarmed"})

    line, page, bbcode, markdown = demo.readers(_attack_seq(answer))

    text = "Matón del muelle 1 ataca a Nova: 15 contra defensa 18, falla."
    assert _without_commitments(line, demo.encounter.commitment) == _line(
        14, "attack", "Asalto 1", "Asalto 1", text, "Matón del muelle 1", "Nova", "Cuerpo a cuerpo · Sin armas",
        [_roll("Ataque", "d20", [15], 15, "→ 15 +0 = 15", "Ataque d20: 15 → 15 +0 = 15")],
        "falla, contra defensa 18, margen -3", "ATACAR EN COMBATE", "miss",
    )  # fmt: skip
    assert page == (
        f"#14 · Asalto 1 {text} Cuerpo a cuerpo · Sin armas Ataque: d20 15 → 15 +0 = 15 "
        "falla, contra defensa 18, margen -3 Regla: ATACAR EN COMBATE"
    )
    assert bbcode == (
        f"#14 {text} [i]Ataque d20: 15 → 15 +0 = 15[/i] — [b]falla, contra defensa 18, margen -3[/b] "
        "[size=85](ATACAR EN COMBATE)[/size]"
    )
    assert markdown == (
        f"- `#14` {text} _Ataque d20: 15 → 15 +0 = 15_ — **falla, contra defensa 18, margen -3** "
        "(ATACAR EN COMBATE)"
    )


def test_a_hero_attack_names_both_sides_and_reads_3d6_under_and_stun_and_body(queued):
    demo = Demo("hero", queued, start_face=3)
    centella, mecanoide = demo.ids["Centella"], demo.ids["Mecanoide"]
    assert demo.api.get(f"{demo.url}/").json()["current"] == centella
    queued.extend([2, 3, 4] + [6] * 10 + [1] * 10)  # 9 hits; 2d6 of STR 10; knockback 2d6
    answer = demo.act({"type": "attack", "actor": centella, "target": mecanoide, "attack": "strike"})

    line, page, bbcode, markdown = demo.readers(_attack_seq(answer))

    text = (
        "Centella ataca a Mecanoide con Golpe (FUE/5 d6), maniobra Golpear: 3d6 = 9 contra 13 o menos, "
        "impacta; 0 ATU y 0 CUE tras defensas."
    )
    to_hit = "Impactar 3d6: 2, 3, 4 = 9, necesita 13 o menos"
    damage = "Daño 2d6: 6, 6 = 12 ATU, 4 CUE"
    knockback = 'Retroceso 2d6: 6, 6 = 12, retroceso 0"'
    outcome = "impacta, 0 ATU y 0 CUE tras defensas"
    assert _without_commitments(line, demo.encounter.commitment) == _line(
        6, "attack", "Turno 1", "Turno 1, segmento 12", text, "Centella", "Mecanoide", "Golpe (FUE/5 d6) · Golpear",
        [
            _roll("Impactar", "3d6", [2, 3, 4], 9, "= 9, necesita 13 o menos", to_hit),
            _roll("Daño", "2d6", [6, 6], 12, "= 12 ATU, 4 CUE", damage, first_nonce=3),
            _roll("Retroceso", "2d6", [6, 6], 12, '= 12, retroceso 0"', knockback, first_nonce=5),
        ],
        outcome, "Golpear", "hit",
    )  # fmt: skip
    assert page == (
        f"#6 · Turno 1, segmento 12 {text} Golpe (FUE/5 d6) · Golpear Impactar: 3d6 2 3 4 = 9, necesita 13 o menos "
        f'Daño: 2d6 6 6 = 12 ATU, 4 CUE Retroceso: 2d6 6 6 = 12, retroceso 0" {outcome} Regla: Golpear'
    )
    assert bbcode == (
        f"#6 {text} [i]{to_hit}[/i] [i]{damage}[/i] [i]{knockback}[/i] — [b]{outcome}[/b] [size=85](Golpear)[/size]"
    )
    assert markdown == f"- `#6` {text} _{to_hit}_ _{damage}_ _{knockback}_ — **{outcome}** (Golpear)"
    client = Client()
    client.force_login(demo.gm_user)
    permalink = _text(client.get(f"/encounters/{demo.encounter.pk}/log/6/").content.decode())
    assert "Quién actúa Centella Objetivo Mecanoide" in permalink
    assert "Dados (nonce → cara) · Impactar 0 → 2, 1 → 3, 2 → 4" in permalink
    assert f"Compromiso {demo.encounter.commitment}" in permalink


def test_an_anima_attack_reads_both_d10_rolls_and_the_impact_level(queued):
    demo = Demo("anima", queued)
    celia, orc = demo.ids["Celia"], demo.ids["Orco de las cumbres"]
    assert demo.api.get(f"{demo.url}/").json()["current"] == celia
    queued.extend([9, 2, 5, 5, 5])  # attack 9, defense 2, then the critical's zone
    answer = demo.act({"type": "attack", "actor": celia, "target": orc, "with": "Espada larga"})

    line, page, bbcode, markdown = demo.readers(_attack_seq(answer))

    text = (
        "Celia ataca a Orco de las cumbres con Espada larga (41 contra 22, diferencia 19): Impacto letal. "
        "85 de daño. ¡Amputación! (Torso) A Orco de las cumbres le quedan 41 PV."
    )
    rolls = ["Ataque 1d10: 9 +32 = 41", "Defensa 1d10: 2 +20 = 22", "Zona 1d10: 5 = 5"]
    outcome = "diferencia +19, Impacto letal, 85 de daño"
    assert _without_commitments(line, demo.encounter.commitment) == _line(
        11, "attack", "Turno 1", "Turno 1", text, "Celia", "Orco de las cumbres", "Espada larga",
        [
            _roll("Ataque", "1d10", [9], 41, "+32 = 41", rolls[0]),
            _roll("Defensa", "1d10", [2], 22, "+20 = 22", rolls[1], first_nonce=1),
            _roll("Zona", "1d10", [5], 5, "= 5", rolls[2], first_nonce=2),
        ],
        outcome, "Atacar; Defenderse", "hit",
    )  # fmt: skip
    assert page == (
        f"#11 · Turno 1 {text} Espada larga Ataque: 1d10 9 +32 = 41 Defensa: 1d10 2 +20 = 22 "
        f"Zona: 1d10 5 = 5 {outcome} Regla: Atacar; Defenderse"
    )
    assert bbcode == (
        f"#11 {text} [i]{rolls[0]}[/i] [i]{rolls[1]}[/i] [i]{rolls[2]}[/i] — [b]{outcome}[/b] "
        "[size=85](Atacar; Defenderse)[/size]"
    )
    assert markdown == (
        f"- `#11` {text.replace('!', chr(92) + '!')} _{rolls[0]}_ _{rolls[1]}_ _{rolls[2]}_ — **{outcome}** "
        "(Atacar; Defenderse)"
    )


def test_an_msh_round_names_the_sides_the_phases_and_the_column_of_the_d100(queued):
    demo = Demo("msh", queued)
    ids = demo.ids
    demo.act({"type": "declare", "actor": ids["Tirador"], "action": {"type": "pass"}})
    attack = {"type": "attack", "target": ids["Centella"], "combat_type": "blunt"}
    demo.act({"type": "declare", "actor": ids["Matón con porra"], "action": attack})
    demo.act({"type": "declare", "actor": ids["Muralla"], "action": {"type": "pass"}})
    queued.extend([74] + [1] * 10)
    answer = demo.act({"type": "declare", "actor": ids["Centella"], "action": {"type": "pass"}})

    line, page, bbcode, markdown = demo.readers(_attack_seq(answer))
    text = (
        "Matón con porra (Contundente) contra Centella: Verde, acierta (tirada 74 en Bueno, +0 columnas); "
        "10 de daño, Salud 70."
    )
    roll = "Tabla universal d100: 74 = 74 en la columna Bueno: Verde"
    rule = "Tipos de combate › Cuerpo a cuerpo › Contundente"
    assert _without_commitments(line, demo.encounter.commitment) == _line(
        15, "attack", "Asalto 1", "Asalto 1, fase de acción", text, "Matón con porra", "Centella",
        "Contundente · sin armas",
        [_roll("Tabla universal", "d100", [74], 74, "= 74 en la columna Bueno: Verde", roll)],
        "acierta, 10 de daño", rule, "hit",
    )  # fmt: skip
    assert page == (
        f"#15 · Asalto 1, fase de acción {text} Contundente · sin armas Tabla universal: d100 74 = 74 en la "
        f"columna Bueno: Verde acierta, 10 de daño Regla: {rule}"
    )
    assert bbcode == f"#15 {text} [i]{roll}[/i] — [b]acierta, 10 de daño[/b] [size=85]({rule})[/size]"
    assert markdown == f"- `#15` {text} _{roll}_ — **acierta, 10 de daño** ({rule})"

    initiative, page, bbcode, markdown = demo.readers(6)
    sides = "Iniciativa (1d10 por bando): Héroes 7, Villanos 5."
    heroes = "Héroes 1d10: 5 +2 = 7 (Intuición más alta +2)"
    assert (initiative["text"], [r["text"] for r in initiative["rolls"]]) == (
        sides,
        [heroes, "Villanos 1d10: 5 = 5"],
    )
    assert page == (
        f"#6 · Asalto 1 {sides} Héroes: 1d10 5 +2 = 7 Intuición más alta +2 Villanos: 1d10 5 = 5 "
        "Regla: Secuencia de combate"
    )
    assert (
        bbcode
        == f"#6 {sides} [i]{heroes}[/i] [i]Villanos 1d10: 5 = 5[/i] [size=85](Secuencia de combate)[/size]"
    )
    assert markdown == f"- `#6` {sides} _{heroes}_ _Villanos 1d10: 5 = 5_ (Secuencia de combate)"

    declared, page, bbcode, markdown = demo.readers(7)
    assert (declared["time"], declared["actor"], declared["text"]) == (
        "Asalto 1, fase de declaración",
        "Tirador",
        "Tirador declara: No hacer nada.",
    )
    assert (
        page
        == "#7 · Asalto 1, fase de declaración Tirador declara: No hacer nada. Regla: Secuencia de combate"
    )
    assert bbcode == "#7 Tirador declara: No hacer nada. [size=85](Secuencia de combate)[/size]"
    assert markdown == "- `#7` Tirador declara: No hacer nada. (Secuencia de combate)"


def test_an_english_reader_reads_the_same_lines_in_english(queued):
    demo = Demo("hero", queued, start_face=3)
    centella, mecanoide = demo.ids["Centella"], demo.ids["Mecanoide"]
    queued.extend([2, 3, 4] + [6] * 10 + [1] * 10)
    demo.act({"type": "attack", "actor": centella, "target": mecanoide, "attack": "strike"})

    events = demo.api.get(f"{demo.url}/events/", {"after": 5}, HTTP_ACCEPT_LANGUAGE="en").json()["results"]
    line = events[0]["line"]
    text = demo.api.get(f"{demo.url}/export/", {"format": "bbcode"}, HTTP_ACCEPT_LANGUAGE="en").json()["text"]

    assert (line["heading"], line["text"]) == (
        "Turn 1",
        "Centella attacks Mecanoide with Strike (STR/5 d6), maneuver Strike: 3d6 = 9 against 13 or less, "
        "hits; 0 STUN and 0 BODY after defenses.",
    )
    assert [r["text"] for r in line["rolls"]][:2] == [
        "Hit 3d6: 2, 3, 4 = 9, needs 13 or less",
        "Damage 2d6: 6, 6 = 12 STUN, 4 BODY",
    ]
    assert line["outcome"] == "hits, 0 STUN and 0 BODY after defenses"
    assert "[u]Setup[/u]" in text and "[u]Turn 1[/u]" in text


def test_a_replaced_line_says_so_in_the_system_words_and_a_system_without_rerolls_plainly():
    from combat.presentation import presentation_for

    plain = [slug for slug in registrations() if slug != "epic20"]
    with translation.override("es"):
        assert str(presentation_for("epic20").superseded_label(7)) == "repetida con un punto de Héroe: ver #7"
        assert plain and {presentation_for(slug).superseded_label(7) for slug in plain} == {
            "repetida: ver #7"
        }
    with translation.override("en"):
        assert str(presentation_for("epic20").superseded_label(7)) == "rerolled with a hero point: see #7"
        assert presentation_for(plain[0]).superseded_label(7) == "replaced: see #7"

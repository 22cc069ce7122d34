"""The log's and the export's round filter, and the exported headings, name each stretch of the
fight as its system does ("Asalto 2", "Turno 2"), and the setup before the first round is
"Preparación" ("Setup" in English), never a round 0: the whole option lists and the whole
exported setup, for every system's demo fight played a while, in Spanish and in English."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.combat.demo_fights import play

pytestmark = pytest.mark.django_db

# system → (actions played, the round it reaches, the word of its filter and headings es/en)
FIGHTS = {
    "epic20": (10, 2, ("Asalto", "Round")),
    "msh": (1, 3, ("Asalto", "Round")),
    "anima": (8, 2, ("Turno", "Turn")),  # "Durante un turno…" (Acciones)
    "hero": (5, 2, ("Turno", "Turn")),
}
ALL = {"export": ("Todo el combate", "The whole combat"), "log": ("Todos", "All")}
SETUP = ("Preparación", "Setup")
# Each demo fight's setup as the export writes it, Spanish then English.
JOINED = {
    "epic20": [
        ("Nova", "heroes"),
        ("Profesor Albor", "heroes"),
        ("Capataz Voltaico", "villains"),
        ("Matón del muelle 1", "villains"),
        ("Matón del muelle 2", "villains"),
    ],
    "msh": [
        ("Centella", "heroes"),
        ("Muralla", "heroes"),
        ("Matón con porra", "villains"),
        ("Tirador", "villains"),
    ],
    "anima": [
        ("Celia", "heroes"),
        ("Darius", "heroes"),
        ("Orco de las cumbres", "villains"),
        ("Ismael el Susurrante", "villains"),
    ],
    "hero": [
        ("Dragón", "heroes"),
        ("Centella", "heroes"),
        ("Mecanoide", "villains"),
        ("Matón de la Serpiente", "villains"),
    ],
}
SIDES = {"heroes": ("Héroes", "Heroes"), "villains": ("Villanos", "Villains")}
# Anima's start is logged before its first round begins.
SETUP_TAIL = {"anima": ("Empieza el combate. (Las Acciones)", "The fight begins. (Actions)")}
NAMES = {
    "epic20": "Emboscada en el muelle",
    "msh": "Asalto en la azotea",
    "anima": "Emboscada en el paso de montaña",
    "hero": "Asalto al laboratorio",
}


@pytest.fixture(params=list(FIGHTS))
def fight(request, settings):
    settings.DEBUG = True  # the demo's public passwords
    system = request.param
    actions, reached, _word = FIGHTS[system]
    encounter = play(system, actions=actions)
    assert encounter.round == reached
    client = Client()
    client.force_login(encounter.campaign.gm)
    return system, encounter, client


def _round_filter(page: str, form: str) -> tuple[str, list[tuple[str, str]]]:
    """The filter's label and its options (value, text)."""
    label = re.search(rf'<label[^>]*for="{form}-round"[^>]*>([^<]*)<', page).group(1)
    select = re.search(rf'<select[^>]*id="{form}-round".*?</select>', page, re.S).group(0)
    return label, [
        (value, html.unescape(text))
        for value, text in re.findall(r'<option value="(\d*)"[^>]*>([^<]*)<', select)
    ]


def _export(page: str) -> str:
    return html.unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", page, re.S).group(1))


@pytest.mark.parametrize(("lang", "i"), [("es", 0), ("en", 1)])
@pytest.mark.parametrize(("view", "form"), [("export", "export"), ("log", "filter")])
def test_the_round_filter_names_each_stretch_the_systems_way(fight, lang, i, view, form):
    system, encounter, client = fight
    _actions, reached, word = FIGHTS[system]

    page = client.get(f"/encounters/{encounter.pk}/{view}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()

    assert _round_filter(page, form) == (
        word[i],
        [("", ALL[view][i]), ("0", SETUP[i])] + [(str(n), f"{word[i]} {n}") for n in range(1, reached + 1)],
    )


@pytest.mark.parametrize(("lang", "i"), [("es", 0), ("en", 1)])
def test_the_setup_exports_as_setup_whole_on_the_page_and_the_api(fight, lang, i):
    system, encounter, client = fight
    joins = ("se une al combate", "joins the combat")
    lines = [
        f"- `#{seq}` {name} {joins[i]} ({SIDES[side][i]})."
        for seq, (name, side) in enumerate(JOINED[system], start=1)
    ]
    if system in SETUP_TAIL:
        lines.append(f"- `#{len(lines) + 1}` {SETUP_TAIL[system][i]}")
    expected = "\n".join([f"**{NAMES[system]} · {SETUP[i]}**", "", f"### {SETUP[i]}", *lines]) + "\n"

    page = client.get(
        f"/encounters/{encounter.pk}/export/", {"round": 0, "format": "markdown"}, HTTP_ACCEPT_LANGUAGE=lang
    ).content.decode()
    api = APIClient()
    api.force_authenticate(encounter.campaign.gm)
    answer = api.get(
        f"/api/v1/encounters/{encounter.pk}/export/",
        {"round": 0, "format": "markdown"},
        HTTP_ACCEPT_LANGUAGE=lang,
    ).json()

    assert _export(page) == expected
    assert answer == {"format": "markdown", "round": 0, "text": expected}
    assert _round_filter(page, "export")[1][1] == ("0", SETUP[i])
    assert 'value="0" selected' in page


@pytest.mark.parametrize(("lang", "i"), [("es", 0), ("en", 1)])
def test_the_whole_fight_exports_under_the_systems_headings_from_the_setup_on(fight, lang, i):
    system, encounter, client = fight
    _actions, reached, word = FIGHTS[system]

    bbcode = _export(
        client.get(f"/encounters/{encounter.pk}/export/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    )
    one_round = _export(
        client.get(
            f"/encounters/{encounter.pk}/export/", {"round": 1}, HTTP_ACCEPT_LANGUAGE=lang
        ).content.decode()
    )

    headings = re.findall(r"^\[u\](.*)\[/u\]$", bbcode, re.M)
    assert headings == [SETUP[i]] + [f"{word[i]} {n}" for n in range(1, reached + 1)]
    assert bbcode.splitlines()[0] == f"[b]{NAMES[system]}[/b]"
    assert one_round.splitlines()[:3] == [f"[b]{NAMES[system]} · {word[i]} 1[/b]", "", f"[u]{word[i]} 1[/u]"]

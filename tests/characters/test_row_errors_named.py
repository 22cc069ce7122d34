"""The rule check lists a row's problem with the row's name ("Poder 2: Falta el nombre."), so
two unnamed rows no longer read as the same error twice; beside the row the message stays
short. MSH's powers and weapons and Hero's attacks, in Spanish and English."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from characters.systems.hero import HeroForm
from characters.systems.msh import MshForm
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
LINK = re.compile(r'<a class="link-danger" href="#field-([a-z0-9-]+)">([^<]*)</a>')


def _summary(system: str, fields: dict, ops: list[str], lang: str, **last) -> list[tuple[str, str]]:
    """The rule check's links to rows after posting `ops` one by one as the page would (each
    add sends the rows the last answer drew), then the rows with `last` changed."""
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(UserFactory())
    post = {**fields, "system": system}
    for op in ops:
        post.update(_rows(client.post("/characters/new/", {**post, "op": op}).content.decode()))
    html = client.post("/characters/new/", {**post, **last, "op": "check"}).content.decode()
    listed = html[html.index('id="error-list"') :]
    return [(slot, text) for slot, text in LINK.findall(listed) if ROW.fullmatch(slot)]


ROW = re.compile(r"(?:powers|weapons|attacks)-\d+(?:-[a-z_]+)?")
ROW_FIELD = r'name="((?:powers|weapons|attacks)-(?:\d+-[a-z_]+|count))"'


def _rows(html: str) -> dict:
    """The row fields the page drew, with what a browser would post for each."""
    rows = dict(re.findall(ROW_FIELD + r'[^>]*?value="([^"]*)"', html))
    for name, options in re.findall(r"<select [^>]*" + ROW_FIELD + r"[^>]*>(.*?)</select>", html, re.S):
        chosen = re.search(r'value="([^"]*)"[^>]*selected', options) or re.search(r'value="([^"]*)"', options)
        rows[name] = chosen.group(1) if chosen else ""
    return rows


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "es",
            [
                ("powers-0", "Poder 1: Falta el nombre."),
                ("powers-0", "Poder 1: Rango del poder: falta."),
                ("powers-1", "Poder 2: Falta el nombre."),
                ("powers-1", "Poder 2: Rango del poder: falta."),
            ],
        ),
        (
            "en",
            [
                ("powers-0", "Power 1: The name is missing."),
                ("powers-0", "Power 1: Power rank: missing."),
                ("powers-1", "Power 2: The name is missing."),
                ("powers-1", "Power 2: Power rank: missing."),
            ],
        ),
    ],
)
def test_msh_s_rule_check_names_the_power_each_problem_is_in(lang, expected):
    fields = {**MshForm.blank().fields, "name": "Lobo"}
    used = {"powers-0-combat_type": "energy", "powers-1-combat_type": "energy"}  # each row used
    assert _summary("msh", fields, ["add:powers", "add:powers"], lang, **used) == expected


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("es", "{}: Cada ataque necesita un nombre (hasta 80 letras)."),
        ("en", "{}: Each attack needs a name (up to 80 characters)."),
    ],
)
def test_hero_s_rule_check_names_the_attack_each_problem_is_in(lang, message):
    fields = {**HeroForm.blank().fields, "name": "Dragón"}
    used = {"attacks-0-dice": "2", "attacks-1-dice": "2"}  # each row used, neither named
    word = {"es": "Ataque", "en": "Attack"}[lang]
    assert _summary("hero", fields, ["add:attacks", "add:attacks"], lang, **used) == [
        ("attacks-0-name", message.format(f"{word} 1")),
        ("attacks-1-name", message.format(f"{word} 2")),
    ]

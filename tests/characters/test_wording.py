"""The words of the character pages: real plurals in both languages, no "ptos" or "punto(s)"
in the engine's messages, an import error written for a person, the document's section names
in English on the English pages, and a language menu that names each language in itself."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules.epic20.messages import MESSAGES
from rules.epic20.problems import problem
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}


def _client() -> Client:
    client = Client()
    client.force_login(UserFactory())
    return client


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_no_engine_message_abbreviates_or_hedges_a_plural(code):
    spanish, english = MESSAGES[code][0], MESSAGES[code][-1]
    assert not re.search(r"\bptos?\b|\w\((s|es)\)|\bTe quedan \{", spanish), spanish
    assert not re.search(r"\w\((s|es)\)", english), english


@pytest.mark.parametrize("left", [Fraction(1, 2), Fraction(1), Fraction(3)])
def test_the_points_left_to_spend_read_right_for_any_number(left):
    shown = problem("skills.unspent", "/skills", "LISTA DE HABILIDADES", left=left)
    assert re.fullmatch(r"Puntos de habilidad por gastar: (½|1|3)\.", shown.message_es)
    assert re.fullmatch(r"Skill points left to spend: (½|1|3)\.", shown.message_en)


def _live_check(client, **extra):
    data = {"system": "epic20", "name": "Nova", "level": "1", **extra}
    return client.post("/characters/new/", data, **HTMX).content.decode()


def test_the_error_count_takes_the_singular_and_the_plural_in_both_languages():
    client = _client()
    # The first live check of a new sheet (a blank builder shows no errors before one).
    blank = {"system": "epic20", "name": ""}
    spanish = client.post("/characters/new/", blank, **HTMX).content.decode()
    many = int(re.search(r"(\d+) errores en la ficha", spanish).group(1))
    assert many > 1
    english = client.post("/characters/new/", blank, **HTMX, **EN).content.decode()
    assert f"{many} errors in the sheet" in english
    # One error only: a sheet that is legal but for its name.
    from tests.characters.helpers import form_data, nova

    one = client.post("/characters/new/", {**form_data(nova()), "name": ""}, **HTMX).content.decode()
    assert "1 error en la ficha" in one and "1 errores" not in one
    one_en = client.post("/characters/new/", {**form_data(nova()), "name": ""}, **HTMX, **EN).content.decode()
    assert "1 error in the sheet" in one_en


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        (
            {},
            "El archivo no es JSON válido: se rompe en la línea 1, columna 1. Comprueba que es una ficha exportada",
        ),
        (EN, "The file is not valid JSON: it breaks at line 1, column 1. Check that it is an exported sheet"),
    ],
)
def test_a_file_that_is_no_json_gets_a_message_for_a_person(headers, expected):
    response = _client().post(
        "/characters/import/", {"file": SimpleUploadedFile("nova.json", b"no es json")}, **headers
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert expected in html
    for parser_words in ("Expecting value", "char 0", "JSONDecodeError", "El JSON no es válido"):
        assert parser_words not in html


def test_the_english_builder_names_the_documents_sections_in_english():
    client = _client()
    blank = {"system": "epic20", "name": ""}
    spanish = client.post("/characters/new/", blank, **HTMX).content.decode()
    english = client.post("/characters/new/", blank, **HTMX, **EN).content.decode()
    assert "(Lista de atributos)" in spanish
    assert "(List of attributes)" in english
    assert "(Lista de" not in english


@pytest.mark.parametrize("headers", [{}, EN])
def test_the_language_menu_names_each_language_in_itself(headers):
    html = _client().get("/characters/", **headers).content.decode()
    menu = html[
        html.index('id="language-select"') : html.index("</select>", html.index('id="language-select"'))
    ]
    assert re.search(r'<option value="es" lang="es"[^>]*>Español</option>', menu)
    assert re.search(r'<option value="en" lang="en"[^>]*>English</option>', menu)

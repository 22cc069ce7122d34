"""The rule texts the Epic20 builder loads when a player opens one (`characters.rule_text_views`):
the text alone for htmx, a page of its own without JavaScript, in the reader's language, cached
by the browser, and a clear 404 for what does not exist."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from characters.systems.epic20_catalogue import catalogue_for, maps
from tests.characters.helpers import EVERY_LIST, form_data, nova
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
VOLAR = "/characters/rules/epic20/power/volar/"


def test_htmx_gets_the_text_alone_in_spanish():
    response = Client().get(VOLAR, **HTMX)

    assert response.status_code == 200
    assert response.content.decode() == (
        "Volar (notar que si se quiere volar en el espacio, se necesita Soporte vital)."
    )


def test_htmx_gets_the_text_alone_in_english():
    response = Client().get(VOLAR, HTTP_ACCEPT_LANGUAGE="en", **HTMX)

    assert response.status_code == 200
    assert response.content.decode() == "Flight (note that flying in space also needs Life support)."


@pytest.mark.parametrize(
    ("kind", "slug", "section"),
    [
        ("modifier", None, "powers"),
        ("advantage", None, "advantages"),
        ("maneuver", "actuar-y-despues-moverse", "maneuvers"),
        ("archetype", None, "archetypes"),
    ],
)
def test_every_kind_the_builder_lists_answers_its_entrys_text(kind, slug, section):
    entries = catalogue_for("es")["modifiers" if kind == "modifier" else section]
    entry = next(e for e in entries if slug is None or e["slug"] == slug)

    body = Client().get(f"/characters/rules/epic20/{kind}/{entry['slug']}/", **HTMX).content.decode()

    assert body == entry["description"].replace("'", "&#x27;").replace('"', "&quot;")


def test_without_javascript_the_text_is_a_page_with_its_name():
    page = Client().get(VOLAR).content.decode()

    assert "<html" in page and '<dt id="volar">Volar</dt>' in page
    assert "se necesita Soporte vital" in page
    assert 'href="/characters/rules/epic20/power/"' in page  # every power's text


def test_a_kinds_page_lists_every_text_of_that_kind():
    page = Client().get("/characters/rules/epic20/maneuver/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert page.count("<dt id=") == len(maps()["maneuvers"]) == 80
    assert "Act then move. Lets the fighter take standard actions before moving." in page


def test_the_answer_is_cached_and_revalidated_by_its_tag():
    client = Client()
    first = client.get(VOLAR, **HTMX)

    assert "max-age=86400" in first["Cache-Control"] and "public" in first["Cache-Control"]
    assert {"HX-Request", "Accept-Language", "Cookie"} <= set(re.split(r",\s*", first["Vary"]))
    again = client.get(VOLAR, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX)
    assert again.status_code == 304 and again.content == b""
    english = client.get(VOLAR, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=first["ETag"], **HTMX)
    assert english.status_code == 200 and english["ETag"] != first["ETag"]
    page = client.get(VOLAR, HTTP_IF_NONE_MATCH=first["ETag"])
    assert page.status_code == 200 and "ETag" not in page  # the page shows the reader's menu
    assert "max-age" not in page.get("Cache-Control", "") and "HX-Request" in page["Vary"]


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (
            "/characters/rules/epic20/power/no-existe/",
            "No hay ninguna regla «no-existe» entre «Superpoderes».",
        ),
        (
            "/characters/rules/epic20/hechizo/volar/",
            "No hay textos de reglas «hechizo» en el sistema «epic20».",
        ),
        ("/characters/rules/epic20/hechizo/", "No hay textos de reglas «hechizo» en el sistema «epic20»."),
        ("/characters/rules/msh/power/volar/", "No hay textos de reglas «power» en el sistema «msh»."),
        ("/characters/rules/nada/power/volar/", "No hay textos de reglas «power» en el sistema «nada»."),
        ("/characters/rules/ep%C3%ADc/power/volar/", "No hay textos de reglas «power» en el sistema «epíc»."),
    ],
)
def test_an_unknown_kind_slug_or_system_is_a_clear_404(url, message):
    for headers in ({}, HTMX):
        response = Client().get(url, **headers)

        assert response.status_code == 404
        assert message in response.content.decode()


def test_an_unknown_slug_is_refused_in_english_on_request():
    response = Client().get("/characters/rules/epic20/power/nope/", HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 404
    assert "There is no rule «nope» among «Superpowers»." in response.content.decode()


def test_only_get_is_answered():
    assert Client().post(VOLAR).status_code == 405


def test_the_builder_no_longer_carries_any_rule_text_and_weighs_much_less():
    client = Client()
    client.force_login(UserFactory())
    page = client.get("/characters/new/").content.decode()

    catalogue = catalogue_for("es")
    entries = [
        *catalogue["powers"],
        *catalogue["modifiers"],
        *catalogue["advantages"],
        *catalogue["maneuvers"],
    ]
    assert len(entries) == 187
    shown = [e["slug"] for e in entries if e["description"] and e["description"] in page]
    assert shown == []
    assert len(page.encode()) < 210_000  # 255 kB with the texts


def test_without_javascript_each_list_links_to_its_texts():
    client = Client()
    client.force_login(UserFactory())
    page = client.post("/characters/new/", form_data(nova(), op="check", shown=EVERY_LIST)).content.decode()

    noscript = re.findall(r"<noscript>(<p.*?)</noscript>", page)
    assert noscript == [
        '<p class="small mb-1">Textos de las reglas: <a href="/characters/rules/epic20/power/">Superpoderes</a>'
        ' · <a href="/characters/rules/epic20/modifier/">Modificadores de poderes</a></p>',
        '<p class="small mb-1">Textos de las reglas: <a href="/characters/rules/epic20/advantage/">Ventajas</a></p>',
        '<p class="small mb-1">Textos de las reglas: <a href="/characters/rules/epic20/maneuver/">'
        "Maniobras de combate</a></p>",
    ]


def test_a_refusal_repeats_only_the_start_of_a_long_address():
    body = Client().get("/characters/rules/epic20/power/" + "a" * 5000 + "/", **HTMX).content.decode()

    assert f"«{'a' * 80}»" in body and f"{'a' * 81}»" not in body

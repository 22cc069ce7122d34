"""Epic20's builder draws its catalogue lists (every power, advantage and maneuver: most of the
page) only once the player opens one. The button's `op` rides on the form's live check (or
posts the form without JavaScript); the form then carries the open list (`shown`) so every
later check draws it again, until the player closes it. The chosen maneuvers stay in the form
with their list closed: their boxes, details and weapons are part of the sheet."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from characters.models import Character
from characters.systems.epic20_catalogue import catalogue_for
from characters.systems.epic20_form import CATALOGUE_LISTS, BuilderForm
from tests.characters.helpers import EVERY_LIST, form_data, nova
from tests.characters.html_parts import element
from tests.characters.test_equipment_pages import HTMX, client_for, live

pytestmark = pytest.mark.django_db

ADD_BUTTON = {"power": 'value="add:powers:', "advantage": 'value="add:advantages:'}
MANEUVER_BOX = re.compile(r'<input [^>]*name="maneuvers" value="([^"]+)"[^>]*>')


def boxes(body: str) -> list[str]:
    return MANEUVER_BOX.findall(body)


def test_the_blank_builder_opens_with_every_list_closed_behind_its_button(user):
    page = client_for(user).get("/characters/new/?system=epic20").content.decode()

    assert [element(page, f"toggle-{name}-list") for name in CATALOGUE_LISTS] == [
        '<button type="submit" class="btn btn-sm btn-outline-primary" id="toggle-power-list" name="op" '
        'value="show:power" formnovalidate data-row-op aria-expanded="false" '
        'aria-controls="catalogue-powers-panel">Ver el catálogo (73 poderes)</button>',
        '<button type="submit" class="btn btn-sm btn-outline-primary" id="toggle-advantage-list" name="op" '
        'value="show:advantage" formnovalidate data-row-op aria-expanded="false" '
        'aria-controls="catalogue-advantages-panel">Ver el catálogo (31 ventajas)</button>',
        '<button type="submit" class="btn btn-sm btn-outline-primary" id="toggle-maneuver-list" name="op" '
        'value="show:maneuver" formnovalidate data-row-op aria-expanded="false" '
        'aria-controls="catalogue-maneuvers-panel">Ver todas las maniobras (80)</button>',
    ]
    assert ADD_BUTTON["power"] not in page and ADD_BUTTON["advantage"] not in page
    assert boxes(page) == [] and 'name="shown"' not in page and "catalogue-search" not in page
    assert [len(catalogue_for("es")[key]) for key in ("powers", "advantages", "maneuvers")] == [73, 31, 80]


def test_the_page_in_english_names_its_buttons_in_english(user):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    page = client.get("/characters/new/").content.decode()

    assert ">See the catalogue (73 powers)</button>" in element(page, "toggle-power-list")
    assert ">See the catalogue (31 advantages)</button>" in element(page, "toggle-advantage-list")
    assert ">See every maneuver (80)</button>" in element(page, "toggle-maneuver-list")


@pytest.mark.parametrize("name", ["power", "advantage"])
def test_opening_a_list_draws_every_entry_and_the_form_keeps_it_open(user, name):
    section = {"power": "powers", "advantage": "advantages"}[name]
    opened = live(user, nova(), op=f"show:{name}")

    assert opened.count(ADD_BUTTON[name]) == len(catalogue_for("es")[section])
    assert f'<input type="hidden" name="shown" value="{name}">' in opened
    assert element(opened, f"toggle-{name}-list") == (
        f'<button type="submit" class="btn btn-sm btn-outline-secondary" id="toggle-{name}-list" name="op" '
        f'value="hide:{name}" formnovalidate data-row-op aria-expanded="true" '
        f'aria-controls="catalogue-{section}-panel">Ocultar el catálogo</button>'
    )
    assert f'id="search-{section}"' in opened
    # The next live check carries `shown`: the list is drawn again; the others stay closed.
    again = live(user, nova(concept="otra"), shown=name)
    assert again.count(ADD_BUTTON[name]) == len(catalogue_for("es")[section])
    other = ({"power", "advantage"} - {name}).pop()
    assert ADD_BUTTON[other] not in again
    closed = live(user, nova(), shown=name, op=f"hide:{name}")
    assert ADD_BUTTON[name] not in closed and 'name="shown"' not in closed


def test_the_maneuvers_list_closed_keeps_the_chosen_ones_with_their_details(user):
    sheet = nova(maneuvers=[{"maneuver": "desenfunda-rapido", "detail": "pistola"}, "iniciativa-mejorada"])

    closed = live(user, sheet)
    opened = live(user, sheet, op="show:maneuver")

    assert boxes(closed) == ["desenfunda-rapido", "iniciativa-mejorada"]  # in the catalogue's order
    assert all(" checked" in box.group(0) for box in MANEUVER_BOX.finditer(closed))
    assert 'value="pistola"' in element(closed, "maneuver-detail-desenfunda-rapido")
    assert boxes(opened) == [maneuver["slug"] for maneuver in catalogue_for("es")["maneuvers"]]
    assert "catalogue-search" not in closed and 'id="search-maneuvers"' in opened


def test_a_sheet_saved_with_its_lists_closed_keeps_its_maneuvers(user):
    sheet = nova(maneuvers=[{"maneuver": "desenfunda-rapido", "detail": "pistola"}, "iniciativa-mejorada"])
    page = live(user, sheet)
    posted = {**form_data(sheet), "save": "1"}
    # What the closed list posts is exactly the chosen boxes and their details.
    assert sorted(posted["maneuvers"]) == sorted(boxes(page))

    response = client_for(user).post("/characters/new/", posted)

    assert response.status_code == 302
    assert Character.objects.get(owner=user).sheet["maneuvers"] == [
        {"maneuver": "desenfunda-rapido", "detail": "pistola"},
        "iniciativa-mejorada",
    ]


def test_without_javascript_the_button_posts_the_form_opens_the_list_and_saves_nothing(user):
    response = client_for(user).post(
        "/characters/new/", form_data(nova(name="Sin guardar"), op="show:advantage")
    )

    body = response.content.decode()
    assert response.status_code == 200 and "<html" in body
    assert body.count(ADD_BUTTON["advantage"]) == len(catalogue_for("es")["advantages"])
    assert 'value="Sin guardar"' in body
    assert not Character.objects.exists()


def test_a_stored_sheets_builder_opens_with_its_lists_closed_and_its_maneuvers_in_place(user):
    client = client_for(user)
    client.post("/characters/new/", {**form_data(nova()), "save": "1"})
    character = Character.objects.get(owner=user)

    page = client.get(f"/characters/{character.pk}/edit/").content.decode()

    assert boxes(page) == ["desenfunda-rapido", "iniciativa-mejorada"]
    assert ADD_BUTTON["power"] not in page and 'name="shown"' not in page


def test_the_form_opens_and_closes_only_the_lists_it_has():
    form = BuilderForm.from_post(_query({"shown": ["power", "dragons"]}))
    assert form.shown == {"power"}
    assert form.apply("show:maneuver") is None
    assert form.shown == {"power", "maneuver"}
    form.apply("hide:power")
    form.apply("show:dragons")
    form.apply("hide")
    assert form.shown == {"maneuver"}
    assert BuilderForm.blank().shown == BuilderForm.from_sheet(nova()).shown == frozenset()
    assert set(EVERY_LIST) == set(CATALOGUE_LISTS)


def _query(data: dict):
    from django.http import QueryDict

    query = QueryDict(mutable=True)
    for key, values in data.items():
        query.setlist(key, values)
    return query


def test_opening_a_list_on_a_blank_builder_leaves_it_quiet_and_any_change_still_checks(user):
    client = client_for(user)
    blank = form_data_of_the_blank_page(client)

    opened = client.post("/characters/new/", {**blank, "op": "show:power"}, **HTMX).content.decode()
    erased = client.post("/characters/new/", blank, **HTMX).content.decode()  # a name typed, then erased
    named = client.post(
        "/characters/new/", {**blank, "name": "Nova", "op": "show:power"}, **HTMX
    ).content.decode()

    assert 'id="sheet-untouched"' in opened and 'id="error-list"' not in opened
    assert 'id="error-list"' in erased and "Ponle un nombre al personaje." in erased
    assert 'id="error-list"' in named and 'id="sheet-untouched"' not in named


def form_data_of_the_blank_page(client) -> dict:
    """What the blank builder's form posts as drawn: its fields' values and checked boxes."""
    page = client.get("/characters/new/").content.decode()
    data = {}
    for match in re.finditer(r"<input([^>]*)>", page):
        attributes = match.group(1)
        name, value = re.search(r'name="([^"]*)"', attributes), re.search(r'value="([^"]*)"', attributes)
        ticked = " checked" in attributes or not re.search(r'type="(radio|checkbox)"', attributes)
        if name and ticked and name.group(1) not in ("csrfmiddlewaretoken", "next", "language"):
            data.setdefault(name.group(1), value.group(1) if value else "")
    return data

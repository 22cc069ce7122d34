"""The builders' shared parts, in every system: a new builder shows no errors before anything
is typed, every error names its field, numbers are number fields within the rules' bounds, a
row's label stays with its own box, and one row and error box look alike everywhere."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from characters import services
from rules.registration import registrations
from tests.characters.html_parts import element
from tests.factories import UserFactory
from tests.rules.anima.helpers import sheet as anima_sheet

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
# Every registered system with character pages.
SYSTEMS = tuple(slug for slug, found in registrations().items() if found.pages is not None)
ERROR_TEXT = re.compile(r'class="invalid-feedback d-block">')


def _client() -> Client:
    client = Client()
    client.force_login(UserFactory())
    return client


def _input(html: str, element_id: str) -> str:
    tag = element(html, element_id)
    assert tag.startswith("<input"), (element_id, tag[:200])
    return tag


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_new_builder_shows_no_error_until_the_first_live_check(system):
    client = _client()
    blank = client.get(f"/characters/new/?system={system}").content.decode()
    assert not ERROR_TEXT.search(blank)
    assert 'id="error-list"' not in blank
    assert "Rellena la ficha: se comprueba mientras escribes." in element(blank, "sheet-untouched")
    # The first change (a live check) shows what the sheet still lacks.
    checked = client.post("/characters/new/", {"system": system, "name": "Nova"}, **HTMX).content.decode()
    assert ERROR_TEXT.search(checked)
    assert 'id="error-list"' in checked
    assert "Rellena la ficha" not in checked


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_refused_save_of_a_new_builder_shows_its_errors(system):
    response = _client().post("/characters/new/", {"system": system, "name": "", "save": "1"})
    html = response.content.decode()
    assert response.status_code == 400
    assert 'id="not-saved"' in html and 'id="error-list"' in html and ERROR_TEXT.search(html)


def test_an_existing_characters_builder_checks_it_at_once():
    """Only a new builder waits for the first change: an existing sheet is checked as it opens."""
    user = UserFactory()
    character = services.character_create(owner=user, sheet=anima_sheet())
    client = Client()
    client.force_login(user)
    html = client.get(f"/characters/{character.pk}/edit/").content.decode()
    assert 'id="sheet-valid"' in html and "Rellena la ficha" not in html
    broken = client.post(
        f"/characters/{character.pk}/edit/", {"system": "anima", "name": "Celia", "armor": "11"}, **HTMX
    ).content.decode()
    assert "Armadura: Debe ser un número entero de 0 a 10." in element(broken, "err-armor")


def test_anima_names_the_number_each_error_is_about():
    html = _client().post("/characters/new/", {"system": "anima", "name": "Celia"}, **HTMX).content.decode()
    summary = element(html, "error-list")
    for label in ("Capacidad de Ataque", "Capacidad de Defensa", "Iniciativa", "Puntos de Vida"):
        assert f"{label}: Falta este número." in summary
    named = re.findall(r'href="#field-(\w+)">([^<]*)Falta este número\.</a>', summary)
    assert len(named) == 4 and all(prefix.endswith(": ") for _slot, prefix in named), named
    assert element(html, "err-hit_points").count("Puntos de Vida: Falta este número.") == 1
    out_of_range = (
        _client()
        .post("/characters/new/", {"system": "anima", "name": "Celia", "armor": "11"}, **HTMX)
        .content.decode()
    )
    assert "Armadura: Debe ser un número entero de 0 a 10." in element(out_of_range, "err-armor")


@pytest.mark.parametrize(
    ("field", "bounds", "inputmode"),
    [
        ("attack", ('min="0"', 'max="999"'), 'inputmode="numeric"'),
        ("hit_points", ('min="1"', 'max="99999"'), 'inputmode="numeric"'),
        ("armor", ('min="0"', 'max="10"'), 'inputmode="numeric"'),
        ("constitution", ('min="1"', 'max="20"'), 'inputmode="numeric"'),
        ("initiative", ('min="-999"', 'max="999"'), None),  # a minus sign: the full keyboard
        ("dexterity_modifier", ('min="-10"', 'max="20"'), None),
    ],
)
def test_anima_numbers_are_number_fields_within_the_engines_bounds(field, bounds, inputmode):
    html = _client().get("/characters/new/?system=anima").content.decode()
    tag = _input(html, f"id_{field}")
    assert 'type="number"' in tag and 'step="1"' in tag
    for bound in bounds:
        assert bound in tag
    if inputmode:
        assert inputmode in tag
    else:
        assert "inputmode" not in tag


ROW_NUMBERS = {
    "epic20": ("add:advantages", ("advantages-0-points",)),
    "msh": ("add:weapons", ("weapons-0-damage", "weapons-0-material")),
    "anima": ("add:weapons", ("weapons-0-damage", "weapons-0-initiative", "weapons-0-reload")),
    "hero": ("add:attacks", ("attacks-0-dice", "attacks-0-autofire", "attacks-0-end")),
}
TOP_NUMBERS = {
    "epic20": ("id_level",),
    "msh": ("id_ab-fighting", "id_health", "id_karma", "id_body_armor"),
    "anima": ("id_attack", "id_movement", "id_medicine"),
    "hero": ("id_char-str", "id_rpd", "id_movement", "id_carried_kg"),
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_systems_numbers_are_number_fields(system):
    op, row_ids = ROW_NUMBERS[system]
    html = _client().post("/characters/new/", {"system": system, "name": "x", "op": op}).content.decode()
    for element_id in (*TOP_NUMBERS[system], *row_ids):
        tag = _input(html, element_id)
        assert 'type="number"' in tag and " min=" in tag and " step=" in tag, tag


def test_anima_power_rows_are_number_fields_too():
    html = (
        _client()
        .post("/characters/new/", {"system": "anima", "name": "x", "op": "add:powers"})
        .content.decode()
    )
    for key, low in (("damage", "0"), ("difficulty", "0"), ("range", "1")):
        tag = _input(html, f"powers-0-{key}")
        assert 'type="number"' in tag and f'min="{low}"' in tag


def test_each_msh_weapon_label_sits_with_its_own_box():
    html = (
        _client()
        .post("/characters/new/", {"system": "msh", "name": "x", "op": "add:weapons"})
        .content.decode()
    )
    row = element(html, "field-weapons-0")
    for key, label in (("damage", "Daño"), ("material", "Material")):
        pair = re.search(
            rf'<span class="row-field">\s*<label class="small" for="weapons-0-{key}">{label}</label>\s*'
            rf'<input [^>]*id="weapons-0-{key}"',
            row,
        )
        assert pair, (key, row)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_builder_draws_its_buttons_and_error_boxes_from_the_same_parts(system):
    client = _client()
    op = ROW_NUMBERS[system][0]
    section = op.split(":")[1]
    html = client.post("/characters/new/", {"system": system, "name": "", "op": op}).content.decode()
    # A row button's op rides the form's one queue of live checks (static/js/builder.js): the
    # button sends no request of its own, so it carries no htmx attributes.
    add = re.search(rf'<button [^>]*id="add-{section}"[^>]*>', html).group(0)
    assert "data-row-op" in add and "formnovalidate" in add and "hx-" not in add
    remove = re.search(rf'<button [^>]*value="remove:{section}:0"[^>]*>', html).group(0)
    assert "data-row-op" in remove and "formnovalidate" in remove and "hx-" not in remove
    form = re.search(r'<form id="builder"[^>]*>', html).group(0)
    assert 'hx-sync="this:queue all"' in form
    assert 'data-request-error="No se ha podido comprobar la ficha' in form
    assert re.search(r'<div id="err-name" class="field-errors"><div class="invalid-feedback d-block">', html)
    assert 'id="not-saved"' not in html  # a row button stores nothing and refuses nothing


ALL_ROWS = {
    "epic20": ("add:skills", "add:powers", "add:advantages", "add:complications", "add:equipment"),
    "msh": ("add:powers", "add:weapons"),
    "anima": ("add:weapons", "add:powers"),
    "hero": ("add:levels", "add:attacks"),
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_row_field_is_named_after_its_row_and_every_label_has_its_field(system):
    """A row of each kind, then the form through the parts: each field's name is its row's
    (`powers-0-combat_type`), no id is given twice and each label points at a field."""
    client = _client()
    data = {"system": system, "name": "x"}
    if system in ("anima", "hero"):
        data.update({f"{op.split(':')[1]}-count": "0" for op in ALL_ROWS[system]})
    html = ""
    for op in ALL_ROWS[system]:
        html = client.post("/characters/new/", {**data, "op": op}).content.decode()
        data = _posted_back(html)
    form = element(html, "builder")
    names = re.findall(r'<(?:input|select|textarea)[^>]* name="([^"]*)"', form)
    assert names and not [name for name in names if not name or name.startswith("-")], names
    ids = re.findall(r' id="([^"]+)"', form)
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    for target in re.findall(r'<label[^>]* for="([^"]+)"', form):
        assert target in ids, target
    if system == "msh":
        assert 'id="powers-0-combat_type" name="powers-0-combat_type"' in form


def _posted_back(html: str) -> dict:
    """What the browser would post from this form: every named field with its value (the first
    option of a select when none is selected; ticked boxes only)."""
    form = element(html, "builder")
    data: dict = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r' name="([^"]*)"', tag)
        if not name or 'type="submit"' in tag:
            continue
        if 'type="checkbox"' in tag or 'type="radio"' in tag:
            if " checked" in tag:
                data.setdefault(
                    name.group(1), re.search(r' value="([^"]*)"', tag).group(1) if " value=" in tag else "on"
                )
            continue
        value = re.search(r' value="([^"]*)"', tag)
        data[name.group(1)] = value.group(1) if value else ""
    for name, body in re.findall(r'<select[^>]* name="([^"]*)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', body) or re.search(
            r'<option value="([^"]*)"', body
        )
        data[name] = chosen.group(1) if chosen else ""
    return data


def test_the_shared_parts_speak_english_on_the_english_pages():
    client = _client()
    blank = client.get("/characters/new/?system=anima", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Fill in the sheet: it is checked as you type." in element(blank, "sheet-untouched")
    form = re.search(r'<form id="builder"[^>]*>', blank).group(0)
    assert 'data-request-error="The sheet could not be checked: the server did not answer.' in form
    assert 'data-request-retry="Try again now"' in form
    checked = client.post(
        "/characters/new/", {"system": "anima", "name": "Celia"}, HTTP_ACCEPT_LANGUAGE="en", **HTMX
    ).content.decode()
    assert "Attack capability: This number is missing." in element(checked, "err-attack")

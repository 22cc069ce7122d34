"""The character pages through the test client: list, builder (plain and htmx), sheet, GM tools."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from characters.models import Character
from tests.characters.helpers import EVERY_LIST, form_data, make_character, nova, over_budget_powers, table
from tests.characters.html_parts import element
from tests.factories import UserFactory, campaign_for
from tests.schema_contract import data_written_outside_the_api

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- My characters ---------------------------------------------------------------------------------


def test_the_list_needs_a_login():
    response = Client().get("/characters/")

    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_the_list_shows_name_level_archetype_campaign_and_a_validity_badge():
    gm, player, campaign, _character = table()

    page = client_for(player).get("/characters/").content.decode()

    assert "Nova" in page
    assert campaign.name in page
    assert "Válida" in page
    assert 'href="/characters/new/"' in page


def test_the_gm_sees_the_players_character_in_the_list_but_a_stranger_does_not():
    gm, _player, _campaign, _character = table()

    assert "Nova" in client_for(gm).get("/characters/").content.decode()
    assert "Nova" not in client_for(UserFactory()).get("/characters/").content.decode()


# --- The builder ------------------------------------------------------------------------------------


def test_saving_a_legal_sheet_from_the_builder_stores_it_and_opens_the_sheet(user):
    response = client_for(user).post("/characters/new/", form_data(nova(), save="1"))

    character = Character.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/characters/{character.pk}/"
    assert character.owner == user
    assert character.sheet["name"] == "Nova"
    assert character.sheet["skills"][4] == {
        "skill": "conocimientos-de",
        "specialty": "Supervivencia",
        "value": 0.5,
    }


def test_saving_an_invalid_sheet_stays_on_the_builder_with_the_errors_and_stores_nothing(user):
    response = client_for(user).post("/characters/new/", form_data(over_budget_powers(), save="1"))

    assert response.status_code == 400
    page = response.content.decode()
    assert "No se ha guardado nada" in page
    assert re.search(
        r'<div id="err-powers" class="field-errors"><div class="invalid-feedback d-block">', page
    )
    assert not Character.objects.exists()


def test_a_live_check_answers_the_whole_form_for_idiomorph_to_morph(user):
    response = client_for(user).post("/characters/new/", form_data(over_budget_powers()), **HTMX)

    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<form id="builder"')
    assert 'hx-swap="morph:outerHTML"' in body and 'hx-ext="morph"' in body
    assert re.search(
        r'id="budget-powers" class="table-danger".*?<span class="spent">4</span> / <span class="available">3</span>',
        element(body, "budget"),
        re.S,
    )
    error = element(body, "err-powers")
    assert "invalid-feedback" in error and "4" in error
    assert "poder" in element(body, "error-summary")
    assert not Character.objects.exists()


def test_the_page_has_no_hand_made_diffing_left(user):
    page = client_for(user).get("/characters/new/").content.decode()

    assert 'name="_state"' not in page and "hx-swap-oob" not in page and "\x1e" not in page
    assert "vendor/idiomorph/idiomorph-ext.min.js" in page


def test_neither_the_page_nor_a_live_answer_carries_the_rule_texts(user):
    """Each text loads when its `<details>` opens; the live answer keeps what the page loaded."""
    client = client_for(user)
    page = client.post("/characters/new/", form_data(nova(), op="check", shown=EVERY_LIST)).content.decode()
    live = client.post("/characters/new/", form_data(nova(), shown=EVERY_LIST), **HTMX).content.decode()

    for body in (page, live):
        assert "rayo de fuego, armas mágicas" not in body
        assert body.count("data-morph-keep") == body.count('hx-trigger="toggle once"') == 187
    assert 'hx-get="/characters/rules/epic20/power/ataque-especial-a-distancia/"' in live


def test_a_row_error_lands_next_to_its_row(user):
    sheet = nova()
    sheet["skills"][1]["skill"] = "cocina"

    body = client_for(user).post("/characters/new/", form_data(sheet), **HTMX).content.decode()

    assert "cocina" in element(body, "err-skills-1")
    assert "invalid-feedback" not in element(body, "err-skills-0")


def test_fixing_the_error_clears_it_in_the_next_answer(user):
    client = client_for(user)
    before = client.post("/characters/new/", form_data(over_budget_powers()), **HTMX).content.decode()
    assert "invalid-feedback" in element(before, "err-powers")

    body = client.post("/characters/new/", form_data(nova()), **HTMX).content.decode()

    cleared = element(body, "err-powers")
    assert cleared and "invalid-feedback" not in cleared
    assert "cumple las reglas" in element(body, "error-summary")


def test_adding_a_row_with_htmx_answers_the_form_with_the_new_row(user):
    body = (
        client_for(user)
        .post("/characters/new/", form_data(nova(), op="add:powers:volar"), **HTMX)
        .content.decode()
    )

    assert body.lstrip().startswith('<form id="builder"')
    row = element(body, "field-powers-3")
    assert 'name="powers-3-power"' in row
    assert '<option value="volar" selected>' in row
    assert not Character.objects.exists()


def test_adding_a_row_without_javascript_renders_the_page_again_and_stores_nothing(user):
    response = client_for(user).post("/characters/new/", form_data(nova(), op="add:skills"))

    assert response.status_code == 200
    assert 'name="skills-6-skill"' in response.content.decode()
    assert not Character.objects.exists()


def test_removing_a_row_renumbers_the_rest(user):
    response = client_for(user).post("/characters/new/", form_data(nova(), op="remove:skills:0"))

    page = response.content.decode()
    assert 'name="skills-5-skill"' not in page
    assert re.search(r'name="skills-0-skill".*?<option value="percepcion-visual" selected>', page, re.S)


def test_a_maneuver_whose_prerequisite_is_missing_says_what_it_requires(user):
    page = client_for(user).post("/characters/new/", {"shown": EVERY_LIST}, **HTMX).content.decode()

    assert re.search(r'id="avail-maneuver-iniciativa-mejorada-2"[^>]*>Requiere: Iniciativa mejorada<', page)
    assert re.search(
        r'id="avail-power-accion-estandar-extra"[^>]*>No se puede elegir durante la creación', page
    )


def test_choosing_the_prerequisite_clears_the_requirement(user):
    client = client_for(user)
    sheet = nova(maneuvers=["desenfunda-rapido", "levantarse-rapido"])
    before = client.post("/characters/new/", form_data(sheet, shown="maneuver"), **HTMX).content.decode()
    assert "Requiere" in element(before, "avail-maneuver-iniciativa-mejorada-2")

    body = client.post("/characters/new/", form_data(nova(), shown="maneuver"), **HTMX).content.decode()

    cleared = element(body, "avail-maneuver-iniciativa-mejorada-2")
    assert cleared and "Requiere" not in cleared and "d-none" in cleared


def test_the_catalogue_links_each_entry_to_its_rule_text(user):
    page = client_for(user).post("/characters/new/", form_data(nova(), op="show:power")).content.decode()

    assert "Ataque especial a distancia" in page
    assert "rayo de fuego, armas mágicas" not in page  # the document's text, loaded when opened
    assert (
        '<details class="flex-grow-1" hx-get="/characters/rules/epic20/power/ataque-especial-a-distancia/" '
        'hx-trigger="toggle once">'
    ) in page
    assert 'class="form-control form-control-sm my-2 catalogue-search" id="search-powers"' in page


def test_the_builder_opens_a_stored_sheet_and_saves_changes(user):
    character = make_character(user)
    client = client_for(user)
    assert 'value="Nova"' in client.get(f"/characters/{character.pk}/edit/").content.decode()

    response = client.post(
        f"/characters/{character.pk}/edit/", form_data(nova(concept="as del aire"), save="1")
    )

    assert response.status_code == 302
    character.refresh_from_db()
    assert character.sheet["concept"] == "as del aire"


def test_a_stranger_cannot_open_the_builder_of_my_character():
    character = make_character()

    assert client_for(UserFactory()).get(f"/characters/{character.pk}/edit/").status_code == 404


def test_the_campaigns_gm_may_edit_in_the_builder():
    gm, _player, _campaign, character = table()

    assert client_for(gm).get(f"/characters/{character.pk}/edit/").status_code == 200


@pytest.mark.parametrize("level", ["ocho", "1e400", "99999999999999999999"])
def test_nonsense_in_a_number_field_is_an_error_next_to_it_not_a_crash(user, level):
    response = client_for(user).post("/characters/new/", form_data(nova(), level=level, save="1"))

    assert response.status_code == 400
    assert re.search(
        r'id="err-level" class="field-errors"><div class="invalid-feedback', response.content.decode()
    )


def test_a_live_check_with_nonsense_fields_still_answers_and_stores_nothing(user):
    data = form_data(nova(), level="ocho", **{"skills-999-skill": "x", "powers-0-units": "muchas"})

    response = client_for(user).post("/characters/new/", data, **HTMX)

    assert response.status_code == 200
    assert "invalid-feedback" in element(response.content.decode(), "err-level")
    assert not Character.objects.exists()


# --- Delete, duplicate, attach --------------------------------------------------------------------------


def test_deleting_asks_first_then_deletes(user):
    character = make_character(user)
    client = client_for(user)

    confirm = client.get(f"/characters/{character.pk}/delete/")
    assert confirm.status_code == 200 and "¿Seguro" in confirm.content.decode()
    assert Character.objects.exists()

    response = client.post(f"/characters/{character.pk}/delete/")
    assert response.status_code == 302
    assert not Character.objects.exists()


def test_the_confirmation_comes_inline_with_htmx(user):
    character = make_character(user)

    body = client_for(user).get(f"/characters/{character.pk}/delete/", **HTMX).content.decode()

    assert body.lstrip().startswith("<form")
    assert f'hx-target="#character-{character.pk}"' in body


def test_the_gm_cannot_delete_a_players_character():
    gm, _player, _campaign, character = table()

    assert client_for(gm).post(f"/characters/{character.pk}/delete/").status_code == 403
    assert Character.objects.filter(pk=character.pk).exists()


def test_duplicating_from_the_page_opens_the_copy(user):
    character = make_character(user)

    response = client_for(user).post(f"/characters/{character.pk}/duplicate/")

    copy = Character.objects.exclude(pk=character.pk).get()
    assert response["Location"] == f"/characters/{copy.pk}/"
    assert copy.name == "Nova (copia)"


def test_attaching_offers_only_my_campaigns_and_refuses_others(user):
    mine = campaign_for(user, name="Mi mesa")
    campaign_for(name="Mesa ajena")
    strangers = campaign_for(name="Otra mesa ajena")
    character = make_character(user)
    client = client_for(user)

    page = client.get(f"/characters/{character.pk}/campaign/").content.decode()
    assert "Mi mesa" in page and "ajena" not in page

    assert client.post(f"/characters/{character.pk}/campaign/", {"campaign": strangers.pk}).status_code == 400
    response = client.post(f"/characters/{character.pk}/campaign/", {"campaign": mine.pk})
    assert response.status_code == 302
    character.refresh_from_db()
    assert character.campaign == mine


# --- The sheet ---------------------------------------------------------------------------------------------


def test_the_sheet_shows_the_dice_each_skill_rolls(user):
    character = make_character(user)

    page = client_for(user).get(f"/characters/{character.pk}/").content.decode()

    def dice(skill):
        match = re.search(rf'id="skill-{skill}".*?<td class="dice">([^<]*)</td>', page, re.S)
        return match.group(1)

    assert dice("percepcion-visual") == "2d20, el mayor, +8"
    assert dice("vehiculos") == "3d20, el mayor, +8"
    assert dice("acrobacias") == "1d20, +8"
    assert dice("enganar") == "2d20, el menor, +0"
    assert dice("conocimientos-desupervivencia") == "1d20, +4"


def test_the_sheet_shows_derived_numbers_and_the_budget(user):
    character = make_character(user)

    page = client_for(user).get(f"/characters/{character.pk}/").content.decode()

    assert re.search(r'id="derived-defense">18<', page)
    assert re.search(r'id="derived-hit_points">4<', page)
    assert re.search(
        r'id="budget-powers" class=""><th scope="row" class="fw-normal">Poderes</th><td class="text-end">3 / 3<',
        page,
    )


def test_the_dice_speak_english_when_the_page_does(user):
    from django.utils import translation

    with translation.override("en"):
        if translation.gettext("%(count)sd20, el mayor, %(bonus)s") == "%(count)sd20, el mayor, %(bonus)s":
            pytest.skip("the English catalogue does not translate the dice yet")
    character = make_character(user)

    page = client_for(user).get(f"/characters/{character.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "2d20, keep highest, +8" in page


def test_a_stranger_gets_404_for_the_sheet():
    character = make_character()

    assert client_for(UserFactory()).get(f"/characters/{character.pk}/").status_code == 404


def test_the_sheet_page_costs_the_same_queries_with_2_or_12_powers_and_skills(django_assert_max_num_queries):
    gm, player, campaign, _nova = table()
    small = make_character(player, campaign=campaign)
    big = make_character(player, campaign=campaign)
    from characters import services

    services.character_award(character=big, awarded_by=gm, category="powers", amount=10)
    services.character_award(character=big, awarded_by=gm, category="skills", amount=4)
    cost_one_powers = ["volar", "superesquiva", "superproteccion", "escudo-mental", "escudo-emocional", "camuflaje",
                       "ilusion", "inmortalidad", "regeneracion", "crear-materia", "ataque-especial-a-distancia",
                       "mover-objetos-a-distancia"]  # fmt: skip
    skills = ["acrobacias", "atletismo", "enganar", "intimidacion", "intuicion", "investigacion", "manos-agiles",
              "medicina", "percepcion-visual", "percepcion-auditiva", "persuasion", "sigilo"]  # fmt: skip
    sheet = nova(
        powers=[{"power": slug, "modifiers": []} for slug in cost_one_powers],
        skills=[{"skill": slug, "value": 0.5} for slug in skills[:8]]
        + [{"skill": s, "value": 0.5} for s in skills[8:]],
    )
    services.character_update(character=big, sheet=sheet)
    services.character_update(
        character=small, sheet=nova(powers=nova()["powers"][:2], skills=nova()["skills"][:2])
    )
    for character in (small, big):  # something in every list the page shows
        services.character_award(character=character, awarded_by=gm, category="levels", amount=1)
        services.character_waive(
            character=character, created_by=gm, code="x.y", path="/powers", reason="Trama."
        )
    client = client_for(player)

    for character in (small, big):
        with django_assert_max_num_queries(8):
            response = client.get(f"/characters/{character.pk}/")
        assert response.status_code == 200
    assert len(big.sheet["powers"]) == 12 and len(big.sheet["skills"]) == 12


# --- Export and import ---------------------------------------------------------------------------------------


def test_export_downloads_the_sheet_as_json(user):
    character = make_character(user)

    response = client_for(user).get(f"/characters/{character.pk}/export/")

    assert response["Content-Disposition"] == f'attachment; filename="nova-{character.pk}.json"'
    assert response.json() == nova()


def upload(content: bytes, name="ficha.json"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content, content_type="application/json")


def test_importing_an_exported_file_creates_the_character(user):
    import json

    response = client_for(user).post("/characters/import/", {"file": upload(json.dumps(nova()).encode())})

    character = Character.objects.get()
    assert response["Location"] == f"/characters/{character.pk}/"
    assert character.sheet == nova()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"esto no es json", "no es JSON"),
        (b"\xff\xfe\x00", "no es JSON"),
        (b"[1, 2, 3]", "objeto JSON"),
        (b'{"name": NaN}', "no es JSON"),
        (b"[" * 100_000, "no es JSON"),
        (b" " * (300 * 1024), "demasiado grande"),
    ],
)
def test_a_bad_file_gets_a_clear_message_and_creates_nothing(user, content, message):
    response = client_for(user).post("/characters/import/", {"file": upload(content)})

    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Character.objects.exists()


def test_an_invalid_sheet_file_lists_its_errors(user):
    import json

    response = client_for(user).post(
        "/characters/import/", {"file": upload(json.dumps(over_budget_powers()).encode())}
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert "no cumple las reglas" in page
    assert re.search(r'id="import-errors".*?<code>/powers</code>', page, re.S)
    assert not Character.objects.exists()


# --- GM tools ------------------------------------------------------------------------------------------------


def test_only_the_gm_sees_the_gm_tools():
    gm, player, _campaign, character = table()

    assert "Otorgar puntos" in client_for(gm).get(f"/characters/{character.pk}/").content.decode()
    assert "Otorgar puntos" not in client_for(player).get(f"/characters/{character.pk}/").content.decode()


def test_the_gm_awards_points_from_the_sheet_page_and_the_history_shows_them():
    gm, player, _campaign, character = table()

    response = client_for(gm).post(
        f"/characters/{character.pk}/awards/",
        {"category": "skills", "amount": "1,5".replace(",", "."), "note": "Sesión 4"},
    )

    assert response.status_code == 302
    page = client_for(player).get(f"/characters/{character.pk}/").content.decode()
    assert re.search(r'id="awards".*?\+1½ habilidades.*?Sesión 4.*?director', page, re.S)


def test_a_bad_award_from_the_page_shows_the_error():
    gm, _player, _campaign, character = table()

    response = client_for(gm).post(
        f"/characters/{character.pk}/awards/", {"category": "powers", "amount": "0.3"}
    )

    assert response.status_code == 400
    assert "múltiplos de ½" in response.content.decode()
    assert not character.awards.exists()


def test_the_gm_waives_an_error_with_a_reason_shown_on_the_sheet():
    gm, player, _campaign, character = table()

    response = client_for(gm).post(
        f"/characters/{character.pk}/waivers/",
        {"code": "powers.over_budget", "path": "/powers", "reason": "Poder de la trama."},
    )

    assert response.status_code == 302
    assert (
        client_for(player)
        .post(f"/characters/{character.pk}/edit/", form_data(over_budget_powers(), save="1"))
        .status_code
        == 302
    )
    page = client_for(player).get(f"/characters/{character.pk}/").content.decode()
    assert "Dispensado por director: «Poder de la trama.»" in page
    assert "powers.over_budget" in page


def test_a_player_cannot_waive():
    _gm, player, _campaign, character = table()

    response = client_for(player).post(
        f"/characters/{character.pk}/waivers/",
        {"code": "powers.over_budget", "path": "/powers", "reason": "Yo mismo."},
    )

    assert response.status_code == 403


def test_choosing_an_archetype_brings_its_options(user):
    body = (
        client_for(user)
        .post("/characters/new/", form_data(nova(archetype="monstruo")), **HTMX)
        .content.decode()
    )

    options = element(body, "archetype-options")
    assert 'name="opt-benefit"' in options
    assert "Superprotección a coste ½" in options


def test_a_repeatable_power_gets_a_units_box_when_chosen(user):
    sheet = nova()
    sheet["powers"][1] = {"power": "vida-extra", "modifiers": []}

    body = client_for(user).post("/characters/new/", form_data(sheet), **HTMX).content.decode()

    assert 'name="powers-1-units"' in element(body, "extra-powers-1")


def test_units_are_stored_for_a_repeatable_power(user):
    sheet = nova()
    sheet["powers"][1] = {"power": "vida-extra", "modifiers": []}
    data = form_data(sheet, save="1")
    data["powers-1-units"] = "2"
    data["powers-2-power"] = ""  # two units of Vida extra cost what Volar and Superesquiva did

    response = client_for(user).post("/characters/new/", data)

    assert response.status_code == 302, response.content.decode()[:2000]
    assert Character.objects.get().sheet["powers"][1] == {"power": "vida-extra", "modifiers": [], "units": 2}


def garbage_sheet() -> dict:
    """Nova with wrong JSON types all over."""
    sheet = nova(level="ocho", archetype=["x"], maneuvers=["desenfunda-rapido", 5, {"maneuver": [1]}])
    sheet["attributes"]["presencia"] = [0]
    sheet["skills"][0] = "vehiculos"
    sheet["skills"][1]["value"] = "uno"
    sheet["powers"][0]["modifiers"] = "penetrante"
    sheet["equipment"] = [{"kind": "laser", "name": 7, "power": {}, "armor": "sí"}]
    return sheet


def test_a_gm_waiver_covers_rules_not_malformed_values():
    from characters import services
    from rules.epic20.validation import validate_sheet

    gm, _player, _campaign, character = table()
    sheet = garbage_sheet()
    for error in validate_sheet(sheet).errors:
        services.character_waive(
            character=character, created_by=gm, code=error.code, path=error.path, reason="Trama."
        )
    character.refresh_from_db()

    with pytest.raises(services.CharacterError) as refused:
        services.character_update(character=character, sheet=sheet)

    assert refused.value.code == "sheet.malformed_value"
    assert refused.value.path == "/level"
    character.refresh_from_db()
    assert character.sheet == nova()


def test_a_stored_sheet_the_rules_no_longer_accept_still_shows_everywhere():
    gm, player, _campaign, character = table()
    Character.objects.filter(pk=character.pk).update(sheet=garbage_sheet())  # as if stored under older rules
    gm_client, player_client = client_for(gm), client_for(player)

    for url in (f"/characters/{character.pk}/", f"/characters/{character.pk}/edit/", "/characters/"):
        assert player_client.get(url).status_code == 200, url
    with data_written_outside_the_api():
        assert player_client.get(f"/api/v1/characters/{character.pk}/").status_code == 200
    check = player_client.post(f"/characters/{character.pk}/edit/", form_data(garbage_sheet()), **HTMX)
    assert check.status_code == 200
    award = gm_client.post(f"/characters/{character.pk}/awards/", {"category": "levels", "amount": "1"})
    assert award.status_code == 400
    assert "nivel válido" in award.content.decode()


def test_the_gm_editing_a_sheet_gets_a_link_to_waive_each_error_with_the_form_filled_in():
    gm, player, _campaign, character = table()
    client = client_for(gm)

    page = client.post(
        f"/characters/{character.pk}/edit/", form_data(over_budget_powers(), save="1")
    ).content.decode()
    link = f"/characters/{character.pk}/?code=powers.over_budget&amp;path=/powers&amp;message="
    assert link in page
    assert (
        link
        not in client_for(player)
        .post(f"/characters/{character.pk}/edit/", form_data(over_budget_powers(), save="1"))
        .content.decode()
    )

    sheet_page = client.get(f"/characters/{character.pk}/", {"code": "powers.over_budget", "path": "/powers"})
    body = sheet_page.content.decode()
    assert re.search(r'<option value="powers.over_budget /powers" selected>', body)

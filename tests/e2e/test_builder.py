"""The character builder as a player uses it: a legal character from nothing, checked on every
click, with the budget and the errors following along; then the stored sheet."""

import os
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def add_row(page, button_name, section, index):
    page.locator(f"#section-{section}").get_by_role("button", name=button_name).click()
    expect(
        page.locator(f"#{section}-{index}-{'skill' if section == 'skills' else section[:-1]}")
    ).to_be_visible()


def open_catalogue(page, name):
    """Opens a catalogue list ("power", "advantage", "maneuver"): drawn once asked for, its
    button keeps the focus and says the list is open."""
    toggle = page.locator(f"#toggle-{name}-list")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(toggle).to_have_text("Ocultar el catálogo")
    expect(page.locator(f"#catalogue-{name}s-panel .catalogue-search")).to_be_visible()


def add_from_catalogue(page, search_id, query, entry_name):
    page.locator(f"#{search_id}").fill(query)
    page.get_by_role("button", name=f"Añadir {entry_name}", exact=True).click()


def test_a_player_builds_a_legal_character_from_nothing_and_opens_the_sheet(page, make_user, force_login):
    player = make_user(username="jugadora")
    force_login(page, player)
    page.goto("/characters/new/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Nuevo personaje")

    page.get_by_label("Nombre", exact=True).fill("Nova")
    page.get_by_label("Concepto").fill("piloto con rayos de plasma")
    page.locator("#attr-agilidad-2").check()
    page.locator("#attr-percepcion-2").check()
    page.locator("#attr-presencia-0").check()

    # Skills: two at 1, four at ½; «Conocimientos de» asks for its specialty once chosen.
    skills = [
        ("vehiculos", "1"),
        ("percepcion-visual", "1"),
        ("acrobacias", "0.5"),
        ("sigilo", "0.5"),
        ("conocimientos-de", "0.5"),
        ("intuicion", "0.5"),
    ]
    for index, (skill, value) in enumerate(skills):
        add_row(page, "Añadir habilidad", "skills", index)
        page.locator(f"#skills-{index}-skill").select_option(skill)
        page.locator(f"#skills-{index}-value").select_option(value)
    specialty = page.locator("#skills-4-specialty")
    expect(specialty).to_be_visible()
    specialty.fill("Supervivencia")
    expect(page.locator("#budget-skills .spent")).to_have_text("4")

    # Powers from the searchable catalogue, drawn once opened.
    expect(page.locator("#catalogue-powers")).to_have_count(0)
    open_catalogue(page, "power")
    add_from_catalogue(page, "search-powers", "especial a dist", "Ataque especial a distancia")
    expect(page.locator("#powers-0-power")).to_have_value("ataque-especial-a-distancia")
    add_from_catalogue(page, "search-powers", "volar", "Volar")
    expect(page.locator("#powers-1-power")).to_have_value("volar")
    add_from_catalogue(page, "search-powers", "superesq", "Superesquiva")
    expect(page.locator("#powers-2-power")).to_have_value("superesquiva")
    expect(page.locator("#budget-powers .spent")).to_have_text("3")
    expect(page.locator("#budget-powers")).not_to_have_class(re.compile("table-danger"))

    # One power too many: the counter turns red and the error appears next to the powers.
    add_from_catalogue(page, "search-powers", "superprot", "Superprotección")
    expect(page.locator("#budget-powers")).to_have_class(re.compile("table-danger"))
    expect(page.locator("#budget-powers .spent")).to_have_text("4")
    expect(page.locator("#err-powers")).to_contain_text("4")
    expect(page.locator("#error-summary")).to_contain_text("poder")

    # Fix it: take the fourth power out again.
    page.locator("#field-powers-3").get_by_role("button", name="Quitar esta fila").click()
    expect(page.locator("#powers-3-power")).to_have_count(0)
    expect(page.locator("#budget-powers")).not_to_have_class(re.compile("table-danger"))
    expect(page.locator("#err-powers")).to_be_empty()

    open_catalogue(page, "advantage")
    add_from_catalogue(page, "search-advantages", "piloto", "Excelente piloto")
    add_from_catalogue(page, "search-advantages", "contactos", "Contactos")
    expect(page.locator("#budget-advantages .spent")).to_have_text("2")

    # A maneuver that needs another says so until the other is chosen.
    open_catalogue(page, "maneuver")
    page.locator("#search-maneuvers").fill("iniciativa")
    expect(page.locator("#avail-maneuver-iniciativa-mejorada-2")).to_have_text(
        "Requiere: Iniciativa mejorada"
    )
    page.locator("#maneuver-iniciativa-mejorada").check()
    expect(page.locator("#avail-maneuver-iniciativa-mejorada-2")).to_be_hidden()
    page.locator("#search-maneuvers").fill("desenfunda")
    page.locator("#maneuver-desenfunda-rapido").check()

    add_row(page, "Añadir complicación", "complications", 0)
    page.locator("#complications-0-complication").select_option("identidad-secreta")

    expect(page.locator("#sheet-valid")).to_have_text("La ficha cumple las reglas.")
    expect(page.locator("#derived-defense-label + dd")).to_have_text("18")

    with page.expect_navigation():
        page.get_by_role("button", name="Guardar personaje").click()
    expect(page).to_have_url(re.compile(r"/characters/\d+/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Nova")
    expect(page.locator("#skill-vehiculos .dice")).to_have_text("3d20, el mayor, +8")
    expect(page.locator("#skill-conocimientos-desupervivencia .dice")).to_have_text("1d20, +4")
    expect(page.locator("#derived-defense")).to_have_text("18")


def test_a_live_check_morphs_the_page_in_place_keeping_focus_and_caret(page, make_user, force_login):
    force_login(page, make_user(username="caret"))
    page.goto("/characters/new/")
    # Marks that a reload or a replaced element would lose.
    page.evaluate("window.sameDocument = true; window.budgetNode = document.querySelector('#budget-powers')")
    name = page.get_by_label("Nombre", exact=True)
    name.click()
    name.press_sequentially("Nva")
    name.press("ArrowLeft")
    name.press("ArrowLeft")
    name.press_sequentially("o")  # "Nova", caret after the "o"
    add_row(page, "Añadir habilidad", "skills", 0)
    page.locator("#skills-0-skill").select_option("vehiculos")
    page.locator("#skills-0-value").select_option("1")
    expect(page.locator("#budget-skills .spent")).to_have_text("1")
    expect(page.locator("#bar-skills")).to_contain_text("1/4")

    name.click()
    page.evaluate("document.activeElement.setSelectionRange(2, 2)")
    name.press_sequentially("!")
    expect(page.locator("#err-name")).to_be_empty()
    page.wait_for_timeout(900)  # the 400 ms debounce and the answer

    assert page.evaluate("window.sameDocument === true")
    assert page.evaluate("document.querySelector('#budget-powers') === window.budgetNode")
    assert page.evaluate("document.activeElement.id") == "id_name"
    assert page.evaluate("document.activeElement.selectionStart") == 3
    expect(name).to_have_value("No!va")
    expect(page.locator("#skills-0-value")).to_have_value("1")


def test_an_open_rule_text_and_a_catalogue_search_survive_a_live_check(page, make_user, force_login):
    force_login(page, make_user(username="buscadora"))
    page.goto("/characters/new/")
    open_catalogue(page, "power")
    assert page.evaluate("document.activeElement.id") == "toggle-power-list"  # morphed in place
    page.locator("#search-powers").fill("volar")
    volar = page.locator("#catalogue-powers .catalogue-item", has_text="Volar").first
    expect(volar.locator(".rule-text")).to_be_empty()  # the page does not carry the text
    volar.locator("summary").click()
    expect(volar.locator("details")).to_have_attribute("open", "")
    text = "Volar (notar que si se quiere volar en el espacio, se necesita Soporte vital)."
    expect(volar.locator(".rule-text")).to_have_text(text)  # loaded when opened
    hidden_before = page.locator("#catalogue-powers .catalogue-item[hidden]").count()

    page.get_by_role("button", name="Añadir Volar", exact=True).click()
    expect(page.locator("#powers-0-power")).to_have_value("volar")

    expect(page.locator("#search-powers")).to_have_value("volar")
    expect(volar.locator("details")).to_have_attribute("open", "")
    expect(volar.locator(".rule-text")).to_have_text(text)
    assert page.locator("#catalogue-powers .catalogue-item[hidden]").count() == hidden_before > 0

    # Closed again from the same button, which keeps the focus; the row added stays.
    toggle = page.locator("#toggle-power-list")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_text("Ver el catálogo (73 poderes)")
    expect(page.locator("#catalogue-powers")).to_have_count(0)
    assert page.evaluate("document.activeElement.id") == "toggle-power-list"
    expect(page.locator("#powers-0-power")).to_have_value("volar")


def test_rule_texts_load_once_each_in_their_own_queue_and_stay_through_clicks(page, make_user, force_login):
    """Two texts opened while the builder re-checks both arrive, each asked for once, and the
    maneuver's text stays when ticking it re-renders the form."""
    force_login(page, make_user(username="lectora"))
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/characters/rules/" in r.url else None)
    page.goto("/characters/new/")
    page.locator("#id_name").fill("Lectora")
    open_catalogue(page, "maneuver")
    open_catalogue(page, "advantage")
    maneuver = page.locator("#field-maneuver-actuar-y-despues-moverse")
    advantage = page.locator("#catalogue-advantages .catalogue-item").first
    maneuver.locator("summary").click()
    advantage.locator("summary").click()

    expect(maneuver.locator(".rule-text")).to_contain_text("Permite al luchador realizar acciones estándar")
    expect(advantage.locator(".rule-text")).not_to_be_empty()
    page.locator("#maneuver-actuar-y-despues-moverse").check()
    expect(page.locator("#chosen-maneuvers")).to_contain_text("Actuar y después moverse")
    advantage.locator("summary").click()  # closed and opened again: no second request
    advantage.locator("summary").click()

    expect(maneuver.locator(".rule-text")).to_contain_text("Permite al luchador realizar acciones estándar")
    paths = sorted(url.split("/characters/rules/epic20/")[1] for url in asked)
    assert len(paths) == 2 and paths[0].startswith("advantage/")  # no form values ride along
    assert paths[1] == "maneuver/actuar-y-despues-moverse/"


def test_on_a_phone_a_maneuver_s_name_opens_its_rule_text_and_its_box_ticks_it(
    new_page, make_user, force_login
):
    """The name in a maneuver's summary opens its text, as a power's or an advantage's does; it
    does not tick the maneuver (that is the box's, which the name labels)."""
    page = force_login(new_page(viewport={"width": 390, "height": 844}), make_user(username="movil"))
    page.goto("/characters/new/")
    open_catalogue(page, "maneuver")
    page.locator("#search-maneuvers").fill("actuar y")
    maneuver = page.locator("#field-maneuver-actuar-y-despues-moverse")
    maneuver.get_by_text("Actuar y después moverse", exact=True).click()

    expect(maneuver.locator("details")).to_have_attribute("open", "")
    expect(maneuver.locator(".rule-text")).to_contain_text("Permite al luchador realizar acciones estándar")
    expect(page.locator("#maneuver-actuar-y-despues-moverse")).not_to_be_checked()
    page.get_by_role("checkbox", name="Actuar y después moverse").check()
    expect(page.locator("#chosen-maneuvers")).to_contain_text("Actuar y después moverse")
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        maneuver.scroll_into_view_if_needed()
        page.screenshot(path=f"{folder}/builder-maneuver-name-opens-phone.png")


def _long_sheet():
    from tests.characters.helpers import nova

    sheet = nova(concept="piloto con rayos de plasma y una historia larguísima que no cabe en una línea")
    sheet["skills"][5] = {"skill": "percepcion-olfativa-tactil-y-gustativa", "value": 0.5}
    return sheet


def test_no_page_scrolls_sideways_on_a_390_px_phone(new_page, make_user, force_login):
    from characters.models import Character
    from tests.characters.helpers import make_character

    player = make_user(username="movil")
    character = make_character(player, sheet=_long_sheet())
    assert Character.objects.filter(pk=character.pk).exists()
    phone = new_page(viewport={"width": 390, "height": 844})
    force_login(phone, player)

    for url in ("/characters/", f"/characters/{character.pk}/", f"/characters/{character.pk}/edit/"):
        phone.goto(url)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{url} is {width} px wide"
    expect(phone.locator("#budget-bar")).to_be_visible()
    phone.locator("#section-equipment").scroll_into_view_if_needed()
    expect(phone.locator("#budget-bar")).to_be_in_viewport()
    phone.goto(f"/characters/{character.pk}/")
    roll = phone.locator("#skills th", has_text="Tirada").bounding_box()
    assert roll["width"] > 0 and roll["x"] + roll["width"] <= 390


def add_item(page, index):
    page.locator("#section-equipment").get_by_role("button", name="Añadir equipo").click()
    expect(page.locator(f"#equipment-{index}-name")).to_be_visible()


def test_a_player_marks_an_items_properties_sees_a_refusal_at_its_box_and_picks_the_chosen_weapon(
    page, make_user, force_login
):
    force_login(page, make_user(username="armera"))
    page.goto("/characters/new/")
    add_item(page, 0)
    page.locator("#equipment-0-name").fill("Bláster")

    # "arma de ráfaga … (de distancia)": Ráfaga alone is refused next to its own box.
    page.locator("#field-equipment-0-burst").get_by_label("Ráfaga").check()
    expect(page.locator("#err-equipment-0-burst")).to_contain_text("márcala también «A distancia»")
    expect(page.locator("#equipment-0-burst")).to_have_attribute("aria-invalid", "true")
    page.locator("#field-equipment-0-ranged").get_by_label("A distancia").check()
    expect(page.locator("#err-equipment-0-burst")).to_be_empty()

    # A one-handed melee weapon for Fineza con un arma, offered in its select once it exists.
    add_item(page, 1)
    page.locator("#equipment-1-name").fill("Estoque")
    open_catalogue(page, "maneuver")
    page.locator("#search-maneuvers").fill("fineza")
    page.locator("#maneuver-fineza-con-un-arma").check()
    weapon = page.locator("#maneuver-detail-fineza-con-un-arma")
    expect(weapon.locator("option")).to_have_text(["— La primera que encaje —", "Estoque"])
    weapon.select_option("Estoque")
    expect(weapon).to_have_value("Estoque")
    page.locator("#equipment-0-name").fill("Bláster pesado")  # another live check
    expect(weapon).to_have_value("Estoque")


# Each system's builder, one of its "Añadir" buttons and the rows that button adds.
ADD_BUTTONS = {
    "epic20": ("Añadir habilidad", "[id^='skills-'][id$='-skill']"),
    "msh": ("Añadir poder", "[id^='powers-'][id$='-name']"),
    "anima": ("Añadir arma", "[id^='weapons-'][id$='-name']"),
    "hero": ("Añadir ataque", "[id^='attacks-'][id$='-name']"),
}


class HeldChecks:
    """Holds the builder's live checks at the network until `release()`: the slow answer of a
    phone's connection, during which the player goes on typing and clicking."""

    def __init__(self, page):
        self.held, self.holding, self.ops = [], True, []
        page.route("**/characters/new/**", self.handle)

    def handle(self, route):
        if route.request.method != "POST":
            route.continue_()
            return
        self.ops.append([part for part in route.request.post_data.split("&") if part.startswith("op=")])
        if self.holding:
            self.held.append(route)
        else:
            route.continue_()

    def wait_for_one(self, page):
        for _ in range(60):
            if self.held:
                return
            page.wait_for_timeout(50)
        raise AssertionError("no live check left the page")

    def release(self):
        self.holding = False
        while self.held:
            self.held.pop(0).continue_()


@pytest.mark.parametrize("clicks", [1, 2])
@pytest.mark.parametrize("system", ADD_BUTTONS)
def test_typing_then_clicking_anadir_adds_one_row_per_click(page, make_user, force_login, system, clicks):
    force_login(page, make_user(username=f"filas-{system}-{clicks}"))
    page.goto(f"/characters/new/?system={system}")
    label, rows = ADD_BUTTONS[system]
    before = page.locator(rows).count()
    checks = HeldChecks(page)
    name = page.locator("#id_name")
    name.click()
    name.press_sequentially("Nov")
    checks.wait_for_one(page)  # the live check of "Nov" is on its way and slow to answer
    name.press_sequentially("a")
    # The click takes the focus from the name: its change event starts a live check too.
    for _ in range(clicks):
        page.get_by_role("button", name=label, exact=True).click()
    checks.release()
    expect(page.locator(rows)).to_have_count(before + clicks)
    page.wait_for_timeout(600)  # any late answer would add its row now
    expect(page.locator(rows)).to_have_count(before + clicks)
    expect(name).to_have_value("Nova")
    assert sum(len(ops) for ops in checks.ops) == clicks, checks.ops


def test_a_click_on_anadir_right_after_typing_adds_one_row(page, make_user, force_login):
    force_login(page, make_user(username="una-fila"))
    page.goto("/characters/new/")
    name = page.get_by_label("Nombre", exact=True)
    name.click()
    name.press_sequentially("Nova")  # the live check of this typing is still waiting its 400 ms
    page.locator("#section-skills").get_by_role("button", name="Añadir habilidad").click()
    expect(page.locator("#skills-0-skill")).to_be_visible()
    page.wait_for_timeout(900)  # the typing's own check would have gone out and come back
    expect(page.locator("[id^='skills-'][id$='-skill']")).to_have_count(1)

"""The builder's clicks on a slow server, in every system: each "Añadir" click adds one row and
none is lost, a double click adds one row, a save made while rows are still on their way waits
for them, and a live check that fails says so on the page and is sent again."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import expect

from characters import views
from tests.e2e.test_builder import ADD_BUTTONS

pytestmark = pytest.mark.e2e
# A busy server: every answer to the builder's posts takes 300 to 600 ms.
SLOW_MS = (300, 600)
WAIT_MS = 20_000


@pytest.fixture
def slow_builder(monkeypatch):
    """Every POST to the builder answers 300–600 ms late (the server thread sleeps first)."""
    builder = views._builder
    delays = random.Random(22)

    def slow(request, character):
        if request.method == "POST":
            time.sleep(delays.randint(*SLOW_MS) / 1000)
        return builder(request, character)

    monkeypatch.setattr(views, "_builder", slow)


def open_builder(page, force_login, make_user, system):
    force_login(page, make_user(username=f"cola-{system}"))
    page.goto(f"/characters/new/?system={system}")
    label, rows = ADD_BUTTONS[system]
    return page.get_by_role("button", name=label, exact=True), page.locator(rows)


@pytest.mark.parametrize("system", sorted(ADD_BUTTONS))
def test_fast_clicks_on_anadir_on_a_slow_server_add_one_row_each(
    page, make_user, force_login, slow_builder, system
):
    """Pressed from the keyboard, as fast as the keys go: each new row pushes the button down,
    and a mouse aimed at where it was would hit the row instead (no click of the button)."""
    add, rows = open_builder(page, force_login, make_user, system)
    before = rows.count()
    clicks = 6
    add.focus()
    for _ in range(clicks):
        page.keyboard.press("Enter")
    expect(rows).to_have_count(before + clicks, timeout=WAIT_MS)
    page.wait_for_timeout(800)  # a late or repeated answer would add its row now
    expect(rows).to_have_count(before + clicks)
    expect(page.locator("#builder-request-error")).to_have_count(0)


def test_mouse_clicks_on_anadir_while_the_answers_are_out_add_one_row_each(
    page, make_user, force_login, slow_builder
):
    """Three clicks before the first answer comes (the button has not moved yet)."""
    add, rows = open_builder(page, force_login, make_user, "anima")
    for _ in range(3):
        add.click(delay=30)
    expect(rows).to_have_count(3, timeout=WAIT_MS)
    page.wait_for_timeout(800)
    expect(rows).to_have_count(3)


# Counts the builder's live checks out at once (htmx's own events, as the page sees them).
COUNT_CHECKS_OUT = """
window.checksOut = 0; window.mostChecksOut = 0;
document.addEventListener("htmx:beforeRequest", function (event) {
  if (event.detail.elt.id !== "builder") return;
  window.checksOut += 1; window.mostChecksOut = Math.max(window.mostChecksOut, window.checksOut);
});
document.addEventListener("htmx:afterRequest", function (event) {
  if (event.detail.elt.id === "builder") window.checksOut -= 1;
});
"""


@pytest.mark.parametrize("system", sorted(ADD_BUTTONS))
def test_a_click_while_a_queued_check_is_out_waits_for_it(page, make_user, force_login, slow_builder, system):
    """ "Añadir", then the name changed while that row is on its way (its check waits in the
    queue and goes out once the row's answer is in), then "Añadir" again while it is out: each
    check waits for the one before. Two out at once could answer in the wrong order, and the
    older answer, without the new row, would take it away."""
    page.add_init_script(COUNT_CHECKS_OUT)
    add, rows = open_builder(page, force_login, make_user, system)
    name = page.locator("#id_name")
    before = rows.count()
    for index in range(4):
        add.click()
        name.fill(f"Con prisa {index}")
        name.dispatch_event("change")
        expect(rows.nth(before + index)).to_be_visible(timeout=WAIT_MS)
    page.wait_for_function("() => window.checksOut === 0", timeout=WAIT_MS)
    page.wait_for_timeout(800)  # a late answer would take a row away now
    expect(rows).to_have_count(before + 4)
    expect(name).to_have_value("Con prisa 3")
    assert page.evaluate("window.mostChecksOut") == 1


@pytest.mark.parametrize("system", sorted(ADD_BUTTONS))
def test_a_double_click_on_anadir_adds_one_row(page, make_user, force_login, slow_builder, system):
    add, rows = open_builder(page, force_login, make_user, system)
    before = rows.count()
    add.dblclick()
    expect(rows).to_have_count(before + 1, timeout=WAIT_MS)
    page.wait_for_timeout(1000)
    expect(rows).to_have_count(before + 1)


@pytest.mark.parametrize("system", sorted(ADD_BUTTONS))
def test_a_save_right_after_anadir_waits_for_the_new_row(page, make_user, force_login, slow_builder, system):
    """The new row is blank, so the save is refused; what matters is that the posted form had
    the row: the refusal shows it instead of a sheet stored without it."""
    add, rows = open_builder(page, force_login, make_user, system)
    page.locator("#id_name").fill("Con prisa")
    page.locator("#h-summary").click()  # the name's change goes out as a live check
    before = rows.count()
    add.click()
    page.locator("#builder button[name='save']").first.click()
    expect(page.locator("#not-saved")).to_be_visible(timeout=WAIT_MS)
    expect(rows).to_have_count(before + 1)
    expect(page.locator("#id_name")).to_have_value("Con prisa")


def test_an_anima_weapon_added_and_filled_just_before_saving_is_on_the_saved_sheet(
    page, make_user, force_login, slow_builder
):
    add, rows = open_builder(page, force_login, make_user, "anima")
    for field, value in {"name": "Celia", "attack": "120", "defense": "110", "initiative": "80",
                         "hit_points": "100"}.items():  # fmt: skip
        page.locator(f"#id_{field}").fill(value)
    add.click()
    expect(page.locator("#weapons-0-name")).to_be_visible(timeout=WAIT_MS)
    page.locator("#weapons-0-name").fill("Espada larga")
    page.locator("#weapons-0-damage").fill("50")
    add.click()  # a second weapon, then straight to the save while both are on their way
    page.locator("#save-button").click()
    # The second (blank) weapon came in before the save: the save is refused and shows both.
    expect(page.locator("#not-saved")).to_be_visible(timeout=WAIT_MS)
    expect(rows).to_have_count(2)
    page.get_by_role("button", name="Quitar Espada larga").wait_for()
    page.locator("#field-weapons-1").get_by_role("button", name="Quitar").click()
    expect(rows).to_have_count(1, timeout=WAIT_MS)
    page.locator("#save-button").click()
    expect(page.locator("#sheet-name")).to_have_text("Celia", timeout=WAIT_MS)
    expect(page.get_by_text("Espada larga")).to_be_visible()


@pytest.mark.parametrize("system", ["epic20", "anima"])
def test_a_failed_live_check_says_so_and_its_row_comes_with_the_retry(page, make_user, force_login, system):
    add, rows = open_builder(page, force_login, make_user, system)
    before = rows.count()
    failures = []

    def fail_once(route):
        if route.request.method == "POST" and "op=add" in (route.request.post_data or "") and not failures:
            failures.append(route.request.url)
            route.fulfill(status=503, body="Servicio no disponible")
        else:
            route.continue_()

    page.route("**/characters/new/**", fail_once)
    add.click()
    error = page.locator("#builder-request-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("No se ha podido comprobar la ficha")
    expect(rows).to_have_count(before)
    error.get_by_role("button", name="Reintentar ahora").click()
    expect(rows).to_have_count(before + 1)
    expect(error).to_be_hidden()
    assert len(failures) == 1

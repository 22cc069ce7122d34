"""One click on "Guardar" makes one sheet, in every system's builder, however slow the answers:
the click takes the focus from the field just typed in, whose change starts a live check; that
check must not save too (htmx sends the last clicked submit button with its form's requests)."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from rules.registration import registrations

pytestmark = pytest.mark.e2e
SHOTS = os.environ.get("EPIC20_SCREENSHOTS")


def _epic20(page):
    page.locator("#attr-agilidad-2").check()
    page.locator("#attr-percepcion-2").check()
    page.locator("#attr-presencia-0").check()
    page.get_by_role("button", name="Añadir complicación", exact=True).click()
    expect(page.locator("#complications-0-complication")).to_be_visible()
    page.locator("#complications-0-complication").select_option("identidad-secreta")


def _anima(page):
    for field, value in (("attack", "80"), ("defense", "70"), ("initiative", "60"), ("hit_points", "100")):
        page.locator(f"#id_{field}").fill(value)


FILL = {"epic20": _epic20, "msh": lambda page: None, "anima": _anima, "hero": lambda page: None}


class SlowPosts:
    """Holds every POST of the builder at the network until `release()`: a phone's slow answers."""

    def __init__(self, page):
        self.held, self.holding, self.saves = [], False, 0
        page.route("**/characters/new/**", self.handle)

    def handle(self, route):
        request = route.request
        if request.method != "POST":
            route.continue_()
            return
        if re.search(r"(^|&)save=", request.post_data or ""):
            self.saves += 1
        if self.holding:
            self.held.append(route)
        else:
            route.continue_()

    def release(self):
        self.holding = False
        while self.held:
            self.held.pop(0).continue_()


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)], ids=["phone", "desktop"])
@pytest.mark.parametrize("system", list(registrations()))
def test_one_click_on_guardar_right_after_typing_makes_one_sheet(
    new_page, make_user, force_login, system, size
):
    from characters.models import Character

    player = make_user(username=f"guarda-{system}-{size[0]}")
    page = force_login(new_page(viewport={"width": size[0], "height": size[1]}), player)
    page.goto(f"/characters/new/?system={system}")
    FILL[system](page)
    page.wait_for_load_state("networkidle")
    slow = SlowPosts(page)
    slow.holding = True
    name = page.locator("#id_name")
    name.click()
    name.press_sequentially("Ana")  # no live check yet: the focus leaves the name with the click
    page.locator("#builder button[name='save']").first.click(no_wait_after=True)
    page.wait_for_timeout(300)
    slow.release()
    page.wait_for_url(re.compile(r"/characters/\d+/$"))
    page.wait_for_timeout(500)  # any second save would land now
    assert slow.saves == 1
    assert Character.objects.filter(owner=player).count() == 1
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"saved-{system}-{size[0]}.png"))


@pytest.mark.parametrize("system", ["msh", "anima"])
def test_a_double_click_on_guardar_makes_one_sheet(page, make_user, force_login, system):
    from characters.models import Character

    player = make_user(username=f"doble-{system}")
    force_login(page, player)
    page.goto(f"/characters/new/?system={system}")
    FILL[system](page)
    page.locator("#id_name").fill("Ana")
    slow = SlowPosts(page)
    slow.holding = True
    page.locator("#builder button[name='save']").first.dblclick(no_wait_after=True)
    page.wait_for_timeout(300)
    slow.release()
    page.wait_for_url(re.compile(r"/characters/\d+/$"))
    page.wait_for_timeout(500)
    assert Character.objects.filter(owner=player).count() == 1

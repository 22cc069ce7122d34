"""A fight played with the keyboard alone, in every system and at both sizes: from the top of the
page, Tab alone reaches the form of the turn (every stop on the way visible and showing where the
focus is), Enter sends it and the log answers; on a phone the tabs of the fight move with the
arrows, Home and End, and Tab leaves them for the pane they show; the GM's drawer opens from the
keyboard, takes the focus, and Escape gives it back to the button that opened it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e
SIZES = {"desk": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
# The form of the first turn of the running fight, per system (MSH: a declaration).
TURN_FORM = {
    "epic20": "#attack-form",
    "anima": "#anima-attack-form",
    "hero": "#attack-form",
    "msh": "form.msh-declare",
}
SYSTEMS = list(TURN_FORM)
MOST_STOPS = 250
LIVE_MS = 8000
# Where the focus is, and whether a person can see it there.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  const ringed = style.boxShadow && style.boxShadow !== "none";
  const box = el.getBoundingClientRect();
  return {
    what: el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.name ? "[" + el.name + "]" : ""),
    shown: outlined || ringed,
    visible: el.checkVisibility() && box.width > 0 && box.height > 0,
  };
}"""


def _fight(make_user, system: str):
    from tests.combat.system_fights import running_fight

    return running_fight(
        system, gm=make_user(username="directora"), veteran=make_user(username="ana"),
        newcomer=make_user(username="brisa"),
    )  # fmt: skip


def _page_with_the_turn(new_page, force_login, fight, size):
    """The veteran's page when the turn is theirs, else the GM's (whose NPC acts first)."""
    selector = TURN_FORM[fight.system]
    for user in (fight.veteran, fight.gm):
        page = force_login(new_page(viewport=SIZES[size]), user)
        page.goto(fight.url)
        if page.locator(f"#fight-pane-actions {selector}").count():
            return page
        page.close()
    raise AssertionError(f"nobody has the turn's form {selector}")


def _tab_to(page, target) -> list[dict]:
    """Tab from the top of the page until `target` has the focus; every stop on the way."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    stops = []
    for _ in range(MOST_STOPS):
        page.keyboard.press("Tab")
        if target.evaluate("el => el === document.activeElement"):
            return stops
        stop = page.evaluate(FOCUSED)
        if stop is not None:
            stops.append(stop)
    raise AssertionError(f"Tab never reached it in {MOST_STOPS} stops: {[s['what'] for s in stops[-10:]]}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_turn_is_played_with_the_keyboard_alone(new_page, force_login, make_user, system, size):
    from combat.models import Encounter

    fight = _fight(make_user, system)
    page = _page_with_the_turn(new_page, force_login, fight, size)
    send = page.locator(f"#fight-pane-actions {TURN_FORM[system]}").first.locator("button[type=submit]").last
    stops = _tab_to(page, send)
    hidden = [s["what"] for s in stops if not s["visible"]]
    unmarked = [s["what"] for s in stops if not s["shown"]]
    assert hidden == [], hidden  # no stop the eye cannot find
    assert unmarked == [], unmarked  # every stop shows the focus
    before = Encounter.objects.get(pk=fight.encounter.pk).last_seq
    page.keyboard.press("Enter")
    expect(page.locator(f"#event-{before + 1}")).to_be_attached(timeout=LIVE_MS)
    assert Encounter.objects.get(pk=fight.encounter.pk).last_seq > before


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_fight_tabs_move_with_the_arrows_and_tab_leaves_them(new_page, force_login, make_user, system):
    fight = _fight(make_user, system)
    page = force_login(new_page(viewport=SIZES["phone"]), fight.veteran)
    page.goto(fight.url)
    action, fighters, log = (page.get_by_role("tab", name=n) for n in ("Acción", "Combatientes", "Registro"))
    _tab_to(page, action)
    page.keyboard.press("ArrowRight")
    expect(fighters).to_be_focused()
    expect(fighters).to_have_attribute("aria-selected", "true")
    expect(page.locator("#fight-pane-tracker")).to_be_visible()
    expect(page.locator("#fight-pane-actions")).to_be_hidden()
    page.keyboard.press("End")
    expect(log).to_be_focused()
    expect(page.locator("#fight-pane-log")).to_be_visible()
    page.keyboard.press("ArrowRight")  # wraps round to the first
    expect(action).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(log).to_be_focused()
    page.keyboard.press("Home")
    expect(action).to_be_focused()
    expect(page.locator("#fight-pane-actions")).to_be_visible()
    page.keyboard.press("Tab")  # one stop for the whole list: Tab leaves it for what it shows
    assert page.evaluate("() => document.activeElement.closest('.fight-tabs') === null")


@pytest.mark.parametrize("size", SIZES)
def test_the_gm_drawer_opens_from_the_keyboard_and_escape_gives_the_focus_back(
    new_page, force_login, make_user, size
):
    fight = _fight(make_user, "epic20")
    page = force_login(new_page(viewport=SIZES[size]), fight.gm)
    page.goto(fight.url)
    button = page.locator("#gm-drawer-button")
    _tab_to(page, button)
    page.keyboard.press("Enter")
    drawer = page.locator("#gm-drawer")
    expect(drawer).to_be_visible()
    expect(drawer).to_have_attribute("aria-modal", "true")
    inside = page.locator("#gm-drawer:focus, #gm-drawer :focus")  # the drawer, or a control in it
    expect(inside).to_have_count(1)
    page.keyboard.press("Tab")
    expect(inside).to_have_count(1)
    page.keyboard.press("Escape")
    expect(drawer).to_be_hidden()
    expect(button).to_be_focused()


def test_every_registered_system_names_the_form_of_its_turn():
    from rules.registration import registrations

    assert set(TURN_FORM) == set(registrations())

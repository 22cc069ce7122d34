"""A fight played with the keyboard alone, in every system and at both sizes: from the top of the
page, Tab alone reaches the form of the turn (every stop on the way visible and showing where the
focus is), Enter sends it and the log answers; on a phone the tabs of the fight move with the
arrows, Home and End, and Tab leaves them for the pane they show; the GM's drawer opens from the
keyboard, takes the focus, and Escape gives it back to the button that opened it. And a whole
fight, in every system and at both sizes: the GM starts it, each plays their own turns from their
own page until two whole rounds (Hero: turns) have passed, the GM ends it from the drawer; one
Enter, one action in the log."""

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


def _tab_to(page, target, *, from_top: bool = True) -> list[dict]:
    """Tab from the top of the page (or from where the focus is) until `target` has the focus;
    every stop on the way."""
    if from_top:
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


# --- A whole fight, from the start to the end, with the keyboard alone -----------------------------
WHOLE_ROUNDS = 2  # the fight's clock (round; Hero's turn) passes this many whole ones
MOST_ACTIONS = 60
START = "#encounter-controls form:has(input[name='type'][value='start']) button[type=submit]"
END = "#gm-drawer form:has(input[name='type'][value='end']) button[type=submit]"
ENDED = "Terminado"


class _Table:
    """The two people at the fight, each on their own page, and what the keyboard did there."""

    def __init__(self, fight, pages: dict):
        self.fight, self.pages = fight, pages
        self.sent = 0  # actions sent, each by one Enter
        self.stops: list[tuple[str, dict]] = []  # (step, focus stop) of every Tab

    def encounter(self):
        from combat.models import Encounter

        return Encounter.objects.get(pk=self.fight.encounter.pk)

    def tab_to(self, who: str, target, step: str, *, from_top: bool = True) -> None:
        page = self.pages[who]
        expect(target).to_be_visible()
        self.stops += [(f"{step} ({who})", s) for s in _tab_to(page, target, from_top=from_top)]
        expect(target).to_be_focused()

    def choose(self, who: str, control, step: str, *, key: str = "", text: str = "") -> None:
        """Tab to a control and change it from the keyboard: a key (Space ticks a box) or typed
        letters (a list picks the option they begin)."""
        self.tab_to(who, control, step)
        if key:
            self.pages[who].keyboard.press(key)
        if text:
            self.pages[who].keyboard.type(text)

    def send(self, who: str, button, step: str, *, from_top: bool = True, confirm: bool = False) -> None:
        """Tab to the form's button, Enter: one action, whose first log line shows on the page."""
        from combat.models import Event

        page = self.pages[who]
        self.tab_to(who, button, step, from_top=from_top)
        before = self.encounter().last_seq
        if confirm:  # the browser's own "are you sure?", which Enter accepts
            page.once("dialog", lambda dialog: dialog.accept())
        page.keyboard.press("Enter")
        self.sent += 1
        try:
            expect(page.locator(f"#event-{before + 1}")).to_be_attached(timeout=LIVE_MS)
        except AssertionError:
            said = page.locator("#action-feedback, #gm-feedback").all_inner_texts()
            raise AssertionError(f"{step} ({who}): Enter wrote nothing; the page says {said}") from None
        written = Event.objects.filter(encounter_id=self.fight.encounter.pk, seq__gt=before)
        assert set(written.values_list("action", flat=True)) == {before + 1}, f"{step}: one Enter, one action"
        self.settle()

    def settle(self) -> None:
        """Both pages show the fight as it stands now: its newest log line, its version."""
        encounter = self.encounter()
        for page in self.pages.values():
            expect(page.locator(f"#event-{encounter.last_seq}")).to_be_attached(timeout=LIVE_MS)
            expect(page.locator("#encounter-live")).to_have_attribute(
                "data-version", str(encounter.version), timeout=LIVE_MS
            )


def _take_turn(table: _Table) -> None:
    """The next action of the fight, by whoever has it: attack while the form offers it, else end
    the turn (or phase); in MSH declare for one's own (the NPC blocks: a choice by typing) and, once
    all have declared, the GM resolves the round."""
    fight, encounter = table.fight, table.encounter()
    state, when = encounter.state, f"round {encounter.round}"
    if fight.system == "msh":
        side = (state.get("msh") or {}).get("side")
        if side is None:
            gm = table.pages["gm"]
            table.send("gm", gm.locator("#resolve-round-form button[type=submit]"), f"{when}: resolve")
            return
        who = "gm" if side == "villains" else "veteran"
        page = table.pages[who]
        form = page.locator("#fight-pane-actions form.msh-declare[data-actor]").first
        actor = int(form.get_attribute("data-actor"))
        if who == "gm":
            kind = form.locator(".msh-kind")
            table.choose("gm", kind, f"{when}: the NPC's choice", text="Bloq")
            expect(kind).to_have_value("block")
        table.send(who, form.locator("button[type=submit]").last, f"{when}: {who} declares for {actor}")
        return
    who = "gm" if state["current"] == fight.npc else "veteran"
    page, step = table.pages[who], f"{when}, turn of {state['current']}"
    if fight.system == "epic20":
        attack = page.locator("#turn-forms #attack-form fieldset:not([disabled]) button[type=submit]")
        end = page.locator("#turn-forms #end-turn")
    elif fight.system == "anima":
        attack = page.locator("#anima-turn #anima-attack-form button[type=submit]")
        end = page.locator("#anima-turn #end-turn")
    else:
        step += f", segment {state.get('segment')}"
        attack = page.locator("#hero-menu #attack-form #attack-submit")
        end = page.locator("#hero-menu #hero-buttons button[data-action='end_turn']")
    if attack.count() and attack.is_visible():
        table.send(who, attack, f"{step}: attack")
    else:
        table.send(who, end, f"{step}: end the turn")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_whole_fight_is_played_with_the_keyboard_alone(new_page, force_login, make_user, system, size):
    from combat.models import Event
    from tests.combat.system_fights import running_fight

    fight = running_fight(
        system, gm=make_user(username="directora"), veteran=make_user(username="ana"),
        newcomer=make_user(username="brisa"), started=False,
    )  # fmt: skip
    pages = {}
    for who in ("gm", "veteran"):
        pages[who] = force_login(new_page(viewport=SIZES[size]), getattr(fight, who))
        pages[who].goto(fight.url)
    table = _Table(fight, pages)
    first = table.encounter().last_seq
    gm = pages["gm"]

    # 1. The GM starts the fight from their page (MSH: the GM will close each round's declarations).
    if system == "msh":
        table.choose("gm", gm.locator("#auto-resolve"), "start: resolve by hand", key="Space")
        expect(gm.locator("#auto-resolve")).not_to_be_checked()
    table.send("gm", gm.locator(START), "start")
    for page in pages.values():
        expect(page.locator("#encounter-status")).to_have_text("En curso")

    # 2. Turns in order, each by whoever has it, until the clock has passed whole rounds.
    for _ in range(MOST_ACTIONS):
        encounter = table.encounter()
        if encounter.round > WHOLE_ROUNDS or encounter.status != "active":
            break
        _take_turn(table)
    encounter = table.encounter()
    assert encounter.status == "active", f"the fight ended by itself in round {encounter.round}"
    assert encounter.round > WHOLE_ROUNDS, f"{MOST_ACTIONS} actions and still in round {encounter.round}"

    # 3. The GM ends it from the drawer, which opens from the keyboard and gives the focus back.
    button = gm.locator("#gm-drawer-button")
    table.tab_to("gm", button, "end: the drawer")
    gm.keyboard.press("Enter")
    expect(gm.locator("#gm-drawer")).to_be_focused()  # open, and holding the focus (its trap is on)
    table.send("gm", gm.locator(END), "end", from_top=False, confirm=True)
    assert table.encounter().status == "ended"
    for page in pages.values():
        expect(page.locator("#encounter-status")).to_have_text(ENDED)
    # Its body was redrawn under the focus: the focus stays in it, where Escape is heard.
    expect(gm.locator("#gm-drawer:focus, #gm-drawer :focus")).to_have_count(1)
    gm.keyboard.press("Escape")
    expect(gm.locator("#gm-drawer")).to_be_hidden()
    expect(button).to_be_focused()

    # 4. Every stop was visible and showed the focus; one Enter, one action, one group of log rows.
    hidden = [(step, s["what"]) for step, s in table.stops if not s["visible"]]
    unmarked = [(step, s["what"]) for step, s in table.stops if not s["shown"]]
    assert hidden == [], hidden
    assert unmarked == [], unmarked
    written = Event.objects.filter(encounter_id=fight.encounter.pk, seq__gt=first)
    assert written.values("action").distinct().count() == table.sent

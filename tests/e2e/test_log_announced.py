"""A fight a screen reader can follow: while a round is played, each new line of the log is
announced once, politely, in order, as one sentence naming who acted (not the dice badges one
by one), in every system and at both sizes; the log box itself is no live region (the page swaps
the whole list in, which a reader would otherwise read again)."""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import expect

from rules.registration import registrations

pytestmark = pytest.mark.e2e
SIZES = {"desk": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
LIVE_MS = 8000
# Every sentence the live region is given, as a screen reader would hear it: [seq, text].
HEAR = """() => {
  window.heardLines = [];
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach((node) => {
    if (node.dataset) window.heardLines.push([Number(node.dataset.seq), node.textContent]);
  }))).observe(document.getElementById("log-announcer"), {childList: true});
}"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("system", list(registrations()))
def test_each_new_log_line_is_announced_once_in_order_naming_who(
    new_page, force_login, make_user, system, size
):
    from combat import services
    from combat.models import Encounter
    from tests.combat.system_fights import running_fight

    fight = running_fight(
        system, gm=make_user(username="directora"), veteran=make_user(username="ana"),
        newcomer=make_user(username="brisa"),
    )  # fmt: skip
    page = force_login(new_page(viewport=SIZES[size]), fight.veteran)
    page.goto(fight.url)
    announcer = page.locator("#log-announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    assert page.locator("#log-scroller").get_attribute("aria-live") == "off"
    assert announcer.locator("p").count() == 0  # what was there before is not read out
    page.evaluate(HEAR)
    before = Encounter.objects.get(pk=fight.encounter.pk).last_seq
    names = _play(fight, services, Encounter)
    after = Encounter.objects.get(pk=fight.encounter.pk).last_seq
    assert after > before
    expect(page.locator(f"#event-{after}")).to_be_attached(timeout=LIVE_MS)
    page.wait_for_timeout(300)
    heard = page.evaluate("window.heardLines")
    seqs = [seq for seq, _text in heard]
    texts = [text for _seq, text in heard]
    assert seqs == sorted(set(seqs)) and all(before < s <= after for s in seqs), seqs  # once, in order
    assert seqs and seqs[-1] == after
    for name in names:  # who acted is named in what is heard
        assert any(name in text for text in texts), (name, texts)
    assert not any(text.strip().isdigit() for text in texts)  # no die read on its own
    # Nothing new: nothing more is said, though the page asks again.
    page.wait_for_timeout(2500)
    assert page.evaluate("window.heardLines") == heard
    # Heard whatever tab a phone shows: the announcer is in no hidden pane.
    assert announcer.evaluate("el => el.checkVisibility()")
    # In the accessibility tree: the log keeps its role and name (on a phone, in its tab).
    if size == "phone":
        page.get_by_role("tab", name="Registro").click()
    expect(page.get_by_role("log", name="Registro de turnos")).to_be_visible()


def _play(fight, services, Encounter) -> list[str]:
    from epic20site.errors import Conflict, NotAllowed

    """A bit of a round, as its system plays it: whoever acts ends their turn, twice; in MSH,
    where everyone declares and the GM resolves the round, everyone passes and it is resolved.
    The names of those who acted."""
    encounter = Encounter.objects.get(pk=fight.encounter.pk)
    people = {c.pk: c.name for c in encounter.combatants.all()}
    if fight.system == "msh":
        acted = []
        for cid in people:
            declared = {"type": "declare", "actor": cid, "action": {"type": "pass"}}
            with contextlib.suppress(Conflict, NotAllowed):  # one the GM may not declare for
                services.encounter_act(encounter=encounter, user=fight.gm, action=declared)
                acted.append(people[cid])
        with contextlib.suppress(Conflict):  # resolved already once everyone declared
            services.encounter_act(encounter=encounter, user=fight.gm, action={"type": "resolve_round"})
        return acted
    names = []
    for _ in range(2):
        encounter = Encounter.objects.get(pk=fight.encounter.pk)
        current = encounter.state["current"]
        names.append(people[current])
        services.encounter_act(
            encounter=encounter, user=fight.gm, action={"type": "end_turn", "actor": current}
        )
    return names

"""Fewer, better notices (docs/tracking.md, "Fewer, better notices"): one `your_turn` per
combatant's turn per person, by one channel; nothing to a person whose page of the fight is open;
a turn's e-mail or push waits `NOTIFY_GRACE_SECONDS` and is dropped if the person acted or opened
the fight meanwhile; new accounts get their turn and deadlines at once and the rest in the daily
digest; every message wholly in its reader's language. Measured on a scripted fight of each
system with four players, two of them watching. A moved clock, never a sleep."""

from __future__ import annotations

from datetime import timedelta

import pytest

from accounts.language import language_of
from combat import open_pages, services
from combat.models import Encounter
from combat.waiting import waiting_on
from notifications import delivery, notices
from notifications.models import Outbox, Preference
from tests.combat.system_fights import SYSTEMS
from tests.notifications.measured_table import STEP, MeasuredTable
from tests.tracking.helpers import client_for

pytestmark = pytest.mark.django_db
ROUNDS = 3


@pytest.fixture
def graced(frozen, settings, monkeypatch):
    """The grace period as in production; the push service takes every push (201)."""
    settings.NOTIFY_GRACE_SECONDS = 120
    monkeypatch.setattr(delivery.webpush, "send", lambda push, **kw: 201)
    return frozen


def _turn_rows(user):
    return Outbox.objects.filter(user=user, event="your_turn")


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_whole_fight_tells_each_player_once_per_turn_and_nobody_who_watches(graced, system):
    table = MeasuredTable(system, graced)
    table.play_rounds(ROUNDS)
    counts = table.count()
    for username in ("ana", "bea"):  # their page was open all along
        assert Outbox.objects.filter(user=table.players[username]).count() == 0, counts[username]
    for username in ("carla", "dani"):
        user = table.players[username]
        keys = list(_turn_rows(user).values_list("key", flat=True))
        assert len(keys) == len(set(keys))  # one per turn, by one channel
        told = _turn_rows(user).count() + Outbox.objects.filter(user=user, event="declarations_open").count()
        assert ROUNDS - 1 <= told <= ROUNDS + 1, counts[username]
    assert (
        counts["carla"]["email"] == 0 and counts["carla"]["push"] >= ROUNDS - 1
    )  # a device: push, not e-mail
    assert counts["dani"]["push"] == 0 and counts["dani"]["email"] >= ROUNDS - 1


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize(
    ("language", "subject", "body"),
    [
        ("es", "Te toca", "Centella: te toca en «Emboscada en el puerto»."),
        ("en", "Your turn", "Centella: it is your turn in «Emboscada en el puerto»."),
    ],
)
def test_a_turn_s_push_and_e_mail_are_whole_lines_in_the_reader_s_language(
    graced, system, language, subject, body, monkeypatch
):
    pushed = []
    monkeypatch.setattr(delivery.webpush, "send", lambda push, **kw: pushed.append(push.payload) or 201)
    table = MeasuredTable(system, graced, languages={"carla": language, "dani": language})
    table.play_rounds(1)
    carla, dani = table.players["carla"], table.players["dani"]
    turn = _turn_rows(carla).first() or Outbox.objects.filter(user=carla, event="declarations_open").first()
    if turn.event == "declarations_open":  # MSH declares by sides: the turn is a declaration
        subject, body = DECLARE[language]
    payload = next(p for p in pushed if p["event"] == turn.event)
    assert (payload["title"], payload["body"]) == (subject, body)
    assert (payload["campaign"], payload["encounter"]) == (table.campaign.pk, table.encounter.pk)
    assert payload["url"].endswith(f"/encounters/{table.encounter.pk}/")
    from django.core import mail

    dani_mail = [m for m in mail.outbox if m.to == [dani.email]]
    assert dani_mail and dani_mail[0].subject == subject
    assert dani_mail[0].body.startswith(body.replace("Centella", "Roca"))
    assert ("Darte de baja" in dani_mail[0].body) == (language == "es")
    assert ("Unsubscribe" in dani_mail[0].body) == (language == "en")


DECLARE = {
    "es": ("Declaraciones abiertas", "Centella: declara tu acción en «Emboscada en el puerto»."),
    "en": ("Declarations are open", "Centella: declare your action in «Emboscada en el puerto»."),
}


def _act_now(table) -> None:
    """Whoever the fight waits for ends their turn, with no time passing (inside a grace period)."""
    encounter = Encounter.objects.get(pk=table.encounter.pk)
    cid = waiting_on(encounter)[0]
    services.encounter_act(
        encounter=encounter, user=table.owners.get(cid, table.gm), action={"type": "end_turn", "actor": cid}
    )
    notices.expand_pending()


def _until_told(table, username) -> Outbox:
    """Play, with no time passing, until `username` is told it is their turn; answers that row."""
    user = table.players[username]
    for _ in range(12):
        row = _turn_rows(user).filter(status="pending").first()
        if row is not None:
            return row
        _act_now(table)
    raise AssertionError("their turn never came")


def test_a_turn_s_notice_waits_its_grace_period_and_goes_if_nobody_acted(graced):
    table = MeasuredTable("epic20", graced)
    row = _until_told(table, "dani")
    assert row.status == "pending" and row.channel == "email"
    assert delivery.deliver_due() == {}  # not due within its grace period
    graced.NOW[0] += timedelta(seconds=121)
    assert delivery.deliver_one(row.pk) == "sent"


def test_a_turn_s_notice_is_dropped_when_the_person_opens_the_fight_in_the_grace_period(graced):
    table = MeasuredTable("epic20", graced)
    row = _until_told(table, "dani")
    graced.NOW[0] += timedelta(seconds=60)
    open_pages.mark(table.players["dani"].pk, table.encounter.pk)  # Dani opens the fight
    graced.NOW[0] += timedelta(seconds=61)
    assert delivery.deliver_one(row.pk) == "dropped"
    from notifications import inbox

    dani = table.players["dani"]
    assert row.key not in {item["key"] for item in inbox.inbox_keys(dani)}  # it told nothing
    assert inbox.unread_count(dani) == inbox.inbox_keys(dani).count()


def test_a_turn_s_notice_is_dropped_when_the_person_acts_in_the_grace_period(graced):
    table = MeasuredTable("epic20", graced)
    row = _until_told(table, "dani")
    graced.NOW[0] += timedelta(seconds=30)
    _act_now(table)  # Dani ends the turn from the API, without opening the page
    graced.NOW[0] += timedelta(seconds=91)
    assert delivery.deliver_one(row.pk) == "dropped"


def test_a_new_account_gets_its_turn_and_deadlines_by_e_mail_at_once_and_the_rest_in_the_digest(client):
    answer = client.post(
        "/api/v1/auth/register/",
        {"username": "nueva", "password": "una-clave-bien-larga-42", "email": "nueva@example.org"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert answer.status_code == 201, answer.json()
    preference = Preference.objects.get(user__username="nueva", campaign=None)
    assert (preference.email, preference.push, preference.digest) == (True, True, True)
    from notifications.outbox import notify

    user = preference.user
    assert language_of(user) == "en"
    [turn] = notify(user=user, event="deadline_near", key="deadline_near:1", text="x")
    [journal] = notify(user=user, event="journal", key="journal:1", text="y")
    assert (turn.status, journal.status) == ("pending", "held")


def test_the_account_language_is_read_and_changed_on_me_and_a_bad_one_changes_nothing():
    from tests.factories import UserFactory

    api = client_for(UserFactory(username="ana"))
    assert api.get("/api/v1/auth/me/").json()["language"] == "es"
    assert api.patch("/api/v1/auth/me/", {"language": "en"}, format="json").json()["language"] == "en"
    bad = api.patch("/api/v1/auth/me/", {"language": "fr"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/language"
    assert api.get("/api/v1/auth/me/").json()["language"] == "en"
    empty = api.patch("/api/v1/auth/me/", {}, format="json")  # a PATCH naming nothing changes nothing
    assert (empty.status_code, empty.json()["language"]) == (200, "en")
    bodiless = api.patch("/api/v1/auth/me/")  # the schema requires a body
    assert (bodiless.status_code, bodiless.json()["errors"][0]["code"]) == (400, "request.not_object")


def test_the_sign_up_page_keeps_the_page_s_language(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    answer = client.post(
        "/accounts/signup/",
        {
            "username": "paginera",
            "password1": "una-clave-bien-larga-42",
            "password2": "una-clave-bien-larga-42",
        },
    )
    assert answer.status_code == 302
    from django.contrib.auth import get_user_model

    assert language_of(get_user_model().objects.get(username="paginera")) == "en"


def test_the_step_of_the_measured_fight_outlives_the_grace_period():
    assert timedelta(seconds=120) < STEP

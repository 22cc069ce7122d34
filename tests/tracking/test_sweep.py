"""The sweep (`tracking_sweep`) applies turn deadlines and delivers the outbox in one pass: a
webhook that answers garbage fails its own row and stops neither the deliveries after it nor
the deadlines of any table."""

from __future__ import annotations

import io

import pytest
from django.core import mail
from django.core.management import call_command

from notifications import outbox
from notifications.models import Outbox, Preference
from tests.factories import UserFactory
from tests.notifications import loopback
from tests.tracking.helpers import send

pytestmark = pytest.mark.django_db


def sweep() -> str:
    out = io.StringIO()
    call_command("tracking_sweep", stdout=out)
    return out.getvalue()


def test_a_garbage_answering_webhook_stops_neither_the_deadlines_nor_the_other_deliveries(
    fight, later, target
):
    table, encounter, nova, thug = fight
    garbage = target(loopback.answer_with(b"HTTP/1.1 banana\r\n\r\n"))
    mallory = UserFactory(username="mallory", email="")
    url = f"https://{loopback.HOST}:{garbage.port}/hook"
    Preference.objects.create(user=mallory, email=False, webhook_url=url)
    [bad] = outbox.notify(user=mallory, event="journal", key="journal:spam", text="Hola.")
    [good] = outbox.notify(user=table.player, event="journal", key="journal:ok", text="Hola.")
    patch = {"turn_deadline_hours": 1, "deadline_default": "end_turn"}
    assert send(table.gm_api, "PATCH", f"/api/v1/encounters/{encounter}/", patch).status_code == 200
    later(hours=1, minutes=1)

    said = sweep()

    assert "deadlines applied: 1" in said and table.state(encounter)["current"] == nova
    assert Outbox.objects.get(pk=good.pk).status == "sent" and len(mail.outbox) >= 1
    bad.refresh_from_db()
    assert bad.status == "pending" and bad.attempts == 1 and "BadStatusLine" in bad.last_error
    later(minutes=2)
    sweep()  # and again, on the next pass, with its backoff
    assert Outbox.objects.get(pk=bad.pk).attempts == 2 and len(garbage.seen) == 2


def test_a_fight_whose_deadline_fails_keeps_no_other_fight_from_its_default_or_warning(
    fight, faces, later, monkeypatch
):
    from combat import deadline_tasks

    table, encounter, nova, thug = fight
    other = table.create(name="Otra mesa")["id"]
    table.add_pc(other)
    table.add_npc(other)
    faces.extend([15, 3])  # the player's character first at the other table
    assert table.act(other, type="start").status_code == 201
    waits = {e: table.state(e)["current"] for e in (encounter, other)}
    patch = {"turn_deadline_hours": 3, "deadline_default": "end_turn"}
    for e in (encounter, other):
        assert send(table.gm_api, "PATCH", f"/api/v1/encounters/{e}/", patch).status_code == 200
    real_apply, real_warn = deadline_tasks._apply_one, deadline_tasks.warn

    def broken(real):
        def run(pk):
            if pk == encounter:
                raise RuntimeError("a fight the code cannot read")
            return real(pk)

        return run

    monkeypatch.setattr(deadline_tasks, "_apply_one", broken(real_apply))
    monkeypatch.setattr(deadline_tasks, "warn", broken(real_warn))
    later(hours=2)
    assert deadline_tasks.warn_due() == 1  # the player, at the other table
    later(hours=1, minutes=1)
    [applied] = deadline_tasks.apply_due()
    assert applied["combatant"] == waits[other] and table.state(other)["current"] != waits[other]
    assert table.state(encounter)["current"] == waits[encounter]

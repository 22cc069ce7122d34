"""With the task queue down (Redis stopped while the site runs), what was saved is answered as
saved: a fight action, a journal entry and a deadline's settings never answer 500 because their
tasks could not be queued. The refused enqueue is logged, and the sweep (`tracking_sweep`) does
the work the tasks would have done: the notices expanded, the mail sent, the deadline applied.

The test runs its own throwaway `redis-server` on a free port (never the shared one on 6379),
queues through it while it runs, and stops it half-way."""

from __future__ import annotations

import logging
import re

import django_rq
import pytest
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from notifications.models import ActionNotice, Outbox
from tests.site.test_redis_down import REDIS_SERVER, OwnRedis
from tests.tracking.helpers import send

pytestmark = [
    pytest.mark.skipif(REDIS_SERVER is None, reason="redis-server is not installed"),
    pytest.mark.django_db(transaction=True),  # on_commit callbacks must really run
]


@pytest.fixture
def queue(settings):
    """The task queue on a Redis of the test's own, as production runs it (RQ)."""
    redis = OwnRedis()
    settings.RQ_QUEUES = {"default": {"URL": f"redis://127.0.0.1:{redis.port}/0", "SOCKET_TIMEOUT": 0.5}}
    settings.TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}
    yield redis
    redis.stop()


def test_with_the_queue_down_actions_and_journal_posts_answer_as_saved_and_the_sweep_catches_up(
    fight, later, queue, caplog
):
    table, encounter, nova, thug = fight
    url = f"/api/v1/encounters/{encounter}/"
    assert (
        send(
            table.gm_api, "PATCH", url, {"turn_deadline_hours": 1, "deadline_default": "end_turn"}
        ).status_code
        == 200
    )
    waiting = django_rq.get_queue("default").scheduled_job_registry
    assert waiting.count >= 1  # while Redis runs, the deadline's tasks go to the queue

    queue.stop()
    caplog.set_level(logging.WARNING, logger="epic20site.queue")

    # The thug ends its turn: Nova's owner is to be told, and a new deadline to be scheduled.
    response = table.act(encounter, type="end_turn", actor=thug)
    assert response.status_code == 201, response.content[:300]
    assert table.state(encounter)["current"] == nova
    journal = f"/api/v1/campaigns/{table.campaign.pk}/journal/"
    assert send(table.gm_api, "POST", journal, {"body": "La emboscada sigue."}).status_code == 201
    assert send(table.gm_api, "PATCH", url, {"deadline_extend_hours": 1}).status_code == 200
    assert "could not queue" in caplog.text

    # Nothing was carried by a task; the sweep does it all, once.
    assert ActionNotice.objects.filter(expanded=False).exists()
    call_command("tracking_sweep", stdout=open("/dev/null", "w"))  # noqa: SIM115
    told = {(m.to[0], m.subject.split(" / ")[0]) for m in mail.outbox}
    assert (table.player.email, "Te toca") in told
    assert (table.player.email, "Nueva entrada en el diario") in told
    assert not Outbox.objects.filter(status="pending").exists()
    sent = len(mail.outbox)
    call_command("tracking_sweep", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert len(mail.outbox) == sent

    # Nova's deadline (one hour, and the hour the GM added) passes: the sweep applies it.
    later(hours=2, minutes=1)
    call_command("tracking_sweep", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert table.state(encounter)["current"] == thug


def test_with_the_queue_down_the_page_form_acts_once_and_answers_as_saved(fight, queue):
    table, encounter, nova, thug = fight
    queue.stop()
    browser = Client(raise_request_exception=False)
    browser.force_login(table.gm)
    page = browser.get(reverse("encounters:detail", args=[encounter])).content.decode()
    [key] = set(re.findall(r'name="idempotency_key" value="([^"]*)"', page))
    form = {"type": "end_turn", "actor": thug, "idempotency_key": key}
    act = reverse("encounters:act", args=[encounter])
    # The answer to the first send is lost (a dropped connection); the browser sends it again.
    assert browser.post(act, form).status_code == 302
    assert browser.post(act, form).status_code == 302
    ended = [e for e in table.events(encounter)["results"] if e["type"] == "turn_ended"]
    assert len(ended) == 1 and table.state(encounter)["current"] == nova

"""The table-wide webhook (`notifications.table`): the GM sets one per campaign, with the same
https-to-a-public-host check as a person's; it hears the table's public events — declarations
open, a round resolved, a journal entry for everyone — signed with HMAC over timestamp and body,
and never a journal entry for the GM or one player, nor a deadline warning to one player."""

import json

import pytest

from notifications import channels, delivery, webhook_post
from notifications.models import Outbox, TableWebhook
from notifications.notices import expand_pending
from tests.combat.encounters import conftest as encounters
from tests.combat.encounters.conftest import Table
from tests.notifications.wire import recording
from tests.tracking.helpers import send

pytestmark = pytest.mark.django_db
faces = encounters.faces  # the encounter suite's scripted dice
HOOK = "https://93.184.216.34/table"


@pytest.fixture
def calls(monkeypatch, settings):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    seen = []
    monkeypatch.setattr(webhook_post, "post", recording(seen))
    return seen


def url(table):
    return f"/api/v1/campaigns/{table.campaign.pk}/webhook/"


def table_rows():
    return list(Outbox.objects.filter(channel=Outbox.Channel.TABLE).order_by("id"))


def test_the_gm_sets_the_table_webhook_and_only_https_to_a_public_host_is_taken(db, frozen):
    table = Table()
    unset = table.gm_api.get(url(table))  # none yet: nothing to read
    assert unset.status_code == 404 and unset.json()["errors"][0]["code"] == "webhook.not_set"
    for bad in (
        "http://93.184.216.34/x",
        "https://127.0.0.1/x",
        "https://10.0.0.5/x",
        "https://u:p@93.184.216.34/",
    ):
        refused = send(table.gm_api, "PUT", url(table), {"url": bad})
        assert refused.status_code == 400 and refused.json()["errors"][0]["path"] == "/url", bad
    assert not TableWebhook.objects.exists()
    assert send(table.player_api, "PUT", url(table), {"url": HOOK}).status_code == 403
    assert table.player_api.get(url(table)).status_code == 403  # the secret is the GM's
    saved = send(table.gm_api, "PUT", url(table), {"url": HOOK}).json()
    assert saved["url"] == HOOK and saved["secret"].startswith("whsec_")
    assert table.gm_api.delete(url(table)).status_code == 204 and not TableWebhook.objects.exists()
    gone = table.gm_api.get(url(table), HTTP_ACCEPT_LANGUAGE="en")  # deleted: nothing to read
    assert gone.status_code == 404
    assert gone.json()["errors"][0]["message"] == "This campaign has no table webhook."


def test_the_table_hears_public_journal_entries_signed_and_never_private_ones(db, frozen, calls):
    table = Table()
    send(table.gm_api, "PUT", url(table), {"url": HOOK})
    journal = f"/api/v1/campaigns/{table.campaign.pk}/journal/"
    send(table.gm_api, "POST", journal, {"body": "Solo para mí.", "visibility": "gm"})
    send(table.gm_api, "POST", journal, {"body": "Para el jugador.", "visibility": table.player.pk})
    assert table_rows() == []
    send(table.gm_api, "POST", journal, {"body": "Para todos."})
    [row] = table_rows()
    assert row.event == "journal" and row.user_id == table.gm.pk
    assert delivery.deliver_one(row.pk) == "sent"
    [request] = calls
    assert request.full_url == HOOK
    headers = {k.lower(): v for k, v in request.header_items()}
    secret = TableWebhook.objects.get().secret
    assert channels.verify(
        secret,
        headers[channels.TIMESTAMP_HEADER.lower()],
        request.data,
        headers[channels.SIGNATURE_HEADER.lower()],
    )
    body = json.loads(request.data)
    assert (
        "ha escrito en el diario" in body["embeds"][0]["description"]
        and "Para todos" not in request.data.decode()
    )


def test_the_table_hears_a_fight_s_declarations_open_and_the_round_resolved(db, frozen, faces):
    table = Table()
    send(table.gm_api, "PUT", url(table), {"url": HOOK})
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thug = table.add_npc(encounter)["id"]
    faces.extend([3, 15])
    table.act(encounter, type="start")
    send(table.gm_api, "PATCH", f"/api/v1/encounters/{encounter}/", {"declare_ahead": True})
    faces.extend([2])
    table.act(encounter, type="declare", actor=thug, action={"type": "attack", "target": nova, "kind": "melee",
                                                             "with": "Porra"})  # fmt: skip
    table.act(encounter, type="resolve_round")
    expand_pending()
    events = [r.event for r in table_rows()]
    assert "declarations_open" in events and "round_resolved" in events and "attacked" in events
    assert all("Porra" not in r.text for r in table_rows())  # names only, never an NPC's numbers
    assert Outbox.objects.filter(channel=Outbox.Channel.TABLE, event="deadline_near").count() == 0


def test_a_row_for_a_removed_webhook_is_retried_and_never_sent_elsewhere(db, frozen, calls):
    table = Table()
    send(table.gm_api, "PUT", url(table), {"url": HOOK})
    send(table.gm_api, "POST", f"/api/v1/campaigns/{table.campaign.pk}/journal/", {"body": "Hola."})
    TableWebhook.objects.all().delete()
    [row] = table_rows()
    assert delivery.deliver_one(row.pk) == "pending" and calls == []

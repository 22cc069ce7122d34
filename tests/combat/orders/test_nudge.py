"""The GM's "Recordar" (docs/api.md "Standing orders"): every player the fight waits for is
reminded through the notifications' outbox, at most once an hour each (429 with Retry-After
when everyone was); players may not nudge; a fight waiting for nobody but the GM is a 409."""

from __future__ import annotations

import pytest

from accounts.language import language_set
from notifications.models import Outbox
from notifications.notices import expand_pending
from tests.combat.orders.fights import OrderFight
from tests.tracking.helpers import codes

pytestmark = pytest.mark.django_db


@pytest.fixture
def fight(later):
    return OrderFight("epic20")  # Nova, the veteran's, acts first


def nudge(fight, client=None):
    return (client or fight.gm).post(f"{fight.url}/nudge/")


def reminders(fight):
    return Outbox.objects.filter(user=fight.fight.veteran, key__startswith="nudge:")


def test_the_gm_reminds_the_player_the_fight_waits_for_once_an_hour(fight, later):
    expand_pending()
    answer = nudge(fight)
    assert answer.status_code == 202 and answer.json() == {"reminded": [fight.pc], "later": []}
    [row] = reminders(fight)
    assert row.event == "your_turn" and row.link == f"/encounters/{fight.encounter.pk}/"
    assert row.text == "El director de juego te recuerda que «Emboscada en el puerto» espera a Nova."
    later(minutes=20)
    again = nudge(fight)
    assert again.status_code == 429 and codes(again) == {"nudge.too_soon"}
    assert again["Retry-After"] == str(40 * 60)
    assert reminders(fight).count() == 1
    later(minutes=40)
    assert nudge(fight).status_code == 202 and reminders(fight).count() == 2


def test_a_player_may_not_nudge(fight):
    assert nudge(fight, fight.player).status_code == 403
    assert not reminders(fight).exists()


def test_a_fight_waiting_for_the_gm_s_own_npc_has_nobody_to_remind(fight):
    assert fight.act_end_turn(fight.pc).status_code == 201
    answer = nudge(fight)
    assert answer.status_code == 409 and codes(answer) == {"nudge.nobody"}


def test_a_player_who_reads_english_is_reminded_in_english_only(fight):
    language_set(user=fight.fight.veteran, language="en")
    expand_pending()
    assert nudge(fight).status_code == 202
    [row] = reminders(fight)
    assert row.text == "The GM reminds you that “Emboscada en el puerto” is waiting for Nova."

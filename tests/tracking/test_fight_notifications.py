"""What a fight tells the players through the outbox: "you were attacked", and never about a
character that is not theirs."""

import pytest

from notifications.models import Outbox

pytestmark = pytest.mark.django_db


def test_the_owner_of_an_attacked_character_is_told_and_nobody_else(fight, faces):
    table, encounter, nova, thug = fight
    faces.extend([10] * 4)
    response = table.act(
        encounter, type="attack", actor=thug, target=nova, kind="melee", **{"with": "unarmed"}
    )
    assert response.status_code == 201, response.json()
    attacked = Outbox.objects.filter(event="attacked")
    assert [r.user for r in attacked] == [table.player]
    assert not Outbox.objects.filter(user=table.gm).exists()


def test_an_undone_and_repeated_turn_is_a_new_notice_but_the_same_one_is_never_written_twice(fight):
    table, encounter, nova, thug = fight
    table.act(encounter, type="end_turn", actor=thug)
    table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/")
    table.act(encounter, type="end_turn", actor=thug)
    keys = list(Outbox.objects.filter(event="your_turn").values_list("key", flat=True))
    assert len(keys) == len(set(keys)) == 2

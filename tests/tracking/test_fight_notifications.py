"""What a fight tells the players through the outbox: "you were attacked", and never about a
character that is not theirs."""

import pytest

from notifications.models import ActionNotice, Outbox
from notifications.notices import expand, expand_pending

pytestmark = pytest.mark.django_db


def test_the_owner_of_an_attacked_character_is_told_and_nobody_else(fight, faces):
    table, encounter, nova, thug = fight
    faces.extend([10] * 4)
    expand_pending()  # the start of the fight's own notice
    response = table.act(
        encounter, type="attack", actor=thug, target=nova, kind="melee", **{"with": "unarmed"}
    )
    assert response.status_code == 201, response.json()
    assert ActionNotice.objects.filter(expanded=False).count() == 1  # written with the attack
    expand_pending()
    attacked = Outbox.objects.filter(event="attacked")
    assert [r.user for r in attacked] == [table.player]
    assert not Outbox.objects.filter(user=table.gm).exists()


def test_an_undone_and_repeated_turn_tells_its_player_once_and_no_notice_is_written_twice(fight):
    table, encounter, nova, thug = fight
    table.act(encounter, type="end_turn", actor=thug)
    table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/")
    table.act(encounter, type="end_turn", actor=thug)
    assert expand_pending() == 3  # the start, and the two end_turns
    assert not any(expand(pk) for pk in ActionNotice.objects.values_list("pk", flat=True))
    keys = list(Outbox.objects.filter(event="your_turn").values_list("key", flat=True))
    assert len(keys) == len(set(keys)) == 1  # one per combatant's turn, however often it is replayed

"""Anima: with no one left standing to strike, the acting combatant's turn says so instead of
offering an attack form with an empty list of targets."""

from __future__ import annotations

import pytest

from combat.models import Encounter
from tests.combat.test_anima_pages import Fight, queued  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db


def test_with_the_only_enemy_dead_the_turn_says_there_is_no_target(queued):  # noqa: F811
    fight = Fight()
    fight.start(queued)  # Celia first
    assert 'id="anima-attack-form"' in fight.html(fight.player_page)
    encounter = Encounter.objects.get(pk=fight.encounter.pk)
    encounter.state["combatants"][str(fight.npc)]["status"] = "dead"
    encounter.version += 1  # a new version, as any change makes: pages are remembered by it
    encounter.save(update_fields=["state", "version"])
    html = fight.html(fight.player_page)
    assert 'id="anima-attack-form"' not in html
    assert "No queda nadie en pie a quien atacar." in html
    assert 'id="anima-move-form"' in html  # the rest of the turn stays

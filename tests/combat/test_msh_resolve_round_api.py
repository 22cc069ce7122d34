"""MSH through the API: a round resolves by itself when the last side declares, so a
`resolve_round` sent after it finds nobody declared in the new round and is refused, 409
`declarations.none_declared` (API.md, "Limits a client can rely on"), instead of closing that
round empty; once someone declares, the GM's `resolve_round` resolves it."""

from __future__ import annotations

import pytest

from combat.models import Encounter
from tests.combat.test_new_systems_api import queued, table_for  # noqa: F401 (a fixture)
from tests.rules.msh.helpers import sheet as msh_sheet

pytestmark = pytest.mark.django_db


def msh_fight(queued):  # noqa: F811
    campaign, gm, player = table_for("msh")
    coloso = msh_sheet("Coloso", fighting=20, strength=50, endurance=40, intuition=10)
    created = player.post("/api/v1/characters/", {**coloso, "campaign": campaign.pk}, format="json")
    encounter = gm.post(f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "Muelle"}, format="json")
    url = f"/api/v1/encounters/{encounter.json()['id']}"
    hero = player.post(
        f"{url}/combatants/", {"character": created.json()["id"], "side": "heroes"}, format="json"
    )
    maton = msh_sheet("Matón", fighting=10, strength=20, endurance=20, intuition=10, body_armor=6)
    npc = gm.post(f"{url}/combatants/", {"npc": maton, "side": "villains"}, format="json")
    queued.extend([4, 3] + [1] * 40)  # initiative: heroes 4, villains 3 (the villains declare first)
    assert gm.post(f"{url}/actions/", {"type": "start"}, format="json").status_code == 201
    return gm, player, url, hero.json()["id"], npc.json()["id"], encounter.json()["id"]


def declare(client, url: str, actor: int):
    return client.post(
        f"{url}/actions/", {"type": "declare", "actor": actor, "action": {"type": "pass"}}, format="json"
    )


def test_resolve_round_after_the_round_resolved_itself_is_409_and_changes_nothing(queued):  # noqa: F811
    gm, player, url, hero, npc, encounter_id = msh_fight(queued)
    assert declare(gm, url, npc).status_code == 201
    queued.extend([1] * 40)
    last = declare(player, url, hero)  # the last side declares: the round resolves by itself
    assert last.status_code == 201
    assert last.json()["state"]["clock"]["round"] == 2
    before = Encounter.objects.get(pk=encounter_id)

    bot = gm.post(f"{url}/actions/", {"type": "resolve_round"}, format="json")
    assert bot.status_code == 409, bot.json()
    [error] = bot.json()["errors"]
    assert error["code"] == "declarations.none_declared"
    assert error["message"] == "Nadie ha declarado todavía en este asalto: no hay nada que resolver."
    after = Encounter.objects.get(pk=encounter_id)
    assert (after.version, after.last_seq) == (before.version, before.last_seq)
    assert gm.get(f"{url}/").json()["clock"]["round"] == 2

    english = gm.post(f"{url}/actions/", {"type": "resolve_round"}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert (
        english.json()["errors"][0]["message"]
        == "Nobody has declared this round yet: there is nothing to resolve."
    )


def test_once_someone_declared_the_gm_resolves_the_round(queued):  # noqa: F811
    gm, player, url, hero, npc, _encounter_id = msh_fight(queued)
    assert declare(gm, url, npc).status_code == 201
    queued.extend([1] * 40)
    resolved = gm.post(f"{url}/actions/", {"type": "resolve_round"}, format="json")
    assert resolved.status_code == 201, resolved.json()
    assert resolved.json()["state"]["clock"]["round"] == 2

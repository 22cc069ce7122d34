"""Anyone can check a revealed encounter (docs/api.md, "Verifiable dice"): once a fight has ended,
every die of every roll, the GM's NPCs' too, reaches every member with its faces, nonces and
commitment, through the API and on the verify page, and re-derives from the revealed seed. Per
system, on its demo fight played with the production dice."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from campaigns.models import Membership
from combat import services, verify
from combat.models import Encounter
from rules.core.dice import verify_roll
from tests.combat.demo_fights import _msh_round, _one_turn, demo_encounter
from tests.combat.system_fights import SYSTEMS

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def demo_allowed(settings):
    settings.DEBUG = True  # the demo's accounts load only there
    settings.EPIC20_DICE_FACTORY = None  # the production dice


def played(system: str, turns: int = 8) -> Encounter:
    """The demo fight, played with the encounter's own verifiable dice (no scripted faces)."""
    encounter = demo_encounter(system)
    gm = encounter.campaign.gm
    services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    encounter.refresh_from_db()
    for _turn in range(turns):
        if encounter.status != "active":
            break
        moved = _msh_round(encounter, gm, None) if system == "msh" else _one_turn(encounter, gm, system, None)
        if not moved:
            break
    return encounter


def a_player(encounter: Encounter):
    return (
        Membership.objects.filter(campaign=encounter.campaign)
        .exclude(user=encounter.campaign.gm)
        .first()
        .user
    )


def api_rolls(user, encounter: Encounter) -> list[dict]:
    client = APIClient()
    client.force_authenticate(user)
    url, rolls = f"/api/v1/encounters/{encounter.pk}/events/?page_size=100", []
    while url:
        page = client.get(url).json()
        for event in page["results"]:
            rolls += list(verify.roll_objects({k: v for k, v in event.items() if k != "line"}))
        url = page["next"]
    return rolls


def seeds(encounter: Encounter) -> dict[str, tuple[str, str]]:
    return {r["commitment"]: (r["server_seed"], r["client_seed"]) for r in encounter.revealed_seeds}


@pytest.mark.parametrize("system", SYSTEMS)
def test_once_the_fight_ended_a_player_re_derives_every_die(system):
    encounter = played(system)
    gm, player = encounter.campaign.gm, a_player(encounter)
    browser = Client()
    browser.force_login(player)
    page_during = browser.get(f"/encounters/{encounter.pk}/verify/")
    during = api_rolls(player, encounter)
    services.encounter_act(encounter=encounter, user=gm, action={"type": "end"})
    encounter.refresh_from_db()

    everything = api_rolls(gm, encounter)
    seen = api_rolls(player, encounter)
    assert len(everything) >= 6, "the fight rolled dice"
    assert len(seen) == len(everything)
    revealed = seeds(encounter)
    for roll in seen:
        assert not roll.get("hidden") and len(roll["faces"]) == len(roll["nonces"]), roll
        server_seed, client_seed = revealed[roll["commitment"]]
        derived = [verify_roll(server_seed, client_seed, nonce, roll["sides"]) for nonce in roll["nonces"]]
        assert derived == roll["faces"]
    # The verify page lists every one of them for the player, none left hidden.
    page = browser.get(f"/encounters/{encounter.pk}/verify/")
    assert len(page.context["verify_data"]["rolls"]) == len(everything)
    assert page.context["hidden_rolls"] == 0 and "verify-hidden-rolls" not in page.content.decode()
    if system == "anima":  # the one system that keeps an NPC's faces from players while it lasts
        assert [r for r in during if r.get("hidden")], "the NPCs rolled, hidden from the player"
        assert page_during.context["hidden_rolls"] > 0
        assert "verify-hidden-rolls" in page_during.content.decode()


def test_while_the_fight_lasts_an_anima_npc_roll_keeps_its_faces_from_players():
    encounter = played("anima")
    hidden = [r for r in api_rolls(a_player(encounter), encounter) if r.get("hidden")]
    assert hidden and all("faces" not in r and "total" not in r for r in hidden)

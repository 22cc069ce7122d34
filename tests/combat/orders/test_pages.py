"""The fight page's standing orders in every system: a player sees and gives the order of their
own character (an NPC's is the GM's), the form is drawn from the chosen action's schema, a bad
order is refused with its message and changes nothing, and the GM has "Recordar" in the box of
whom the fight waits for."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from combat.models import StandingOrder
from tests.characters.html_parts import element
from tests.combat.orders.fights import OrderFight, order_for
from tests.combat.system_fights import SYSTEMS

pytestmark = pytest.mark.django_db


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_player_gives_their_character_an_order_from_the_fight_page(system, later):
    fight = OrderFight(system)
    player = browser(fight.fight.veteran)
    page = player.get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'hx-get="/encounters/{fight.encounter.pk}/standing-orders/"' in page
    panel = player.get(f"/encounters/{fight.encounter.pk}/standing-orders/").content.decode()
    assert f'id="standing-order-{fight.pc}"' in panel and f'id="standing-order-{fight.npc}"' not in panel
    assert 'id="nudge-button"' not in page
    fields = player.get(
        f"/encounters/{fight.encounter.pk}/standing-orders/{fight.pc}/fields/", {"type": "attack"}
    )
    assert fields.status_code == 200 and f'id="order-{fight.pc}-target"' in fields.content.decode()
    unknown = player.get(
        f"/encounters/{fight.encounter.pk}/standing-orders/{fight.pc}/fields/", {"type": "nap"}
    )
    assert unknown.status_code == 404
    form = {**order_for(system, fight.npc), "note": "Sin piedad"}
    answer = player.post(f"/encounters/{fight.encounter.pk}/standing-orders/{fight.pc}/", form, follow=True)
    assert "Orden permanente guardada" in answer.content.decode()
    order = StandingOrder.objects.get(combatant_id=fight.pc)
    assert order.action == order_for(system, fight.npc) and order.note == "Sin piedad"
    panel = player.get(f"/encounters/{fight.encounter.pk}/standing-orders/").content.decode()
    shown = text(element(panel, f"standing-order-{fight.pc}"))
    assert "Sin piedad" in shown and fight.encounter.combatants.get(pk=fight.npc).name in shown


def test_a_bad_order_from_the_page_says_why_and_changes_nothing(later):
    fight = OrderFight("epic20")
    player = browser(fight.fight.veteran)
    url = f"/encounters/{fight.encounter.pk}/standing-orders/{fight.pc}/"
    answer = player.post(url, {"type": "attack", "target": str(fight.npc), "kind": "psychic"}, follow=True)
    assert "psychic" in answer.content.decode() and not StandingOrder.objects.exists()
    assert player.post(
        f"/encounters/{fight.encounter.pk}/standing-orders/{fight.npc}/", {"type": "end_turn"}
    ).status_code in (302, 403)
    assert not StandingOrder.objects.exists()


def test_the_gm_orders_the_npcs_and_reminds_the_players(later):
    fight = OrderFight("epic20")
    gm = browser(fight.fight.gm)
    panel = gm.get(f"/encounters/{fight.encounter.pk}/standing-orders/").content.decode()
    assert 'id="nudge-button"' in gm.get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'id="standing-order-{fight.npc}"' in panel and f'id="standing-order-{fight.pc}"' not in panel
    reminded = gm.post(f"/encounters/{fight.encounter.pk}/nudge/", follow=True).content.decode()
    assert "Recordado a: Nova." in reminded
    again = gm.post(f"/encounters/{fight.encounter.pk}/nudge/", follow=True).content.decode()
    assert "Ya se les recordó hace menos de una hora" in again


def test_the_panel_and_the_refusals_speak_english(later):
    from tests.tracking.helpers import send

    fight = OrderFight("anima")
    player = browser(fight.fight.veteran)
    url = f"/encounters/{fight.encounter.pk}/standing-orders/"
    panel = text(player.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert panel.startswith("Standing orders If the deadline runs out before you act, this is done for you")
    assert "Celia: no order Action" in panel and "Target *" in panel and "Save the order" in panel
    refused = fight.gm.generic(
        "PUT", fight.order_url(fight.pc), '{"action": {"type": "end_turn"}}',
        content_type="application/json", HTTP_ACCEPT_LANGUAGE="en",
    )  # fmt: skip
    assert refused.status_code == 403
    assert (
        refused.json()["errors"][0]["message"]
        == "Only whoever plays this combatant may give it a standing order."
    )
    assert (
        send(fight.player, "PUT", fight.order_url(fight.pc), {"action": {"type": "end_turn"}}).status_code
        == 200
    )


def test_the_form_names_a_system_s_choices_and_folds_the_rarely_used_fields(later):
    fight = OrderFight("epic20")
    panel = (
        browser(fight.fight.veteran)
        .get(f"/encounters/{fight.encounter.pk}/standing-orders/")
        .content.decode()
    )
    entry = element(panel, f"standing-order-{fight.pc}")
    assert '<option value="ranged">A distancia</option>' in entry
    folded = entry.split("data-more-fields", 1)[1]  # what follows "Más opciones"
    assert "Más opciones" in folded and f'id="order-{fight.pc}-element"' in folded
    assert f'id="order-{fight.pc}-kind"' not in folded

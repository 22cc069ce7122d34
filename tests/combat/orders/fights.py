"""A running fight of each system for the standing-order tests (dice and clock: `conftest.py`),
with each system's order for whoever the fight waits for first (Nova, Celia and Dragón act first;
in MSH the villains declare first)."""

from __future__ import annotations

from tests.combat.system_fights import running_fight
from tests.factories import UserFactory
from tests.tracking.helpers import client_for, send


def order_for(system: str, target: int) -> dict:
    """An attack of `system` by whoever waits first, against `target`."""
    return {
        "epic20": {
            "type": "attack",
            "target": target,
            "kind": "ranged",
            "with": "ataque-especial-a-distancia",
        },
        "msh": {"type": "attack", "target": target, "combat_type": "blunt"},
        "anima": {"type": "attack", "target": target, "with": "Espada larga"},
        "hero": {"type": "attack", "target": target, "attack": "Rayo"},
    }[system]


class OrderFight:
    """`fight` (tests.combat.system_fights) with its API clients and the first one waited for."""

    def __init__(self, system: str):
        self.fight = running_fight(system, gm=UserFactory(), veteran=UserFactory(), newcomer=UserFactory())
        self.system = system
        self.encounter = self.fight.encounter
        self.url = f"/api/v1/encounters/{self.encounter.pk}"
        self.gm = client_for(self.fight.gm)
        self.player = client_for(self.fight.veteran)
        self.newcomer = client_for(self.fight.newcomer)
        self.npc = self.fight.npc
        self.pc = self.encounter.combatants.exclude(pk=self.npc).get().pk
        # Who the fight waits for first, who controls it, and whom it would attack.
        npc_first = system == "msh"
        self.first = self.npc if npc_first else self.pc
        self.other = self.pc if npc_first else self.npc
        self.controller = self.gm if npc_first else self.player

    def order_url(self, cid: int) -> str:
        return f"{self.url}/combatants/{cid}/standing-order/"

    def put(self, cid: int, body, client=None):
        return send(client or self.controller, "PUT", self.order_url(cid), body)

    def act_end_turn(self, cid: int):
        return send(self.gm, "POST", f"{self.url}/actions/", {"type": "end_turn", "actor": cid})

    def deadline(self, default: str = "end_turn", hours: float = 1):
        body = {"turn_deadline_hours": hours, "deadline_default": default}
        answer = send(self.gm, "PATCH", f"{self.url}/", body)
        assert answer.status_code == 200, answer.json()

    def state(self, client=None) -> dict:
        return (client or self.gm).get(f"{self.url}/").json()

    def events(self, lang: str = "es", client=None) -> list[dict]:
        answer = (client or self.gm).get(f"{self.url}/events/", HTTP_ACCEPT_LANGUAGE=lang)
        return answer.json()["results"]

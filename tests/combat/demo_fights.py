"""The demo fights of every system (`manage.py load_demo`), played through the services for many
actions with seeded dice: each system's turn structure answered by one small policy (attack the
first standing enemy, else end the turn; MSH declares for each side, then resolves)."""

from __future__ import annotations

import random

from django.core.management import call_command

from combat import services
from combat.models import Encounter
from epic20site.errors import DomainError


class SeededDice:
    """Dice from a seeded generator: the same fight every run, and every face a die may show."""

    def __init__(self, seed: int):
        self._random, self._nonce = random.Random(seed), 0

    def roll(self, sides: int):
        self._nonce += 1
        return self._random.randint(1, sides), self._nonce


def demo_encounter(system: str) -> Encounter:
    call_command("load_demo")
    return Encounter.objects.get(campaign__system=system)


def _combatants(encounter: Encounter) -> dict[int, dict]:
    return {int(k): v for k, v in (encounter.state.get("combatants") or {}).items() if not v.get("removed")}


def _enemy(encounter: Encounter, actor: int) -> int | None:
    everyone = _combatants(encounter)
    sides = dict(encounter.combatants.values_list("pk", "side"))
    for cid, c in sorted(everyone.items()):
        if sides.get(cid) != sides.get(actor) and c.get("status") in (None, "active", "stunned"):
            return cid
    return None


def _act(encounter: Encounter, user, action: dict, dice) -> bool:
    try:
        services.encounter_act(encounter=encounter, user=user, action=action, dice=dice)
    except DomainError:
        return False
    encounter.refresh_from_db()
    return True


def _weapon_of(system: str, c: dict) -> dict:
    if system == "epic20":
        return {"kind": "melee", "with": "unarmed"}
    if system == "anima":
        return {"with": (c.get("wielding") or [""])[0] or "unarmed"}
    if system == "hero":
        return {"attack": "strike"}
    return {"combat_type": "blunt", "with": "unarmed"}


def _one_turn(encounter: Encounter, gm, system: str, dice) -> bool:
    state = encounter.state
    actor = state.get("current")
    if actor is None:
        return False
    target = _enemy(encounter, actor)
    me = _combatants(encounter).get(actor) or {}
    if target is not None:
        attack = {"type": "attack", "actor": actor, "target": target, **_weapon_of(system, me)}
        if _act(encounter, gm, attack, dice):
            return True
    return _act(encounter, gm, {"type": "end_turn", "actor": actor}, dice)


def _declare(encounter: Encounter, gm, cid: int, dice) -> bool:
    target = _enemy(encounter, cid)
    attack = {"type": "attack", "target": target, "combat_type": "blunt"} if target else {"type": "pass"}
    return any(
        _act(encounter, gm, {"type": "declare", "actor": cid, "action": action}, dice)
        for action in (attack, {"type": "pass"})
    )


def _msh_round(encounter: Encounter, gm, dice) -> bool:
    """Everyone who may declares (an attack, else a pass), then the GM resolves the round."""
    for _attempt in range(6):
        declared = [_declare(encounter, gm, cid, dice) for cid in sorted(_combatants(encounter))]
        if _act(encounter, gm, {"type": "resolve_round"}, dice):
            return True
        if not any(declared):
            return False
    return False


def play(system: str, *, actions: int = 40, seed: int = 20) -> Encounter:
    """The system's demo fight, started and played for up to `actions` turns."""
    encounter = demo_encounter(system)
    gm = encounter.campaign.gm
    dice = SeededDice(seed)
    assert _act(encounter, gm, {"type": "start"}, dice)
    for _turn in range(actions):
        if encounter.status != "active":
            break
        played = (
            _msh_round(encounter, gm, dice) if system == "msh" else _one_turn(encounter, gm, system, dice)
        )
        if not played:
            break
    return encounter

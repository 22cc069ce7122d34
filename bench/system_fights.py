"""An attack in a running encounter of each of the other three systems, 10 tables at once: the
same target as Epic20's `encounter_attack` (p95 under 50 ms with 10 encounters played at once).

Each client thread is the GM of its own table and plays a one-on-one fight through the API, a
player's character against an NPC, both from the system's demo table (`combat/demos/`):

- **Hero** (`hero_attack`): whoever the SPD chart says acts attacks with a Strike; the maneuver
  ends the phase, and the clock moves the segments on and recovers after segment 12 by itself.
- **Anima** (`anima_attack`): whoever has the turn attacks with the weapon in hand (both d10
  rolls in the one request), then ends the turn.
- **MSH** (`msh_attack`): the round is declared then resolved, so the measured request is the
  declaration that completes the round: it resolves both sides' attacks on the Universal Table.
  The first declaration is timed apart.

Only the attack is measured; restarts (a new encounter when someone is down) are timed apart.
Every answer must be a 201 rolled with the encounter's committed dice.
"""

from __future__ import annotations

import json

from bench.scenarios import ATTACK_TARGETS, SCENARIOS, BenchContext, BenchError, Fight, Scenario

FIGHTS = 10
DOWN = ("unconscious", "dying", "dead", "stunned_out", "ko")


class SystemFight(Fight):
    """One table of a system other than Epic20: `attack_payload` says how its current actor
    attacks, `after_attack` what ends its turn."""

    system = ""

    def current(self) -> int | None:
        return (self.state or {}).get("clock", {}).get("current")

    def playable(self) -> bool:
        state = self.state
        if not state or state["status"] != "active":
            return False
        return all(c["status"] == "active" for c in state["combatants"] if not c["removed"])

    def other(self, cid: int | None) -> int:
        return next(c["id"] for c in self.state["combatants"] if c["id"] != cid and not c["removed"])

    def step(self, i: int, send) -> None:
        if not self.playable() or self.current() is None:
            self.restart(send)
        actor = self.current()
        self.act(
            send,
            {"type": "attack", "actor": actor, "target": self.other(actor), **self.attack_payload(actor)},
            "",
        )
        self.after_attack(send, actor)

    def attack_payload(self, actor: int) -> dict:
        raise NotImplementedError

    def after_attack(self, send, actor: int) -> None:
        return None


class HeroFight(SystemFight):
    system = "hero"

    def attack_payload(self, actor: int) -> dict:
        return {"attack": "strike"}


class AnimaFight(SystemFight):
    system = "anima"

    def attack_payload(self, actor: int) -> dict:
        return {"with": self.view(actor)["wielding"][0]}

    def after_attack(self, send, actor: int) -> None:
        if self.playable() and self.current() == actor:
            self.act(send, {"type": "end_turn", "actor": actor}, "end_turn")


class MshFight(SystemFight):
    """The round: the side the clock names declares, then the other; the second declaration
    resolves the round (both attacks on the Universal Table) and is the measured request."""

    system = "msh"

    def step(self, i: int, send) -> None:
        if not self.playable():
            self.restart(send)
        first = self._declarer()
        self._declare(send, first, "declare")
        if self.playable():
            self._declare(send, self._declarer(), "")

    def _declarer(self) -> int:
        side = self.state["clock"].get("side")
        done = set((self.state.get("declarations") or {}).get("by") or {})
        return next(
            c["id"]
            for c in self.state["combatants"]
            if c["side"] == side and str(c["id"]) not in done and not c["removed"]
        )

    def _declare(self, send, actor: int, label: str) -> None:
        action = {"type": "attack", "target": self.other(actor), "combat_type": "blunt"}
        self.act(send, {"type": "declare", "actor": actor, "action": action}, label)


def _demo(system: str) -> tuple[dict, dict]:
    """A player's sheet and an NPC's sheet from the system's demo table."""
    if system == "hero":
        from combat.demos import hero

        return hero.PLAYERS[0][1], hero.NPCS[1]
    if system == "anima":
        from combat.demos import anima

        return anima.PLAYERS[0][1], anima.NPCS[0]
    from combat.demos import msh

    return msh.HEROES[0][1], msh.VILLAINS[0]


def _setup_for(fight_class: type[SystemFight]):
    def setup(ctx: BenchContext) -> dict:
        from campaigns.services import campaign_create, campaign_join
        from characters.services import character_create

        hero, villain = _demo(fight_class.system)
        fights = []
        for k in range(max(FIGHTS, ctx.concurrency)):
            gm = ctx.create_user(f"bench-{fight_class.system}-gm-{k}")
            player = ctx.create_user(f"bench-{fight_class.system}-player-{k}")
            campaign = campaign_create(gm=gm, name=f"Mesa {k + 1:02d}", system=fight_class.system)
            campaign_join(user=player, invite_code=campaign.invite_code)
            character = character_create(owner=player, sheet=hero, campaign=campaign)
            fight = fight_class(
                campaign_id=campaign.pk,
                authorization=ctx.api_token(gm),
                character_id=character.pk,
                villain=villain,
                name=f"Mesa {k + 1:02d}",
            )
            fight.begin(ctx.send, "setup")
            fights.append(fight)
        return {"fights": fights}

    return setup


def _session(state: dict, k: int) -> SystemFight:
    return state["fights"][k]


def _check(state: dict, status: int, body: bytes) -> None:
    if status != 201:
        raise BenchError(f"the attack answered {status}: {body[:300]!r}")
    answer = json.loads(body)
    commitment = answer["state"]["dice"]["commitment"]
    rolled = [e for e in answer["events"] if e["type"] == "attack"]
    if not rolled or not any(commitment in json.dumps(e) for e in rolled):
        raise BenchError("the answer has no attack rolled with the encounter's committed dice")


def _scenario(name: str, fight_class: type[SystemFight], what: str) -> Scenario:
    return Scenario(
        name=name,
        description=f"POST /api/v1/encounters/{{id}}/actions/ {what}, as the GM, each client playing its "
        "own encounter; restarts timed apart",
        setup=_setup_for(fight_class),
        session=_session,
        expect=frozenset({201}),
        check=_check,
        targets=ATTACK_TARGETS,
    )


SYSTEM_SCENARIOS: list[Scenario] = [
    _scenario("hero_attack", HeroFight, "Hero attack (3d6 to hit, STUN and BODY)"),
    _scenario("anima_attack", AnimaFight, "Anima attack (both d10 rolls, impact level, damage)"),
    _scenario("msh_attack", MshFight, "MSH declaration that resolves the round (both attacks)"),
]

# Every session scenario: Epic20's (bench/scenarios.py), then these.
ALL_SCENARIOS: list[Scenario] = [*SCENARIOS, *SYSTEM_SCENARIOS]

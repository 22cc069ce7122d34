"""The data the floor bench reads (`bench.floor`): one world made through the app's services, as
users would make it, on the run's throwaway database.

- `bench-lister` owns 20 legal Epic20 demo sheets (the character list).
- `bench-reader` owns one sheet of every system (reading one sheet).
- `bench-gm` directs "Mesa del bench" with 4 players, each with a hero in it, and an Epic20
  encounter of 8 combatants (the 4 heroes and 4 NPCs) played until its log holds 1,000 events.
"""

from __future__ import annotations

import contextlib
import itertools
from dataclasses import dataclass, field

from .scenarios import BenchContext, demo_sheet, demo_sheets

LISTED_SHEETS = 20
PLAYERS = 4
NPCS = 4
EVENTS = 1000
NPC_SHEETS = ("Garra", "Grulla de Jade")

# One small legal sheet per system besides Epic20 (whose demo sheets are used).
MSH_SHEET = {
    "system": "msh",
    "name": "Coloso del bench",
    "abilities": {
        "fighting": 20,
        "agility": 20,
        "strength": 50,
        "endurance": 40,
        "reason": 10,
        "intuition": 10,
        "psyche": 10,
    },
    "health": None,
    "karma": None,
    "body_armor": 6,
    "powers": [{"name": "Rayo", "rank": 30, "combat_type": "energy"}],
    "weapons": [{"name": "Maza", "combat_type": "blunt", "damage": 10, "material": 30}],
}
HERO_SHEET = {
    "system": "hero",
    "name": "Dragón del bench",
    "characteristics": {
        "str": 15,
        "dex": 18,
        "con": 15,
        "body": 10,
        "int": 10,
        "ego": 11,
        "pre": 10,
        "pd": 5,
        "ed": 5,
        "spd": 4,
        "rec": 6,
        "end": 30,
        "stun": 30,
    },
    "resistant_defenses": {"pd": 0, "ed": 0},
    "combat_levels": [],
    "range_levels": 0,
    "attacks": [{"name": "Puñetazo", "kind": "hth", "dice": 3, "killing": False, "energy": False}],
}


def anima_sheet() -> dict:
    from rules.anima.examples import SWORDSWOMAN

    return dict(SWORDSWOMAN)


@dataclass
class World:
    lister_token: str = ""
    lister_cookie: str = ""
    reader_token: str = ""
    gm_token: str = ""
    gm_cookie: str = ""
    sheets: dict[str, int] = field(default_factory=dict)  # system -> a character of the reader
    listed: list[int] = field(default_factory=list)
    lister_sheet: int = 0
    campaign: int = 0
    encounter: int = 0
    events: int = 0
    version: int = 0  # the encounter's state version (what an up-to-date page polls with)


def _lister(ctx: BenchContext, world: World) -> None:
    from characters.services import character_create

    lister = ctx.create_user("bench-lister")
    for sheet in itertools.islice(itertools.cycle(demo_sheets()), LISTED_SHEETS):
        world.listed.append(character_create(owner=lister, sheet=sheet).pk)
    world.lister_sheet = world.listed[-1]
    world.lister_token = ctx.api_token(lister)
    world.lister_cookie = ctx.session_cookie(lister)


def _reader(ctx: BenchContext, world: World) -> None:
    from characters.services import character_create

    reader = ctx.create_user("bench-reader")
    for sheet in (demo_sheet("Grulla de Jade"), MSH_SHEET, anima_sheet(), HERO_SHEET):
        character = character_create(owner=reader, sheet=sheet)
        world.sheets[character.system] = character.pk
    world.reader_token = ctx.api_token(reader)


def _table(ctx: BenchContext, world: World):
    from campaigns.services import campaign_create, campaign_join
    from characters.services import character_create

    gm = ctx.create_user("bench-gm")
    campaign = campaign_create(gm=gm, name="Mesa del bench")
    heroes = []
    sheets = demo_sheets()
    for n in range(PLAYERS):
        player = ctx.create_user(f"bench-table-player-{n}")
        campaign_join(user=player, invite_code=campaign.invite_code)
        heroes.append(character_create(owner=player, sheet=sheets[n], campaign=campaign))
    world.campaign = campaign.pk
    _list(campaign)
    world.gm_token = ctx.api_token(gm)
    world.gm_cookie = ctx.session_cookie(gm)
    return gm, campaign, heroes


def _list(campaign) -> None:
    """The table is in the public directory, with seats left."""
    from tables.services import listing_update

    changes = {"listed": True, "pitch": "Una mesa **del bench** que busca jugadores.", "seats": 3}
    listing_update(campaign=campaign, changes=changes)


def _encounter(gm, campaign, heroes, world: World) -> None:
    from combat import services
    from epic20site.errors import DomainError

    encounter = services.encounter_create(campaign=campaign, user=gm, name="Combate del bench")
    for hero in heroes:
        services.combatant_add(encounter=encounter, user=gm, side="heroes", character_id=hero.pk)
    for n in range(NPCS):
        npc = dict(demo_sheet(NPC_SHEETS[n % len(NPC_SHEETS)]), name=f"Secuaz {n + 1}")
        services.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=npc)
    services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    ids = [c.pk for c in encounter.combatants.all()]
    for turn in itertools.count():
        encounter.refresh_from_db()
        if encounter.last_seq >= EVENTS:
            break
        current = encounter.state.get("current")
        target = ids[(ids.index(current) + 1 + turn) % len(ids)]
        if target != current and turn % 3 == 0:
            action = {
                "type": "attack",
                "actor": current,
                "target": target,
                "kind": "melee",
                "with": "unarmed",
            }
            with contextlib.suppress(DomainError):  # a fallen target or actor: the turn still ends
                services.encounter_act(encounter=encounter, user=gm, action=action)
        services.encounter_act(encounter=encounter, user=gm, action={"type": "end_turn", "actor": current})
    world.encounter = encounter.pk
    world.events = encounter.last_seq
    world.version = encounter.version


def build_world(ctx: BenchContext) -> World:
    world = World()
    _lister(ctx, world)
    _reader(ctx, world)
    gm, campaign, heroes = _table(ctx, world)
    _encounter(gm, campaign, heroes, world)
    return world

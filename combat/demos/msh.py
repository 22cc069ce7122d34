"""The Marvel Super Heroes-style demo table: a campaign of the `msh` system run by `director`,
one hero for each player (`jugadora`, `jugador`) and a fight on the rooftops set up against two
NPC thugs of the GM's, waiting for the GM to start it. Safe to run twice: it finds what an
earlier run made instead of adding duplicates."""

from __future__ import annotations

from campaigns import services as campaigns
from campaigns.models import Campaign, Membership

CAMPAIGN = "Vigilantes de la Azotea"
ENCOUNTER = "Asalto en la azotea"


def _sheet(name: str, abilities: dict, *, body_armor=0, powers=(), weapons=(), health=None, karma=None):
    order = ("fighting", "agility", "strength", "endurance", "reason", "intuition", "psyche")
    return {
        "system": "msh",
        "name": name,
        "abilities": {slug: abilities[slug] for slug in order},
        "health": health,
        "karma": karma,
        "body_armor": body_armor,
        "powers": list(powers),
        "weapons": list(weapons),
    }


# (owner, sheet): each player's hero, with rank numbers as the published game gives them.
HEROES = (
    (
        "jugadora",
        _sheet(
            "Centella",
            {
                "fighting": 20,
                "agility": 30,
                "strength": 10,
                "endurance": 20,
                "reason": 10,
                "intuition": 30,
                "psyche": 10,
            },
            powers=[{"name": "Rayo de luz", "rank": 30, "combat_type": "energy"}],
        ),
    ),
    (
        "jugador",
        _sheet(
            "Muralla",
            {
                "fighting": 30,
                "agility": 10,
                "strength": 40,
                "endurance": 40,
                "reason": 6,
                "intuition": 10,
                "psyche": 10,
            },
            body_armor=10,
            weapons=[{"name": "Escudo", "combat_type": "thrown-blunt", "damage": 20, "material": 50}],
        ),
    ),
)
VILLAINS = (
    _sheet(
        "Matón con porra",
        {
            "fighting": 10,
            "agility": 10,
            "strength": 10,
            "endurance": 10,
            "reason": 4,
            "intuition": 6,
            "psyche": 4,
        },
        weapons=[{"name": "Porra", "combat_type": "blunt", "damage": 10, "material": 10}],
    ),
    _sheet(
        "Tirador",
        {
            "fighting": 6,
            "agility": 20,
            "strength": 6,
            "endurance": 10,
            "reason": 6,
            "intuition": 10,
            "psyche": 6,
        },
        body_armor=4,
        weapons=[{"name": "Rifle", "combat_type": "shooting", "damage": 10, "material": 20}],
    ),
)


def _campaign(context) -> Campaign:
    gm = context.users["director"]
    campaign = Campaign.objects.filter(gm=gm, name=CAMPAIGN).first()
    if campaign is None:
        campaign = campaigns.campaign_create(gm=gm, name=CAMPAIGN, system="msh")
    for owner, _sheet_data in HEROES:
        Membership.objects.get_or_create(
            campaign=campaign, user=context.users[owner], defaults={"role": Membership.Role.PLAYER}
        )
    return campaign


def _heroes(context, campaign: Campaign) -> list:
    from characters import services as characters
    from characters.models import Character

    out = []
    for owner, sheet in HEROES:
        user = context.users[owner]
        found = Character.objects.filter(owner=user, campaign=campaign, name=sheet["name"]).first()
        out.append(found or characters.character_create(owner=user, sheet=sheet, campaign=campaign))
    return out


def _encounter(context, campaign: Campaign, heroes: list):
    from combat import services as encounters

    found = campaign.encounters.filter(name=ENCOUNTER).first()
    if found is not None:
        return found
    gm = context.users["director"]
    encounter = encounters.encounter_create(campaign=campaign, user=gm, name=ENCOUNTER)
    for hero in heroes:
        encounters.combatant_add(encounter=encounter, user=gm, side="heroes", character_id=hero.pk)
    for sheet in VILLAINS:
        encounters.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=sheet)
    return encounter


def load(context) -> None:
    from combat.demo_tables import encounter_state

    campaign = _campaign(context)
    encounter = _encounter(context, campaign, _heroes(context, campaign))
    context.stdout.write(
        f"Demo Marvel Super Heroes-style campaign: {CAMPAIGN} · {ENCOUNTER} ({encounter_state(encounter)})"
    )

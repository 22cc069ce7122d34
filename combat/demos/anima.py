"""The Anima-style demo table for `manage.py load_demo`: an Anima campaign run by `director` with
`jugadora` (Celia, a swordswoman) and `jugador` (Darius, a fire wizard behind a magic shield), and a
fight against two of the GM's NPCs set up for the GM to start. The sheets are the engine's
examples (`rules.anima.examples`). Safe to run twice: it finds what an earlier run made."""

from __future__ import annotations

from campaigns import services as campaigns
from campaigns.models import Campaign, Membership
from characters import services as characters
from characters.models import Character
from combat import services as encounters
from rules.anima.examples import ORC, PSYCHIC, SWORDSWOMAN, WIZARD

CAMPAIGN = "Crónicas de Gaïa"
ENCOUNTER = "Emboscada en el paso de montaña"
PLAYERS = (("jugadora", SWORDSWOMAN), ("jugador", WIZARD))
NPCS = ({**ORC, "name": "Orco de las cumbres"}, {**PSYCHIC, "name": "Ismael el Susurrante"})


def _campaign(context) -> Campaign:
    gm = context.users["director"]
    campaign = Campaign.objects.filter(gm=gm, name=CAMPAIGN).first()
    if campaign is None:
        campaign = campaigns.campaign_create(gm=gm, name=CAMPAIGN, system="anima")
    for username, _sheet in PLAYERS:
        Membership.objects.get_or_create(
            campaign=campaign, user=context.users[username], defaults={"role": Membership.Role.PLAYER}
        )
    return campaign


def _characters(context, campaign: Campaign) -> list[Character]:
    found = []
    for username, sheet in PLAYERS:
        owner = context.users[username]
        character = Character.objects.filter(owner=owner, campaign=campaign, name=sheet["name"]).first()
        if character is None:
            character = characters.character_create(owner=owner, sheet=sheet, campaign=campaign)
        found.append(character)
    return found


def load(context) -> None:
    campaign = _campaign(context)
    heroes = _characters(context, campaign)
    if campaign.encounters.filter(name=ENCOUNTER).exists():
        return
    gm = context.users["director"]
    encounter = encounters.encounter_create(campaign=campaign, user=gm, name=ENCOUNTER)
    for character in heroes:
        encounters.combatant_add(encounter=encounter, user=gm, side="heroes", character_id=character.pk)
    for sheet in NPCS:
        encounters.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=sheet)
    context.stdout.write(f"Anima demo: {CAMPAIGN} / {ENCOUNTER} (set up; the GM starts it)")

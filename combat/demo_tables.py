"""One demo table of a game system: a campaign of the demo GM and players, one character for
each player, and an NPC fight set up for the GM to start. Safe to run twice (what an earlier run
made is found again). `combat/demos/<slug>.py` describes its table and calls `load_table`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from campaigns import services as campaigns
from campaigns.models import Campaign, Membership
from characters import services as characters
from characters.models import Character

from . import services as encounters


@dataclass(frozen=True)
class DemoTable:
    system: str
    label: str  # how the command's output names it
    campaign: str
    encounter: str
    players: Sequence[tuple[str, dict]]  # (username, sheet)
    npcs: Sequence[dict]


def _campaign(context, table: DemoTable) -> Campaign:
    gm = context.users["director"]
    campaign = Campaign.objects.filter(gm=gm, name=table.campaign).first()
    if campaign is None:
        campaign = campaigns.campaign_create(gm=gm, name=table.campaign, system=table.system)
    for username, _sheet in table.players:
        Membership.objects.get_or_create(
            campaign=campaign, user=context.users[username], defaults={"role": Membership.Role.PLAYER}
        )
    return campaign


def _characters(context, campaign: Campaign, table: DemoTable) -> list[Character]:
    found = []
    for username, sheet in table.players:
        owner = context.users[username]
        character = Character.objects.filter(owner=owner, campaign=campaign, name=sheet["name"]).first()
        if character is None:
            character = characters.character_create(owner=owner, sheet=sheet, campaign=campaign)
        found.append(character)
    return found


def encounter_state(encounter) -> str:
    """How the command's summary describes a demo fight, made now or by an earlier run."""
    return {
        encounter.Status.SETUP: "set up; the GM starts it",
        encounter.Status.ACTIVE: "in progress",
        encounter.Status.ENDED: "ended",
    }.get(encounter.status, encounter.status)


def load_table(context, table: DemoTable) -> None:
    campaign = _campaign(context, table)
    heroes = _characters(context, campaign, table)
    encounter = campaign.encounters.filter(name=table.encounter).first()
    if encounter is None:
        encounter = _set_up_fight(campaign, context.users["director"], table, heroes)
    context.stdout.write(
        f"{table.label} demo: {table.campaign} / {table.encounter} ({encounter_state(encounter)})"
    )


def _set_up_fight(campaign: Campaign, gm, table: DemoTable, heroes: list[Character]):
    encounter = encounters.encounter_create(campaign=campaign, user=gm, name=table.encounter)
    for character in heroes:
        encounters.combatant_add(encounter=encounter, user=gm, side="heroes", character_id=character.pk)
    for sheet in table.npcs:
        encounters.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=sheet)
    return encounter

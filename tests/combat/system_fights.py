"""A running fight in each of the four systems, built through the services as people would: a GM
with an NPC, a veteran player whose character is in the fight, and a newcomer who joined the
campaign and brought a character to it but not yet into the fight. Used by the page tests and the
browser tests of the fight page."""

from __future__ import annotations

from dataclasses import dataclass

from characters import services as characters
from combat import services
from combat.models import Encounter
from rules.anima.examples import ORC, SWORDSWOMAN
from rules.registration import registrations
from tests.characters.helpers import nova
from tests.combat.encounters.conftest import THUG
from tests.rules.hero.helpers import attack_entry
from tests.rules.hero.helpers import sheet as hero_sheet
from tests.rules.msh.helpers import sheet as msh_sheet

SYSTEMS = tuple(registrations())


def sheets(system: str) -> tuple[dict, dict, dict]:
    """The veteran's sheet, the newcomer's and the GM's NPC's, of `system`."""
    if system == "epic20":
        return nova(), nova(name="Brisa"), THUG
    if system == "anima":
        return SWORDSWOMAN, {**SWORDSWOMAN, "name": "Brisa"}, {**ORC, "name": "Orco"}
    if system == "hero":
        return (
            hero_sheet("Dragón", attacks=[attack_entry("Rayo", dice=6)]),
            hero_sheet("Brisa"),
            hero_sheet("Robot", dex=14, spd=3),
        )
    return (
        msh_sheet("Coloso", fighting=20, strength=50, endurance=40, intuition=10),
        msh_sheet("Brisa", fighting=10, strength=10, endurance=10, intuition=10),
        msh_sheet("Matón", fighting=10, strength=20, endurance=20, intuition=10),
    )


@dataclass
class SystemFight:
    system: str
    gm: object
    veteran: object
    newcomer: object
    encounter: Encounter
    newcomer_character: object
    npc: int

    @property
    def url(self) -> str:
        return f"/encounters/{self.encounter.pk}/"


def running_fight(system: str, *, gm, veteran, newcomer, started: bool = True) -> SystemFight:
    from tests.factories import campaign_for, player_in

    campaign = campaign_for(gm, name=f"Campaña de {system}", system=system)
    player_in(campaign, veteran)
    player_in(campaign, newcomer)
    old_sheet, new_sheet, npc_sheet = sheets(system)
    old = characters.character_create(owner=veteran, sheet=old_sheet, campaign=campaign)
    new = characters.character_create(owner=newcomer, sheet=new_sheet, campaign=campaign)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Emboscada en el puerto")
    services.combatant_add(encounter=encounter, user=veteran, side="heroes", character_id=old.pk)
    npc = services.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=npc_sheet)
    if started:
        services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    encounter.refresh_from_db()
    return SystemFight(system, gm, veteran, newcomer, encounter, new, npc.pk)

"""The Epic20 demo table, in the site's demo campaign (the default system's, which
`manage.py load_demo` makes): the pregenerated characters of `characters/systems/epic20_demo.py`
for the two players, and a fight at the docks set up and not started, two of `jugadora`'s
heroes against an Energizado foreman and his two minions. Safe to run twice."""

from __future__ import annotations

from characters.models import Character
from characters.systems import epic20_demo
from combat import services as encounters

ENCOUNTER = "Emboscada en el muelle"
# The fight waiting for the GM: its heroes, and each villain's name, the sheet it is made from
# and whether it is a minion.
HEROES = ("Nova", "Profesor Albor")
VILLAINS = (
    ("Capataz Voltaico", "Voltio", False),
    ("Matón del muelle 1", "Sargento Ortega", True),
    ("Matón del muelle 2", "Sargento Ortega", True),
)
MINION_HIT_POINTS = 2


def load(context) -> None:
    epic20_demo.load_demo(context)
    load_encounter(context)


def load_encounter(context) -> None:
    """An encounter set up and not started: the GM opens it and rolls initiative."""
    from combat.demo_tables import encounter_state

    campaign, gm = context.campaign, context.users["director"]
    encounter = campaign.encounters.filter(name=ENCOUNTER).first()
    if encounter is None:
        encounter = _set_up_encounter(campaign, gm)
    context.stdout.write(f"Demo encounter: {ENCOUNTER} ({encounter_state(encounter)})")


def _set_up_encounter(campaign, gm):
    encounter = encounters.encounter_create(campaign=campaign, user=gm, name=ENCOUNTER)
    for character in Character.objects.filter(campaign=campaign, name__in=HEROES).order_by("name"):
        encounters.combatant_add(encounter=encounter, user=gm, side="heroes", character_id=character.pk)
    sheets = {sheet["name"]: sheet for sheet in epic20_demo.demo_sheets()}
    for name, model, minion in VILLAINS:
        encounters.combatant_add(
            encounter=encounter,
            user=gm,
            side="villains",
            npc_sheet={**sheets[model], "name": name},
            minion=minion,
            hit_points=MINION_HIT_POINTS if minion else None,
        )
    return encounter

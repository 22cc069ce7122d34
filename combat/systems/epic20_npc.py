"""The NPC sheet the GM's drawer shows as its JSON example for an Epic20 fight: a whole sheet the
rules accept as it is (a level-5 thug with a club, easy to provoke), so pasting it adds an NPC."""

from __future__ import annotations

NPC_EXAMPLE = (
    '{"system": "epic20", "name": "Matón", "level": 5, "attributes": {"corpulencia": 1, "agilidad": 1, '
    '"percepcion": 0.5, "inteligencia": 0, "presencia": 0.5}, "skills": [], "powers": [], "advantages": [], '
    '"maneuvers": [], "complications": [{"complication": "facil-de-provocar"}], '
    '"equipment": [{"kind": "mundane", "name": "Porra", "power": null, "armor": false}]}'
)

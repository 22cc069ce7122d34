"""Refusals of requests no rule needed to judge (an unknown target, nobody's turn), in both
languages. Out of turn is a conflict (409), the rest bad input (400)."""

from __future__ import annotations

from rules.core.errors import CONFLICT, INVALID, Refused

ENGLISH = {
    "Añade combatientes antes de empezar.": "Add combatants before starting.",
    "El ataque doble va contra uno o dos objetivos.": "A double attack targets one or two opponents.",
    "Esa acción tiene varias tiradas: indica cuál repetir.": "That action has several rolls: say which one to reroll.",
    "Ese combatiente no está en el combate.": "That combatant is not in the combat.",
    "Indica el enemigo.": "Choose the enemy.",
    "Indica el equipo.": "Choose the equipment.",
    "Indica el objetivo.": "Choose the target.",
    "Maniobra desconocida.": "Unknown maneuver.",
    "Nadie se ataca a sí mismo.": "Nobody attacks themselves.",
    "No es el turno de ese combatiente.": "It is not that combatant's turn.",
    "No es el turno de nadie.": "It is nobody's turn.",
    "No hay ninguna tirada que repetir.": "There is no roll to reroll.",
    "Superpoder desconocido.": "Unknown superpower.",
    "Sólo los esbirros tienen puntos de vida fijados.": "Only minions have fixed hit points.",
    "Uso desconocido.": "Unknown use.",
    "«{skill}» no es una habilidad de ese combatiente.": "“{skill}” is not a skill of that combatant.",
    "No hay tirada que repetir: sólo se repite la última tirada del combatiente, justo después de hacerla.": (
        "There is no roll to reroll: only a combatant's last roll can be rerolled, right after it."
    ),
    "Esa acción no tiene tirada que repetir.": "That action has no roll to reroll.",
    "Esa acción tiene varias tiradas: indica cuál repetir (el número de su evento, «seq»).": (
        "That action has several rolls: say which one to reroll (its event's number, “seq”)."
    ),
    "Esa tirada no es de la última acción del combatiente.": "That roll is not from the combatant's last action.",
    "Esa tirada no se puede repetir.": "That roll cannot be rerolled.",
    "Indica quién actúa.": "Say who acts.",
}
# Codes that mean "not now" rather than "not so".
CONFLICTS = frozenset({"turn.none", "turn.not_yours", "reroll.nothing", "reroll.which"})


def refused(code: str, text_es: str, path: str = "", **params) -> Refused:
    """The refusal for `code`, its Spanish text `text_es` (a key of `ENGLISH`) filled with `params`."""
    text_en = ENGLISH.get(text_es, text_es)
    kind = CONFLICT if code in CONFLICTS else INVALID
    return Refused(code, "", text_es.format(**params), text_en.format(**params), path=path, kind=kind)

"""The sections of the Epic20 document by their English names, for the rule tags the pages show
(the fight log's "Regla: ATACAR EN COMBATE" reads "Rule: ATTACKING IN COMBAT" in English, a
builder error's "(LISTA DE HABILIDADES)" reads "(LIST OF SKILLS)"). The tags themselves stay as
the engine writes them (the seed's Spanish headings); only the pages translate them."""

from __future__ import annotations

# The document's headings (NIVEL:, RESOLVER ACCIONES:, INICIATIVA:, ATACAR EN COMBATE: …), its
# lists, and the sub-sections the engine cites by name.
SECTIONS_EN = {
    "NIVEL": "LEVEL",
    "REDONDEOS": "ROUNDING",
    "RESOLVER ACCIONES": "RESOLVING ACTIONS",
    "INICIATIVA": "INITIATIVE",
    "ATACAR EN COMBATE": "ATTACKING IN COMBAT",
    "DEFENDERSE EN COMBATE": "DEFENDING IN COMBAT",
    "DAÑO EN COMBATE": "DAMAGE IN COMBAT",
    "ATURDIMIENTO": "STUN",
    "PUNTOS DE HÉROE": "HERO POINTS",
    "PREGUNTAS FRECUENTES SOBRE LAS REGLAS": "RULES FAQ",
    "PREGUNTAS FRECUENTES": "FAQ",
    "LISTA DE VENTAJAS": "LIST OF ADVANTAGES",
    "LISTA DE PODERES": "LIST OF POWERS",
    "LISTA DE HABILIDADES": "LIST OF SKILLS",
    "LISTA DE ATRIBUTOS": "LIST OF ATTRIBUTES",
    "MANIOBRAS DE COMBATE": "COMBAT MANEUVERS",
    "SUPERPODERES CON PROGRESIÓN": "POWERS WITH PROGRESSION",
    "ARQUETIPOS": "ARCHETYPES",
    "COMPLICACIONES": "COMPLICATIONS",
    "HABILIDADES": "SKILLS",
    "EQUIPO": "EQUIPMENT",
    "Tipos de acciones en el turno": "Kinds of actions in the turn",
    "Reglas de equipo": "Equipment rules",
}

# Every tag is the Spanish document's own heading: a Spanish page shows it as written.
SECTIONS_ES: dict[str, str] = {}

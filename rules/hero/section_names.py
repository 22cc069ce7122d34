"""The sections of the Hero System document (004) by their English names, for the rule tags the
pages show: the fight log's "Regla: Fuego automático" reads "Rule: Autofire" in English, a sheet
error's "(Niveles de combate)" reads "(Combat Skill Levels)". The English names are the Hero
System 6th Edition's own headings, which the seed translates. The tags themselves stay as the
engine writes them (the API's `rule`); only the pages translate them
(`rules.core.section_names.rule_label`). Pure Python: no Django."""

from __future__ import annotations

from rules.hero.maneuvers import MANEUVERS

# The seed's headings, in the order the document gives them (004 line of each heading).
HEADINGS_EN = {
    "Comprobación de secuencia de combate": "Combat Sequence Checklist",  # l.21
    "Valores de combate y tiradas de ataque": "Combat Value and Attack Rolls",  # l.60
    "Calculando VCO y VCD": "Calculating OCV and DCV",  # l.84
    "Niveles de combate": "Combat Skill Levels",  # l.130
    "Modificadores a distancia": "Range Modifiers",  # l.150
    "Combate mental": "Mental Combat",  # l.194
    "Ataques de efecto de área": "Area Of Effect Attacks",  # l.228
    "Fuego automático": "Autofire",  # l.250
    "Ataque rebotando": "Bouncing An Attack",  # l.275
    "Objetivo oculto": "Concealed Target",  # l.296
    "Los modificadores de combate": "Combat Modifiers",  # l.298 (the table)
    "Objetivo tumbado": "Target Prone",  # l.322 (a row of the table)
    "Ataques coordinados": "Coordinated Attacks",  # l.364
    "Estorbo": "Encumbrance",  # l.391
    "Explosión": "Explosion",  # l.434
    "Ataques múltiples": "Multiple Attacks",  # l.442
    "Mano mala": "Off Hand",  # l.456
    "Esparcir ráfaga de energía": "Spreading A Blast",  # l.461
    "Sorprendido": "Surprised",  # l.497
    "Maniobra de sorpresa": "Surprise Move",  # l.511
    "Tamaño del objetivo": "Target Size",  # l.519
    "Lanzar objetos": "Throwing Objects",  # l.526
    "Arma sin familiaridad": "Unfamiliar Weapon",  # l.542
    "Maniobras de combate": "Combat Maneuvers",  # l.546 and the table at l.571
}
# Each maneuver of the table (004 l.571–605, one section each from l.654 on) cites its own
# section by its Spanish name ("Directo", "Establecerse"); its English name is the 6E one the
# catalogue already carries (`rules.hero.maneuvers`).
MANEUVERS_EN = {m.name_es: m.name_en for m in MANEUVERS}
# Where the seed is silent the engine cites the 6E rule by its English name (docs/rules-notes-hero.md):
# those read the same in both languages.
SIXTH_EDITION = (
    "6E Dying",
    "6E Killing Attack",
    "6E Knockback",
    "6E Movement",
    "6E Post-Segment 12 Recovery",
    "6E Recovering From Unconsciousness",
    "6E Recovering From Unconsciousness: once a minute",  # rules/hero/recovery.py, below −10 STUN
    "6E Recovery",
    "6E Speed Chart",
    "6E Stunned",
    "6E Power Modifiers",
)

SECTIONS_EN = {**MANEUVERS_EN, **HEADINGS_EN, **{name: name for name in SIXTH_EDITION}}

# A Spanish page names the 6E rules the engine cites in English by their Spanish names (the seed's
# vocabulary: ATU, CUE, despedido, Velocidad), so no citation on a Spanish page is in English.
SECTIONS_ES = {
    "6E Dying": "6.ª edición: Morir",
    "6E Killing Attack": "6.ª edición: Ataque letal",
    "6E Knockback": "6.ª edición: Salir despedido",
    "6E Movement": "6.ª edición: Movimiento",
    "6E Post-Segment 12 Recovery": "6.ª edición: Recuperación tras el segmento 12",
    "6E Recovering From Unconsciousness": "6.ª edición: Recuperarse de la inconsciencia",
    "6E Recovering From Unconsciousness: once a minute": (
        "6.ª edición: Recuperarse de la inconsciencia: una vez por minuto"
    ),
    "6E Recovery": "6.ª edición: Recuperación",
    "6E Speed Chart": "6.ª edición: Tabla de velocidad",
    "6E Stunned": "6.ª edición: Aturdido",
    "6E Strength Table": "6.ª edición: Tabla de fuerza",
    "6E Power Modifiers": "6.ª edición: Modificadores de poderes",
}

"""The sections of the Marvel Super Heroes-style document (001) by their English names, for the
rule tags the pages show: the fight log's "Regla: Tipos de combate › Lucha › Sujeción" reads
"Rule: Combat types › Wrestling › Grappling" in English. The English names are those the
catalogue already gives each entry (`rules.msh.catalogue`, `name_en`) and, for the headings, the
published game's. The tags themselves stay as the engine writes them (the API's `rule`); only
the pages translate them (`rules.core.section_names.rule_label`). Pure Python: no Django."""

from __future__ import annotations

# 001 line of each heading or entry; a tag joins them with " › " (section › entry).
SECTIONS_EN = {
    "Secuencia de combate": "Combat sequence",  # l.1 "SECUENCIA DE COMBATE:"
    "Procedimiento de combate": "Combat procedure",  # l.18
    "Tipos de combate": "Combat types",  # l.31
    "Cuerpo a cuerpo": "Melee",  # l.32
    "Contundente": "Blunt",  # l.36
    "Cortante": "Edged",  # l.58
    "A distancia": "Ranged",  # l.80
    "Disparos": "Shooting",  # l.88
    "Objetos cortantes arrojados": "Thrown edged objects",  # l.106
    "Objetos contundentes arrojados": "Thrown blunt objects",  # l.123
    "Ataques de energía": "Energy attacks",  # l.139
    "Ataques de fuerza": "Force attacks",  # l.155
    "Lucha": "Wrestling",  # l.172
    "Sujeción": "Grappling",  # l.175
    "Arrancar": "Grabbing",  # l.192
    "Carga": "Charging",  # l.210
    "Acciones defensivas": "Defensive actions",  # l.234
    "Evadirse": "Evading",  # l.238
    "Esquivar": "Dodging",  # l.250
    "Bloqueo": "Blocking",  # l.264
    "Escape": "Escaping",  # l.280
    "Ataques o maniobras especiales": "Special attacks or maneuvers",  # l.288
    "Reserva de acción": "Holding an action",  # l.291
    "Objetivos múltiples": "Multiple targets",  # l.299
    "Ataque combinado": "Combined attack",  # l.320
    "Sorprender": "Surprise",  # l.328
    "Interposición": "Interposing",  # l.332
    "Resultados Especiales de la Tabla de Combate": "Special Results of the Combat Table",  # l.336
    "Empujón": "Slam",  # l.340
    "Aturdimiento": "Stun",  # l.352
    "Muerte": "Kill",  # l.366
    # Not sections of the seed: the sheet's shape and the GM's campaign options (docs/api.md, MSH).
    "Hoja de personaje": "Character sheet",
    "Opciones": "Options",
}

# Every tag is the Spanish document's own heading: a Spanish page shows it as written.
SECTIONS_ES: dict[str, str] = {}

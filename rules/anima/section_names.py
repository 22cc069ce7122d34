"""The sections of the Anima-style document (003) by their English names, for the rule tags the
pages show: the fight log's "Regla: Atacar › Tabla de Resultados de Combate" reads "Rule:
Attacking › Combat Results Table" in English. The English names are the published game's
(Anima: Beyond Fantasy). The tags themselves stay as the engine writes them (the API's `rule`);
only the pages translate them (`rules.core.section_names.rule_label`). Pure Python: no Django."""

from __future__ import annotations

# 003 line of each heading; a tag joins them with " › " (section › part) or "; " (two sections).
SECTIONS_EN = {
    "Las Acciones": "Actions",  # l.3
    "Atacar": "Attacking",  # l.18
    "Tabla de Resultados de Combate": "Combat Results Table",  # l.38
    "Los Tipos de Ataque": "Types of Attack",  # l.40
    "Ataque de Oportunidad (alcance de 2 metros)": "Attack of Opportunity (2-metre reach)",  # l.48
    "Defenderse": "Defending",  # l.50
    "El Combate Sobrenatural": "Supernatural Combat",  # l.64
    "Las Consecuencias Críticas": "Critical Consequences",  # l.80
    # The readings where the seed is silent, by their headings in docs/rules-notes-anima.md.
    "Iniciativa": "Initiative",  # notes l.109
    "Estado de Vida y Muerte": "Between Life and Death",  # notes l.177
    # docs/api.md's own heading, already English.
    "Actions of the new systems": "Actions of the new systems",
}

# Every tag is the Spanish document's own heading: a Spanish page shows it as written.
SECTIONS_ES: dict[str, str] = {}

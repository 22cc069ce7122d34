"""LISTA DE HABILIDADES: the 19 skills and the attribute each is rolled with.

Every skill starts at 0 (rolled with Inferioridad); ½ is a plain 1d20, 1 Superioridad and 2
Doble Superioridad. Three skills take a free-text specialty chosen by the player ("Estudios de
…", "Conocimientos de …", "Ejerce de …"): their `name_es` is the stem before the parenthesis.
`description_es` is the skill's line of the document as written.
"""

from __future__ import annotations

from rules.text import slugify

from .types import Skill


def _skill(name_es: str, name_en: str, attribute: str, es: str, en: str, *, specialty: bool = False) -> Skill:
    return Skill(
        slug=slugify(name_es),
        name_es=name_es,
        name_en=name_en,
        attribute=attribute,
        specialty=specialty,
        description_es=es,
        description_en=en,
    )


SKILLS: tuple[Skill, ...] = (
    _skill("Acrobacias", "Acrobatics", "agilidad", "Acrobacias (agilidad) = 0", "Acrobatics (agility) = 0"),
    _skill("Atletismo", "Athletics", "corpulencia", "Atletismo (corpulencia) = 0", "Athletics (brawn) = 0"),
    _skill("Engañar", "Deception", "presencia", "Engañar (presencia) = 0", "Deception (presence) = 0"),
    _skill(
        "Estudios de",
        "Studies of",
        "inteligencia",
        "Estudios de (elegir una carrera universitaria) (inteligencia) = 0",
        "Studies of (choose a university degree) (intelligence) = 0",
        specialty=True,
    ),
    _skill(
        "Conocimientos de",
        "Knowledge of",
        "inteligencia",
        "Conocimientos de (elegir una materia concreta) (inteligencia) = 0",
        "Knowledge of (choose a specific subject) (intelligence) = 0",
        specialty=True,
    ),
    _skill(
        "Ejerce de",
        "Works as",
        "inteligencia",
        "Ejerce de (elegir una profesión) (inteligencia) = 0",
        "Works as (choose a profession) (intelligence) = 0",
        specialty=True,
    ),
    _skill(
        "Intimidación",
        "Intimidation",
        "presencia",
        "Intimidación (presencia) = 0",
        "Intimidation (presence) = 0",
    ),
    _skill("Intuición", "Insight", "percepcion", "Intuición (percepción) = 0", "Insight (perception) = 0"),
    _skill(
        "Investigación",
        "Investigation",
        "inteligencia",
        "Investigación (inteligencia) = 0",
        "Investigation (intelligence) = 0",
    ),
    _skill(
        "Manos ágiles",
        "Sleight of hand",
        "agilidad",
        "Manos ágiles (sleight of hand) (agilidad) = 0",
        "Sleight of hand (agility) = 0",
    ),
    _skill(
        "Medicina", "Medicine", "inteligencia", "Medicina (inteligencia) = 0", "Medicine (intelligence) = 0"
    ),
    _skill(
        "Percepción visual",
        "Visual perception",
        "percepcion",
        "Percepción visual (percepción) = 0",
        "Visual perception (perception) = 0",
    ),
    _skill(
        "Percepción auditiva",
        "Auditory perception",
        "percepcion",
        "Percepción auditiva (percepción) = 0",
        "Auditory perception (perception) = 0",
    ),
    _skill(
        "Percepción olfativa, táctil y gustativa",
        "Olfactory, tactile and gustatory perception",
        "percepcion",
        "Percepción olfativa, táctil y gustativa (percepción) = 0",
        "Olfactory, tactile and gustatory perception (perception) = 0",
    ),
    _skill(
        "Persuasión", "Persuasion", "presencia", "Persuasión (presencia) = 0", "Persuasion (presence) = 0"
    ),
    _skill("Sigilo", "Stealth", "agilidad", "Sigilo (agilidad)= 0", "Stealth (agility) = 0"),
    _skill(
        "Tecnología Hardware",
        "Hardware technology",
        "inteligencia",
        "Tecnología Hardware (inteligencia) = 0",
        "Hardware technology (intelligence) = 0",
    ),
    _skill(
        "Tecnología Software",
        "Software technology",
        "inteligencia",
        "Tecnología Software (inteligencia) = 0",
        "Software technology (intelligence) = 0",
    ),
    _skill(
        "Vehículos",
        "Vehicles",
        "agilidad",
        "Vehículos (agilidad) = 0 (esta habilidad permite pilotar pero también reparar y conocer los "
        "diferentes modelos)",
        "Vehicles (agility) = 0 (this skill covers piloting but also repairing and knowing the "
        "different models)",
    ),
)

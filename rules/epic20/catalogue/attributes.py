"""LISTA DE ATRIBUTOS: the five attributes of an Epic20 character.

Each starts at ½ (normal); the player picks two *destacables* (1) and one *no desarrollado* (0).
The attack kind an attribute drives comes from ATACAR EN COMBATE; Percepción drives none.
The list itself only names the attributes, so the descriptions gather what the rest of the
document says about each one (the section is named in the text).
"""

from __future__ import annotations

from rules.text import slugify

from .types import AttackKind, Attribute


def _attribute(name_es: str, name_en: str, attack_kind: AttackKind | None, es: str, en: str) -> Attribute:
    return Attribute(
        slug=slugify(name_es),
        name_es=name_es,
        name_en=name_en,
        attack_kind=attack_kind,
        description_es=es,
        description_en=en,
    )


ATTRIBUTES: tuple[Attribute, ...] = (
    _attribute(
        "Corpulencia",
        "Brawn",
        AttackKind.MELEE,
        "Atributo de los ataques cuerpo a cuerpo (ATACAR EN COMBATE) y de los intentos de librarse de "
        "un agarrón (DAÑO EN COMBATE). Decide cuánto daño hace falta para quedar aturdido "
        "(ATURDIMIENTO) y da Inferioridad (0) o Superioridad (1) a la tirada de moribundo.",
        "Attribute of melee attacks (ATACAR EN COMBATE) and of attempts to break free of a grab "
        "(DAÑO EN COMBATE). It sets how much damage stuns the character (ATURDIMIENTO) and gives "
        "Inferiority (0) or Superiority (1) to the dying roll.",
    ),
    _attribute(
        "Agilidad",
        "Agility",
        AttackKind.RANGED,
        "Atributo de los ataques a distancia (ATACAR EN COMBATE). Se suma a la iniciativa: "
        "1d20 + Agilidad × nivel (INICIATIVA).",
        "Attribute of ranged attacks (ATACAR EN COMBATE). It adds to initiative: "
        "1d20 + Agility × level (INICIATIVA).",
    ),
    _attribute(
        "Percepción",
        "Perception",
        None,
        "Atributo de las habilidades de percepción (visual, auditiva y olfativa, táctil y gustativa) "
        "y de la Intuición. No es el atributo por defecto de ningún tipo de ataque, aunque algunos "
        "poderes y maniobras lo usan (Ataque especial a distancia perceptivo, Ojo agudo).",
        "Attribute of the perception skills (visual, auditory, and olfactory, tactile and "
        "gustatory) and of Insight. It is no attack kind's default attribute, though some powers "
        "and maneuvers use it (Perceptive special ranged attack, Keen eye).",
    ),
    _attribute(
        "Inteligencia",
        "Intelligence",
        AttackKind.MENTAL,
        "Atributo de los ataques mentales (ATACAR EN COMBATE) y de librarse del control mental. "
        "Los personajes empiezan con 1 lenguaje, 2 si la Inteligencia es normal o 3 si es "
        "destacable (LISTA DE VENTAJAS, Lingüista).",
        "Attribute of mental attacks (ATACAR EN COMBATE) and of breaking free of mind control. "
        "Characters start with 1 language, 2 if Intelligence is normal or 3 if it is outstanding "
        "(LISTA DE VENTAJAS, Linguist).",
    ),
    _attribute(
        "Presencia",
        "Presence",
        AttackKind.EMOTIONAL,
        "Atributo de los ataques emocionales (ATACAR EN COMBATE) y de las habilidades sociales "
        "(Engañar, Intimidación, Persuasión).",
        "Attribute of emotional attacks (ATACAR EN COMBATE) and of the social skills "
        "(Deception, Intimidation, Persuasion).",
    ),
)

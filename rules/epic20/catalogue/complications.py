"""COMPLICACIONES: the 15 complications, in the document's order ("elegir 1").

`detail` marks the complications whose name leaves something for the player to fill in
("Vulnerabilidad a “algo”", "Fobia", "Pérdida de poderes cuando…"…).
`description_es` is the entry as written (whitespace normalised); `description_en` translates it.
"""

from __future__ import annotations

from rules.text import slugify

from .types import Complication


def _complication(name_es: str, name_en: str, *, es: str, en: str, **fields) -> Complication:
    return Complication(
        slug=slugify(name_es),
        name_es=name_es,
        name_en=name_en,
        description_es=es,
        description_en=en,
        **fields,
    )


COMPLICATIONS: tuple[Complication, ...] = (
    _complication(
        "Forma sin superpoderes",
        "Powerless form",
        es=(
            "Forma sin superpoderes: El personaje necesita una acción de movimiento para adoptar su "
            "forma con superpoderes y esta desaparece cuando está dormido o inconsciente."
        ),
        en=(
            "Powerless form: The character needs a move action to take their superpowered form, and "
            "it disappears when they are asleep or unconscious."
        ),
    ),
    _complication(
        "Fobia",
        "Phobia",
        detail=True,
        es="Fobia: Temeroso de algo a lo que no puede acercarse.",
        en="Phobia: Afraid of something they cannot go near.",
    ),
    _complication(
        "Vulnerabilidad a “algo”",
        "Vulnerability to “something”",
        detail=True,
        es="Vulnerabilidad a “algo”: (le aplica doble daño o daño normal si era inmune)",
        en=(
            "Vulnerability to “something”: (it deals double damage to them, or normal damage if they "
            "were immune)"
        ),
    ),
    # The player says which ("movimiento, alguno de sus sentidos…").
    _complication(
        "Minusvalía física",
        "Physical disability",
        detail=True,
        es="Minusvalía física (movimiento, alguno de sus sentidos…).",
        en="Physical disability (movement, one of their senses…).",
    ),
    _complication(
        "Sentido del honor estricto",
        "Strict sense of honour",
        es="Sentido del honor estricto.",
        en="Strict sense of honour.",
    ),
    _complication(
        "Odio hacia “algo”",
        "Hatred of “something”",
        detail=True,
        es="Odio hacia “algo”.",
        en="Hatred of “something”.",
    ),
    _complication(
        "Identidad secreta",
        "Secret identity",
        es="Identidad secreta.",
        en="Secret identity.",
    ),
    _complication(
        "Familia a la que proteger",
        "Family to protect",
        es="Familia a la que proteger.",
        en="Family to protect.",
    ),
    _complication(
        "Pérdida de poderes cuando…",
        "Loss of powers when…",
        detail=True,
        es="Pérdida de poderes cuando… (elegir una situación).",
        en="Loss of powers when… (choose a situation).",
    ),
    _complication(
        "Secreto oscuro",
        "Dark secret",
        es="Secreto oscuro.",
        en="Dark secret.",
    ),
    _complication(
        "Fácil de provocar",
        "Easily provoked",
        es="Fácil de provocar.",
        en="Easily provoked.",
    ),
    _complication(
        "Frenesí",
        "Frenzy",
        es="Frenesí (el luchador pierde las acciones de comunicación y de objeto mientras combate).",
        en="Frenzy (the fighter loses their communication and object actions while fighting).",
    ),
    _complication(
        "Monstruoso",
        "Monstrous",
        includes=("llamativo",),
        es=(
            'Monstruoso (esta complicación incluye la complicación "llamativo". Además, si intenta '
            "usar habilidades de Persuasión su presencia se reduce a 0)"
        ),
        en=(
            'Monstrous (this complication includes the "conspicuous" complication. Also, if they try '
            "to use Persuasion skills their presence drops to 0)"
        ),
    ),
    _complication(
        "Llamativo",
        "Conspicuous",
        es=(
            "Llamativo (el aspecto normal llama mucho la atención y eso causa que lo reconozcan con "
            "facilidad. Ejemplos: cabello extraño, piel azul, patas de cabra, etc...)"
        ),
        en=(
            "Conspicuous (their normal appearance draws a lot of attention, which makes them easy to "
            "recognize. Examples: strange hair, blue skin, goat legs, etc...)"
        ),
    ),
    _complication(
        "Necesita un elemento para subsistir",
        "Needs an element to survive",
        detail=True,
        es=(
            "Necesita un elemento para subsistir (elegir el elemento) (debe dormir rodeado de cierto "
            "elemento o recibe 1 pto de daño que no puede ser sanado hasta haber logrado este tipo de "
            "sueño)."
        ),
        en=(
            "Needs an element to survive (choose the element) (must sleep surrounded by a certain "
            "element or takes 1 point of damage that cannot be healed until they have had that kind "
            "of sleep)."
        ),
    ),
)

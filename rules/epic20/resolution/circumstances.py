"""The situational sources of Superioridad/Inferioridad the document names.

Plain data the catalogue API can serve next to the maneuvers (docs/api.md: an attack's
`circumstances`). A client names them by slug; some are also applied automatically from the
state (a stunned or prone attacker, a helpless target) and then appear once, never twice.
Circumstances of one `group` describe the same situation and count once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from rules.core.errors import Refused

from .sources import Source

ATTACK = "attack"


@dataclass(frozen=True)
class Circumstance:
    slug: str
    name_es: str
    name_en: str
    description_es: str
    description_en: str
    rule: str
    delta: int  # per unit when `per_unit`
    group: str
    per_unit: bool = False  # "diferencia-de-tamano:2" = two size categories
    applies_to: str = ATTACK  # ATTACK, or the maneuver slug whose attack it affects
    equipment_only: bool = False  # only when the attack uses equipment, never a superpower
    ranged_only: bool = False
    extra_outside_stress: int = 0  # FAQ: finishing blows outside a stressful situation
    cancelled_by: tuple[str, ...] = ()  # maneuvers, powers, conditions or circumstances

    def as_dict(self) -> dict:
        return {
            "slug": self.slug,
            "name_es": self.name_es,
            "name_en": self.name_en,
            "description_es": self.description_es,
            "description_en": self.description_en,
            "rule": self.rule,
            "delta": self.delta,
            "per_unit": self.per_unit,
            "applies_to": self.applies_to,
        }


ATACAR = "ATACAR EN COMBATE"
EQUIPO = "Reglas de equipo"
MANIOBRAS = "MANIOBRAS DE COMBATE"
FAQ_SURPRISE = "PREGUNTAS FRECUENTES › ¿Cómo funciona la sorpresa?"
FAQ_DEATH = "PREGUNTAS FRECUENTES › ¿Cómo muere un personaje?"
FAQ_VEHICLES = "PREGUNTAS FRECUENTES › ¿Cómo funcionan los transportes o las naves espaciales?"
FAQ_TWO_WEAPONS = "PREGUNTAS FRECUENTES › ¿Cómo funciona el combate con dos armas?"
BLIND_FIGHTING = ("blind-fighting", "sentir-el-entorno")

CIRCUMSTANCES: tuple[Circumstance, ...] = (
    Circumstance(
        "objetivo-paralizado",
        "Objetivo paralizado",
        "Paralyzed target",
        "Contra un enemigo paralizado … se gana Superioridad.",
        "Against a paralyzed enemy the attack has Superiority.",
        ATACAR,
        +1,
        "indefenso",
    ),
    Circumstance(
        "objetivo-desprevenido",
        "Objetivo que no es consciente del ataque",
        "Unaware target",
        "Contra un enemigo … que no es consciente del ataque se gana Superioridad.",
        "Against an enemy unaware of the attack the attack has Superiority.",
        ATACAR,
        +1,
        "desprevenido",
    ),
    Circumstance(
        "ataque-por-sorpresa",
        "Ataque por sorpresa",
        "Surprise attack",
        "Atacar por sorpresa … otorga Superioridad en la tirada y además actúas primero en el turno.",
        "A surprise attack has Superiority and its attacker acts first in the round.",
        FAQ_SURPRISE,
        +1,
        "desprevenido",
    ),
    Circumstance(
        "rematar",
        "Rematar a un enemigo indefenso",
        "Finishing a helpless enemy",
        "Los enemigos pueden seguir atacándole si desean rematarlo (con Superioridad porque el "
        "personaje estará inmóvil). Si la situación no es estresante, suma una Superioridad adicional.",
        "Finishing an unconscious or dying character has Superiority (it cannot move); outside a "
        "stressful situation one more Superiority.",
        FAQ_DEATH,
        +1,
        "indefenso",
        extra_outside_stress=1,
    ),
    Circumstance(
        "objetivo-aturdido",
        "Objetivo aturdido",
        "Stunned target",
        "… a menos que consiga otra Superioridad, por ejemplo atacando por sorpresa o a alguien aturdido.",
        "Attacking someone stunned is named as a source of Superiority.",
        FAQ_TWO_WEAPONS,
        +1,
        "objetivo-aturdido",
    ),
    Circumstance(
        "atacante-en-el-suelo",
        "Atacante en el suelo",
        "Attacker prone",
        "Cuando se está en el suelo … se ataca con Inferioridad.",
        "A prone attacker attacks with Inferiority.",
        ATACAR,
        -1,
        "suelo",
    ),
    Circumstance(
        "atacante-aturdido",
        "Atacante aturdido",
        "Stunned attacker",
        "Aturdido: se le aplica Inferioridad durante el turno actual si no ha actuado aún o el siguiente.",
        "A stunned character rolls with Inferiority.",
        "ATURDIMIENTO",
        -1,
        "aturdido",
    ),
    Circumstance(
        "objetivo-invisible",
        "Objetivo invisible",
        "Invisible target",
        "Cuando … se ataca a un enemigo invisible, se ataca con Inferioridad.",
        "Attacking an invisible enemy has Inferiority (Luchar a ciegas or Sentir el entorno removes it).",
        ATACAR,
        -1,
        "sin-ver",
        cancelled_by=BLIND_FIGHTING,
    ),
    Circumstance(
        "oscuridad",
        "Luchar a oscuras",
        "Fighting in darkness",
        "Luchar a ciegas: no se aplica Inferioridad al luchar a oscuras o contra un oponente invisible.",
        "Fighting in darkness has Inferiority (Luchar a ciegas or Sentir el entorno removes it).",
        MANIOBRAS,
        -1,
        "sin-ver",
        cancelled_by=BLIND_FIGHTING,
    ),
    Circumstance(
        "disparo-a-cuerpo-a-cuerpo",
        "Disparar a un cuerpo a cuerpo",
        "Shooting into melee",
        "En caso de un equipo que se usa para disparar a dos o más personas luchando en cuerpo a cuerpo, "
        "el tirador aplica Inferioridad a su tirada, salvo que previamente se haya colocado a la espalda "
        "de su objetivo o esté situado a tres metros o menos (a bocajarro).",
        "Shooting equipment into a melee has Inferiority unless behind the target or within 3 m; "
        "superpowers are not affected; Ataque de distancia a melee removes it.",
        EQUIPO,
        -1,
        "melee",
        equipment_only=True,
        ranged_only=True,
        cancelled_by=("ataque-de-distancia-a-melee", "a-bocajarro", "a-la-espalda"),
    ),
    Circumstance(
        "a-bocajarro",
        "A bocajarro",
        "Point-blank",
        "Situado a tres metros o menos del objetivo: no hay Inferioridad por disparar a un cuerpo a cuerpo.",
        "Within 3 m of the target: no Inferiority for shooting into melee.",
        EQUIPO,
        0,
        "a-bocajarro",
    ),
    Circumstance(
        "a-la-espalda",
        "A la espalda del objetivo",
        "Behind the target",
        "Colocado a la espalda de su objetivo: no hay Inferioridad por disparar a un cuerpo a cuerpo.",
        "Placed behind the target: no Inferiority for shooting into melee.",
        EQUIPO,
        0,
        "a-la-espalda",
    ),
    Circumstance(
        "cobertura",
        "Objetivo a cubierto",
        "Target in cover",
        "Ataque anti cobertura: … le ataca sin aplicar Inferioridad por cobertura.",
        "A target in cover is attacked with Inferiority (Ataque anti cobertura removes it).",
        MANIOBRAS,
        -1,
        "cobertura",
        cancelled_by=("ataque-anti-cobertura",),
    ),
    Circumstance(
        "diferencia-de-tamano",
        "Unidad más pequeña",
        "Smaller unit",
        "Se aplica Inferioridad a los ataques de la unidad más pequeña, una Inferioridad por cada "
        "diferencia de tamaño.",
        "The smaller unit attacks with one Inferiority per size category of difference.",
        FAQ_VEHICLES,
        -1,
        "tamano",
        per_unit=True,
    ),
    Circumstance(
        "canon-de-otra-categoria",
        "Cañón de otra categoría",
        "Gun meant for another size",
        "Si una corbeta tiene cañones ante caza y los intenta usar contra otra corbeta, los disparará "
        "con Inferioridad.",
        "A gun meant for another size category fires with Inferiority.",
        FAQ_VEHICLES,
        -1,
        "canon",
    ),
    Circumstance(
        "arma-a-dos-manos",
        "Arma sujeta a dos manos",
        "Two-handed weapon",
        "Desarmar: si el arma es sujetada a 2 manos se aplicaría Inferioridad.",
        "Disarming a weapon held in two hands has Inferiority.",
        MANIOBRAS,
        -1,
        "dos-manos",
        applies_to="desarmar",
    ),
    Circumstance(
        "reserva-inagotable",
        "Objetivo con reserva de energía inagotable",
        "Target with an inexhaustible reserve",
        "Agotar: a discreción del director esta maniobra puede ser inefectiva contra el objetivo, si "
        "este tiene una reserva de energía inagotable, en cuyo caso como mucho reduciría la defensa "
        "en 1 punto.",
        "Exhaust against an inexhaustible reserve of energy lowers the defense by 1 at most.",
        MANIOBRAS,
        0,
        "inagotable",
        applies_to="agotar",
    ),
    Circumstance(
        "objetivo-grande-o-cuadrupedo",
        "Objetivo con 4 patas o más grande",
        "Target four-legged or larger",
        "Tumbar: si el enemigo tiene 4 o más patas, o su tamaño es superior al del luchador, se aplica "
        "Inferioridad.",
        "Tripping a target with four or more legs or larger than the fighter has Inferiority.",
        MANIOBRAS,
        -1,
        "patas",
        applies_to="tumbar",
    ),
)

BY_SLUG = {c.slug: c for c in CIRCUMSTANCES}


def source_for(circ: Circumstance, units: int = 1, *, stressful: bool = True) -> Source:
    delta = circ.delta * (units if circ.per_unit else 1)
    if not stressful:
        delta += circ.extra_outside_stress
    return Source(circ.slug, delta, circ.rule, circ.name_es, circ.name_en)


# FAQ (transportes): "una Inferioridad por cada diferencia de tamaño" — from infantry to a
# Death Star the document names six categories; ten leaves room and keeps a roll's dice bounded.
MAX_UNITS = 10
_COUNT = re.compile(r"[0-9]+")


def parse(slug: str) -> tuple[Circumstance, int]:
    """ "diferencia-de-tamano:2" → (that circumstance, 2). Unknown slugs, counts on circumstances
    that take none and anything but ASCII digits ("²", "-1", " 2") are refused, and so are counts
    outside 1..`MAX_UNITS`; nothing here raises anything but `Refused`."""
    name, colon, count = str(slug).partition(":")
    circ = BY_SLUG.get(name)
    if circ is None or (colon and not (circ.per_unit and _COUNT.fullmatch(count))):
        raise Refused(
            "circumstances.unknown",
            "ATACAR EN COMBATE",
            f"Circunstancia desconocida: «{slug}».",
            f"Unknown circumstance: '{slug}'.",
        )
    if not colon:
        return circ, 1
    # Compare the digits before converting: a huge count never becomes a huge integer.
    digits = count.lstrip("0")
    if not digits or len(digits) > len(str(MAX_UNITS)) or int(digits) > MAX_UNITS:
        raise Refused(
            "circumstances.count_out_of_range",
            circ.rule,
            f"La cantidad de «{name}» debe estar entre 1 y {MAX_UNITS}.",
            f"The count of '{name}' must be between 1 and {MAX_UNITS}.",
        )
    return circ, int(digits)


def circumstance_sources(
    slugs: Iterable[str],
    *,
    present: Iterable[str] = (),
    maneuver: str | None = None,
    uses_equipment: bool = False,
    ranged: bool = False,
    stressful: bool = True,
) -> list[Source]:
    """The sources of the named circumstances for one attack.

    `present` lists what may cancel a circumstance: the attacker's maneuvers and powers in
    play and conditions such as "blind-fighting". One source per group (the strongest).
    """
    parsed = [parse(s) for s in slugs]
    named = {c.slug for c, _ in parsed}
    cancelling = set(present) | named
    best: dict[str, Source] = {}
    for circ, units in parsed:
        if circ.delta == 0 or (circ.applies_to != ATTACK and circ.applies_to != maneuver):
            continue
        if (circ.equipment_only and not uses_equipment) or (circ.ranged_only and not ranged):
            continue
        if cancelling & set(circ.cancelled_by):
            continue
        source = source_for(circ, units, stressful=stressful)
        old = best.get(circ.group)
        if old is None or abs(source.delta) > abs(old.delta):
            best[circ.group] = source
    return list(best.values())

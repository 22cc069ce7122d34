"""LISTA DE PODERES: the 76 superpowers and power modifiers, in the document's order.

Read from the document (its section is each entry's `rule`):
- "El coste base de los poderes es 1, salvo que se indique otra cosa"; "1'5", "1,5", "1.5",
  "1 y 1/2" and "1½" all mean 3/2. `cost` is per unit for repeatable powers (per limb, per sense…).
- Attacks use the attribute of their kind unless the entry says otherwise (ATACAR EN COMBATE):
  melee Corpulencia, ranged Agilidad, mental Inteligencia, emotional Presencia.
- `damage` is None for effects that do not take hit points (grabs, pushes, control, weakening):
  "Los efectos alternativos como agarrar o controlar, no hacen daño" (DAÑO EN COMBATE).
- Progression powers list their degrees in order (SUPERPODERES CON PROGRESIÓN).
`description_es` is the entry as written (whitespace normalised); `description_en` translates it.
"""

from __future__ import annotations

from fractions import Fraction

from rules.text import slugify

from .types import HALF, ONE, ZERO, AttackKind, Power, PowerCategory, Shape

ATTACKS = "LISTA DE PODERES › Superataques"
DEFENSES = "LISTA DE PODERES › Superdefensas"
MOVEMENT = "LISTA DE PODERES › Superpoderes de movimiento"
UTILITY = "LISTA DE PODERES › Superpoderes de utilidad"
MODIFIERS = "LISTA DE PODERES › Modificadores de poderes"

_SECTION = {
    PowerCategory.ATTACK: ATTACKS,
    PowerCategory.DEFENSE: DEFENSES,
    PowerCategory.MOVEMENT: MOVEMENT,
    PowerCategory.UTILITY: UTILITY,
    PowerCategory.MODIFIER: MODIFIERS,
}

PHYSICAL = "physical"
MENTAL = "mental"
EMOTIONAL = "emotional"

# The degrees of the progression powers, as the document writes them.
GRAB = (
    "pierde 1 acción de movimiento",
    "pierde acción estándar y de movimiento",
    "pierde todas sus acciones",
)
CONTROL = (
    "controlado el movimiento",
    "controladas todas las acciones menos la estándar",
    "controladas todas las acciones",
)

# "Ataque penetrante" is added to "un ataque físico, mental o energético": every attack power
# whose kind is not emotional (grabs and controls included: their hits lower defense too,
# DAÑO EN COMBATE). Kept literal so the table reads as data; a test recomputes it.
PENETRABLE_ATTACKS = (
    "agarrar-en-cuerpo-a-cuerpo",
    "agarrar-a-distancia",
    "ataque-especial-cuerpo-a-cuerpo",
    "ataque-especial-cuerpo-a-cuerpo-agil",
    "ataque-especial-a-distancia",
    "ataque-especial-a-distancia-perceptivo",
    "ataque-mental-a-distancia",
    "ataque-de-mental-area-circular",
    "ataque-de-rafaga",
    "ataque-especial-cuerpo-a-cuerpo-forma-de-cono",
    "ataque-especial-de-area-circular-cuerpo-a-cuerpo",
    "ataque-especial-de-area-circular-a-distancia",
    "superfuerza",
    "empujar-a-distancia",
    "empujar-a-distancia-corpulento",
    "crecer",
    "controlar-animales",
    "controlar-monstruos-no-inteligentes",
    "controlar-mentes-inteligentes",
    "convertirse-en-gas-nocivo",
    "debilitar-atributo",
    "debilitar-nivel",
    "sugestion",
    "sugestion-con-condicionantes",
)

# "Defensa contra ataque penetrante" applies to "una superdefensa de tipo físico (super esquiva,
# superprotección, etc)"; the only other physical superdefense is the immunity to physical damage.
PHYSICAL_DEFENSES = ("superesquiva", "superproteccion", "inmunidad-al-dano-fisico-no-energetico")


def _power(
    name_es: str,
    name_en: str,
    category: PowerCategory,
    cost: Fraction,
    *,
    es: str,
    en: str,
    rule: str | None = None,
    **fields,
) -> Power:
    return Power(
        slug=slugify(name_es),
        name_es=name_es,
        name_en=name_en,
        category=category,
        cost=Fraction(cost),
        description_es=es,
        description_en=en,
        rule=rule or _SECTION[category],
        **fields,
    )


POWERS: tuple[Power, ...] = (
    _power(
        "Agarrar en cuerpo a cuerpo",
        "Melee grab",
        PowerCategory.ATTACK,
        ONE,
        attribute="corpulencia",
        attack_kind=AttackKind.MELEE,
        shape=Shape.SINGLE,
        progression=GRAB,
        es=(
            "Agarrar en cuerpo a cuerpo (ejemplo: cola, tentáculos, etc) (progresión: pierde 1 acción "
            "de movimiento, pierde acción estándar y de movimiento, pierde todas sus acciones)"
        ),
        en=(
            "Melee grab (for example: tail, tentacles, etc.) (progression: loses 1 move action, loses "
            "the standard and move actions, loses all their actions)"
        ),
    ),
    _power(
        "Agarrar a distancia",
        "Ranged grab",
        PowerCategory.ATTACK,
        ONE,
        attribute="agilidad",
        attack_kind=AttackKind.RANGED,
        shape=Shape.SINGLE,
        progression=GRAB,
        es=(
            "Agarrar a distancia (ejemplo: enredar con plantas) (progresión: pierde 1 acción de "
            "movimiento, pierde acción estándar y de movimiento, pierde todas sus acciones)"
        ),
        en=(
            "Ranged grab (for example: entangling with plants) (progression: loses 1 move action, "
            "loses the standard and move actions, loses all their actions)"
        ),
    ),
    # This and the next three are repeatable: FAQ "¿Cómo funciona el combate con dos armas?" buys an
    # attack power twice.
    _power(
        "Ataque especial cuerpo a cuerpo",
        "Special melee attack",
        PowerCategory.ATTACK,
        HALF,
        attribute="corpulencia",
        attack_kind=AttackKind.MELEE,
        shape=Shape.SINGLE,
        damage=PHYSICAL,
        repeatable=True,
        es=(
            "Ataque especial cuerpo a cuerpo (ejemplo: garras o artes marciales superiores o armas "
            "mágicas) (Cuesta ½)."
        ),
        en=("Special melee attack (for example: claws, superior martial arts or magic weapons) (Costs ½)."),
    ),
    _power(
        "Ataque especial cuerpo a cuerpo ágil",
        "Agile special melee attack",
        PowerCategory.ATTACK,
        ONE,
        attribute="agilidad",
        attack_kind=AttackKind.MELEE,
        shape=Shape.SINGLE,
        damage=PHYSICAL,
        repeatable=True,
        es=(
            "Ataque especial cuerpo a cuerpo ágil (como el anterior pero está relacionado con la "
            "Agilidad, no la Corpulencia) (Cuesta 1)."
        ),
        en=(
            "Agile special melee attack (like the previous one, but tied to Agility instead of Brawn) "
            "(Costs 1)."
        ),
    ),
    _power(
        "Ataque especial a distancia",
        "Special ranged attack",
        PowerCategory.ATTACK,
        ONE,
        attribute="agilidad",
        attack_kind=AttackKind.RANGED,
        shape=Shape.SINGLE,
        damage=PHYSICAL,
        repeatable=True,
        es="Ataque especial a distancia (ejemplo: rayo de fuego, armas mágicas, etc).",
        en="Special ranged attack (for example: fire ray, magic weapons, etc.).",
    ),
    _power(
        "Ataque especial a distancia perceptivo",
        "Perceptive special ranged attack",
        PowerCategory.ATTACK,
        Fraction(3, 2),
        attribute="percepcion",
        attack_kind=AttackKind.RANGED,
        shape=Shape.SINGLE,
        damage=PHYSICAL,
        repeatable=True,
        es=(
            "Ataque especial a distancia perceptivo (como el anterior pero está relacionado con la "
            "Percepción y no con la Agilidad, ejemplo: rayos ígneos) (Cuesta 1 y 1/2 ptos)."
        ),
        en=(
            "Perceptive special ranged attack (like the previous one, but tied to Perception instead "
            "of Agility, for example: fiery rays) (Costs 1½ points)."
        ),
    ),
    _power(
        "Ataque mental a distancia",
        "Ranged mental attack",
        PowerCategory.ATTACK,
        Fraction(2),
        attribute="inteligencia",
        attack_kind=AttackKind.MENTAL,
        shape=Shape.SINGLE,
        damage=MENTAL,
        es=(
            "Ataque mental a distancia (no se aplican superdefensas especiales a este ataque, salvo "
            "escudo mental. Cuesta 2 ptos. Relacionado con la Inteligencia, no con la Agilidad)."
        ),
        en=(
            "Ranged mental attack (special superdefenses do not apply against this attack, except "
            "Mental shield. Costs 2 points. Tied to Intelligence, not Agility)."
        ),
    ),
    _power(
        "Ataque de mental, área circular",
        "Mental attack, circular area",
        PowerCategory.ATTACK,
        Fraction(6),
        attribute="inteligencia",
        attack_kind=AttackKind.MENTAL,
        shape=Shape.AREA,
        damage=MENTAL,
        es=(
            "Ataque de mental, área circular (cuesta 6). Como el anterior pero en área circular "
            "alrededor del poseedor."
        ),
        en=(
            "Mental attack, circular area (costs 6). Like the previous one, but in a circular area "
            "around its owner."
        ),
    ),
    # "Idéntico a ataque mental a distancia" except the damage; emotional attacks use Presencia (ATACAR EN
    # COMBATE).
    _power(
        "Ataque emocional a distancia",
        "Ranged emotional attack",
        PowerCategory.ATTACK,
        Fraction(2),
        attribute="presencia",
        attack_kind=AttackKind.EMOTIONAL,
        shape=Shape.SINGLE,
        damage=EMOTIONAL,
        es=(
            "Ataque emocional a distancia (este poder es idéntico a ataque mental a distancia con las "
            "diferencias de que causa daño emocional y que daña a seres insustanciales. Cuesta 2)"
        ),
        en=(
            "Ranged emotional attack (this power is identical to Ranged mental attack, except that it "
            "deals emotional damage and harms insubstantial beings. Costs 2)"
        ),
    ),
    _power(
        "Ataque emocional, área circular",
        "Emotional attack, circular area",
        PowerCategory.ATTACK,
        Fraction(6),
        attribute="presencia",
        attack_kind=AttackKind.EMOTIONAL,
        shape=Shape.AREA,
        damage=EMOTIONAL,
        es="Ataque emocional, área circular (como el anterior pero en área. Cuesta 6)",
        en="Emotional attack, circular area (like the previous one, but in an area. Costs 6)",
    ),
    # A special ranged attack that may instead take Inferioridad to hit up to three foes in a cone.
    _power(
        "Ataque de ráfaga",
        "Burst attack",
        PowerCategory.ATTACK,
        Fraction(2),
        attribute="agilidad",
        attack_kind=AttackKind.RANGED,
        shape=Shape.CONE,
        damage=PHYSICAL,
        es=(
            "Ataque de ráfaga (este poder tiene dos usos: ataque a distancia especial o... el "
            "luchador puede aplicarse Inferioridad en su ataque a distancia para hacer un ataque a "
            "hasta tres enemigos diferentes dentro de un área con forma de cono, los cuales deben "
            "estar en orden consecutivo (no vale saltarse enemigos). Cuesta 2)"
        ),
        en=(
            "Burst attack (this power has two uses: a special ranged attack, or... the fighter may "
            "take Inferiority on their ranged attack to attack up to three different enemies inside a "
            "cone-shaped area, who must be next to one another (no skipping enemies). Costs 2)"
        ),
    ),
    _power(
        "Ataque especial cuerpo a cuerpo, forma de cono",
        "Special melee attack, cone",
        PowerCategory.ATTACK,
        Fraction(3, 2),
        attribute="corpulencia",
        attack_kind=AttackKind.MELEE,
        shape=Shape.CONE,
        damage=PHYSICAL,
        es=(
            "Ataque especial cuerpo a cuerpo, forma de cono (cuesta 1'5. Cono que surge de las manos "
            "o la boca con posibilidad de impactar en varios enemigos)."
        ),
        en=(
            "Special melee attack, cone (costs 1½. A cone that comes out of the hands or the mouth "
            "and may hit several enemies)."
        ),
    ),
    _power(
        "Ataque especial de área circular, cuerpo a cuerpo",
        "Special circular-area attack, melee",
        PowerCategory.ATTACK,
        Fraction(2),
        attribute="corpulencia",
        attack_kind=AttackKind.MELEE,
        shape=Shape.AREA,
        damage=PHYSICAL,
        es=(
            "Ataque especial de área circular, cuerpo a cuerpo (cuesta 2) (ejemplo: una onda "
            "explosiva producida al chocar las manos). El personaje no resulta afectado."
        ),
        en=(
            "Special circular-area attack, melee (costs 2) (for example: a shock wave made by "
            "clapping the hands). The character is not affected."
        ),
    ),
    _power(
        "Ataque especial de área circular a distancia",
        "Special ranged circular-area attack",
        PowerCategory.ATTACK,
        Fraction(3),
        attribute="agilidad",
        attack_kind=AttackKind.RANGED,
        shape=Shape.AREA,
        damage=PHYSICAL,
        es="Ataque especial de área circular a distancia (cuesta 3) (ejemplo: misil explosivo).",
        en="Special ranged circular-area attack (costs 3) (for example: an explosive missile).",
    ),
    # "Este poder cuenta como ataque especial cuerpo a cuerpo".
    _power(
        "Superfuerza",
        "Super-strength",
        PowerCategory.ATTACK,
        ONE,
        attribute="corpulencia",
        attack_kind=AttackKind.MELEE,
        shape=Shape.SINGLE,
        damage=PHYSICAL,
        es=(
            "Superfuerza (ojo, para arrojar objetos y hacer daño especial con ellos, comprar también "
            "el poder de ataque a distancia aunque el ataque a distancia se basaría en Agilidad. Este "
            "poder cuenta como ataque especial cuerpo a cuerpo y no se aplican penalizadores por el "
            'hecho de atacar con las manos desnudas, así que no necesita la ventaja "lucha sin '
            'armas". El usuario hace tiradas de fuerza "que no son de ataque" con Superioridad, por '
            "ejemplo para trepar, saltar, soltarse de un agarrón, mantener un agarrón, etc)."
        ),
        en=(
            "Super-strength (note: to throw objects and deal special damage with them, also buy the "
            "ranged attack power, although that ranged attack is based on Agility. This power counts "
            "as a special melee attack and no penalties apply for attacking bare-handed, so it does "
            'not need the "unarmed combat" advantage. The user makes strength rolls "that are not '
            'attacks" with Superiority, for example to climb, jump, break free of a grab, hold a '
            "grab, etc.)."
        ),
    ),
    _power(
        "Ataque de terror a distancia",
        "Ranged terror attack",
        PowerCategory.ATTACK,
        Fraction(2),
        attribute="presencia",
        attack_kind=AttackKind.EMOTIONAL,
        shape=Shape.SINGLE,
        damage=EMOTIONAL,
        es=(
            "Ataque de terror a distancia (cuesta 2). Este ataque especial se basa en la Presencia. "
            "Produce un ataque de miedo y el daño no es físico sino emocional, forzando una huída si "
            "el oponente llega a 0 puntos de vida teniendo uno o más daños de este tipo."
        ),
        en=(
            "Ranged terror attack (costs 2). This special attack is based on Presence. It makes a "
            "fear attack and its damage is emotional, not physical, forcing the opponent to flee if "
            "they reach 0 hit points while holding one or more damage of this kind."
        ),
    ),
    _power(
        "Ataque de terror a distancia, área circular",
        "Ranged terror attack, circular area",
        PowerCategory.ATTACK,
        Fraction(6),
        attribute="presencia",
        attack_kind=AttackKind.EMOTIONAL,
        shape=Shape.AREA,
        damage=EMOTIONAL,
        es=(
            "Ataque de terror a distancia, área circular (cuesta 6). Como el anterior pero en área "
            "alrededor del poseedor."
        ),
        en=(
            "Ranged terror attack, circular area (costs 6). Like the previous one, but in an area "
            "around its owner."
        ),
    ),
    _power(
        "Empujar a distancia",
        "Ranged push",
        PowerCategory.ATTACK,
        ONE,
        attribute="agilidad",
        attack_kind=AttackKind.RANGED,
        shape=Shape.SINGLE,
        es=(
            'Empujar a distancia. Como la maniobra de combate "empujar" pero se realiza a distancia y '
            "por tanto se basa en Agilidad. Este poder se puede usar contra personas u objetos. Se "
            "empuja en una dirección elegida por el usuario."
        ),
        en=(
            'Ranged push. Like the "push" combat maneuver, but made at range and therefore based on '
            "Agility. This power can be used against people or objects. The push goes in a direction "
            "chosen by the user."
        ),
    ),
    # Still made at range (attack kind ranged), but rolled with Corpulencia.
    _power(
        'Empujar a distancia "corpulento"',
        '"Brawny" ranged push',
        PowerCategory.ATTACK,
        Fraction(3, 2),
        attribute="corpulencia",
        attack_kind=AttackKind.RANGED,
        shape=Shape.SINGLE,
        es=(
            'Empujar a distancia "corpulento". Como la anterior pero se basa en Corpulencia (coste 1,5 ptos).'
        ),
        en='"Brawny" ranged push. Like the previous one, but based on Brawn (cost 1½ points).',
    ),
    _power(
        "Escudo mental",
        "Mental shield",
        PowerCategory.DEFENSE,
        ONE,
        es="Escudo mental (defensa contra ataques mentales, lectura, control mental, etc).",
        en="Mental shield (defense against mental attacks, mind reading, mind control, etc.).",
    ),
    _power(
        "Escudo emocional",
        "Emotional shield",
        PowerCategory.DEFENSE,
        ONE,
        es="Escudo emocional (defensa contra ataques de miedo, desmoralización, etc).",
        en="Emotional shield (defense against fear attacks, demoralization, etc.).",
    ),
    # One purchase per element.
    _power(
        "Inmunidad a un elemento o tipo de energía no especial",
        "Immunity to an element or non-special energy type",
        PowerCategory.DEFENSE,
        HALF,
        repeatable=True,
        detail=True,
        es=(
            "Inmunidad a un elemento o tipo de energía no especial (cuesta 1/2 pto. Ejemplo: el "
            "fuego).\n\nNota: los poderes de inmunidad se aplican a ataques de un nivel igual o menor "
            "que el poseedor. Esto quiere decir que un enemigo de mayor nivel ignorará la inmunidad. "
            "Igualmente si el ataque viene de un arma pesada (andador, nave espacial, etc) tampoco se "
            "aplicaría."
        ),
        en=(
            "Immunity to an element or non-special energy type (costs ½ point. For example: "
            "fire).\n\nNote: immunity powers apply to attacks of a level equal to or lower than their "
            "owner's. This means that a higher-level enemy ignores the immunity. Nor do they apply if "
            "the attack comes from a heavy weapon (walker, spaceship, etc.)."
        ),
    ),
    _power(
        "Inmunidad a un tipo de energía especial",
        "Immunity to a special energy type",
        PowerCategory.DEFENSE,
        ONE,
        repeatable=True,
        detail=True,
        es=(
            "Inmunidad a un tipo de energía especial (cuesta 1 ptos. Ejemplo: el plasma, el láser, el "
            "blaster, rayos místicos…)\n\nNota: los poderes de inmunidad se aplican a ataques de un "
            "nivel igual o menor que el poseedor. Esto quiere decir que un enemigo de mayor nivel "
            "ignorará la inmunidad. Igualmente si el ataque viene de un arma pesada (andador, nave "
            "espacial, etc) tampoco se aplicaría."
        ),
        en=(
            "Immunity to a special energy type (costs 1 point. For example: plasma, laser, blaster, "
            "mystic rays…)\n\nNote: immunity powers apply to attacks of a level equal to or lower than "
            "their owner's. This means that a higher-level enemy ignores the immunity. Nor do they "
            "apply if the attack comes from a heavy weapon (walker, spaceship, etc.)."
        ),
    ),
    _power(
        "Inmunidad al daño físico no-energético",
        "Immunity to non-energy physical damage",
        PowerCategory.DEFENSE,
        Fraction(3),
        es=(
            "Inmunidad al daño físico no-energético (cuesta 3 ptos).\n\nNota: los poderes de inmunidad "
            "se aplican a ataques de un nivel igual o menor que el poseedor. Esto quiere decir que un "
            "enemigo de mayor nivel ignorará la inmunidad. Igualmente si el ataque viene de un arma "
            "pesada (andador, nave espacial, etc) tampoco se aplicaría."
        ),
        en=(
            "Immunity to non-energy physical damage (costs 3 points).\n\nNote: immunity powers apply to "
            "attacks of a level equal to or lower than their owner's. This means that a higher-level "
            "enemy ignores the immunity. Nor do they apply if the attack comes from a heavy weapon "
            "(walker, spaceship, etc.)."
        ),
    ),
    _power(
        "Superesquiva",
        "Super-dodge",
        PowerCategory.DEFENSE,
        ONE,
        es="Superesquiva (defensa basada en la agilidad o en la anticipación de ataques)",
        en="Super-dodge (a defense based on agility or on anticipating attacks)",
    ),
    _power(
        "Superprotección",
        "Super-protection",
        PowerCategory.DEFENSE,
        ONE,
        es=(
            "Superprotección (ejemplos: piel metálica, campo de fuerza, o simplemente piel superresistente)."
        ),
        en="Super-protection (for example: metal skin, a force field, or simply super-tough skin).",
    ),
    # Listed under Superdefensas but it is a modifier ("modificador de poderes") of a physical
    # superdefense.
    _power(
        "Defensa contra ataque penetrante",
        "Defense against penetrating attack",
        PowerCategory.MODIFIER,
        ONE,
        modifies=PHYSICAL_DEFENSES,
        rule=DEFENSES,
        es=(
            "Defensa contra ataque penetrante (modificador de poderes). Este poder se aplica a una "
            "superdefensa de tipo físico (super esquiva, superprotección, etc) y le permite anular el "
            'modificador "ataque penetrante". Coste: +1.'
        ),
        en=(
            "Defense against penetrating attack (power modifier). This power is added to a physical "
            'superdefense (super-dodge, super-protection, etc.) and lets it cancel the "penetrating '
            'attack" modifier. Cost: +1.'
        ),
    ),
    _power(
        "Volar",
        "Flight",
        PowerCategory.MOVEMENT,
        ONE,
        es="Volar (notar que si se quiere volar en el espacio, se necesita Soporte vital).",
        en="Flight (note that flying in space also needs Life support).",
    ),
    _power(
        "Supersalto",
        "Super-leap",
        PowerCategory.MOVEMENT,
        HALF,
        es="Supersalto (cuesta ½).",
        en="Super-leap (costs ½).",
    ),
    # One purchase per kind of movement ("Supermovimiento: correr", "…: nadar" in ARQUETIPOS).
    _power(
        "Supermovimiento",
        "Super-movement",
        PowerCategory.MOVEMENT,
        HALF,
        repeatable=True,
        detail=True,
        es=(
            "Supermovimiento (realiza un tipo de movimiento a gran velocidad, por ejemplo, correr, "
            "nadar...) (cuesta 1/2)."
        ),
        en=("Super-movement (moves in one way at great speed, for example running, swimming...) (costs ½)."),
    ),
    _power(
        "Cavar",
        "Burrowing",
        PowerCategory.MOVEMENT,
        HALF,
        es="Cavar (Cuesta 1/2).",
        en="Burrowing (Costs ½).",
    ),
    _power(
        "Trepar",
        "Wall-crawling",
        PowerCategory.MOVEMENT,
        HALF,
        es="Trepar (se adhiere a paredes) (cuesta ½).",
        en="Wall-crawling (sticks to walls) (costs ½).",
    ),
    _power(
        "Acción de movimiento extra",
        "Extra move action",
        PowerCategory.MOVEMENT,
        Fraction(2),
        es="Acción de movimiento extra (cuesta 2).",
        en="Extra move action (costs 2).",
    ),
    _power(
        "Comunicarse con telepatía",
        "Telepathic communication",
        PowerCategory.UTILITY,
        ONE,
        es="Comunicarse con telepatía (puede enlazar mentalmente a tantas personas como 1/2 nivel).",
        en="Telepathic communication (can mentally link as many people as ½ level).",
    ),
    _power(
        "Comunicarse en cualquier idioma",
        "Communicate in any language",
        PowerCategory.UTILITY,
        HALF,
        es="Comunicarse en cualquier idioma (cuesta 1/2 pto).",
        en="Communicate in any language (costs ½ point).",
    ),
    _power(
        "Camuflaje",
        "Camouflage",
        PowerCategory.UTILITY,
        ONE,
        es=(
            "Camuflaje (dificulta ser percibido, aplicando Inferioridad a tiradas de percepción. Se "
            "desactiva si se realiza un ataque)."
        ),
        en=(
            "Camouflage (makes the character hard to perceive, applying Inferiority to perception "
            "rolls. It switches off if the character attacks)."
        ),
    ),
    _power(
        "Invisibilidad",
        "Invisibility",
        PowerCategory.UTILITY,
        Fraction(2),
        es=(
            "Invisibilidad (dificulta ser percibido, aplicando Doble Inferioridad a tiradas de "
            "percepción. Cuesta 2 ptos. Se desactiva si se realiza un ataque)."
        ),
        en=(
            "Invisibility (makes the character hard to perceive, applying Double Inferiority to "
            "perception rolls. Costs 2 points. It switches off if the character attacks)."
        ),
    ),
    _power(
        "Controlar el clima",
        "Weather control",
        PowerCategory.UTILITY,
        HALF,
        es=(
            "Controlar el clima (altera la velocidad del viento, condiciones de lluvia, etc, sin "
            "efectos importantes sobre los demás) (notar que volar, inmovilizar, o atacar, o mover "
            "objetos, o lanzar rayos, se han de comprar por separado) (Cuesta 1/2)."
        ),
        en=(
            "Weather control (changes wind speed, rain, etc., with no important effect on others) "
            "(note that flying, immobilizing, attacking, moving objects or throwing lightning must be "
            "bought separately) (Costs ½)."
        ),
    ),
    _power(
        "Controlar el propio cuerpo",
        "Body control",
        PowerCategory.UTILITY,
        ONE,
        es="Controlar el propio cuerpo (estirarse, pasar bajo puertas, dar zancadas gigantes, etc).",
        en="Body control (stretching, slipping under doors, taking giant strides, etc.).",
    ),
    _power(
        "Crear materia",
        "Create matter",
        PowerCategory.UTILITY,
        ONE,
        es=(
            "Crear materia (esto sólo crea muros inmóviles. Para inmovilizar o atacar se ha de "
            "comprar por separado)."
        ),
        en=(
            "Create matter (this only creates immovable walls. Immobilizing or attacking must be "
            "bought separately)."
        ),
    ),
    # "Cuenta como Superfuerza" while grown, so it attacks like Superfuerza.
    _power(
        "Crecer",
        "Growth",
        PowerCategory.UTILITY,
        ONE,
        attribute="corpulencia",
        attack_kind=AttackKind.MELEE,
        shape=Shape.SINGLE,
        damage=PHYSICAL,
        es=(
            "Crecer (cuenta como Superfuerza pero sólo al estar crecido. Gana la maniobra "
            '"interponerse". Su tamaño aumenta 1/2 metro x nivel).'
        ),
        en=(
            'Growth (counts as Super-strength, but only while grown. Gains the "interpose" maneuver. '
            "Its size grows ½ metre × level)."
        ),
    ),
    _power(
        "Disminuirse",
        "Shrinking",
        PowerCategory.UTILITY,
        ONE,
        es=(
            "Disminuirse (hasta el tamaño de un insecto. Las tiradas de Corpulencia, incluso ataques, "
            "se harán con Inferioridad. Las de sigilo ganan Superioridad)."
        ),
        en=(
            "Shrinking (down to the size of an insect. Brawn rolls, attacks included, are made with "
            "Inferiority. Stealth rolls gain Superiority)."
        ),
    ),
    _power(
        "Extremidad adicional",
        "Extra limb",
        PowerCategory.UTILITY,
        HALF,
        repeatable=True,
        es=(
            "Extremidad adicional (permite sujetar más cosas) (cuesta ½ por cada extremidad "
            "adicional. No confiere acciones adicionales)."
        ),
        en=(
            "Extra limb (lets the character hold more things) (costs ½ per extra limb. It grants no "
            "extra actions)."
        ),
    ),
    _power(
        "Ilusión",
        "Illusion",
        PowerCategory.UTILITY,
        ONE,
        es="Ilusión (crea una imagen realista de un objeto o persona).",
        en="Illusion (creates a realistic image of an object or person).",
    ),
    _power(
        "Contacto curativo",
        "Healing touch",
        PowerCategory.UTILITY,
        ONE,
        attribute="inteligencia",
        es=(
            "Contacto curativo. (Por cada éxito cura un daño físico o mental, pero no emocional. Esta "
            "tirada está basada en Inteligencia. No cura máquinas)"
        ),
        en=(
            "Healing touch. (Each success heals one physical or mental damage, but not emotional "
            "damage. This roll is based on Intelligence. It does not heal machines)"
        ),
    ),
    # "Como el anterior": rolled with Inteligencia like Contacto curativo.
    _power(
        "Contacto reparador",
        "Repairing touch",
        PowerCategory.UTILITY,
        ONE,
        attribute="inteligencia",
        es="Contacto reparador (Como el anterior, pero cura máquinas y no organismos)",
        en="Repairing touch (Like the previous one, but it heals machines and not organisms)",
    ),
    _power(
        "Inmortalidad",
        "Immortality",
        PowerCategory.UTILITY,
        ONE,
        es="Inmortalidad (el personaje no puede morir. No incluye regeneración).",
        en="Immortality (the character cannot die. It does not include regeneration).",
    ),
    _power(
        "Inmunidad a la edad",
        "Immunity to aging",
        PowerCategory.UTILITY,
        HALF,
        es="Inmunidad a la edad (el personaje no envejece) (cuesta ½).",
        en="Immunity to aging (the character does not age) (costs ½).",
    ),
    _power(
        "Regeneración",
        "Regeneration",
        PowerCategory.UTILITY,
        ONE,
        es=(
            "Regeneración (el personaje usa una acción estándar y una acción de movimiento para "
            "recuperar 1 punto de vida)."
        ),
        en=("Regeneration (the character uses a standard action and a move action to recover 1 hit point)."),
    ),
    # A mental power (Escudo mental defends against "lectura"), so Inteligencia; not an attack.
    _power(
        "Leer mentes",
        "Mind reading",
        PowerCategory.UTILITY,
        Fraction(3, 2),
        attribute="inteligencia",
        es="Leer mentes (cuesta 1.5).",
        en="Mind reading (costs 1½).",
    ),
    _power(
        "Insustancial",
        "Insubstantial",
        PowerCategory.UTILITY,
        Fraction(4),
        es=(
            "Insustancial (cuesta 4 ptos. Un personaje insustancial no puede afectar a lo físico ni a "
            "lo mental, aunque sí comunicarse y por tanto afectar emocionalmente)."
        ),
        en=(
            "Insubstantial (costs 4 points. An insubstantial character cannot affect the physical or "
            "the mental, although it can communicate and therefore affect others emotionally)."
        ),
    ),
    # Control is mental: the victim breaks free with Inteligencia (DAÑO EN COMBATE).
    _power(
        "Controlar animales",
        "Control animals",
        PowerCategory.UTILITY,
        ONE,
        attribute="inteligencia",
        attack_kind=AttackKind.MENTAL,
        shape=Shape.SINGLE,
        progression=CONTROL,
        es=(
            "Controlar animales (cuesta 1 pto. Progresión: controlado el movimiento, controladas "
            "todas las acciones menos la estándar, controladas todas las acciones)."
        ),
        en=(
            "Control animals (costs 1 point. Progression: movement controlled, all actions but the "
            "standard one controlled, all actions controlled)."
        ),
    ),
    _power(
        "Controlar monstruos no inteligentes",
        "Control non-intelligent monsters",
        PowerCategory.UTILITY,
        Fraction(2),
        attribute="inteligencia",
        attack_kind=AttackKind.MENTAL,
        shape=Shape.SINGLE,
        progression=CONTROL,
        es=(
            "Controlar monstruos no inteligentes (cuesta 2 ptos. Progresión: controlado el "
            "movimiento, controladas todas las acciones menos la estándar, controladas todas las "
            "acciones)."
        ),
        en=(
            "Control non-intelligent monsters (costs 2 points. Progression: movement controlled, all "
            "actions but the standard one controlled, all actions controlled)."
        ),
    ),
    _power(
        "Controlar mentes inteligentes",
        "Control intelligent minds",
        PowerCategory.UTILITY,
        Fraction(3),
        attribute="inteligencia",
        attack_kind=AttackKind.MENTAL,
        shape=Shape.SINGLE,
        progression=CONTROL,
        es=(
            "Controlar mentes inteligentes (cuesta 3 ptos. Progresión: controlado el movimiento, "
            "controladas todas las acciones menos la estándar, controladas todas las acciones)."
        ),
        en=(
            "Control intelligent minds (costs 3 points. Progression: movement controlled, all actions "
            "but the standard one controlled, all actions controlled)."
        ),
    ),
    _power(
        "Cambiar de apariencia",
        "Change appearance",
        PowerCategory.UTILITY,
        ONE,
        es="Cambiar de apariencia (restringido a humanoides, no confiere habilidades especiales).",
        en="Change appearance (limited to humanoids, grants no special abilities).",
    ),
    _power(
        "Convertirse en animal",
        "Animal form",
        PowerCategory.UTILITY,
        Fraction(2),
        es=(
            "Convertirse en animal (cuesta 2 ptos, puede conferir habilidades mundanas como volar, "
            "rastrear, etc, con máximo de 3. Cambiar de forma es una acción de movimiento, limitada a "
            "1 por turno)"
        ),
        en=(
            "Animal form (costs 2 points, may grant mundane abilities such as flying, tracking, etc., "
            "up to 3. Changing form is a move action, limited to 1 per turn)"
        ),
    ),
    _power(
        "Convertirse en gas",
        "Gaseous form",
        PowerCategory.UTILITY,
        Fraction(2),
        es=(
            "Convertirse en gas (en esta forma el personaje es intangible pero es afectado por "
            "ataques con áreas de efecto y por efectos de viento. El resto de efectos y daños no se "
            "le aplican. El personaje puede colarse entre rendijas, aperturas, etc. No puede "
            "interactuar con el medio físico. No puede ahogar a otras personas. El gas es visible, de "
            "un color a elegir, además también se puede oler, con las oportunas tiradas de "
            "percepción. No confiere automáticamente la capacidad de volar pues se desplaza a un "
            "metro de altura del suelo. Cambiar de estado cuesta 1 acción de movimiento. Cuesta 2 "
            "ptos)"
        ),
        en=(
            "Gaseous form (in this form the character is intangible but is affected by area attacks "
            "and by wind effects. Other effects and damage do not apply to it. The character can slip "
            "through cracks, openings, etc. It cannot interact with the physical world. It cannot "
            "smother other people. The gas is visible, of a colour of the player's choice, and it can "
            "also be smelled, with the usual perception rolls. It does not automatically grant "
            "flight, since it moves one metre above the ground. Changing state costs 1 move action. "
            "Costs 2 points)"
        ),
    ),
    # "Como el poder anterior" plus a mundane melee smothering attack.
    _power(
        "Convertirse en gas nocivo",
        "Noxious gaseous form",
        PowerCategory.UTILITY,
        Fraction(4),
        attribute="corpulencia",
        attack_kind=AttackKind.MELEE,
        shape=Shape.SINGLE,
        damage=PHYSICAL,
        mundane_attack=True,
        includes=("convertirse-en-gas",),
        es=(
            "Convertirse en gas nocivo (como el poder anterior, pero puede realizar un ataque mundano "
            "de ahogamiento, de cuerpo a cuerpo, sobre un objetivo vivo que necesite respirar. Cuesta "
            "4 ptos)"
        ),
        en=(
            "Noxious gaseous form (like the previous power, but it can make a mundane melee "
            "smothering attack on a living target that needs to breathe. Costs 4 points)"
        ),
    ),
    _power(
        "Mover objetos a distancia",
        "Move objects at a distance",
        PowerCategory.UTILITY,
        ONE,
        es="Mover objetos a distancia (efectos de ataque o inmovilizar se compran por separado).",
        en="Move objects at a distance (attack or immobilizing effects are bought separately).",
    ),
    _power(
        "Respirar bajo el agua",
        "Water breathing",
        PowerCategory.UTILITY,
        HALF,
        es="Respirar bajo el agua (cuesta ½).",
        en="Water breathing (costs ½).",
    ),
    _power(
        "Soporte vital",
        "Life support",
        PowerCategory.UTILITY,
        HALF,
        es=(
            "Soporte vital (puede sobrevivir en cualquier entorno físico extremo, sin comer, ni "
            "beber. Cuesta 1/2)."
        ),
        en=(
            "Life support (can survive in any extreme physical environment, without eating or "
            "drinking. Costs ½)."
        ),
    ),
    _power(
        "Soporte vital en el vacío",
        "Vacuum life support",
        PowerCategory.UTILITY,
        HALF,
        es="Soporte vital en el vacío (no necesita atmósfera, cuesta 1/2).",
        en="Vacuum life support (needs no atmosphere, costs ½).",
    ),
    _power(
        "Supersentidos",
        "Super-senses",
        PowerCategory.UTILITY,
        HALF,
        repeatable=True,
        detail=True,
        es=(
            "Supersentidos (cuesta ½ por cada sentido mejorado o sentido especial, como vista, "
            "olfato, rayos X, sentido del peligro, detectar magia, etc)."
        ),
        en=(
            "Super-senses (costs ½ per improved sense or special sense, such as sight, smell, X-rays, "
            "danger sense, detect magic, etc.)."
        ),
    ),
    # "Alcance de toque basado en Corpulencia"; the detail names the weakened attribute. Each damage costs
    # ½ of it instead of hit points.
    _power(
        'Debilitar "Atributo"',
        'Weaken "Attribute"',
        PowerCategory.UTILITY,
        ONE,
        attribute="corpulencia",
        attack_kind=AttackKind.MELEE,
        shape=Shape.SINGLE,
        detail=True,
        es=(
            'Debilitar "Atributo" (seleccionar un atributo) (alcance de toque basado en Corpulencia. '
            "Progresión: se pierde 1/2 punto por cada daño recibido. El mínimo al que puede quedar el "
            "atributo es 0. Este poder no llega a incapacitar en ningún caso. Estas penalizaciones se "
            "recuperan rápidamente a razón de 1/2 cada turno en cada atributo debilitado)."
        ),
        en=(
            'Weaken "Attribute" (choose an attribute) (touch range based on Brawn. Progression: ½ '
            "point is lost per damage received. The attribute cannot drop below 0. This power never "
            "incapacitates. These penalties recover quickly, at ½ per turn in each weakened "
            "attribute)."
        ),
    ),
    _power(
        "Debilitar nivel",
        "Weaken level",
        PowerCategory.UTILITY,
        ONE,
        attribute="corpulencia",
        attack_kind=AttackKind.MELEE,
        shape=Shape.SINGLE,
        es=(
            "Debilitar nivel (Ataque especial cuerpo a cuerpo que no causa daño sino que disminuye el "
            "nivel del objetivo en 1 por cada éxito. Los niveles se recuperan como si fueran puntos "
            "de vida perdidos)"
        ),
        en=(
            "Weaken level (A special melee attack that deals no damage but lowers the target's level "
            "by 1 per success. Levels recover as if they were lost hit points)"
        ),
    ),
    _power(
        "Vida extra",
        "Extra life",
        PowerCategory.UTILITY,
        ONE,
        repeatable=True,
        es=(
            "Vida extra: El personaje gana 1 pto de vida. Este poder puede comprarse varias veces. "
            "Los personajes jugadores están limitados a un máximo de tantos puntos de vida como su "
            "nivel."
        ),
        en=(
            "Extra life: The character gains 1 hit point. This power can be bought several times. "
            "Player characters are limited to at most as many hit points as their level."
        ),
    ),
    _power(
        "Acción estándar extra",
        "Extra standard action",
        PowerCategory.UTILITY,
        Fraction(5),
        creation_allowed=False,
        es=(
            "Acción estándar extra: El personaje gana 1 acción estándar extra cada turno. (Coste 5. "
            "Este superpoder no se puede seleccionar durante la creación del personaje)."
        ),
        en=(
            "Extra standard action: The character gains 1 extra standard action every turn. (Cost 5. "
            "This superpower cannot be chosen during character creation)."
        ),
    ),
    _power(
        "Sugestión",
        "Suggestion",
        PowerCategory.UTILITY,
        Fraction(3, 2),
        attribute="inteligencia",
        attack_kind=AttackKind.MENTAL,
        shape=Shape.SINGLE,
        es=(
            "Sugestión: Este poder a distancia es de tipo mental (relacionado con Inteligencia). El "
            "usuario puede dar una orden hipnótica simple (una frase) sin condicionantes. Por ejemplo "
            '"estos no son los droides que buscas". Para que funcione se debe conseguir al menos un '
            "éxito en la tirada correspondiente de Inteligencia. (Coste 1.5)."
        ),
        en=(
            "Suggestion: This ranged power is mental (tied to Intelligence). The user can give a "
            'simple hypnotic order (one sentence) without conditions. For example "these are not the '
            'droids you are looking for". To work it needs at least one success on the matching '
            "Intelligence roll. (Cost 1½)."
        ),
    ),
    # "Coste 1.5 adicional": on top of Sugestión, which it requires.
    _power(
        "Sugestión con condicionantes",
        "Conditional suggestion",
        PowerCategory.UTILITY,
        Fraction(3, 2),
        attribute="inteligencia",
        attack_kind=AttackKind.MENTAL,
        shape=Shape.SINGLE,
        requires=("sugestion",),
        es=(
            "Sugestión con condicionantes. Como el anterior pero permite establecer una condición "
            "como parte de la orden hipnótica. Requiere el poder de Sugestión. (Coste 1.5 adicional)."
        ),
        en=(
            "Conditional suggestion. Like the previous one, but a condition can be set as part of the "
            "hypnotic order. Requires the Suggestion power. (Cost 1½ extra)."
        ),
    ),
    _power(
        "Sentir el entorno",
        "Sense surroundings",
        PowerCategory.UTILITY,
        ONE,
        es=(
            "Sentir el entorno: Este poder funciona como un sentido de la vista alternativo. Funciona "
            "en completa oscuridad, contra oponentes invisibles, u ocultos (anulando la o las "
            "Inferioridades que aplican) etc."
        ),
        en=(
            "Sense surroundings: This power works as an alternative sense of sight. It works in "
            "complete darkness, against invisible or hidden opponents (cancelling the Inferiority or "
            "Inferiorities that apply), etc."
        ),
    ),
    _power(
        "Atraer objetos hacia sí mismo",
        "Pull objects to oneself",
        PowerCategory.UTILITY,
        HALF,
        es=(
            "Atraer objetos hacia sí mismo: Este poder consume una acción de movimiento. Un objeto de "
            "tantos kilos o menos como el nivel del personaje es dirigido hacia su mano. (Coste 1/2)"
        ),
        en=(
            "Pull objects to oneself: This power takes a move action. An object weighing as many "
            "kilos as the character's level or fewer flies to their hand. (Cost ½)"
        ),
    ),
    _power(
        "Teleportarse",
        "Teleport",
        PowerCategory.UTILITY,
        Fraction(3, 2),
        es="Teleportarse (se tiene que ver el destino) (coste 1.5 ptos).",
        en="Teleport (the destination must be seen) (cost 1½ points).",
    ),
    # The cost is the total, not on top of Teleportarse ("incluye el poder anterior").
    _power(
        "Teleportarse a destino conocido",
        "Teleport to a known destination",
        PowerCategory.UTILITY,
        Fraction(5, 2),
        includes=("teleportarse",),
        es="Teleportarse a destino conocido (incluye el poder anterior) (coste 2.5 ptos).",
        en="Teleport to a known destination (includes the previous power) (cost 2½ points).",
    ),
    _power(
        "Teleportarse a destino desconocido",
        "Teleport to an unknown destination",
        PowerCategory.UTILITY,
        Fraction(7, 2),
        includes=("teleportarse-a-destino-conocido", "teleportarse"),
        es="Teleportarse a destino desconocido (coste 3.5 ptos, incluye el poder anterior).",
        en="Teleport to an unknown destination (cost 3½ points, includes the previous power).",
    ),
    # +½, or +1 (`area_cost`) on an area attack; a cone is "un área con forma de cono" (Ataque de ráfaga),
    # so it counts as area.
    _power(
        "Ataque penetrante",
        "Penetrating attack",
        PowerCategory.MODIFIER,
        HALF,
        area_cost=ONE,
        modifies=PENETRABLE_ATTACKS,
        es=(
            "Ataque penetrante (modificador de poderes): Este poder puede sumarse a un ataque físico, "
            "mental o energético y le permite reducir 1 en la defensa siempre que impacta, no sólo "
            "cuando no se llega a producir daño. Coste: +1/2 si el ataque no es de área o +1 si el "
            "ataque es de área."
        ),
        en=(
            "Penetrating attack (power modifier): This power can be added to a physical, mental or "
            "energy attack and lets it reduce the defense by 1 every time it hits, not only when no "
            "damage is dealt. Cost: +½ if the attack is not an area attack, or +1 if it is."
        ),
    ),
    # Free in itself: it divides the modified power's cost by 3, rounded UP (unlike REDONDEOS), minimum 1.
    _power(
        "Uso limitado",
        "Limited use",
        PowerCategory.MODIFIER,
        ZERO,
        es=(
            "Uso limitado (modificador de poderes). Este poder puede aplicarse a cualquier superpoder "
            "y divide entre 3 su coste. El coste mínimo es 1. A diferencia de lo habitual, el "
            "resultado se redondea hacia arriba resultando siempre en un número entero. El poder "
            "modificado sólo puede usarse gastando puntos de la Héroe, un número igual o mayor al "
            "nuevo coste dividido y como mucho 1 vez por escena. Los poderes que tienen duración tan "
            "sólo durarán mientras siga gastando puntos de Héroe seguidamente. Ejemplo: un droide de "
            "combate es capaz de lanzar misiles, el poder (ataque especial a distancia, área "
            "circular, pasa a tener coste 1 pero para usarlo tiene que emplear 1 punto de la Héroe y "
            "sólo lo puede usar 1 vez por escena) (Coste: gratuito)"
        ),
        en=(
            "Limited use (power modifier). This power can be applied to any superpower and divides "
            "its cost by 3. The minimum cost is 1. Unlike usual, the result is rounded up, always "
            "giving a whole number. The modified power can only be used by spending Hero points, as "
            "many as or more than the new divided cost, and at most once per scene. Powers with a "
            "duration only last while the character keeps spending Hero points in a row. Example: a "
            "combat droid can launch missiles; the power (special ranged attack, circular area) now "
            "costs 1, but to use it the droid must spend 1 Hero point and can only use it once per "
            "scene (Cost: free)"
        ),
    ),
)

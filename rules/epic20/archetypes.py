"""The 25 archetypes of ARQUETIPOS as data.

"El jugador puede elegir un único arquetipo. Esta elección es opcional" and "Los beneficios que
dan los arquetipos sólo se aplican durante la creación del personaje" (ARQUETIPOS): the point
changes and conversion rates below apply to the creation budget only; awarded points use the
general rules (except the Mago's bonus, which the archetype itself grants for awarded points).
Readings of ambiguous sentences are in docs/rules-notes.md ("Hojas de personaje y arquetipos").
"""

from __future__ import annotations

from fractions import Fraction

from rules.text import slugify

from .archetype_types import (
    HALF,
    ONE,
    ZERO,
    Archetype,
    ArchetypeOption,
    AttributeConstraint,
    ConversionRate,
    CostMultiplier,
    Grant,
    GrantKind,
    MultiplierTarget,
    OptionChoice,
    RestrictedPowerPoints,
    SkillGrant,
)

__all__ = ["ARCHETYPES", "BY_SLUG", "Archetype", "archetype"]

CORP, AGI, PERC, INT, PRES = "corpulencia", "agilidad", "percepcion", "inteligencia", "presencia"


def _destacable(*slugs: str) -> AttributeConstraint:
    return AttributeConstraint(any_of=slugs, value=ONE)


def _not_destacable(*slugs: str) -> AttributeConstraint:
    return AttributeConstraint(any_of=slugs, value=ONE, forbidden=True)


def _undeveloped(*slugs: str) -> AttributeConstraint:
    return AttributeConstraint(any_of=slugs, value=ZERO)


def _not_undeveloped(*slugs: str) -> AttributeConstraint:
    return AttributeConstraint(any_of=slugs, value=ZERO, forbidden=True)


def _power(slug: str, es: str = "", en: str = "", match: tuple[str, ...] = ()) -> Grant:
    return Grant(GrantKind.POWER, slug, es, en, match)


def _complication(slug: str, es: str = "", en: str = "", match: tuple[str, ...] = ()) -> Grant:
    return Grant(GrantKind.COMPLICATION, slug, es, en, match)


# Espía, Político: "Por cada ½ punto de superpoder que se sacrifica gana 1/2 pto en habilidades y 1 ventaja".
_SPY_RATE = ConversionRate("espia", skills=HALF, advantages=ONE)
# Armero: "(las ventajas a usar únicamente en nave espacial o equipo … o ayudante (droide))".
_ARMORER_RATE = ConversionRate("armero", skills=HALF, advantages=ONE, restricted_advantages=True)
# Soldado: "Como Armero pero lo que gana no son 1/2 pto en habilidades, sino 1 maniobra".
_SOLDIER_RATE = ConversionRate("soldado", maneuvers=ONE, advantages=ONE, restricted_advantages=True)
_UNARMORED_TRAIT = (
    "Sin armadura ni defensas en uso, se defiende como si llevara armadura mundana.",
    "With no armour or defences in use, defends as if wearing mundane armour.",
)
# Energizado: "ataque especial cuerpo a cuerpo"; its variants are special melee attacks too.
SPECIAL_MELEE_ATTACKS = (
    "ataque-especial-cuerpo-a-cuerpo",
    "ataque-especial-cuerpo-a-cuerpo-agil",
    "ataque-especial-cuerpo-a-cuerpo-forma-de-cono",
    "ataque-especial-de-area-circular-cuerpo-a-cuerpo",
)
# Cambiante: "algún superpoder que cambie el aspecto físico, como controlar el propio cuerpo,
# cambiar de apariencia, convertirse en animal, etc."
SHAPE_CHANGING_POWERS = (
    "controlar-el-propio-cuerpo",
    "cambiar-de-apariencia",
    "convertirse-en-animal",
    "convertirse-en-gas",
    "convertirse-en-gas-nocivo",
    "crecer",
    "disminuirse",
)
PERCEPTION_SKILLS = ("percepcion-visual", "percepcion-auditiva", "percepcion-olfativa-tactil-y-gustativa")


def _archetype(name_es: str, name_en: str, es: str, en: str, **terms) -> Archetype:
    return Archetype(
        slug=slugify(name_es), name_es=name_es, name_en=name_en, description_es=es, description_en=en, **terms
    )


ARCHETYPES: tuple[Archetype, ...] = (
    _archetype(
        "Artista Marcial",
        "Martial Artist",
        'Al artista marcial le cuestan el doble de puntos las superdefensas y el equipo mundano o especial defensivo. Sin embargo, cuando no lleva ninguna armadura se aplica como si llevara armadura mundana. Pierde 1 ventaja. Cada ½ punto que se sacrifica en poderes concede 3 maniobras de combate en lugar de 2. Debe sacrificar al menos la mitad de sus puntos en superpoderes. Gana gratuitamente la maniobra de combate "luchar sin armas". Requiere que la Corpulencia o la Agilidad sea atributo destacable. Ni la Corpulencia ni la Agilidad pueden ser atributos sin desarrollar.',
        'Superdefences and defensive mundane or special equipment cost the martial artist double. However, when wearing no armour they count as wearing mundane armour. Loses 1 advantage. Each ½ point sacrificed from powers grants 3 combat maneuvers instead of 2. Must sacrifice at least half of their power points. Gains the combat maneuver "Unarmed combat" for free. Requires Brawn or Agility as an outstanding attribute. Neither Brawn nor Agility may be undeveloped.',
        attribute_constraints=(_destacable(CORP, AGI), _not_undeveloped(CORP), _not_undeveloped(AGI)),
        advantage_points=-ONE,
        grants=(Grant(GrantKind.MANEUVER, "lucha-sin-armas"),),
        conversion_rates=(ConversionRate("artista-marcial", maneuvers=Fraction(3)),),
        cost_multipliers=(
            CostMultiplier(MultiplierTarget.SUPERDEFENSES, Fraction(2)),
            CostMultiplier(MultiplierTarget.DEFENSIVE_EQUIPMENT, Fraction(2)),
        ),
        must_sacrifice_half_powers=True,
        unarmored_mundane_armor=True,
        traits_es=(_UNARMORED_TRAIT[0],),
        traits_en=(_UNARMORED_TRAIT[1],),
    ),
    _archetype(
        "Inventor",
        "Inventor",
        "Sólo tiene 1 atributo destacable (en lugar de 2) y es la Inteligencia. El inventor gana 2 ptos en la ventaja equipo (que puede ser especial) pero no los asigna al principio de la partida. Los puede asignar en cualquier momento, si tiene 1 hora de tiempo para trabajar en su laboratorio. Estos equipos se pierden al final de la partida y se recupera la reserva, lista para la próxima partida. El inventor pierde también 1 maniobra de combate. Requiere que la Inteligencia sea atributo destacable.",
        "Has only 1 outstanding attribute (instead of 2), and it is Intelligence. The inventor gains 2 points in the equipment advantage (which may be special) but does not assign them at the start of the session. They may assign them at any time, given 1 hour of work in their laboratory. This equipment is lost at the end of the session and the reserve is recovered, ready for the next one. The inventor also loses 1 combat maneuver. Requires Intelligence as an outstanding attribute.",
        destacables=1,
        attribute_constraints=(_destacable(INT),),
        maneuver_points=-ONE,
        equipment_reserve=Fraction(2),
        traits_es=("Reserva de 2 ptos de equipo que se asignan durante la partida (1 hora de laboratorio).",),
        traits_en=("A reserve of 2 equipment points assigned during play (1 hour in the laboratory).",),
    ),
    _archetype(
        "Experto",
        "Expert",
        "(mecánico, técnico, etc) Por cada ½ punto de superpoder que se usa en habilidades el Experto gana 2 ptos en habilidades. Debe sacrificar al menos la mitad de sus puntos en superpoderes. Requiere que la Inteligencia sea atributo destacable.",
        "(mechanic, technician, etc.) For each ½ power point spent on skills the Expert gains 2 skill points. Must sacrifice at least half of their power points. Requires Intelligence as an outstanding attribute.",
        attribute_constraints=(_destacable(INT),),
        conversion_rates=(ConversionRate("experto", skills=Fraction(2)),),
        must_sacrifice_half_powers=True,
    ),
    _archetype(
        "Espía",
        "Spy",
        "Por cada ½ punto de superpoder que se sacrifica gana 1/2 pto en habilidades y 1 ventaja. Debe sacrificar al menos la mitad de sus puntos en superpoderes. Requiere que la Inteligencia o la Presencia o la Percepción sean atributos destacables.",
        "For each ½ power point sacrificed gains ½ skill point and 1 advantage. Must sacrifice at least half of their power points. Requires Intelligence, Presence or Perception as an outstanding attribute.",
        attribute_constraints=(_destacable(INT, PRES, PERC),),
        conversion_rates=(_SPY_RATE,),
        must_sacrifice_half_powers=True,
    ),
    _archetype(
        "Político",
        "Politician",
        "Como el anterior, pero sólo requiere que la Presencia sea atributo destacable. La inteligencia no puede ser atributo no desarrollado. Gana además 1 pto en ventaja. Pierde 1 maniobra de combate.",
        "Like the Spy, but only requires Presence as an outstanding attribute. Intelligence may not be undeveloped. Also gains 1 advantage point. Loses 1 combat maneuver.",
        attribute_constraints=(_destacable(PRES), _not_undeveloped(INT)),
        conversion_rates=(_SPY_RATE,),
        must_sacrifice_half_powers=True,
        advantage_points=ONE,
        maneuver_points=-ONE,
    ),
    _archetype(
        "Androide",
        "Android",
        "Gana soporte vital y soporte vital en el vacío. Gana inmunidad a daño mental (notar que sí puede ser afectado por daño emocional). No puede tener como atributo destacable la Presencia. Añade la complicación vulnerabilidad a táser. Añadir una complicación extra además de la inicial.",
        "Gains life support and life support in vacuum. Gains immunity to mental damage (note that it can still be affected by emotional damage). Presence may not be an outstanding attribute. Adds the complication vulnerability to tasers. Add one extra complication besides the initial one.",
        attribute_constraints=(_not_destacable(PRES),),
        grants=(
            _power("soporte-vital"),
            _power("soporte-vital-en-el-vacio"),
            _complication("vulnerabilidad-a-algo", "táser", "tasers", ("taser",)),
        ),
        extra_complications=1,
        traits_es=("Inmune al daño mental (no al emocional).",),
        traits_en=("Immune to mental damage (not to emotional damage).",),
    ),
    _archetype(
        "Vigilante",
        "Vigilante",
        'Cada ½ punto que se sacrifica de poderes concede 1 maniobra de combate y 1 ventaja, o bien 1 punto en habilidades y 1 ventaja. No puede adquirir la ventaja "equipo especial". Los superpoderes le cuestan el doble de puntos de lo normal.',
        'Each ½ point sacrificed from powers grants 1 combat maneuver and 1 advantage, or 1 skill point and 1 advantage. May not acquire the "special equipment" advantage. Superpowers cost double the normal points.',
        conversion_rates=(
            ConversionRate("vigilante-maniobra", maneuvers=ONE, advantages=ONE),
            ConversionRate("vigilante-habilidad", skills=ONE, advantages=ONE),
        ),
        forbidden_advantages=("equipo-especial",),
        cost_multipliers=(CostMultiplier(MultiplierTarget.ALL_POWERS, Fraction(2)),),
    ),
    _archetype(
        "Parangón",
        "Paragon",
        "Gana 1 punto en superpoderes, pero pierde 1 punto en habilidades y 1 ventaja. Debe elegir 2 complicaciones en lugar de 1. Además, el Parangón tiene 1 punto menos en su máximo de equipo especial.",
        "Gains 1 power point, but loses 1 skill point and 1 advantage. Must choose 2 complications instead of 1. Also, the Paragon has 1 point less in their special equipment maximum.",
        power_points=ONE,
        skill_points=-ONE,
        advantage_points=-ONE,
        extra_complications=1,
        special_equipment_cap=-1,
    ),
    _archetype(
        "Masa de músculos",
        "Mass of Muscle",
        "Esta mole tiene que asignar como uno de sus atributos destacables la Corpulencia y obligatoriamente tener Superfuerza o Crecer. Pierde 1 pto en habilidades. No puede elegir poderes a distancia, salvo para arrojar objetos. Cuando arroja objetos a distancia, usa Corpulencia en lugar de Agilidad. Puede levantar el doble de peso que un superhéroe normal con superfuerza.",
        "This hulk must make Brawn one of their outstanding attributes and must have Super-strength or Growth. Loses 1 skill point. May not choose ranged powers, except to throw objects. When throwing objects uses Brawn instead of Agility. Can lift twice as much as a normal super-strong hero.",
        attribute_constraints=(_destacable(CORP),),
        required_powers=(("superfuerza", "crecer"),),
        skill_points=-ONE,
        forbid_ranged_powers=True,
        throwing_attribute=CORP,
        traits_es=("Levanta el doble de peso que un superhéroe con Superfuerza.",),
        traits_en=("Lifts twice as much as a super-strong hero.",),
    ),
    _archetype(
        "Mentalista",
        "Mentalist",
        "El mentalista tiene que asignar obligatoriamente como uno de sus atributos destacables la Inteligencia y pierde 1 maniobra de combate. Gana el superpoder “Comunicarse con telepatía”.",
        'The mentalist must make Intelligence one of their outstanding attributes and loses 1 combat maneuver. Gains the power "Telepathic communication".',
        attribute_constraints=(_destacable(INT),),
        maneuver_points=-ONE,
        grants=(_power("comunicarse-con-telepatia"),),
    ),
    _archetype(
        "Energizado",
        "Energized",
        "El energizado rodea su cuerpo con energía de un tipo determinado, por lo que todo el que le golpea cuerpo a cuerpo o le toca recibe un ataque automático pero que sólo resta a la defensa y no puede causar daño. Esto no se aplica cuando él mismo ataca. Está obligado a adquirir el superpoder de ataque especial cuerpo a cuerpo. Pierde 1 ventaja.",
        "The energized surrounds their body with energy of a given type, so whoever strikes them in melee or touches them suffers an automatic attack that only lowers defence and cannot cause damage. This does not apply when they attack. Must acquire the special melee attack power. Loses 1 advantage.",
        required_powers=(SPECIAL_MELEE_ATTACKS,),
        advantage_points=-ONE,
        traits_es=(
            "Quien le golpea o toca cuerpo a cuerpo recibe un ataque automático que sólo resta defensa.",
        ),
        traits_en=(
            "Whoever strikes or touches them in melee suffers an automatic attack that only lowers defence.",
        ),
    ),
    _archetype(
        "Velocista",
        "Speedster",
        'Uno de sus atributos destacables debe de ser la Agilidad. Gana el poder "Supermovimiento: correr". Cuando está corriendo, usa la Agilidad para luchar cuerpo a cuerpo, pero le cuesta usar la Agilidad para atacar a distancia, aplicándose Inferioridad. Pierde 1 ventaja.',
        'One of their outstanding attributes must be Agility. Gains the power "Super-movement: running". While running uses Agility for melee, but struggles to use Agility for ranged attacks, which suffer Inferiority. Loses 1 advantage.',
        attribute_constraints=(_destacable(AGI),),
        grants=(_power("supermovimiento", "correr", "running", ("corr", "carrera", "run")),),
        advantage_points=-ONE,
        traits_es=("Corriendo: Agilidad en cuerpo a cuerpo e Inferioridad a distancia.",),
        traits_en=("While running: Agility in melee and Inferiority at range.",),
    ),
    _archetype(
        "Monstruo",
        "Monster",
        'Gana el superpoder "ataque especial cuerpo a cuerpo" con algún tipo de arma natural (colmillos, garras o cuernos). Añade la complicación "monstruoso" además de la que debe seleccionar (que no puede ser esta misma). En lugar de ganar el poder de ataque cuerpo a cuerpo, puede ganar "superprotección" con el coste reducido a 1/2, en ese caso su propia piel funcionará como armadura pero será estéticamente desagradable. En ambos casos, pierde 1 ventaja. Versión 2: En lugar de perder 1 ventaja que pierda 1/2 pto en habilidades.',
        'Gains the power "special melee attack" with some natural weapon (fangs, claws or horns). Adds the complication "monstrous" besides the one they must choose (which cannot be this same one). Instead of the melee attack power they may gain "super-protection" with its cost reduced to ½; their own skin then works as armour but looks repulsive. In both cases they lose 1 advantage. Version 2: instead of losing 1 advantage, lose ½ skill point.',
        grants=(
            _power("ataque-especial-cuerpo-a-cuerpo", "arma natural", "natural weapon"),
            _complication("monstruoso"),
        ),
        advantage_points=-ONE,
        options=(
            ArchetypeOption(
                key="benefit",
                default="attack",
                choices=(
                    OptionChoice("attack", "Ataque con arma natural gratis", "Free natural-weapon attack"),
                    OptionChoice(
                        "protection",
                        "Superprotección a coste ½",
                        "Super-protection at cost ½",
                        overrides=(
                            ("grants", (_complication("monstruoso"),)),
                            (
                                "cost_multipliers",
                                (CostMultiplier(MultiplierTarget.POWER_BASE, HALF, "superproteccion"),),
                            ),
                            ("required_powers", (("superproteccion",),)),
                        ),
                    ),
                ),
            ),
            ArchetypeOption(
                key="version",
                default=1,
                choices=(
                    OptionChoice(1, "Pierde 1 ventaja", "Loses 1 advantage"),
                    OptionChoice(
                        2,
                        "Versión 2: pierde ½ pto de habilidades",
                        "Version 2: loses ½ skill point",
                        overrides=(("advantage_points", ZERO), ("skill_points", -HALF)),
                    ),
                ),
            ),
        ),
    ),
    _archetype(
        "Cambiante",
        "Shapeshifter",
        'Gana 1/2 pto de superpoder que debe aplicarse a algún superpoder que cambie el aspecto físico, como controlar el propio cuerpo, cambiar de apariencia, convertirse en animal, etc. Añade la complicación "llamativo". Pierde 1 ventaja.',
        'Gains ½ power point that must be spent on a power that changes their physical appearance, such as body control, change appearance, turn into an animal, etc. Adds the complication "conspicuous". Loses 1 advantage.',
        power_points=HALF,
        restricted_power_points=(RestrictedPowerPoints(HALF, SHAPE_CHANGING_POWERS),),
        required_powers=(SHAPE_CHANGING_POWERS,),
        grants=(_complication("llamativo"),),
        advantage_points=-ONE,
    ),
    _archetype(
        "Mago",
        "Mage",
        "Gana 1 pto extra en superpoderes, pero a cambio, cada vez que quiere activar un superpoder, tiene que usar una acción de movimiento y otra de comunicación para lanzar el hechizo. Estos hechizos pueden seguir siendo usados durante 1 minuto por nivel sin necesidad de tener que volverse a activar. Por ejemplo: Lanzar un rayo de energía mística sólo tendría que activarse la primera vez y ya podría reutilizarse hasta que acabe su duración. Conforme gane poderes gracias a los puntos de experiencia, ganará un nuevo punto de superpoder por cada 3 ptos de superpoderes nuevos. Todos sus nuevos superpoderes se consideran hechizos. La Inteligencia debe de ser atributo destacable.",
        "Gains 1 extra power point, but in exchange, each time they want to activate a power they must use a movement action and a communication action to cast the spell. Spells stay usable for 1 minute per level without being cast again. For example: a bolt of mystic energy is cast the first time and can be reused until its duration ends. As they gain powers through experience, they gain a new power point for every 3 new power points. All their new powers are spells. Intelligence must be an outstanding attribute.",
        attribute_constraints=(_destacable(INT),),
        power_points=ONE,
        awarded_power_points_per_bonus=3,
        traits_es=(
            "Activar un poder cuesta una acción de movimiento y una de comunicación; dura 1 minuto por nivel.",
        ),
        traits_en=(
            "Activating a power takes a movement and a communication action; it lasts 1 minute per level.",
        ),
    ),
    _archetype(
        "Tecnificado",
        "Tech-suited",
        'Este héroe depende de una armadura tecnológica para combatir. Añade la complicación "forma sin superpoderes". Gana 1/2 puntos en superpoderes. Su armadura por lo general sólo necesita 1 acción de movimiento para ser vestida.',
        'This hero depends on a technological suit of armour to fight. Adds the complication "powerless form". Gains ½ power point. The armour usually takes just 1 movement action to put on.',
        power_points=HALF,
        grants=(_complication("forma-sin-superpoderes"),),
        traits_es=("Vestir la armadura cuesta 1 acción de movimiento.",),
        traits_en=("Putting the armour on takes 1 movement action.",),
    ),
    _archetype(
        "Dios",
        "God",
        'Recibe gratis el superpoder "Inmunidad a la edad" y la ventaja "Difícil de matar". Añade una complicación a elegir.',
        'Receives the power "Immunity to ageing" and the advantage "Hard to kill" for free. Adds one complication of their choice.',
        grants=(_power("inmunidad-a-la-edad"), Grant(GrantKind.ADVANTAGE, "dificil-de-matar")),
        extra_complications=1,
    ),
    _archetype(
        "Armero",
        "Armourer",
        "Cada 1/2 punto de superpoder sacrificado le da 1/2 pto en habilidades y 1 pto en ventajas (las ventajas a usar únicamente en nave espacial o equipo ya sea mundano o especial o ayudante (droide)). Debe sacrificar al menos la mitad de sus puntos de superpoder. El armero puede tener 1 pto extra en equipo especial del que le corresponde según su nivel. Pierde 1 maniobra de combate. Debe añadir una complicación adicional. Requiere que la Agilidad o la Inteligencia sea atributo destacable.",
        "Each ½ power point sacrificed gives ½ skill point and 1 advantage point (advantages to be used only on a spaceship, equipment, mundane or special, or a helper (droid)). Must sacrifice at least half of their power points. The armourer may have 1 special equipment point above what their level allows. Loses 1 combat maneuver. Must add an extra complication. Requires Agility or Intelligence as an outstanding attribute.",
        attribute_constraints=(_destacable(AGI, INT),),
        conversion_rates=(_ARMORER_RATE,),
        must_sacrifice_half_powers=True,
        special_equipment_cap=1,
        maneuver_points=-ONE,
        extra_complications=1,
    ),
    _archetype(
        "Soldado",
        "Soldier",
        'Como "Armero" pero lo que gana no son 1/2 pto en habilidades, sino 1 maniobra. Y lo que pierde no es 1 maniobra de combate, sino 1/2 en habilidades. Requiere que la Corpulencia o la Agilidad sea atributo destacable.',
        'Like the "Armourer", but gains 1 maneuver instead of ½ skill point, and loses ½ skill point instead of 1 combat maneuver. Requires Brawn or Agility as an outstanding attribute.',
        attribute_constraints=(_destacable(CORP, AGI),),
        conversion_rates=(_SOLDIER_RATE,),
        must_sacrifice_half_powers=True,
        special_equipment_cap=1,
        skill_points=-HALF,
        extra_complications=1,
    ),
    _archetype(
        "Acuático",
        "Aquatic",
        'Gana la complicación "Necesita un elemento para subsistir: agua". Pierde 1 pto en Ventajas. Gana los superpoderes: "Respirar bajo el agua", "Supermovimiento: nadar" y "Supersentidos: ver en condiciones de baja luz".',
        'Gains the complication "Needs an element to subsist: water". Loses 1 advantage point. Gains the powers "Water breathing", "Super-movement: swimming" and "Super-senses: low-light vision".',
        grants=(
            _complication("necesita-un-elemento-para-subsistir", "agua", "water", ("agua", "water")),
            _power("respirar-bajo-el-agua"),
            _power("supermovimiento", "nadar", "swimming", ("nad", "nata", "swim")),
            _power(
                "supersentidos",
                "ver en condiciones de baja luz",
                "low-light vision",
                ("baja-luz", "poca-luz", "oscur", "noctur", "low-light"),
            ),
        ),
        advantage_points=-ONE,
    ),
    _archetype(
        "Líder",
        "Leader",
        "Pierde un punto en superpoderes. Gana 4 ventajas. Requiere que la Inteligencia o la Presencia sea atributo destacable. Ni la Inteligencia ni la Presencia pueden ser atributos no desarrollados.",
        "Loses one power point. Gains 4 advantages. Requires Intelligence or Presence as an outstanding attribute. Neither Intelligence nor Presence may be undeveloped.",
        attribute_constraints=(_destacable(INT, PRES), _not_undeveloped(INT), _not_undeveloped(PRES)),
        power_points=-ONE,
        advantage_points=Fraction(4),
    ),
    _archetype(
        "Bravo",
        "Brawler",
        "Mientras el personaje no use ningún tipo de superpoder o equipo de protección o defensa gana la protección equivalente a una armadura mundana (ver la sección de defenderse en combate). Requiere que la Corpulencia sea un atributo destacable. Gana una maniobra de combate. Pierde 1/2 pto de habilidades.",
        "While the character uses no protective or defensive power or equipment, they gain protection equivalent to mundane armour (see defending in combat). Requires Brawn as an outstanding attribute. Gains one combat maneuver. Loses ½ skill point.",
        attribute_constraints=(_destacable(CORP),),
        maneuver_points=ONE,
        skill_points=-HALF,
        unarmored_mundane_armor=True,
        traits_es=(_UNARMORED_TRAIT[0],),
        traits_en=(_UNARMORED_TRAIT[1],),
    ),
    _archetype(
        "Granuja",
        "Rogue",
        "Mientras el personaje no use ningún tipo de superpoder o equipo de protección o defensa gana la protección equivalente a una armadura mundana (ver la sección de defenderse en combate). Por cada ½ punto de superpoder que se usa en habilidades el Granuja gana 1,5 ptos en habilidades. Debe sacrificar al menos la mitad de sus puntos en superpoderes. Requiere que la Agilidad sea un atributo destacable. La Inteligencia no puede ser un atributo no desarrollado.",
        "While the character uses no protective or defensive power or equipment, they gain protection equivalent to mundane armour (see defending in combat). For each ½ power point spent on skills the Rogue gains 1.5 skill points. Must sacrifice at least half of their power points. Requires Agility as an outstanding attribute. Intelligence may not be undeveloped.",
        attribute_constraints=(_destacable(AGI), _not_undeveloped(INT)),
        conversion_rates=(ConversionRate("granuja", skills=Fraction(3, 2)),),
        must_sacrifice_half_powers=True,
        unarmored_mundane_armor=True,
        traits_es=(_UNARMORED_TRAIT[0],),
        traits_en=(_UNARMORED_TRAIT[1],),
    ),
    _archetype(
        "Escolar",
        "Scholar",
        'La Inteligencia debe ser un atributo destacable. La Corpulencia debe ser un atributo no desarrollado. Gana las ventajas "Sabe un poco de todo", "Bien informado" y "Lingüista". Gana 4 puntos en habilidades. Pierde 2 maniobras de combate. Pierde 1 pto de superpoderes.',
        'Intelligence must be an outstanding attribute. Brawn must be undeveloped. Gains the advantages "Jack of all trades", "Well informed" and "Linguist". Gains 4 skill points. Loses 2 combat maneuvers. Loses 1 power point.',
        attribute_constraints=(_destacable(INT), _undeveloped(CORP)),
        grants=(
            Grant(GrantKind.ADVANTAGE, "sabe-un-poco-de-todo"),
            Grant(GrantKind.ADVANTAGE, "bien-informad-a"),
            Grant(GrantKind.ADVANTAGE, "linguista"),
        ),
        skill_points=Fraction(4),
        maneuver_points=Fraction(-2),
        power_points=-ONE,
    ),
    _archetype(
        "Explorador",
        "Explorer",
        'La Percepción debe ser un atributo destacable. Gana 1 pto en la habilidad "Conocimientos de Supervivencia". Gana 1 pto en la habilidad "Sigilo". Gana 1 pto de habilidad en una de las tres habilidades de Percepción. Pierde 1 ventaja. Pierde 1 maniobra de combate.',
        'Perception must be an outstanding attribute. Gains 1 point in the skill "Knowledge of Survival". Gains 1 point in the skill "Stealth". Gains 1 skill point in one of the three Perception skills. Loses 1 advantage. Loses 1 combat maneuver.',
        attribute_constraints=(_destacable(PERC),),
        skill_grants=(
            SkillGrant(("conocimientos-de",), ONE, specialty="Supervivencia"),
            SkillGrant(("sigilo",), ONE),
            SkillGrant(PERCEPTION_SKILLS, ONE),
        ),
        advantage_points=-ONE,
        maneuver_points=-ONE,
    ),
)

BY_SLUG: dict[str, Archetype] = {entry.slug: entry for entry in ARCHETYPES}


def archetype(slug: str) -> Archetype | None:
    return BY_SLUG.get(slug)

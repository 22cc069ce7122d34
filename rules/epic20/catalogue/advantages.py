"""LISTA DE VENTAJAS: the 31 advantages, in the document's order.

"Distribuir 2 puntos"; every advantage costs 1 point unless its entry says otherwise (Ayudante
and Nave espacial cost 2). `cost` is per unit: for "Equipo mundano" a unit is one mundane item,
at half a point ("1 pto en equipo daría dos objetos mundanos"). `requires_attributes` follows
the entries that demand an outstanding (*destacable*, value 1) attribute.
`description_es` is the entry as written (whitespace normalised); `description_en` translates it.
"""

from __future__ import annotations

from fractions import Fraction

from rules.text import slugify

from .types import HALF, ONE, Advantage, AttributeRequirement


def _advantage(name_es: str, name_en: str, cost: Fraction, *, es: str, en: str, **fields) -> Advantage:
    return Advantage(
        slug=slugify(name_es),
        name_es=name_es,
        name_en=name_en,
        cost=Fraction(cost),
        description_es=es,
        description_en=en,
        **fields,
    )


ADVANTAGES: tuple[Advantage, ...] = (
    _advantage(
        "Excelente atleta",
        "Excellent athlete",
        ONE,
        es=(
            "Excelente atleta. Gana superioridad en tiradas de acrobacias y atletismo. El movimiento "
            "normal (no especial) del personaje se duplica, es decir, salta el doble, corre el doble, "
            "etc."
        ),
        en=(
            "Excellent athlete. Gains Superiority on acrobatics and athletics rolls. The character's "
            "normal (not special) movement doubles, that is, they jump twice as far, run twice as "
            "fast, etc."
        ),
    ),
    _advantage(
        "Excelente piloto",
        "Excellent pilot",
        ONE,
        es="Excelente piloto. Gana superioridad en tiradas de pilotaje de vehículos.",
        en="Excellent pilot. Gains Superiority on vehicle piloting rolls.",
    ),
    _advantage(
        "Intimidante",
        "Intimidating",
        ONE,
        es=(
            "Intimidante: Gana Superioridad en tiradas de intimidar. A discreción del director de "
            "juego, la persona intimidada puede ganar un miedo duradero ante el personaje. Nota: No "
            "mejora los ataques emocionales."
        ),
        en=(
            "Intimidating: Gains Superiority on intimidation rolls. At the game master's discretion, "
            "the intimidated person may gain a lasting fear of the character. Note: It does not "
            "improve emotional attacks."
        ),
    ),
    _advantage(
        "Ayudante",
        "Sidekick",
        Fraction(2),
        es=(
            "Ayudante (cuesta 2 ptos, es un humano, robot o criatura de nivel la mitad del personaje, "
            "casi siempre sin superpoderes ni maniobras de combate, por lo que tan sólo suele "
            "disponer de habilidades y quizá ventajas. En todo caso, es diseñado por el director)."
        ),
        en=(
            "Sidekick (costs 2 points; a human, robot or creature of half the character's level, "
            "almost always without superpowers or combat maneuvers, so it usually only has skills and "
            "perhaps advantages. In any case, it is designed by the game master)."
        ),
    ),
    _advantage(
        "Nave espacial",
        "Spaceship",
        Fraction(2),
        es=(
            "Nave espacial (cuesta 2 ptos, generalmente es un caza. Incluye: volar, ataque especial a "
            "distancia, superresistencia (escudos)). Gastanto 1 pto de equipo adicional puede "
            "convertirse en carguero ligero, por lo que aumenta la capacidad de carga, la tripulación "
            "y añade 2 puestos de disparo adicionales para otros artilleros diferentes al piloto. El "
            "jugador puede comprar equipo especial para la nave espacial, que no cuenta para el "
            "límite de nivel del equipo especial. O le puede comprar superpoderes, con permiso del "
            "director."
        ),
        en=(
            "Spaceship (costs 2 points, usually a fighter. Includes: flight, special ranged attack, "
            "super-toughness (shields)). Spending 1 more equipment point it can become a light "
            "freighter, increasing its cargo capacity and crew and adding 2 extra gunner stations for "
            "gunners other than the pilot. The player can buy special equipment for the spaceship, "
            "which does not count towards the level limit on special equipment. Or they can buy it "
            "superpowers, with the game master's permission."
        ),
    ),
    _advantage(
        "Lingüista",
        "Linguist",
        ONE,
        es=(
            "Lingüista (gana 8 lenguajes extra. Notar que los personajes empiezan con 1 lenguaje, o 2 "
            "si la Inteligencia es un atributo normal o 3 si la inteligencia es atributo destacable)."
        ),
        en=(
            "Linguist (gains 8 extra languages. Note that characters start with 1 language, or 2 if "
            "Intelligence is a normal attribute, or 3 if Intelligence is an outstanding attribute)."
        ),
    ),
    _advantage(
        "Empatía animal",
        "Animal empathy",
        ONE,
        es="Empatía animal (gana Superioridad al tratar con animales).",
        en="Animal empathy (gains Superiority when dealing with animals).",
    ),
    _advantage(
        "Muy atractiv@",
        "Very attractive",
        ONE,
        es=(
            "Muy atractiv@ (Gana Superioridad o Doble Superioridad al usar habilidades de Presencia "
            "con gente que se siente atraída por su sexo)."
        ),
        en=(
            "Very attractive (Gains Superiority or Double Superiority when using Presence skills with "
            "people attracted to their sex)."
        ),
    ),
    _advantage(
        "Ric@",
        "Wealthy",
        ONE,
        es=(
            "Ric@ (Dispone de dinero durante cada partida, suficiente para comprar un coche de lujo. "
            "Este dinero no le permite ganar ptos en equipo sino para gastos temporales)."
        ),
        en=(
            "Wealthy (Has money during each session, enough to buy a luxury car. This money does not "
            "buy equipment points; it is for temporary expenses)."
        ),
    ),
    _advantage(
        "Contactos",
        "Contacts",
        ONE,
        es=(
            "Contactos (Tirada de Inteligencia para saber sobre sucesos pasados, hablando con las "
            "personas adecuadas)."
        ),
        en="Contacts (Intelligence roll to learn about past events by talking to the right people).",
    ),
    _advantage(
        "Influencia en",
        "Influence in",
        ONE,
        detail=True,
        es=(
            "Influencia en (elegir un área de alcance local, como influencia en el gobierno de la "
            "ciudad) (facilidad para conseguir algún favor, uno por partida)"
        ),
        en=(
            "Influence in (choose an area of local reach, such as influence in the city government) "
            "(an easy way to obtain some favour, one per session)"
        ),
    ),
    _advantage(
        "Difícil de matar",
        "Hard to kill",
        ONE,
        es=(
            "Difícil de matar (concede Superioridad a las tiradas de estabilizarse cuando está en "
            "puntos negativos)."
        ),
        en="Hard to kill (grants Superiority on rolls to stabilize when at negative hit points).",
    ),
    _advantage(
        "Memoria fotográfica",
        "Photographic memory",
        ONE,
        es="Memoria fotográfica (recuerda de memoria todo lo que ha visto u oído).",
        en="Photographic memory (remembers everything they have seen or heard).",
    ),
    # "El máximo de equipo especial que un personaje puede tener comprado es 1 pto por cada 4 niveles"; a
    # whole power point buys one point past the cap (LISTA DE PODERES).
    _advantage(
        "Equipo especial",
        "Special equipment",
        ONE,
        repeatable=True,
        detail=True,
        levels_per_point=4,
        es=(
            "Equipo especial (ejemplo de equipo especial: un blaster, espada láser, espada mágica, o "
            "una armadura completa). Nota: el equipo puede estropearse y perderse, consultar la "
            "sección siguiente. El máximo de equipo especial que un personaje puede tener comprado es "
            "1 pto por cada 4 niveles. Nota 2: Como se indica en la sección de superpoderes, el "
            "límite de equipo especial se puede superar gastanto 1 pto completo de superpoderes a "
            "cambio de 1 pto de equipo especial)."
        ),
        en=(
            "Special equipment (examples of special equipment: a blaster, a lightsaber, a magic "
            "sword, or a full suit of armour). Note: equipment can break and be lost, see the "
            "following section. The most special equipment a character can have bought is 1 point per "
            "4 levels. Note 2: As stated in the superpowers section, the special equipment limit can "
            "be exceeded by spending 1 whole superpower point in exchange for 1 point of special "
            "equipment)."
        ),
    ),
    # "Cuesta la mitad, esto es, 1 pto en equipo daría dos objetos mundanos": the cost is per mundane
    # item.
    _advantage(
        "Equipo mundano",
        "Mundane equipment",
        HALF,
        repeatable=True,
        detail=True,
        es=(
            "Equipo mundano (como el anterior pero no hay límite de nivel y cuesta la mitad, esto es, "
            "1 pto en equipo daría dos objetos mundanos. Ejemplos de equipo mundano: una speeder "
            "bike, un landspeeder, o un ordenador, un traje de soporte vital en el espacio, etc… )"
        ),
        en=(
            "Mundane equipment (like the previous one, but with no level limit and at half the cost, "
            "that is, 1 point of equipment gives two mundane items. Examples of mundane equipment: a "
            "speeder bike, a landspeeder, a computer, a space life-support suit, etc…)"
        ),
    ),
    _advantage(
        "Base secreta",
        "Secret base",
        ONE,
        repeatable=True,
        detail=True,
        es="Base secreta (Base de 1000 metros por punto, con diferente equipamiento).",
        en="Secret base (A base of 1000 metres per point, with various facilities).",
    ),
    _advantage(
        "Fascinar",
        "Fascinate",
        ONE,
        es=(
            "Fascinar (con oratoria, música, danza, etc, distrae a una audiencia, aplicándoseles "
            "inferioridad a Percepción mientras siga su actuación)."
        ),
        en=(
            "Fascinate (with oratory, music, dance, etc., distracts an audience, applying Inferiority "
            "to their Perception while the performance lasts)."
        ),
    ),
    _advantage(
        "Sin miedo",
        "Fearless",
        ONE,
        es="Sin miedo (el jugador tiene defensa mundana contra ataques de miedo/terror)",
        en="Fearless (the player has mundane defense against fear/terror attacks)",
    ),
    _advantage(
        "Gran resistencia al esfuerzo",
        "Great endurance",
        ONE,
        es=(
            "Gran resistencia al esfuerzo. (Gana Superioridad en tareas que suponen un gran esfuerzo "
            "continuado, por ejemplo corriendo durante largo tiempo, aguantando temperaturas "
            "extremas, etc)"
        ),
        en=(
            "Great endurance. (Gains Superiority on tasks that demand great sustained effort, for "
            "example running for a long time, enduring extreme temperatures, etc.)"
        ),
    ),
    _advantage(
        "Esconderse a simple vista",
        "Hide in plain sight",
        ONE,
        es=(
            "Esconderse a simple vista. (Para el personaje es fácil esconderse. No necesita "
            "desaparecer de la vista para intentar esconderse sino que puede hacerlo aprovechando "
            "cualquier recodo o despiste. Esto no implica ganar Superioridad en sigilo)"
        ),
        en=(
            "Hide in plain sight. (Hiding is easy for the character. They need not disappear from "
            "view to try to hide, but can do it using any corner or distraction. This does not mean "
            "gaining Superiority on stealth)"
        ),
    ),
    _advantage(
        "Inspirar a otros",
        "Inspire others",
        ONE,
        requires_attributes=(AttributeRequirement(any_of=("presencia",)),),
        es=(
            "Inspirar a otros (gasta puntos de héroe para mejorar a hasta 2 de sus compañeros, "
            "dándoles Superioridad en su próxima acción estándar pero deben usar esta Superioridad "
            "antes del próximo turno del personaje que les ha inspirado. Cuesta 1 acción de "
            "comunicación. Debe hablar el mismo idioma. La Presencia debe ser un atributo "
            "destacable)."
        ),
        en=(
            "Inspire others (spends hero points to improve up to 2 of their companions, giving them "
            "Superiority on their next standard action, but they must use this Superiority before the "
            "next turn of the character who inspired them. Costs 1 communication action. They must "
            "speak the same language. Presence must be an outstanding attribute)."
        ),
    ),
    _advantage(
        "Sabe un poco de todo",
        "Jack of all trades",
        ONE,
        requires_attributes=(AttributeRequirement(any_of=("inteligencia",)),),
        es=(
            "Sabe un poco de todo (nunca tiene Inferioridad en las tiradas de habilidades que se "
            "tiran con Inteligencia). Requiere que la Inteligencia sea un atributo destacable."
        ),
        en=(
            "Jack of all trades (never has Inferiority on skill rolls made with Intelligence). "
            "Requires Intelligence to be an outstanding attribute."
        ),
    ),
    _advantage(
        "Trabajo en equipo",
        "Teamwork",
        ONE,
        es=(
            "Trabajo en equipo (usa su acción estándar para dar superioridad a otro jugador en "
            "cualquier tirada, siempre y cuando el poseedor no tenga Inferioridad y tampoco vale si "
            "su bono es +0)."
        ),
        en=(
            "Teamwork (uses their standard action to give another player Superiority on any roll, as "
            "long as the owner does not have Inferiority, and it does not work if their bonus is +0)."
        ),
    ),
    _advantage(
        "Seguir rastros",
        "Tracking",
        ONE,
        es=(
            "Seguir rastros (superioridad en las tiradas para seguir rastros, las cuales se realizan "
            'con la habilidad "conocimientos de supervivencia" o "percepción visual" o "percepción '
            'olfativa" según criterio del director de juego).'
        ),
        en=(
            "Tracking (Superiority on rolls to follow tracks, which are made with the skill "
            '"knowledge of survival" or "visual perception" or "olfactory perception" as the game '
            "master sees fit)."
        ),
    ),
    _advantage(
        "Entrar en trance",
        "Trance",
        ONE,
        es="Entrar en trance (se hace pasar por muerto y reduce el oxígeno que consume).",
        en="Trance (plays dead and reduces the oxygen they consume).",
    ),
    _advantage(
        "Bien informad@",
        "Well informed",
        ONE,
        es=(
            "Bien informad@ (tirada de inteligencia para conocer al instante detalles de personas u "
            "organizaciones)."
        ),
        en="Well informed (intelligence roll to know at once details about people or organizations).",
    ),
    _advantage(
        "Calculador rápido",
        "Quick thinker",
        ONE,
        es=(
            "Calculador rápido (el luchador usa la Inteligencia en lugar de la Agilidad para sumar a "
            "la iniciativa)."
        ),
        en="Quick thinker (the fighter adds Intelligence instead of Agility to initiative).",
    ),
    _advantage(
        "Grande",
        "Big",
        ONE,
        requires_attributes=(AttributeRequirement(any_of=("corpulencia",)),),
        es=(
            "Grande (el personaje mide más de dos metros, ganando 1 pto de vida adicional. No puede "
            "tirar nunca más de 1d20 en tiradas de sigilo. Requiere que Corpulencia sea un atributo "
            "destacable)."
        ),
        en=(
            "Big (the character is over two metres tall, gaining 1 extra hit point. They can never "
            "roll more than 1d20 on stealth rolls. Requires Brawn to be an outstanding attribute)."
        ),
    ),
    _advantage(
        "Motivador",
        "Motivator",
        ONE,
        es=(
            "Motivador. El personaje puede gastar 1 punto de héroe para tratar de curar daño "
            "emocional (como los causados por ataques de terror o de desmoralización). Cura 1 de daño "
            "emocional por cada éxito obtenido contra dificultad 10, siendo una tirada basada en "
            "Presencia. Requiere de una acción estándar y una de comunicación (requiere hablar el "
            "mismo idioma)."
        ),
        en=(
            "Motivator. The character can spend 1 hero point to try to heal emotional damage (such as "
            "that caused by terror or demoralization attacks). It heals 1 emotional damage per "
            "success against difficulty 10, on a Presence-based roll. It takes a standard action and "
            "a communication action (it requires speaking the same language)."
        ),
    ),
    _advantage(
        "Pesado",
        "Heavy",
        ONE,
        es="Pesado. El personaje aplica Inferioridad a intentos de empujarle y de tumbarle.",
        en=("Heavy. The character applies Inferiority to attempts to push them and to knock them down."),
    ),
    _advantage(
        "Cazador de espíritus",
        "Spirit hunter",
        ONE,
        es=(
            "Cazador de espíritus. El personaje puede dañar con su cuerpo o con armas (mundanas o "
            "especiales) a seres insustanciales. Esta ventaja se puede aplicar a un arma concreta lo "
            "que incrementa su coste de equipo en 1."
        ),
        en=(
            "Spirit hunter. The character can harm insubstantial beings with their body or with "
            "weapons (mundane or special). This advantage can be applied to one specific weapon, "
            "which raises its equipment cost by 1."
        ),
    ),
)

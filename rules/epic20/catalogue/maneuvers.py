"""MANIOBRAS DE COMBATE: the 80 combat maneuvers, in the document's order ("elegir 2").

Chains: "X", "X 2", "X 3" (or "X 1", "X 2") form one `family` (the slug of the shared stem) and
tier N "Requiere la anterior", i.e. tier N-1. A tier inherits the attribute requirement of
tier 1 (it needs tier 1 on the sheet anyway). Two names break the pattern:
- "Ataque manteniendo la distancia" is followed by "Ataque de rango largo 2" and "… 3", each
  "Requiere la anterior": we read them as one chain, family "ataque-manteniendo-la-distancia".
- "Moverse mientras actúa. Requiere la anterior" requires "Actuar y después moverse" but is a
  family of its own (different name).
`stack_group` is the slug of the first word of the name: the FAQ ("¿Se pueden acumular las
maniobras de combate?") forbids stacking maneuvers with similar names, "las parecidas suelen
empezar con la misma palabra" ("ataque brutal" with "ataque a fondo" is its example).
`description_es` is the entry as written (whitespace normalised); `description_en` translates it.
"""

from __future__ import annotations

from rules.text import slugify

from .types import AttributeRequirement, Maneuver


def _maneuver(name_es: str, name_en: str, *, family: str, es: str, en: str, **fields) -> Maneuver:
    return Maneuver(
        slug=slugify(name_es),
        name_es=name_es,
        name_en=name_en,
        description_es=es,
        description_en=en,
        family=family,
        stack_group=slugify(name_es.split()[0]),
        **fields,
    )


MANEUVERS: tuple[Maneuver, ...] = (
    _maneuver(
        "Actuar y después moverse",
        "Act then move",
        family="actuar-y-despues-moverse",
        es=(
            "Actuar y después moverse. Permite al luchador realizar acciones estándar antes de mover. "
            "En este caso todas las acciones de movimiento se realizarán tras las estándar."
        ),
        en=(
            "Act then move. Lets the fighter take standard actions before moving. In that case all "
            "move actions come after the standard ones."
        ),
    ),
    # "Requiere la anterior": the maneuver above it, though the names differ.
    _maneuver(
        "Moverse mientras actúa",
        "Move while acting",
        family="moverse-mientras-actua",
        requires=("actuar-y-despues-moverse",),
        es=(
            "Moverse mientras actúa. Requiere la anterior. permite moverse la mitad, actuar y volver "
            "a moverse la otra mitad, o usar acciones de movimiento antes y después de la o las "
            "estándar, pero aplica Inferioridad si realiza ataques u otras acciones que perjudiquen "
            "de cualquier forma."
        ),
        en=(
            "Move while acting. Requires the previous one. Lets the fighter move half, act and move "
            "the other half, or use move actions before and after the standard action or actions, but applies "
            "Inferiority if they make attacks or other actions that harm in any way."
        ),
    ),
    _maneuver(
        "Desenfunda rápido",
        "Quick draw",
        family="desenfunda-rapido",
        es=(
            "Desenfunda rápido (enfunda o desenfunda armas como acción gratuita y no como acción de objeto)."
        ),
        en="Quick draw (sheathes or draws weapons as a free action instead of an object action).",
    ),
    _maneuver(
        "Fineza con un arma",
        "Weapon finesse",
        family="fineza-con-un-arma",
        es=(
            "Fineza con un arma (con un arma cuerpo a cuerpo que no sea a dos manos, a elegir, el "
            "luchador usa la Agilidad en lugar de la Corpulencia en combate cuerpo a cuerpo)."
        ),
        en=(
            "Weapon finesse (with a chosen melee weapon that is not two-handed, the fighter uses "
            "Agility instead of Brawn in melee combat)."
        ),
    ),
    _maneuver(
        "Ojo agudo",
        "Keen eye",
        family="ojo-agudo",
        es=(
            "Ojo agudo (con un arma a distancia, a elegir, que sólo realiza un ataque por turno, sin "
            "posibilidad de área, ni ráfagas, el luchador usa Percepción en lugar de Agilidad en "
            "combate a distancia)."
        ),
        en=(
            "Keen eye (with a chosen ranged weapon that makes only one attack per turn, with no area "
            "and no bursts, the fighter uses Perception instead of Agility in ranged combat)."
        ),
    ),
    _maneuver(
        "Excelente apuntando",
        "Excellent aim",
        family="excelente-apuntando",
        es=(
            "Excelente apuntando (tomando 1 turno para apuntar gana Superioridad en su siguiente "
            "ataque contra el objetivo al que ha estado apuntando). El objetivo al que apuntaba debe "
            "de estar inmóvil o desplazándose lentamente, es decir a velocidad 1 o menos."
        ),
        en=(
            "Excellent aim (taking 1 turn to aim gains Superiority on the next attack against the "
            "target they aimed at). The target must be still or moving slowly, that is, at speed 1 or "
            "less."
        ),
    ),
    _maneuver(
        "Carga brutal",
        "Brutal charge",
        family="carga-brutal",
        es=(
            "Carga brutal (el luchador usa la Corpulencia en lugar de la Agilidad para sumar a la "
            "iniciativa, sólo cuando no está ya enzarzado en combate y si quiere acercarse al "
            "combate)."
        ),
        en=(
            "Brutal charge (the fighter adds Brawn instead of Agility to initiative, only when not "
            "already engaged in combat and wanting to close in)."
        ),
    ),
    _maneuver(
        "Levantarse rápido",
        "Quick stand",
        family="levantarse-rapido",
        es="Levantarse rápido (del suelo). Se levanta usando una acción gratuita.",
        en="Quick stand (from the ground). Stands up using a free action.",
    ),
    _maneuver(
        "Interponerse",
        "Interpose",
        family="interponerse",
        es=(
            "Interponerse (para proteger a otros con su propio cuerpo, usando la acción estándar. "
            "Esto puede permitir al jugador actuar antes de su momento de iniciativa pero en ese caso "
            "sus acciones del turno se pierden y sólo conserva una acción estándar y una acción de "
            "movimiento y una acción de comunicación)."
        ),
        en=(
            "Interpose (to protect others with their own body, using the standard action. This may "
            "let the player act before their initiative, but then their turn's actions are lost and "
            "they only keep one standard action, one move action and one communication action)."
        ),
    ),
    _maneuver(
        "Iniciativa mejorada",
        "Improved initiative",
        family="iniciativa-mejorada",
        es="Iniciativa mejorada (gana +4 a las tiradas de iniciativa).",
        en="Improved initiative (gains +4 to initiative rolls).",
    ),
    _maneuver(
        "Iniciativa mejorada 2",
        "Improved initiative 2",
        family="iniciativa-mejorada",
        tier=2,
        requires=("iniciativa-mejorada",),
        es="Iniciativa mejorada 2: Requiere la anterior (gana +6 en lugar de +4 a la iniciativa)",
        en="Improved initiative 2: Requires the previous one (gains +6 instead of +4 to initiative)",
    ),
    _maneuver(
        "Iniciativa mejorada 3",
        "Improved initiative 3",
        family="iniciativa-mejorada",
        tier=3,
        requires=("iniciativa-mejorada-2",),
        es="Iniciativa mejorada 3: Requiere la anterior (gana +8 en lugar de +6 a la iniciativa)",
        en="Improved initiative 3: Requires the previous one (gains +8 instead of +6 to initiative)",
    ),
    _maneuver(
        "Lucha sin armas",
        "Unarmed combat",
        family="lucha-sin-armas",
        es=(
            "Lucha sin armas (no cuenta nunca como desarmado, es decir, que no se le aplica 0 a los "
            "ataques, sino 1/2 nivel o el nivel completo en caso de usar artes marciales especiales). "
            'Notar que no hace falta esta maniobra si el personaje ya tiene "ataque especial cuerpo a '
            'cuerpo: artes marciales" o "superfuerza".'
        ),
        en=(
            "Unarmed combat (never counts as unarmed, that is, attacks are not at 0 but at ½ level, "
            "or the full level when using special martial arts). Note that this maneuver is not "
            'needed if the character already has "special melee attack: martial arts" or '
            '"super-strength".'
        ),
    ),
    _maneuver(
        "Luchar a ciegas",
        "Blind fighting",
        family="luchar-a-ciegas",
        es=(
            "Luchar a ciegas (no se aplica Inferioridad al luchar a oscuras o contra un oponente "
            "invisible, si previamente se obtiene una tirada de percepción enfrentada contra la "
            "agilidad, como acción de movimiento)."
        ),
        en=(
            "Blind fighting (no Inferiority applies when fighting in the dark or against an invisible "
            "opponent, if first an opposed perception roll against agility succeeds, as a move "
            "action)."
        ),
    ),
    _maneuver(
        "Luchar a ciegas 2",
        "Blind fighting 2",
        family="luchar-a-ciegas",
        tier=2,
        requires=("luchar-a-ciegas",),
        es="Luchar a ciegas 2. Requiere la anterior. Gana superioridad en la tirada enfrentada.",
        en="Blind fighting 2. Requires the previous one. Gains Superiority on the opposed roll.",
    ),
    _maneuver(
        "Luchar a ciegas 3",
        "Blind fighting 3",
        family="luchar-a-ciegas",
        tier=3,
        requires=("luchar-a-ciegas-2",),
        es="Luchar a ciegas 3. Requiere la anterior. No necesita gastar acción de movimiento.",
        en="Blind fighting 3. Requires the previous one. Does not need to spend a move action.",
    ),
    _maneuver(
        "Ataque a fondo",
        "All-out attack",
        family="ataque-a-fondo",
        es=(
            "Ataque a fondo: El luchador gana Superioridad en su ataque, pero todos sus oponentes "
            "ganan Superioridad contra él. Si el oponente aguanta en pie tras ser atacado, gana "
            "además un ataque extra contra él ese turno, sin la Superioridad que le conferiría esta "
            "maniobra."
        ),
        en=(
            "All-out attack: The fighter gains Superiority on their attack, but all their opponents "
            "gain Superiority against them. If the opponent stays standing after being attacked, it "
            "also gains an extra attack against them that turn, without the Superiority this maneuver "
            "would grant."
        ),
    ),
    _maneuver(
        "Ataque a fondo 2",
        "All-out attack 2",
        family="ataque-a-fondo",
        tier=2,
        requires=("ataque-a-fondo",),
        es="Ataque a fondo 2: Requiere el anterior. El ataque que recibe se hace con Inferioridad.",
        en=("All-out attack 2: Requires the previous one. The attack they receive is made with Inferiority."),
    ),
    _maneuver(
        "Ataque a fondo 3",
        "All-out attack 3",
        family="ataque-a-fondo",
        tier=3,
        requires=("ataque-a-fondo-2",),
        es=("Ataque a fondo 3: Requiere el anterior. El ataque que recibe se hace con Doble Inferioridad."),
        en=(
            "All-out attack 3: Requires the previous one. The attack they receive is made with Double "
            "Inferiority."
        ),
    ),
    _maneuver(
        "Ataque poderoso",
        "Power attack",
        family="ataque-poderoso",
        es=(
            "Ataque poderoso: El luchador usa una acción estándar y otra de movimiento para impulsar "
            "un ataque que es con Superioridad, pero todos sus oponentes ganan Superioridad contra "
            "él. La defensa del luchador disminuye en 2 tras realizar su ataque."
        ),
        en=(
            "Power attack: The fighter uses a standard action and a move action to drive an attack "
            "made with Superiority, but all their opponents gain Superiority against them. The "
            "fighter's defense drops by 2 after their attack."
        ),
    ),
    _maneuver(
        "Ataque poderoso 2",
        "Power attack 2",
        family="ataque-poderoso",
        tier=2,
        requires=("ataque-poderoso",),
        es="Ataque poderoso 2: Requiere el anterior. La defensa sólo disminuye en 1.",
        en="Power attack 2: Requires the previous one. Defense only drops by 1.",
    ),
    _maneuver(
        "Ataque poderoso 3",
        "Power attack 3",
        family="ataque-poderoso",
        tier=3,
        requires=("ataque-poderoso-2",),
        es="Ataque poderoso 3: Requiere el anterior. La defensa no disminuye.",
        en="Power attack 3: Requires the previous one. Defense does not drop.",
    ),
    _maneuver(
        "Ataque sostenido",
        "Sustained fire",
        family="ataque-sostenido",
        es=(
            "Ataque sostenido: El luchador usa todas sus acciones de movimiento y estándar del turno "
            "con un arma a distancia disparando a gran velocidad (no puede ser un arma de uso "
            "limitado como granadas, salvo que disponga de toda una caja delante suyo, cosa con la "
            "que el director ha de estar conforme). El luchador gana Superioridad en el ataque. Sin "
            "embargo, tras atacar, el arma queda sin munición y debe ser recargada, como si hubiera "
            "sacado un 1 en la tirada de ataque (ver reglas de equipo). Si el luchador obtiene algún "
            "20 en los dados, la munición no se agota. Nota: este ataque sólo puede usarse una vez "
            "por escena, salvo que la munición no se llegue a agotar. No importa que el luchador "
            "tenga varias armas. Una escena puede ser desde un cambio de lugar de los personajes o un "
            "cambio de planta en una gran base espacial, a discreción del narrador. Si un jugador "
            "trata de abusar, permitirlo únicamente una vez por sesión."
        ),
        en=(
            "Sustained fire: The fighter uses all their move and standard actions of the turn with a "
            "ranged weapon, firing at great speed (it cannot be a limited-use weapon such as "
            "grenades, unless they have a whole crate in front of them, which the game master must "
            "agree to). The fighter gains Superiority on the attack. However, after attacking, the "
            "weapon is out of ammunition and must be reloaded, as if they had rolled a 1 on the "
            "attack (see the equipment rules). If the fighter rolls any 20 on the dice, the "
            "ammunition does not run out. Note: this attack can only be used once per scene, unless "
            "the ammunition does not run out. It does not matter if the fighter has several weapons. "
            "A scene can be anything from the characters changing place to moving to another floor of "
            "a large space base, at the narrator's discretion. If a player tries to abuse it, allow "
            "it only once per session."
        ),
    ),
    _maneuver(
        "Ataque sostenido 2",
        "Sustained fire 2",
        family="ataque-sostenido",
        tier=2,
        requires=("ataque-sostenido",),
        es=(
            "Ataque sostenido 2: Requiere la anterior. Si la tirada de uno de los d20 es 19+ la "
            "munición no se agota."
        ),
        en=(
            "Sustained fire 2: Requires the previous one. If one of the d20s shows 19+, the "
            "ammunition does not run out."
        ),
    ),
    _maneuver(
        "Ataque sostenido 3",
        "Sustained fire 3",
        family="ataque-sostenido",
        tier=3,
        requires=("ataque-sostenido-2",),
        es=(
            "Ataque sostenido 3: Requiere la anterior. Si la tirada de uno de los d20 es 18+ la "
            "munición no se agota."
        ),
        en=(
            "Sustained fire 3: Requires the previous one. If one of the d20s shows 18+, the "
            "ammunition does not run out."
        ),
    ),
    _maneuver(
        "Ataque brutal",
        "Brutal attack",
        family="ataque-brutal",
        es=(
            "Ataque brutal: Requiere el uso de un arma de cuerpo a cuerpo a dos manos para funcionar. "
            "Cuando el luchador gasta 1 punto de Héroe para ganar Superioridad en el ataque, además "
            'gana el superpoder "ataque penetrante" (recordar que los superpoderes no son '
            "acumulables)."
        ),
        en=(
            "Brutal attack: Needs a two-handed melee weapon to work. When the fighter spends 1 Hero "
            'point to gain Superiority on the attack, they also gain the "penetrating attack" '
            "superpower (remember that superpowers do not stack)."
        ),
    ),
    _maneuver(
        "Ataque brutal 2",
        "Brutal attack 2",
        family="ataque-brutal",
        tier=2,
        requires=("ataque-brutal",),
        es=(
            'Ataque brutal 2: Requiere la anterior. Gana "ataque penetrante" cada vez que tiene Superioridad.'
        ),
        en=(
            'Brutal attack 2: Requires the previous one. Gains "penetrating attack" every time they '
            "have Superiority."
        ),
    ),
    _maneuver(
        "Ataque brutal 3",
        "Brutal attack 3",
        family="ataque-brutal",
        tier=3,
        requires=("ataque-brutal-2",),
        es=(
            'Ataque brutal 3: Requiere la anterior. Gana "ataque penetrante" cada vez que ataque sin '
            "Inferioridad."
        ),
        en=(
            'Brutal attack 3: Requires the previous one. Gains "penetrating attack" every time they '
            "attack without Inferiority."
        ),
    ),
    _maneuver(
        "Ataque brutal de ráfaga",
        "Brutal burst attack",
        family="ataque-brutal-de-rafaga",
        es=(
            "Ataque brutal de ráfaga. Requiere de un arma de ráfaga o que el luchador tenga dos armas "
            "(de distancia). Cuando el luchador gasta 1 punto de Héroe para ganar Superioridad en el "
            'ataque, además gana el superpoder "ataque penetrante" (recordar que los superpoderes no '
            "son acumulables)."
        ),
        en=(
            "Brutal burst attack. Needs a burst weapon, or the fighter having two (ranged) weapons. "
            "When the fighter spends 1 Hero point to gain Superiority on the attack, they also gain "
            'the "penetrating attack" superpower (remember that superpowers do not stack).'
        ),
    ),
    _maneuver(
        "Ataque brutal de ráfaga 2",
        "Brutal burst attack 2",
        family="ataque-brutal-de-rafaga",
        tier=2,
        requires=("ataque-brutal-de-rafaga",),
        es=(
            'Ataque brutal de ráfaga 2: Requiere la anterior. Gana "ataque penetrante" cada vez que '
            "tiene Superioridad."
        ),
        en=(
            'Brutal burst attack 2: Requires the previous one. Gains "penetrating attack" every time '
            "they have Superiority."
        ),
    ),
    _maneuver(
        "Ataque brutal de ráfaga 3",
        "Brutal burst attack 3",
        family="ataque-brutal-de-rafaga",
        tier=3,
        requires=("ataque-brutal-de-rafaga-2",),
        es=(
            'Ataque brutal de ráfaga 3: Requiere la anterior. Gana "ataque penetrante" cada vez que '
            "ataque sin Inferioridad."
        ),
        en=(
            'Brutal burst attack 3: Requires the previous one. Gains "penetrating attack" every time '
            "they attack without Inferiority."
        ),
    ),
    _maneuver(
        "Ataque doble",
        "Double attack",
        family="ataque-doble",
        es=(
            "Ataque doble. El luchador usa todas sus acciones estándar del turno y realiza 2 ataques "
            "con Inferioridad, a dos objetivos diferentes o al mismo, que estén en cuerpo a cuerpo "
            "contra él (si el ataque es de cuerpo a cuerpo) o a menos de 3 metros entre sí o al mismo "
            "(si el ataque es a distancia). Los enemigos ganan Superioridad cuando atacan a este "
            "luchador, salvo que el luchador empuñe dos armas, o un arma doble, o un arma de ráfaga."
        ),
        en=(
            "Double attack. The fighter uses all their standard actions of the turn and makes 2 "
            "attacks with Inferiority, against two different targets or the same one, that are in "
            "melee with them (if the attack is melee) or within 3 metres of each other or the same "
            "one (if the attack is ranged). Enemies gain Superiority when attacking this fighter, "
            "unless the fighter wields two weapons, a double weapon or a burst weapon."
        ),
    ),
    _maneuver(
        "Ataque doble 2",
        "Double attack 2",
        family="ataque-doble",
        tier=2,
        requires=("ataque-doble",),
        es=(
            "Ataque doble 2. Requiere la anterior. Si el luchador combate con dos armas o arma doble "
            "(dos espadas, dos pistolas blaster, etc) gastando 1 pto de Héroe concedería Superioridad "
            "a estos ataques en lugar de a uno sólo."
        ),
        en=(
            "Double attack 2. Requires the previous one. If the fighter fights with two weapons or a "
            "double weapon (two swords, two blaster pistols, etc.), spending 1 Hero point grants "
            "Superiority to both attacks instead of only one."
        ),
    ),
    _maneuver(
        "Ataque doble 3",
        "Double attack 3",
        family="ataque-doble",
        tier=3,
        requires=("ataque-doble-2",),
        es=(
            "Ataque doble 3. Requiere la anterior. Si el luchador combate con dos armas o arma doble "
            "(dos espadas, dos pistolas blaster, etc) gastando 1 pto de Héroe concedería Superioridad "
            'a estos ataques y además aplicaría el superpoder "ataque penetrante".'
        ),
        en=(
            "Double attack 3. Requires the previous one. If the fighter fights with two weapons or a "
            "double weapon (two swords, two blaster pistols, etc.), spending 1 Hero point grants "
            'Superiority to both attacks and also applies the "penetrating attack" superpower.'
        ),
    ),
    _maneuver(
        "Ataque manteniendo la distancia",
        "Attack keeping distance",
        family="ataque-manteniendo-la-distancia",
        es=(
            "Ataque manteniendo la distancia. Requiere el uso de un arma de cuerpo a cuerpo con "
            "alcance extendido (lanzas largas, alabardas, látigos, etc). El luchador no pierde "
            "defensa (sólo la que se pierde cuando no se llega a los 5 ptos de diferencia) contra los "
            "enemigos que le atacan cuerpo a cuerpo cuando gasta 1 pto de Héroe para ganar "
            "Superioridad. Este gasto lo puede realizar fuera de su momento de iniciativa. Esta "
            'maniobra es inefectiva contra ataques con "ataque penetrante".'
        ),
        en=(
            "Attack keeping distance. Needs a melee weapon with extended reach (long spears, "
            "halberds, whips, etc.). The fighter loses no defense (only the loss that happens when "
            "the 5-point margin is not reached) against enemies who attack them in melee when they "
            "spend 1 Hero point to gain Superiority. They can make this spend outside their "
            'initiative. This maneuver does not work against attacks with "penetrating attack".'
        ),
    ),
    _maneuver(
        "Ataque de rango largo 2",
        "Long reach attack 2",
        family="ataque-manteniendo-la-distancia",
        tier=2,
        requires=("ataque-manteniendo-la-distancia",),
        es=(
            "Ataque de rango largo 2. Requiere la anterior. No pierde defensa siempre que tenga Superioridad."
        ),
        en=(
            "Long reach attack 2. Requires the previous one. Loses no defense whenever they have Superiority."
        ),
    ),
    _maneuver(
        "Ataque de rango largo 3",
        "Long reach attack 3",
        family="ataque-manteniendo-la-distancia",
        tier=3,
        requires=("ataque-de-rango-largo-2",),
        es=(
            "Ataque de rango largo 3. Requiere la anterior. No pierde defensa siempre que no tenga "
            "Inferioridad."
        ),
        en=(
            "Long reach attack 3. Requires the previous one. Loses no defense whenever they do not "
            "have Inferiority."
        ),
    ),
    _maneuver(
        "Ataque de distancia a melee",
        "Shooting into melee",
        family="ataque-de-distancia-a-melee",
        es=(
            "Ataque de distancia a melee: Cuando el luchador dispara a un combate cuerpo a cuerpo, no "
            "lo hace con Inferioridad (nota: recordar que los superpoderes pueden atacar a melee sin "
            'problemas, es el "equipo" el que tiene esta restricción). Esta maniobra no es aplicable '
            "con ataques de ráfaga, ni ataques de artillería (andadores, naves espaciales, etc)."
        ),
        en=(
            "Shooting into melee: When the fighter shoots into a melee, they do not do it with "
            "Inferiority (note: remember that superpowers can attack into melee without trouble; it "
            'is "equipment" that has this restriction). This maneuver does not apply to burst attacks '
            "or artillery attacks (walkers, spaceships, etc.)."
        ),
    ),
    _maneuver(
        "Ataque anti cobertura",
        "Anti-cover attack",
        family="ataque-anti-cobertura",
        requires=("retrasar-accion",),
        es=(
            'Ataque anti cobertura: Requiere la maniobra "Retrasar acción". El luchador debe ganar la '
            "iniciativa a su objetivo y retrasar su acción hasta la iniciativa de éste. Si el "
            "objetivo se asoma o sale de la cobertura en la que se encuentra, el luchador entonces le "
            "ataca sin aplicar Inferioridad por cobertura."
        ),
        en=(
            'Anti-cover attack: Requires the "Delay action" maneuver. The fighter must beat their '
            "target's initiative and delay their action until the target's initiative. If the target "
            "leans out or leaves the cover it is in, the fighter attacks it without applying "
            "Inferiority for cover."
        ),
    ),
    _maneuver(
        "Ataque defensivo",
        "Defensive attack",
        family="ataque-defensivo",
        es=(
            "Ataque defensivo: El luchador aplica Inferioridad al ataque de un enemigo a elegir, si "
            "le ataca a él, pero él también gana Inferioridad en su propio ataque. Esta maniobra se "
            "puede declarar cuando le toca actuar a su enemigo o cuando le toca actuar al luchador, "
            "lo que ocurra antes."
        ),
        en=(
            "Defensive attack: The fighter applies Inferiority to the attack of a chosen enemy, if it "
            "attacks them, but they also get Inferiority on their own attack. This maneuver can be "
            "declared when it is the enemy's turn to act or when it is the fighter's, whichever comes "
            "first."
        ),
    ),
    _maneuver(
        "Defensa con escudo",
        "Shield defense",
        family="defensa-con-escudo",
        es=(
            "Defensa con escudo: Requiere del uso de un escudo embrazado. El luchador no pierde 1 de "
            "defensa cuando un ataque le impacta pero no causa éxito cuando el luchador que le ha "
            "atacado tiene el mismo valor de ataque o menos que el suyo (por ejemplo si el valor del "
            "atacante es +10 y el del defensor es +8, entonces no hay suerte). Además, el atacante "
            "suma a ese valor comparativo +2 por cada Superioridad que tenga y resta -2 por cada "
            "Inferioridad. Esto no funciona contra ataques penetrantes (ver el superpoder), a menos "
            "que el escudo tenga inmunidad contra ese tipo de ataques. Ni si el defensor no es "
            "consciente del ataque (normalmente porque hay Sorpresa o porque le atacaron por la "
            "espalda o le cegaron). Ni si el ataque proviene de un arma muy superior como un blaster "
            "de un andador, nave espacial, tanque, etc. Usar esta maniobra cuenta como estar usando "
            "armadura (ver arquetipos como Artista Marcial, Bravo, Granuja, o el Código Jedi)."
        ),
        en=(
            "Shield defense: Needs a strapped-on shield. The fighter does not lose 1 defense when an "
            "attack hits them without a success, when the attacker has the same attack value as "
            "theirs or lower (for example, if the attacker's value is +10 and the defender's is +8, "
            "no luck). Also, the attacker adds +2 to that compared value per Superiority they have "
            "and subtracts 2 per Inferiority. This does not work against penetrating attacks (see the "
            "superpower), unless the shield has immunity against that kind of attack. Nor if the "
            "defender is unaware of the attack (usually because of Surprise or because they were "
            "attacked from behind or blinded). Nor if the attack comes from a far superior weapon "
            "such as the blaster of a walker, spaceship, tank, etc. Using this maneuver counts as "
            "wearing armour (see archetypes such as Martial Artist, Brave, Rogue, or the Jedi Code)."
        ),
    ),
    _maneuver(
        "Defensa con escudo 2",
        "Shield defense 2",
        family="defensa-con-escudo",
        tier=2,
        requires=("defensa-con-escudo",),
        es=(
            "Defensa con escudo 2: Requiere la anterior. El defensor suma +2 a su valor de ataque a "
            "la hora de comparar los valores de ataque de ambos."
        ),
        en=(
            "Shield defense 2: Requires the previous one. The defender adds +2 to their attack value "
            "when comparing both attack values."
        ),
    ),
    _maneuver(
        "Defensa con escudo 3",
        "Shield defense 3",
        family="defensa-con-escudo",
        tier=3,
        requires=("defensa-con-escudo-2",),
        es=(
            "Defensa con escudo 3: Requiere la anterior. El defensor suma +4 (en lugar de +2) a su "
            "valor de ataque a la hora de comparar los valores de ataque de ambos."
        ),
        en=(
            "Shield defense 3: Requires the previous one. The defender adds +4 (instead of +2) to "
            "their attack value when comparing both attack values."
        ),
    ),
    _maneuver(
        "Defensa total",
        "Total defense",
        family="defensa-total",
        es=(
            "Defensa total: El luchador usa todas sus acciones del turno menos las gratuitas para "
            "aplicar Inferioridad a los ataques de sus enemigos. Esta maniobra se declara al "
            "principio del turno."
        ),
        en=(
            "Total defense: The fighter uses all their actions of the turn except the free ones to "
            "apply Inferiority to their enemies' attacks. This maneuver is declared at the start of "
            "the turn."
        ),
    ),
    _maneuver(
        "Defensa total 2",
        "Total defense 2",
        family="defensa-total",
        tier=2,
        requires=("defensa-total",),
        es="Defensa total 2: Requiere la anterior. El luchador no usa una acción de movimiento.",
        en="Total defense 2: Requires the previous one. The fighter does not use a move action.",
    ),
    _maneuver(
        "Defensa total 3",
        "Total defense 3",
        family="defensa-total",
        tier=3,
        requires=("defensa-total-2",),
        es="Defensa total 3: Requiere la anterior. El luchador sólo usa sus acciones estándar.",
        en=("Total defense 3: Requires the previous one. The fighter only uses their standard actions."),
    ),
    _maneuver(
        "Defensa a la carrera",
        "Defense on the run",
        family="defensa-a-la-carrera",
        es=(
            "Defensa a la carrera: El luchador usa todas sus acciones estándar del turno para aplicar "
            "Inferioridad a los ataques de sus enemigos que sean a distancia. Esta maniobra se "
            "declara al principio del turno pero el movimiento de querer hacerlo no se aplicará hasta "
            "que le toque al luchador."
        ),
        en=(
            "Defense on the run: The fighter uses all their standard actions of the turn to apply "
            "Inferiority to their enemies' ranged attacks. This maneuver is declared at the start of "
            "the turn, but the movement of wanting to do so is not applied until it is the fighter's "
            "turn."
        ),
    ),
    _maneuver(
        "Defensa a la carrera 2",
        "Defense on the run 2",
        family="defensa-a-la-carrera",
        tier=2,
        requires=("defensa-a-la-carrera",),
        es="Defensa a la carrera 2: Requiere la anterior. El luchador aplica Doble Inferioridad.",
        en="Defense on the run 2: Requires the previous one. The fighter applies Double Inferiority.",
    ),
    _maneuver(
        "Defensa a la carrera 3",
        "Defense on the run 3",
        family="defensa-a-la-carrera",
        tier=3,
        requires=("defensa-a-la-carrera-2",),
        es="Defensa a la carrera 3: Requiere la anterior. El luchador aplica Triple Inferioridad.",
        en="Defense on the run 3: Requires the previous one. The fighter applies Triple Inferiority.",
    ),
    _maneuver(
        "Retrasar acción",
        "Delay action",
        family="retrasar-accion",
        es=(
            "Retrasar acción: El luchador en lugar de actuar en su iniciativa puede retrasar su "
            "acción hasta justo antes o después de otro luchador (amigo u enemigo)."
        ),
        en=(
            "Delay action: Instead of acting on their initiative, the fighter can delay their action "
            "until just before or after another fighter (friend or foe)."
        ),
    ),
    _maneuver(
        "Agarrón",
        "Grapple",
        family="agarron",
        es=(
            "Agarrón: El luchador usa todas sus acciones del turno menos las gratuitas y de "
            "comunicación para realizar un intento de agarrar en cuerpo a cuerpo que funciona como el "
            "poder de Agarrar a Distancia. Los enemigos ganan Superioridad contra este luchador."
        ),
        en=(
            "Grapple: The fighter uses all their actions of the turn except the free and "
            "communication ones to make a melee grab attempt that works like the Ranged grab power. "
            "Enemies gain Superiority against this fighter."
        ),
    ),
    _maneuver(
        "Agarrón 2",
        "Grapple 2",
        family="agarron",
        tier=2,
        requires=("agarron",),
        es="Agarrón 2: Requiere la anterior. El luchador no usa las acciones de movimiento.",
        en="Grapple 2: Requires the previous one. The fighter does not use the move actions.",
    ),
    _maneuver(
        "Agarrón 3",
        "Grapple 3",
        family="agarron",
        tier=3,
        requires=("agarron-2",),
        es="Agarrón 3: Requiere la anterior. El luchador sólo usa las acciones estándar.",
        en="Grapple 3: Requires the previous one. The fighter only uses the standard actions.",
    ),
    _maneuver(
        "Desarmar",
        "Disarm",
        family="desarmar",
        es=(
            "Desarmar: El luchador puede realizar un ataque, basado en Corpulencia o Agilidad, lo que "
            "prefiera, contra el arma de un enemigo. Si logra causar daño, no lo causa sino que el "
            "oponente es desarmado. El arma cae al suelo. Si el arma es sujetada a 2 manos se "
            "aplicaría Inferioridad. No resta defensa."
        ),
        en=(
            "Disarm: The fighter can make an attack, based on Brawn or Agility as they prefer, "
            "against an enemy's weapon. If it would deal damage, it does not; instead the opponent is "
            "disarmed. The weapon falls to the ground. If the weapon is held in 2 hands, Inferiority "
            "applies. It does not lower defense."
        ),
    ),
    _maneuver(
        "Desarmar 2",
        "Disarm 2",
        family="desarmar",
        tier=2,
        requires=("desarmar",),
        es="Desarmar 2: Requiere la anterior. Puede restar defensa.",
        en="Disarm 2: Requires the previous one. It can lower defense.",
    ),
    _maneuver(
        "Tumbar",
        "Trip",
        family="tumbar",
        es=(
            "Tumbar: El luchador puede realizar un ataque, basado en Corpulencia o Agilidad, lo que "
            "prefiera, que si causa daño, en lugar de hacerlo tumba al enemigo. Si el enemigo tiene 4 "
            "o más patas, o su tamaño es superior al del luchador, se aplica Inferioridad. Dos "
            "categorías de tamaño más implica que no puede intentar tumbarlo. En ningún caso este "
            "ataque resta a la defensa porque no llega a hacer daño. Si el ataque falla por 5 o más, "
            "entonces el propio luchador cae tumbado."
        ),
        en=(
            "Trip: The fighter can make an attack, based on Brawn or Agility as they prefer, which, "
            "if it would deal damage, knocks the enemy down instead. If the enemy has 4 or more legs, "
            "or is bigger than the fighter, Inferiority applies. Two size categories more means they "
            "cannot try to knock it down. This attack never lowers defense, because it never deals "
            "damage. If the attack misses by 5 or more, the fighter falls down themselves."
        ),
    ),
    _maneuver(
        "Tumbar 2",
        "Trip 2",
        family="tumbar",
        tier=2,
        requires=("tumbar",),
        es="Tumbar 2: Requiere la anterior. Puede restar defensa.",
        en="Trip 2: Requires the previous one. It can lower defense.",
    ),
    _maneuver(
        "Tumbar 3",
        "Trip 3",
        family="tumbar",
        tier=3,
        requires=("tumbar-2",),
        es="Tumbar 3: Requiere la anterior. El luchador sólo cae tumbado si falla por 10 o más.",
        en=("Trip 3: Requires the previous one. The fighter only falls down if they miss by 10 or more."),
    ),
    _maneuver(
        "Aturdir",
        "Stun",
        family="aturdir",
        es=(
            "Aturdir: Los ataques del luchador no hacen daño, sino que aplican Inferioridad a los "
            "ataques del oponente durante 1 turno, si obtuvieron algún éxito. Y no restan a la "
            "defensa en ningún caso."
        ),
        en=(
            "Stun: The fighter's attacks deal no damage, but apply Inferiority to the opponent's "
            "attacks for 1 turn, if they scored any success. And they never lower defense."
        ),
    ),
    _maneuver(
        "Aturdir 2",
        "Stun 2",
        family="aturdir",
        tier=2,
        requires=("aturdir",),
        es="Aturdir 2: Requiere la anterior. Sí pueden restar defensa.",
        en="Stun 2: Requires the previous one. They can lower defense.",
    ),
    _maneuver(
        "Empujar",
        "Push",
        family="empujar",
        es=(
            "Empujar: Realizar un ataque cuerpo a cuerpo que no causa daño real ni disminuye la "
            'defensa a "no esbirros" (pero sí a esbirros como por ejemplo, stormtroopers). Si se '
            "consiguen éxitos, el oponente es desplazado 1'5 metros x número de heridas que habría "
            "recibido, en dirección contraria al luchador."
        ),
        en=(
            "Push: Make a melee attack that deals no real damage and does not lower the defense of "
            '"non-minions" (but does lower it for minions, such as stormtroopers). On a success, the '
            "opponent is pushed 1.5 metres × the number of wounds they would have taken, away from "
            "the fighter."
        ),
    ),
    _maneuver(
        "Empujar 2",
        "Push 2",
        family="empujar",
        tier=2,
        requires=("empujar",),
        es="Empujar 2: Requiere la anterior. Sí resta defensa.",
        en="Push 2: Requires the previous one. It does lower defense.",
    ),
    _maneuver(
        "Empujar 3",
        "Push 3",
        family="empujar",
        tier=3,
        requires=("empujar-2",),
        es="Empujar 3: Requiere la anterior. El luchador elige la dirección en la que empuja.",
        en="Push 3: Requires the previous one. The fighter chooses the direction of the push.",
    ),
    _maneuver(
        "Estudiar objetivo 1",
        "Study target 1",
        family="estudiar-objetivo",
        requires_attributes=(AttributeRequirement(any_of=("inteligencia", "percepcion")),),
        es=(
            "Estudiar objetivo 1: Mediante un estudio de los puntos débiles de una víctima, que "
            "consume 1 acción de movimiento y 1 acción de objeto (porque es necesario estudiar su "
            "equipo), el personaje causa daño especial con sus ataques mundanos de cuerpo a cuerpo "
            "durante toda la duración del combate contra ese oponente. Sólo puede mantenerse un "
            "objetivo estudiado a la vez. Requiere que la Inteligencia, o la Percepción (a elegir) "
            "sea atributo destacable."
        ),
        en=(
            "Study target 1: By studying a victim's weak points, which takes 1 move action and 1 "
            "object action (because their equipment must be studied), the character deals special "
            "damage with their mundane melee attacks for the whole fight against that opponent. Only "
            "one target can be kept studied at a time. Requires Intelligence or Perception (player's "
            "choice) to be an outstanding attribute."
        ),
    ),
    _maneuver(
        "Estudiar objetivo 2",
        "Study target 2",
        family="estudiar-objetivo",
        tier=2,
        requires=("estudiar-objetivo-1",),
        requires_attributes=(AttributeRequirement(any_of=("inteligencia", "percepcion")),),
        es="Estudiar objetivo 2: Requiere el anterior. El ataque puede ser realizado a distancia.",
        en="Study target 2: Requires the previous one. The attack can be made at range.",
    ),
    _maneuver(
        "Provocar choque",
        "Cause a collision",
        family="provocar-choque",
        es=(
            "Provocar choque: El personaje usa su acción estándar, una acción de movimiento y una de "
            "comunicación para que su oponente se golpee contra un objeto rígido y se lastime, "
            "pudiendo también dañar el objeto (nota: el objeto rígido contra el que choca sólo puede "
            "ser un enemigo si está previamente inmovilizado). Esto se considera un ataque por parte "
            "del personaje, por lo que usa su propio nivel (usa Agilidad). Normalmente es un ataque "
            "mundano a menos que el oponente cuente con un supermovimiento o superfuerza, en cuyo "
            "caso el ataque se considera especial (a discreción del director). Tras cada uso con "
            "éxito el usuario aplica Inferioridad (acumulativamente) para esta misma maniobra contra "
            "ese mismo objetivo durante el mismo día (porque el objetivo aprende a evitarla)."
        ),
        en=(
            "Cause a collision: The character uses their standard action, a move action and a "
            "communication action to make their opponent crash into a rigid object and hurt "
            "themselves, possibly also damaging the object (note: the rigid object it crashes into "
            "can only be an enemy if that enemy is already immobilized). This counts as an attack by "
            "the character, so it uses their own level (it uses Agility). It is usually a mundane "
            "attack, unless the opponent has super-movement or super-strength, in which case the "
            "attack counts as special (at the game master's discretion). After each successful use, "
            "the user applies Inferiority (cumulatively) to this same maneuver against that same "
            "target for the rest of the day (because the target learns to avoid it)."
        ),
    ),
    _maneuver(
        "Provocar ataque a otro objetivo",
        "Provoke an attack on another target",
        family="provocar-ataque-a-otro-objetivo",
        es=(
            "Provocar ataque a otro objetivo: El personaje gasta 1 punto de Héroe y usa su acción "
            "estándar, una acción de movimiento y una de comunicación para que su oponente golpee o "
            "ataque a un objetivo determinado por el personaje. El enemigo realiza un ataque usando "
            "sus propios poderes o maniobras, a discreción del director (normalmente el enemigo usa "
            "su mejor poder de ataque). Este ataque es un ataque extra, no reduce por tanto el número "
            "de ataques habitual del enemigo. Notar que si un personaje gasta 1 pto de Héroe para "
            "ganar esta maniobra porque no la tiene, después tendrá que gastar otro punto de Héroe "
            "para activarla. Esta maniobra sólo puede ser exitosa una vez por combate contra un mismo "
            "objetivo. Los héroes benignos a juicio del director pueden gastar 1 pto de Héroe para "
            "anular la maniobra (para evitar casos como que les fuercen a atacar a inocentes)."
        ),
        en=(
            "Provoke an attack on another target: The character spends 1 Hero point and uses their "
            "standard action, a move action and a communication action to make their opponent hit or "
            "attack a target chosen by the character. The enemy makes an attack using their own "
            "powers or maneuvers, at the game master's discretion (usually the enemy uses their best "
            "attack power). This attack is an extra attack, so it does not reduce the enemy's usual "
            "number of attacks. Note that if a character spends 1 Hero point to gain this maneuver "
            "because they lack it, they then have to spend another Hero point to activate it. This "
            "maneuver can only succeed once per combat against the same target. Benign heroes, in the "
            "game master's judgement, can spend 1 Hero point to cancel the maneuver (to avoid cases "
            "such as being forced to attack innocents)."
        ),
    ),
    _maneuver(
        "Golpe en los nervios",
        "Nerve strike",
        family="golpe-en-los-nervios",
        es=(
            "Golpe en los nervios: Este ataque cuerpo a cuerpo realizado con las manos sólo funciona "
            "contra seres vivos que no tienen superdefensas o armaduras mundanas que cubran todo el "
            "cuerpo. El ataque se considerará un ataque especial."
        ),
        en=(
            "Nerve strike: This bare-handed melee attack only works against living beings that have "
            "no superdefenses or mundane armour covering the whole body. The attack counts as a "
            "special attack."
        ),
    ),
    _maneuver(
        "Desmoralizar",
        "Demoralize",
        family="desmoralizar",
        requires_attributes=(AttributeRequirement(any_of=("presencia",)),),
        es=(
            "Desmoralizar: El personaje usa una acción estándar y otra de comunicación (tienen que "
            "entender el mismo idioma), realizando un ataque mundano (que no se puede convertir en "
            "especial usando maniobras de combate, ni ganar Superioridad usando ventajas) basado en "
            "Presencia. Este ataque resta puntos de vida normalmente aunque es una pérdida emocional "
            "(no resta defensa). El director puede determinar si el enemigo que pierde este tipo de "
            "puntos de vida y llega a cero se rinde o bien huye. Se requiere que la Presencia sea un "
            "atributo destacable."
        ),
        en=(
            "Demoralize: The character uses a standard action and a communication action (they must "
            "understand the same language), making a mundane attack (which cannot be made special "
            "with combat maneuvers nor gain Superiority from advantages) based on Presence. This "
            "attack takes hit points as usual, although the loss is emotional (it does not lower "
            "defense). The game master can decide whether an enemy who loses this kind of hit points "
            "and reaches zero surrenders or flees. Presence must be an outstanding attribute."
        ),
    ),
    _maneuver(
        "Cegar",
        "Blind",
        family="cegar",
        es=(
            "Cegar: La mecánica de esta maniobra es idéntica a la de Aturdir, pero requiere el gasto "
            "de 1 punto de Héroe cuando tiene éxito. El objetivo aturdido de esta forma no puede ver "
            "ni realizar ataques a distancia salvo que el director crea que puede localizar a su "
            "oponente. Sí puede atacar cuerpo a cuerpo (aplicando la Inferioridad implícita a las "
            "reglas de aturdimiento). A discreción del director la maniobra puede resultar inútil "
            "tras el primer uso con éxito porque el objetivo puede protegerse."
        ),
        en=(
            "Blind: This maneuver works exactly like Stun, but requires spending 1 Hero point when it "
            "succeeds. A target stunned this way cannot see nor make ranged attacks unless the game "
            "master thinks they can locate their opponent. They can attack in melee (applying the "
            "Inferiority implied by the stun rules). At the game master's discretion the maneuver may "
            "become useless after its first successful use, because the target can protect itself."
        ),
    ),
    _maneuver(
        "Agotar",
        "Exhaust",
        family="agotar",
        requires_attributes=(AttributeRequirement(any_of=("inteligencia",)),),
        es=(
            "Agotar: El personaje usa una acción estándar realizando un ataque mundano (que no se "
            "puede convertir en especial usando maniobras de combate, ni ganar Superioridad usando "
            "ventajas) basado en Inteligencia. Si impacta, este ataque NO resta puntos de vida sino "
            "que disminuye la defensa del objeto en 1 + 1 por cada éxito obtenido. Se requiere que la "
            "Inteligencia sea un atributo destacable. A discreción del director esta maniobra puede "
            "ser inefectiva contra el objetivo, si este tiene una reserva de energía inagotable, en "
            "cuyo caso como mucho reduciría la defensa en 1 punto."
        ),
        en=(
            "Exhaust: The character uses a standard action to make a mundane attack (which cannot be "
            "made special with combat maneuvers nor gain Superiority from advantages) based on "
            "Intelligence. If it hits, this attack does NOT take hit points but lowers the target's "
            "defense by 1 + 1 per success scored. Intelligence must be an outstanding attribute. At "
            "the game master's discretion this maneuver may not work against a target with an "
            "inexhaustible energy reserve, in which case it lowers defense by 1 point at most."
        ),
    ),
    _maneuver(
        "Agotar 2",
        "Exhaust 2",
        family="agotar",
        tier=2,
        requires=("agotar",),
        requires_attributes=(AttributeRequirement(any_of=("inteligencia",)),),
        es="Agotar 2: Requiere la anterior. Hace la tirada con Superioridad.",
        en="Exhaust 2: Requires the previous one. Makes the roll with Superiority.",
    ),
    _maneuver(
        "Agotar 3",
        "Exhaust 3",
        family="agotar",
        tier=3,
        requires=("agotar-2",),
        requires_attributes=(AttributeRequirement(any_of=("inteligencia",)),),
        es="Agotar 3: Requiere la anterior. Hace la tirada con Doble Superiodad.",
        en="Exhaust 3: Requires the previous one. Makes the roll with Double Superiority.",
    ),
    _maneuver(
        "Escapismo",
        "Escape artist",
        family="escapismo",
        es=(
            "Escapismo: Gana superioridad en intentos de liberarse de agarrones. Además puede "
            "liberarse usando una acción de objeto (sigue limitado a un intento por turno)."
        ),
        en=(
            "Escape artist: Gains Superiority on attempts to break free of grabs. Also, they can "
            "break free using an object action (still limited to one attempt per turn)."
        ),
    ),
    _maneuver(
        "Escapismo 2",
        "Escape artist 2",
        family="escapismo",
        tier=2,
        requires=("escapismo",),
        es=(
            "Escapismo 2: Requiere la anterior. Puede intentar liberarse dos veces, primero con la "
            "acción de movimiento y luego con la de objeto."
        ),
        en=(
            "Escape artist 2: Requires the previous one. Can try to break free twice, first with the "
            "move action and then with the object action."
        ),
    ),
    _maneuver(
        "Parada",
        "Parry",
        family="parada",
        es=(
            "Parada: Esta es una maniobra mundana usable para defenderse contra ataques cuerpo a "
            "cuerpo. Se declara al principio del turno, sacrificándose 1 maniobra estándar y lo que "
            "hace es incrementar en 1/4 la defensa mundana. No se acumula con defensas especiales, "
            "pero sí con armadura mundana. Si el usuario dispone de un escudo, el director puede "
            "permitirle aplicar la maniobra contra ciertos tipos de ataque mundanos (flechas, "
            "piedras, javalinas, etc, pero no contra armas de fuego, blasters y ese tipo de armas más "
            "avanzadas)."
        ),
        en=(
            "Parry: This is a mundane maneuver used to defend against melee attacks. It is declared "
            "at the start of the turn, giving up 1 standard maneuver, and it raises mundane defense "
            "by ¼. It does not stack with special defenses, but it does with mundane armour. If the "
            "user has a shield, the game master can let them apply the maneuver against some kinds of "
            "mundane attacks (arrows, stones, javelins, etc., but not against firearms, blasters and "
            "such more advanced weapons)."
        ),
    ),
    _maneuver(
        "Esquiva",
        "Dodge",
        family="esquiva",
        es=(
            "Esquiva: Como la anterior, pero usable para defenderse contra ataques a distancia o "
            "cuerpo a cuerpo. Se sacrifica lo mismo que la maniobra anterior y además una acción de "
            "movimiento."
        ),
        en=(
            "Dodge: Like the previous one, but usable to defend against ranged or melee attacks. It "
            "gives up the same as the previous maneuver plus a move action."
        ),
    ),
    _maneuver(
        "Imparable",
        "Unstoppable",
        family="imparable",
        es="Imparable: El luchador o arma que tenga esta maniobra ignora la maniobra de Parada.",
        en="Unstoppable: The fighter or weapon that has this maneuver ignores the Parry maneuver.",
    ),
    _maneuver(
        "Mostrar punto débil",
        "Show weak spot",
        family="mostrar-punto-debil",
        requires_attributes=(AttributeRequirement(any_of=("inteligencia", "percepcion")),),
        es=(
            "Mostrar punto débil: Requiere que la Inteligencia o bien la Percepción sea atributo "
            "destacable. Requiere del uso de una acción de movimiento, una acción estándar y una "
            'acción de comunicación. Funciona como la ventaja "Trabajo en equipo" pero limitado al '
            "combate. Es decir, que se puede usar para darle Superioridad al siguiente ataque de un "
            'compañero. Nota: al contrario que con "Trabajo en equipo", el usuario no necesita tener '
            "ataque mundano o especial para poder usarla."
        ),
        en=(
            "Show weak spot: Requires Intelligence or Perception to be an outstanding attribute. "
            "Takes a move action, a standard action and a communication action. Works like the "
            '"Teamwork" advantage, but limited to combat. That is, it can be used to give Superiority '
            'to a companion\'s next attack. Note: unlike "Teamwork", the user does not need to have a '
            "mundane or special attack to use it."
        ),
    ),
    _maneuver(
        "Mostrar punto débil 2",
        "Show weak spot 2",
        family="mostrar-punto-debil",
        tier=2,
        requires=("mostrar-punto-debil",),
        requires_attributes=(AttributeRequirement(any_of=("inteligencia", "percepcion")),),
        es=(
            "Mostrar punto débil 2: Requiere el anterior. Funciona como el anterior, pero si el "
            "usuario gasta 2 puntos de héroe, le da Superioridad al siguiente ataque de otro aliado "
            "adicional."
        ),
        en=(
            "Show weak spot 2: Requires the previous one. Works like the previous one, but if the "
            "user spends 2 hero points, it gives Superiority to the next attack of one more ally."
        ),
    ),
)

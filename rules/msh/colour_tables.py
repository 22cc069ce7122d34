"""Acciones defensivas and Resultados Especiales de la Tabla de Combate, each with its ability
and its four colours as the seed writes them, and the special maneuvers by name."""

from __future__ import annotations

from .catalogue_types import Table4, _results

DEFENSIVE = "Acciones defensivas"
DEFENSIVE_ACTIONS: tuple[Table4, ...] = (
    Table4(
        "evade",
        "Evadirse",
        "Evading",
        "fighting",
        _results(
            (
                "fail",
                "Fallo. El defensor se lanza sobre el atacante, y convierte un posible resultado blanco en uno verde.",
                "Fail: the defender lunges into the attacker, turning a white result into green.",
            ),
            (
                "evaded",
                "Éxito. El defensor esquiva y no recibe daño ese turno.",
                "The defender evades and takes no damage this turn.",
            ),
            (
                "evaded-1",
                "Evasión afortunada… atacar con +1 columna el turno siguiente.",
                "Lucky evasion: +1 column to attack next turn.",
            ),
            (
                "evaded-2",
                "Igual que el amarillo, pero con un +2 a la columna.",
                "As yellow, with +2 columns.",
            ),
        ),
        f"{DEFENSIVE} › Evadirse",
        "Contra ataques cuerpo a cuerpo y de lucha libre; se anuncia al principio del turno.",
        "Against melee and wrestling attacks; announced at the start of the turn.",
    ),
    Table4(
        "dodge",
        "Esquivar",
        "Dodging",
        "agility",
        _results(
            (
                "fail",
                "Fallo. Se mantiene la penalización, pero no se esquiva.",
                "Fail: the penalty stays, nothing is dodged.",
            ),
            (
                "dodge-2",
                "Éxito. Todos los ataques a distancia tienen un -2 para acertar.",
                "Every ranged attack has −2 columns.",
            ),
            ("dodge-4", "Todos los ataques a distancia tienen un -4.", "Every ranged attack has −4 columns."),
            (
                "dodge-6",
                "Todos los ataques a distancia tienen un – 6.",
                "Every ranged attack has −6 columns.",
            ),
        ),
        f"{DEFENSIVE} › Esquivar",
        "Contra ataques a distancia y cargas; se tira al anunciarse; otra acción con -2 columnas.",
        "Against ranged attacks and charges; rolled when announced; another action at −2 columns.",
    ),
    Table4(
        "block",
        "Bloqueo",
        "Blocking",
        "strength",
        _results(
            (
                "block-6",
                "Reduce la Fuerza en 6 columnas. Esa es la Armadura Corporal que se obtiene.",
                "Strength less 6 columns is the Body Armor gained.",
            ),
            ("block-4", "Reduce la Fuerza en 4 columnas.", "Strength less 4 columns."),
            ("block-2", "Reduce la Fuerza en 2 columnas.", "Strength less 2 columns."),
            ("block-1", "Reduce la Fuerza en 1 columna.", "Strength less 1 column."),
        ),
        f"{DEFENSIVE} › Bloqueo",
        "Contra ataques físicos; no se puede hacer otra acción; Armadura Corporal de un turno.",
        "Against physical attacks; no other action; Body Armor for one turn.",
    ),
    Table4(
        "escape",
        "Escape",
        "Escaping",
        "strength",
        _results(
            ("held", "El intento falla y el defensor sigue sujeto.", "The attempt fails; still held."),
            ("held", "El intento falla y el defensor sigue sujeto.", "The attempt fails; still held."),
            (
                "free",
                "El defensor se libera y queda adyacente a su enemigo.",
                "Free, and adjacent to the enemy.",
            ),
            (
                "free-away",
                "El defensor se libera y puede o alejarse o intentar un ataque con un -2.",
                "Free, and may move away or attack at −2.",
            ),
        ),
        f"{DEFENSIVE} › Escape",
        "Para liberarse de sujeciones; sin penalización por sujeción parcial.",
        "To break free of holds; no partial-hold penalty.",
    ),
)
DEFENSIVE_ACTION = {d.slug: d for d in DEFENSIVE_ACTIONS}

SPECIAL = "Resultados Especiales de la Tabla de Combate"
SPECIAL_RESULTS: tuple[Table4, ...] = (
    Table4(
        "slam",
        "Empujón",
        "Slam",
        "endurance",
        _results(
            (
                "grand-slam",
                "El objetivo recibe un gran Empujón que lo desplaza tantas áreas como se movería con la "
                "Fuerza del atacante.",
                "Grand slam: knocked back as many areas as the attacker's Strength moves.",
            ),
            (
                "slam",
                "El objetivo sufre un Empujón normal, que lo desplaza un área.",
                "Slam: knocked back one area.",
            ),
            (
                "no-slam",
                "El objetivo recibe el daño normal, pero no retrocede.",
                "Normal damage, no knockback.",
            ),
            (
                "no-slam",
                "El objetivo recibe el daño normal, pero no retrocede.",
                "Normal damage, no knockback.",
            ),
        ),
        f"{SPECIAL} › Empujón",
    ),
    Table4(
        "stun",
        "Aturdimiento",
        "Stun",
        "endurance",
        _results(
            (
                "stunned-1d10",
                "El objetivo queda aturdido 1D10 turnos, durante los cuales no podrá hacer ninguna acción.",
                "Stunned for 1d10 turns, taking no action.",
            ),
            (
                "stunned-1",
                "El objetivo queda aturdido un turno, durante el que no podrá hacer nada.",
                "Stunned for one turn.",
            ),
            (
                "not-stunned",
                "El objetivo no queda aturdido, pero de todos modos recibe el daño.",
                "Not stunned; damage as normal.",
            ),
            (
                "not-stunned",
                "El objetivo no queda aturdido, pero de todos modos recibe el daño.",
                "Not stunned; damage as normal.",
            ),
        ),
        f"{SPECIAL} › Aturdimiento",
    ),
    Table4(
        "kill",
        "Muerte",
        "Kill",
        "endurance",
        _results(
            (
                "dying",
                "El objetivo pierde un rango en Resistencia. Queda inconsciente y pierde un rango en "
                "Resistencia cada turno.",
                "Loses an Endurance rank, falls unconscious and loses a rank each turn.",
            ),
            (
                "dying-if-lethal",
                "Lo mismo que Blanco, pero únicamente si el ataque era un disparo o un arma cortante.",
                "As white, but only for a shot or an edged weapon; else normal damage.",
            ),
            ("no-kill", "Únicamente se pierde la Salud del ataque.", "Only the attack's Health is lost."),
            ("no-kill", "Únicamente se pierde la Salud del ataque.", "Only the attack's Health is lost."),
        ),
        f"{SPECIAL} › Muerte",
    ),
)
SPECIAL_RESULT = {s.slug: s for s in SPECIAL_RESULTS}

MANEUVERS = "Ataques o maniobras especiales"
# (slug, name_es, name_en, how an action asks for it)
SPECIAL_MANEUVERS: tuple[tuple[str, str, str, str], ...] = (
    ("hold-action", "Reserva de acción", "Holding an action", "declare {type: hold, before, action}"),
    ("pulled-attack", "Ataques moderados", "Pulled attacks", "attack.max_damage / attack.max_colour"),
    ("multiple-targets", "Objetivos múltiples", "Multiple targets", "attack.also_targets (−4 columns)"),
    ("ground-strike", "Golpe al suelo", "Ground strike", "attack.ground_material with energy"),
    ("shock-wave", "Onda de choque", "Shock wave", "attack.ground_material with blunt"),
    ("combined-attack", "Ataque combinado", "Combined attack", "attack.combined_with"),
    ("surprise", "Sorprender", "Surprise", "attack.surprise (+2 columns)"),
    ("interpose", "Interposición", "Interposing", "declare {type: interpose, protect}"),
)

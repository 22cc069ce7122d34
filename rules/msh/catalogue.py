"""The combat table as data: combat types with their ability and four colour results, the
defensive actions, the special maneuvers and the special results, each with the seed's Spanish
name (`name_es` exactly as "Tipos de combate", "Acciones defensivas", "Ataques o maniobras
especiales" and "Resultados Especiales de la Tabla de Combate" write it) and an English one.

`effect` is the stable slug the engine and the attack event use; `text_es` is the seed's line.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ranks import COLOURS, RANKS

MELEE, RANGED, WRESTLING, CHARGE = "melee", "ranged", "wrestling", "charge"
GROUPS = {
    MELEE: ("Cuerpo a cuerpo", "Melee", "fighting"),
    RANGED: ("A distancia", "Ranged", "agility"),
    WRESTLING: ("Lucha", "Wrestling", "strength"),
    CHARGE: ("Carga", "Charging", "endurance"),
}
ABILITIES = ("fighting", "agility", "strength", "endurance", "reason", "intuition", "psyche")
ABILITY_NAMES = {
    "fighting": ("Lucha", "Fighting"),
    "agility": ("Agilidad", "Agility"),
    "strength": ("Fuerza", "Strength"),
    "endurance": ("Resistencia", "Endurance"),
    "reason": ("Razón", "Reason"),
    "intuition": ("Intuición", "Intuition"),
    "psyche": ("Psique", "Psyche"),
}


@dataclass(frozen=True)
class ColourResult:
    colour: str
    effect: str  # miss, hit, slam, stun, kill, bullseye, partial-hold, hold, grab…
    text_es: str
    text_en: str

    def as_dict(self) -> dict:
        return {
            "colour": self.colour,
            "effect": self.effect,
            "text_es": self.text_es,
            "text_en": self.text_en,
        }


def _results(*rows: tuple[str, str, str]) -> tuple[ColourResult, ...]:
    return tuple(ColourResult(colour, *row) for colour, row in zip(COLOURS, rows, strict=True))


@dataclass(frozen=True)
class CombatType:
    slug: str
    name_es: str
    name_en: str
    group: str
    damage_rule: str  # strength, edged, weapon, thrown-edged, thrown-blunt, charge, none
    reduce_damage: bool  # "se puede reducir el daño"
    reduce_result: bool  # "se puede reducir… el resultado / el efecto"
    results: tuple[ColourResult, ...]
    rule: str

    @property
    def ability(self) -> str:
        return GROUPS[self.group][2]

    def result(self, colour: str) -> ColourResult:
        return self.results[COLOURS.index(colour)]

    def as_dict(self) -> dict:
        es, en, _ = GROUPS[self.group]
        return {
            "slug": self.slug,
            "name_es": self.name_es,
            "name_en": self.name_en,
            "group": self.group,
            "group_es": es,
            "group_en": en,
            "ability": self.ability,
            "damage_rule": self.damage_rule,
            "reduce_damage": self.reduce_damage,
            "reduce_result": self.reduce_result,
            "results": [r.as_dict() for r in self.results],
            "rule": self.rule,
        }


MISS_ES, MISS_EN = "Fallo", "Miss"
TYPES = "Tipos de combate"
COMBAT_TYPES: tuple[CombatType, ...] = (
    CombatType(
        "blunt",
        "Contundente",
        "Blunt",
        MELEE,
        "strength",
        True,
        True,
        _results(
            ("miss", MISS_ES, MISS_EN),
            (
                "hit",
                "Éxito. El oponente pierde tanta Salud como la Fuerza del atacante.",
                "Hit: the opponent loses as much Health as the attacker's Strength.",
            ),
            (
                "slam",
                "Lo mismo, pero el defensor puede sufrir un Empujón",
                "The same, and the defender may be Slammed",
            ),
            (
                "stun",
                "Lo mismo, pero el defensor puede sufrir un Aturdimiento",
                "The same, and the defender may be Stunned",
            ),
        ),
        f"{TYPES} › Cuerpo a cuerpo › Contundente",
    ),
    CombatType(
        "edged",
        "Cortante",
        "Edged",
        MELEE,
        "edged",
        False,
        True,
        _results(
            ("miss", MISS_ES, MISS_EN),
            ("hit", "Éxito, se hace el daño comentado arriba.", "Hit: the damage above."),
            (
                "stun",
                "Además del daño, el defensor puede sufrir un Aturdimiento.",
                "Damage, and the defender may be Stunned.",
            ),
            (
                "kill",
                "Además del daño, el defensor puede morir. (Muerte)",
                "Damage, and the defender may die (Kill).",
            ),
        ),
        f"{TYPES} › Cuerpo a cuerpo › Cortante",
    ),
    CombatType(
        "shooting",
        "Disparos",
        "Shooting",
        RANGED,
        "weapon",
        False,
        False,
        _results(
            ("miss", MISS_ES, MISS_EN),
            ("hit", "Éxito. Se hace el daño del arma.", "Hit: the weapon's damage."),
            (
                "bullseye",
                "Diana. Se puede hacer el daño del arma, o describir un efecto no dañino",
                "Bullseye: the weapon's damage, or a non-damaging trick shot",
            ),
            ("kill", "Crítico. El objetivo puede morir.", "Critical: the target may die (Kill)."),
        ),
        f"{TYPES} › A distancia › Disparos",
    ),
    CombatType(
        "thrown-edged",
        "Objetos cortantes arrojados",
        "Thrown edged objects",
        RANGED,
        "thrown-edged",
        True,
        False,
        _results(
            ("miss", MISS_ES, MISS_EN),
            ("hit", "Causa daño.", "Damage."),
            ("stun", "Causa daño y puede aturdir.", "Damage, and may Stun."),
            ("kill", "Causa daño y puede matar.", "Damage, and may Kill."),
        ),
        f"{TYPES} › A distancia › Objetos cortantes arrojados",
    ),
    CombatType(
        "thrown-blunt",
        "Objetos contundentes arrojados",
        "Thrown blunt objects",
        RANGED,
        "thrown-blunt",
        True,
        True,
        _results(
            ("miss", MISS_ES, MISS_EN),
            ("hit", "Éxito. Se causa el daño.", "Hit: damage."),
            ("hit", "Éxito. Se causa daño.", "Hit: damage."),
            (
                "stun",
                "Éxito, se causa daño y el defensor puede quedar inconsciente.",
                "Hit: damage, and the defender may be knocked out (Stun).",
            ),
        ),
        f"{TYPES} › A distancia › Objetos contundentes arrojados",
    ),
    CombatType(
        "energy",
        "Ataques de energía",
        "Energy attacks",
        RANGED,
        "weapon",
        True,
        False,
        _results(
            ("miss", MISS_ES, MISS_EN),
            ("hit", "Éxito. Se hace el daño.", "Hit: damage."),
            (
                "bullseye",
                "Diana. O se hace el daño, o se acierta en una localización en particular.",
                "Bullseye: damage, or a particular spot is hit.",
            ),
            (
                "kill",
                "Crítico. Se hace el daño y el objetivo puede morir.",
                "Critical: damage, and the target may die (Kill).",
            ),
        ),
        f"{TYPES} › A distancia › Ataques de energía",
    ),
    CombatType(
        "force",
        "Ataques de fuerza",
        "Force attacks",
        RANGED,
        "weapon",
        True,
        False,
        _results(
            ("miss", MISS_ES, MISS_EN),
            ("hit", "Éxito. Se hace daño.", "Hit: damage."),
            (
                "bullseye",
                "Se hace daño o se acierta en una localización en particular.",
                "Damage, or a particular spot is hit.",
            ),
            (
                "stun",
                "Se hace daño y el objetivo puede quedar aturdido.",
                "Damage, and the target may be Stunned.",
            ),
        ),
        f"{TYPES} › A distancia › Ataques de fuerza",
    ),
    CombatType(
        "grappling",
        "Sujeción",
        "Grappling",
        WRESTLING,
        "none",
        True,
        True,
        _results(
            ("miss", MISS_ES, MISS_EN),
            ("miss", "Fallo", MISS_EN),
            (
                "partial-hold",
                "Se sujeta parcialmente al oponente. Este sufre dos columnas de penalización. "
                "Si la Fuerza del atacante es superior, el objetivo queda completamente paralizado.",
                "Partial hold: the opponent suffers −2 columns; if the attacker's Strength is higher, "
                "the target is fully held.",
            ),
            (
                "hold",
                "El objetivo queda inmovilizado. Puede intentar escapar en el siguiente turno.",
                "The target is held fast; it may try to escape next turn.",
            ),
        ),
        f"{TYPES} › Lucha › Sujeción",
    ),
    CombatType(
        "grabbing",
        "Arrancar",
        "Grabbing",
        WRESTLING,
        "none",
        False,
        False,
        _results(
            ("miss", MISS_ES, MISS_EN),
            (
                "grab-if-stronger",
                "El atacante coge el objeto. Si su Fuerza es superior a la del defensor, "
                "se lo queda. Si no, es un fallo.",
                "The attacker takes the item if its Strength beats the defender's; else a miss.",
            ),
            (
                "grab",
                "El atacante coge el objeto y se lo queda.",
                "The attacker takes the item and keeps it.",
            ),
            (
                "grab-break",
                "El atacante coge el objeto. Si su Fuerza es superior a la del material, lo rompe.",
                "The attacker takes the item; if its Strength beats the material's, it breaks it.",
            ),
        ),
        f"{TYPES} › Lucha › Arrancar",
    ),
    CombatType(
        "charging",
        "Carga",
        "Charging",
        CHARGE,
        "charge",
        True,
        False,
        _results(
            (
                "overshoot",
                "Fallo. Se pasa al menos un área de largo.",
                "Miss: overshoots by at least one area.",
            ),
            (
                "hit",
                "Éxito. Se inflige la Resistencia o la Armadura Corporal, lo que sea mayor. Además, "
                "se causan dos puntos de daño más por cada área que el atacante haya recorrido.",
                "Hit: the greater of Endurance and Body Armor, plus 2 per area run.",
            ),
            (
                "slam",
                "Igual que el verde, pero el defensor debe tirar contra su Resistencia para ver si sufre un Empujón.",
                "As green, and the defender rolls Endurance against a Slam.",
            ),
            (
                "stun",
                "Igual que el verde, pero el defensor debe tirar contra su Resistencia para ver si sufre un Aturdimiento.",
                "As green, and the defender rolls Endurance against a Stun.",
            ),
        ),
        f"{TYPES} › Carga",
    ),
)
COMBAT_TYPE = {ct.slug: ct for ct in COMBAT_TYPES}


@dataclass(frozen=True)
class Table4:
    """An entry with an ability and a colour table of its own (defensive actions, special results)."""

    slug: str
    name_es: str
    name_en: str
    ability: str
    results: tuple[ColourResult, ...]
    rule: str
    summary_es: str = ""
    summary_en: str = ""

    def result(self, colour: str) -> ColourResult:
        return self.results[COLOURS.index(colour)]

    def as_dict(self) -> dict:
        return {
            "slug": self.slug,
            "name_es": self.name_es,
            "name_en": self.name_en,
            "ability": self.ability,
            "summary_es": self.summary_es,
            "summary_en": self.summary_en,
            "results": [r.as_dict() for r in self.results],
            "rule": self.rule,
        }


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


def catalogue() -> dict:
    """`GET /rules/msh/catalogue/` (API.md "Four game systems")."""
    return {
        "ranks": [rank.as_dict() for rank in RANKS],
        "abilities": [{"slug": s, "name_es": es, "name_en": en} for s, (es, en) in ABILITY_NAMES.items()],
        "combat_types": [ct.as_dict() for ct in COMBAT_TYPES],
        "defensive_actions": [d.as_dict() for d in DEFENSIVE_ACTIONS],
        "special_maneuvers": [
            {"slug": s, "name_es": es, "name_en": en, "input": how, "rule": f"{MANEUVERS} › {es}"}
            for s, es, en, how in SPECIAL_MANEUVERS
        ],
        "special_results": [s.as_dict() for s in SPECIAL_RESULTS],
    }

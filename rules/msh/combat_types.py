"""Tipos de combate as one table: each combat type with its group (and so its ability), its
damage rule, whether the attacker may reduce the damage or the result, and its four colours
(white, green, yellow, red) as the seed writes them. The rule section is the seed's path to the
type: "Tipos de combate › <group> › <type>", or "Tipos de combate › Carga" where the type is its
own group."""

from __future__ import annotations

from .catalogue_types import CHARGE, GROUPS, MELEE, RANGED, WRESTLING, CombatType, _results

MISS = ("miss", "Fallo", "Miss")
TYPES = "Tipos de combate"

# slug, name_es, name_en, group, damage rule, "se puede reducir el daño", "… el resultado",
# then (effect, the seed's line, English) for white, green, yellow and red.
TABLE: tuple[tuple, ...] = (
    ("blunt", "Contundente", "Blunt", MELEE, "strength", True, True, (
        MISS,
        ("hit", "Éxito. El oponente pierde tanta Salud como la Fuerza del atacante.",
         "Hit: the opponent loses as much Health as the attacker's Strength."),
        ("slam", "Lo mismo, pero el defensor puede sufrir un Empujón",
         "The same, and the defender may be Slammed"),
        ("stun", "Lo mismo, pero el defensor puede sufrir un Aturdimiento",
         "The same, and the defender may be Stunned"),
    )),
    ("edged", "Cortante", "Edged", MELEE, "edged", False, True, (
        MISS,
        ("hit", "Éxito, se hace el daño comentado arriba.", "Hit: the damage above."),
        ("stun", "Además del daño, el defensor puede sufrir un Aturdimiento.",
         "Damage, and the defender may be Stunned."),
        ("kill", "Además del daño, el defensor puede morir. (Muerte)",
         "Damage, and the defender may die (Kill)."),
    )),
    ("shooting", "Disparos", "Shooting", RANGED, "weapon", False, False, (
        MISS,
        ("hit", "Éxito. Se hace el daño del arma.", "Hit: the weapon's damage."),
        ("bullseye", "Diana. Se puede hacer el daño del arma, o describir un efecto no dañino",
         "Bullseye: the weapon's damage, or a non-damaging trick shot"),
        ("kill", "Crítico. El objetivo puede morir.", "Critical: the target may die (Kill)."),
    )),
    ("thrown-edged", "Objetos cortantes arrojados", "Thrown edged objects", RANGED, "thrown-edged",
     True, False, (
        MISS,
        ("hit", "Causa daño.", "Damage."),
        ("stun", "Causa daño y puede aturdir.", "Damage, and may Stun."),
        ("kill", "Causa daño y puede matar.", "Damage, and may Kill."),
    )),
    ("thrown-blunt", "Objetos contundentes arrojados", "Thrown blunt objects", RANGED, "thrown-blunt",
     True, True, (
        MISS,
        ("hit", "Éxito. Se causa el daño.", "Hit: damage."),
        ("hit", "Éxito. Se causa daño.", "Hit: damage."),
        ("stun", "Éxito, se causa daño y el defensor puede quedar inconsciente.",
         "Hit: damage, and the defender may be knocked out (Stun)."),
    )),
    ("energy", "Ataques de energía", "Energy attacks", RANGED, "weapon", True, False, (
        MISS,
        ("hit", "Éxito. Se hace el daño.", "Hit: damage."),
        ("bullseye", "Diana. O se hace el daño, o se acierta en una localización en particular.",
         "Bullseye: damage, or a particular spot is hit."),
        ("kill", "Crítico. Se hace el daño y el objetivo puede morir.",
         "Critical: damage, and the target may die (Kill)."),
    )),
    ("force", "Ataques de fuerza", "Force attacks", RANGED, "weapon", True, False, (
        MISS,
        ("hit", "Éxito. Se hace daño.", "Hit: damage."),
        ("bullseye", "Se hace daño o se acierta en una localización en particular.",
         "Damage, or a particular spot is hit."),
        ("stun", "Se hace daño y el objetivo puede quedar aturdido.",
         "Damage, and the target may be Stunned."),
    )),
    ("grappling", "Sujeción", "Grappling", WRESTLING, "none", True, True, (
        MISS,
        MISS,
        ("partial-hold",
         "Se sujeta parcialmente al oponente. Este sufre dos columnas de penalización. "
         "Si la Fuerza del atacante es superior, el objetivo queda completamente paralizado.",
         "Partial hold: the opponent suffers −2 columns; if the attacker's Strength is higher, "
         "the target is fully held."),
        ("hold", "El objetivo queda inmovilizado. Puede intentar escapar en el siguiente turno.",
         "The target is held fast; it may try to escape next turn."),
    )),
    ("grabbing", "Arrancar", "Grabbing", WRESTLING, "none", False, False, (
        MISS,
        ("grab-if-stronger",
         "El atacante coge el objeto. Si su Fuerza es superior a la del defensor, "
         "se lo queda. Si no, es un fallo.",
         "The attacker takes the item if its Strength beats the defender's; else a miss."),
        ("grab", "El atacante coge el objeto y se lo queda.", "The attacker takes the item and keeps it."),
        ("grab-break",
         "El atacante coge el objeto. Si su Fuerza es superior a la del material, lo rompe.",
         "The attacker takes the item; if its Strength beats the material's, it breaks it."),
    )),
    ("charging", "Carga", "Charging", CHARGE, "charge", True, False, (
        ("overshoot", "Fallo. Se pasa al menos un área de largo.", "Miss: overshoots by at least one area."),
        ("hit",
         "Éxito. Se inflige la Resistencia o la Armadura Corporal, lo que sea mayor. Además, "
         "se causan dos puntos de daño más por cada área que el atacante haya recorrido.",
         "Hit: the greater of Endurance and Body Armor, plus 2 per area run."),
        ("slam",
         "Igual que el verde, pero el defensor debe tirar contra su Resistencia para ver si sufre un Empujón.",
         "As green, and the defender rolls Endurance against a Slam."),
        ("stun",
         "Igual que el verde, pero el defensor debe tirar contra su Resistencia para ver si sufre un "
         "Aturdimiento.",
         "As green, and the defender rolls Endurance against a Stun."),
    )),
)  # fmt: skip


def _rule(group: str, name_es: str) -> str:
    group_es = GROUPS[group][0]
    return f"{TYPES} › {group_es}" if group_es == name_es else f"{TYPES} › {group_es} › {name_es}"


def _combat_type(row: tuple) -> CombatType:
    slug, name_es, name_en, group, damage_rule, reduce_damage, reduce_result, results = row
    return CombatType(
        slug,
        name_es,
        name_en,
        group,
        damage_rule,
        reduce_damage,
        reduce_result,
        _results(*results),
        _rule(group, name_es),
    )


COMBAT_TYPES: tuple[CombatType, ...] = tuple(_combat_type(row) for row in TABLE)
COMBAT_TYPE = {ct.slug: ct for ct in COMBAT_TYPES}

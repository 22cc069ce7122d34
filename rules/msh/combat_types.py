"""Tipos de combate: each combat type with its group (and so its ability), its damage rule,
whether the attacker may reduce the damage or the result, and its four colours as the seed
writes them."""

from __future__ import annotations

from .catalogue_types import CHARGE, MELEE, RANGED, WRESTLING, CombatType, _results

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

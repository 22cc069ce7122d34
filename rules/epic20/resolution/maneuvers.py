"""Combat maneuvers as the engine uses them: tiers, stacking and what each costs in actions.

Slugs are those of the catalogue (`rules.text.slugify(name_es)`). A fighter declares the base
slug ("ataque-a-fondo"); the tier used is the highest one they own ("ataque-a-fondo-3").
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.errors import Refused

from .state import CombatantState

RULE = "MANIOBRAS DE COMBATE"
FAQ_STACKING = "PREGUNTAS FRECUENTES › ¿Se pueden acumular las maniobras de combate?"

# Tiers whose names differ from "<base>-<n>" in the document.
TIER_SLUGS: dict[str, tuple[str, ...]] = {
    "estudiar-objetivo": ("estudiar-objetivo-1", "estudiar-objetivo-2"),
    "ataque-manteniendo-la-distancia": (
        "ataque-manteniendo-la-distancia",
        "ataque-de-rango-largo-2",
        "ataque-de-rango-largo-3",
    ),
}

# "en cada acción estándar sólo se puede usar una maniobra que use acción estándar" (FAQ).
STANDARD_ACTION_MANEUVERS = frozenset(
    {
        "ataque-a-fondo",
        "ataque-poderoso",
        "ataque-sostenido",
        "ataque-doble",
        "ataque-defensivo",
        "agarron",
        "desarmar",
        "tumbar",
        "aturdir",
        "cegar",
        "empujar",
        "agotar",
        "desmoralizar",
        "provocar-choque",
        "golpe-en-los-nervios",
        "mostrar-punto-debil",
        "parada",
        "esquiva",
        "defensa-total",
        "defensa-a-la-carrera",
        "interponerse",
    }
)

# What each maneuver spends from the turn (MANIOBRAS DE COMBATE), by tier when it changes.
# "all" = every action of that kind left; the keys are ActionBudget fields.
ALL = "all"
ACTION_COSTS: dict[str, dict[int, dict[str, object]]] = {
    # "usa todas sus acciones del turno menos las gratuitas"; 2: "no usa una acción de movimiento";
    # 3: "sólo usa sus acciones estándar".
    "defensa-total": {
        1: {"standard": ALL, "move": ALL, "object": ALL, "communication": ALL},
        2: {"standard": ALL, "move": "all_but_one", "object": ALL, "communication": ALL},
        3: {"standard": ALL},
    },
    "defensa-a-la-carrera": {1: {"standard": ALL}},
    # "usa todas sus acciones del turno menos las gratuitas y de comunicación"; 2: "no usa las
    # acciones de movimiento"; 3: "sólo usa las acciones estándar".
    "agarron": {
        1: {"standard": ALL, "move": ALL, "object": ALL},
        2: {"standard": ALL, "object": ALL},
        3: {"standard": ALL},
    },
    "ataque-sostenido": {1: {"standard": ALL, "move": ALL}},
    "ataque-doble": {1: {"standard": ALL}},
    "ataque-poderoso": {1: {"standard": 1, "move": 1}},
    "parada": {1: {"standard": 1}},
    "esquiva": {1: {"standard": 1, "move": 1}},
    "estudiar-objetivo": {1: {"move": 1, "object": 1}},
    "provocar-choque": {1: {"standard": 1, "move": 1, "communication": 1}},
    "mostrar-punto-debil": {1: {"standard": 1, "move": 1, "communication": 1}},
    "desmoralizar": {1: {"standard": 1, "communication": 1}},
    "interponerse": {1: {"standard": 1}},
    # Luchar a ciegas: "tirada de percepción enfrentada … como acción de movimiento"; 3: "No
    # necesita gastar acción de movimiento".
    "luchar-a-ciegas": {1: {"move": 1}, 3: {}},
    # Excelente apuntando: "tomando 1 turno para apuntar".
    "excelente-apuntando": {1: {"standard": ALL, "move": ALL, "object": ALL}},
}


def tier_slugs(base: str) -> tuple[str, ...]:
    return TIER_SLUGS.get(base, (base, f"{base}-2", f"{base}-3"))


def tier(state: CombatantState, base: str) -> int:
    """Highest tier of `base` the combatant owns (or borrowed this turn with a hero point); 0 if none."""
    owned = [n for n, slug in enumerate(tier_slugs(base), start=1) if state.has(slug)]
    return max(owned, default=0)


def earned_by_tier(n: int, *, hero_superiority: bool, net: int) -> bool:
    """The chains whose tiers widen one benefit (Ataque brutal, Ataque brutal de ráfaga, Ataque
    manteniendo la distancia / de rango largo, seed l.711-733): tier 1 earns it when a hero point
    buys Superioridad, tier 2 "cada vez que tiene Superioridad", tier 3 "sin Inferioridad". Each
    tier "Requiere la anterior" and adds to it: a higher tier never loses what a lower one grants
    (a stunned fighter who pays the hero point still earns it at tier 2 or 3)."""
    return bool(n) and (hero_superiority or (n >= 2 and net > 0) or (n >= 3 and net >= 0))


def family(slug: str) -> str:
    """FAQ: "Las que tienen un nombre similar no se pueden acumular (las parecidas suelen empezar
    con la misma palabra)" — the family is the first word of the name."""
    return slug.split("-", 1)[0]


def action_cost(base: str, level_of_tier: int) -> dict[str, object]:
    table = ACTION_COSTS.get(base, {})
    usable = [t for t in table if t <= max(1, level_of_tier)]
    return dict(table[max(usable)]) if usable else {}


def require(state: CombatantState, base: str) -> int:
    n = tier(state, base)
    if n == 0:
        raise Refused(
            "maneuver.not_owned",
            RULE,
            f"No tiene la maniobra «{base}».",
            f"Does not have the maneuver '{base}'.",
        )
    return n


def check_stacking(declared: Iterable[str]) -> None:
    """FAQ: maneuvers of one family do not stack in one standard action, and only one maneuver
    that uses the standard action fits in it ("uso mi acción estándar para aturdir y tumbar":
    eso serían dos acciones estándar)."""
    declared = list(declared)
    seen: dict[str, str] = {}
    for slug in declared:
        fam = family(slug)
        if fam in seen:
            raise Refused(
                "maneuver.same_family",
                FAQ_STACKING,
                f"«{seen[fam]}» y «{slug}» tienen un nombre similar y no se acumulan.",
                f"'{seen[fam]}' and '{slug}' have similar names and do not stack.",
            )
        seen[fam] = slug
    standard = [s for s in declared if s in STANDARD_ACTION_MANEUVERS]
    if len(standard) > 1:
        raise Refused(
            "maneuver.two_standard_maneuvers",
            FAQ_STACKING,
            f"Sólo una maniobra de acción estándar por acción estándar ({', '.join(standard)}).",
            f"Only one standard-action maneuver per standard action ({', '.join(standard)}).",
        )

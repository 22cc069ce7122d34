"""The combat table as data: combat types with their ability and four colour results, the
defensive actions, the special maneuvers and the special results, each with the seed's Spanish
name (`name_es` exactly as "Tipos de combate", "Acciones defensivas", "Ataques o maniobras
especiales" and "Resultados Especiales de la Tabla de Combate" write it) and an English one.

`effect` is the stable slug the engine and the attack event use; `text_es` is the seed's line.
"""

from __future__ import annotations

from .catalogue_types import (
    ABILITIES,
    ABILITY_NAMES,
    CHARGE,
    GROUPS,
    MELEE,
    RANGED,
    WRESTLING,
    ColourResult,
    CombatType,
    Table4,
)
from .colour_tables import (
    DEFENSIVE_ACTION,
    DEFENSIVE_ACTIONS,
    MANEUVERS,
    SPECIAL_MANEUVERS,
    SPECIAL_RESULT,
    SPECIAL_RESULTS,
)
from .combat_types import COMBAT_TYPE, COMBAT_TYPES
from .ranks import RANKS

__all__ = [
    "ABILITIES",
    "ABILITY_NAMES",
    "CHARGE",
    "COMBAT_TYPE",
    "COMBAT_TYPES",
    "DEFENSIVE_ACTION",
    "DEFENSIVE_ACTIONS",
    "GROUPS",
    "MELEE",
    "RANGED",
    "SPECIAL_MANEUVERS",
    "SPECIAL_RESULT",
    "SPECIAL_RESULTS",
    "WRESTLING",
    "ColourResult",
    "CombatType",
    "Table4",
    "catalogue",
]


def catalogue() -> dict:
    """`GET /rules/msh/catalogue/` (docs/api.md "Four game systems")."""
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

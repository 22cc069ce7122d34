"""The Hero catalogue as JSON (`GET /api/v1/rules/hero/catalogue/`, docs/api.md "Four game systems"):
`maneuvers` (with `ocv`, `dcv`, `phase`), `range_modifiers`, `combat_modifiers`, `hit_locations`,
plus the Speed Chart, the attack kinds and what combat skill levels may apply to."""

from __future__ import annotations

from functools import cache

from rules.jsonable import to_jsonable

from .locations import HIT_LOCATIONS
from .maneuvers import MANEUVERS
from .modifiers import COMBAT_MODIFIERS, RANGE_TABLE
from .sheet_rules import ATTACK_KINDS, LEVEL_SCOPES
from .spd import SPEED_CHART


def _range_rows() -> list[dict]:
    rows = []
    for low, high, ocv in RANGE_TABLE:
        label = f'{high}" o menos' if low == 0 else f'{low}" - {high}"'
        rows.append(
            {
                "slug": f"range-{low}-{high}",
                "name_es": label,
                "name_en": label.replace("o menos", "or less"),
                "min": low,
                "max": high,
                "ocv": ocv,
            }
        )
    return rows


@cache
def catalogue_json() -> dict:
    return {
        "maneuvers": to_jsonable(MANEUVERS),
        "range_modifiers": _range_rows(),
        "combat_modifiers": to_jsonable(COMBAT_MODIFIERS),
        "hit_locations": to_jsonable(HIT_LOCATIONS),
        "speed_chart": [{"spd": spd, "segments": list(segs)} for spd, segs in SPEED_CHART.items()],
        "attack_kinds": [dict(entry) for entry in ATTACK_KINDS],
        "combat_level_scopes": [dict(entry) for entry in LEVEL_SCOPES],
    }

"""The results table (Atacar: "la Tabla de Resultados de Combate"): which Nivel de Impacto a
difference between the final attack and defense results reaches, and what share of the damage
it does. The seed names the levels ("Contraataque", "Impacto menor") but gives no numbers; the
project's table and its reasoning are in docs/rules-notes-anima.md. A campaign's GM may adjust
the thresholds and percentages: `check_results_table` checks such a table (no gaps, no overlaps)
and returns every problem at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace

from rules.core.problems import Problem, pointer

from .catalogue import AREA_LEVEL_STEP, ATTACKING, SUPERNATURAL

RULE = f"{ATTACKING} › Tabla de Resultados de Combate"
OPTIONS_KEY = "impact_levels"
MAX_PERCENT = 1000


@dataclass(frozen=True)
class ImpactLevel:
    slug: str
    name_es: str
    name_en: str
    min_difference: int | None  # None: open below
    max_difference: int | None  # None: open above
    damage_percent: int
    counterattack: bool = False

    def covers(self, difference: int) -> bool:
        low = self.min_difference is None or difference >= self.min_difference
        return low and (self.max_difference is None or difference <= self.max_difference)

    def as_dict(self) -> dict:
        return asdict(self)


DEFAULT_LEVELS = (
    ImpactLevel("counterattack", "Contraataque", "Counterattack", None, -3, 0, counterattack=True),
    ImpactLevel("no-impact", "Sin impacto", "No impact", -2, 2, 0),
    ImpactLevel("minor", "Impacto menor", "Minor impact", 3, 5, 25),
    ImpactLevel("moderate", "Impacto moderado", "Moderate impact", 6, 8, 50),
    ImpactLevel("major", "Impacto mayor", "Major impact", 9, 11, 75),
    ImpactLevel("full", "Impacto total", "Full impact", 12, 14, 100),
    ImpactLevel("devastating", "Impacto devastador", "Devastating impact", 15, 17, 150),
    ImpactLevel("lethal", "Impacto letal", "Lethal impact", 18, None, 200),
)
MINOR = "minor"  # El Combate Sobrenatural: "se aplica automáticamente el Nivel de Impacto de “Impacto menor”"


def level_for(levels: Sequence[ImpactLevel], difference: int) -> ImpactLevel:
    for level in levels:
        if level.covers(difference):
            return level
    raise ValueError(f"the results table has no level for a difference of {difference}")


def area_level(levels: Sequence[ImpactLevel], shortfall: int) -> ImpactLevel:
    """A failed Resistencia de Reflejos against an area power: "Impacto menor", one level more
    "por cada 3 puntos de diferencia", never beyond the table's last level."""
    start = next(i for i, level in enumerate(levels) if level.slug == MINOR)
    return levels[min(len(levels) - 1, start + max(0, shortfall) // AREA_LEVEL_STEP)]


def levels_from_state(state: Mapping, options: Mapping | None = None) -> tuple[ImpactLevel, ...]:
    """The table an attack reads: the encounter's own when the GM set one for it
    (`set_results_table`), else the campaign's (`rules_options["impact_levels"]`, checked by
    `check_options` when stored; read again here, so a table that no longer passes is never
    used), else the project's."""
    stored = state.get("results_table")
    if stored:
        return tuple(ImpactLevel(**level) for level in stored)
    if options and options.get(OPTIONS_KEY):
        levels, problems = check_results_table(options)
        if not problems:
            return levels
    return DEFAULT_LEVELS


def check_options(options) -> list[Problem]:
    """A campaign's `rules_options` (docs/api.md, `PATCH /campaigns/{id}/`): only the results table
    (`{"impact_levels": [...]}`, every level with its thresholds and damage percentage, no gaps
    or overlaps) may be set; every problem at once."""
    if not isinstance(options, Mapping):
        return [
            _problem("options.not_an_object", "", "Las opciones son un objeto.", "The options are an object.")
        ]
    problems = [
        _problem("options.unknown_key", pointer(key), f"Opción desconocida: «{key}».", f"Unknown option: '{key}'.")
        for key in sorted(set(options) - {OPTIONS_KEY})
    ]  # fmt: skip
    if OPTIONS_KEY in options:
        problems.extend(check_results_table(options)[1])
    return problems


# The options `check_options` reads, as a JSON schema (the API's `rules_options`): the table
# whole, one level per row in the catalogue's order. Which thresholds fit together (no gaps, no
# overlaps, more damage above) is checked by `check_results_table`, beyond what a schema says.
_THRESHOLD = {"type": "integer", "nullable": True, "minimum": -(2**31), "maximum": 2**31 - 1}
OPTIONS_SCHEMA = {
    "type": "object",
    "description": "The GM's results table (Tabla de resultados), the levels in the catalogue's order.",
    "properties": {
        OPTIONS_KEY: {
            "type": "array",
            "minItems": len(DEFAULT_LEVELS),
            "maxItems": len(DEFAULT_LEVELS),
            "items": {
                "type": "object",
                "properties": {
                    "slug": {"type": "string", "description": "The level's slug; its place is fixed."},
                    "min_difference": _THRESHOLD,
                    "max_difference": _THRESHOLD,
                    "damage_percent": {"type": "integer", "minimum": 0, "maximum": MAX_PERCENT},
                    # Kept as stored: the level's names and whether it is the counterattack row.
                    "name_es": {"type": "string"},
                    "name_en": {"type": "string"},
                    "counterattack": {"type": "boolean"},
                },
                "required": ["min_difference", "max_difference", "damage_percent"],
            },
        }
    },
    "additionalProperties": False,
}


def as_json(levels: Sequence[ImpactLevel]) -> list[dict]:
    return [level.as_dict() for level in levels]


def _problem(code: str, path: str, es: str, en: str) -> Problem:
    return Problem(code, path, es, en, RULE)


def _int_or_none(value) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


def _check_level(index: int, entry, default: ImpactLevel, problems: list[Problem]) -> ImpactLevel | None:
    path = pointer("impact_levels", index)
    if not isinstance(entry, Mapping):
        problems.append(
            _problem("results.not_an_object", path, "Cada nivel es un objeto.", "Each level is an object.")
        )
        return None
    if entry.get("slug", default.slug) != default.slug:
        problems.append(
            _problem(
                "results.wrong_level",
                pointer("impact_levels", index, "slug"),
                f"Aquí va el nivel «{default.name_es}»: los niveles no cambian, solo sus umbrales y porcentajes.",
                f"This place is for '{default.name_en}': the levels stay, only thresholds and percentages change.",
            )
        )
    ok = True
    for key in ("min_difference", "max_difference"):
        if not _int_or_none(entry.get(key)):
            ok = False
            problems.append(
                _problem("results.not_a_number", pointer("impact_levels", index, key),
                         "Debe ser un número entero o null.", "Must be a whole number or null.")
            )  # fmt: skip
    percent = entry.get("damage_percent")
    if not isinstance(percent, int) or isinstance(percent, bool) or not 0 <= percent <= MAX_PERCENT:
        ok = False
        problems.append(
            _problem("results.bad_percent", pointer("impact_levels", index, "damage_percent"),
                     f"El porcentaje de daño va de 0 a {MAX_PERCENT}.", f"The damage percentage goes from 0 to {MAX_PERCENT}.")
        )  # fmt: skip
    if not ok:
        return None
    return replace(
        default,
        min_difference=entry.get("min_difference"),
        max_difference=entry.get("max_difference"),
        damage_percent=percent,
    )


def _check_bounds(levels: Sequence[ImpactLevel], problems: list[Problem]) -> None:
    last = len(levels) - 1
    for i, level in enumerate(levels):
        open_low, open_high = level.min_difference is None, level.max_difference is None
        if open_low != (i == 0) or open_high != (i == last):
            problems.append(
                _problem("results.open_end", pointer("impact_levels", i),
                         "Solo el primer nivel queda abierto por abajo y solo el último por arriba.",
                         "Only the first level is open below and only the last one above.")
            )  # fmt: skip
        elif not open_low and not open_high and level.min_difference > level.max_difference:
            problems.append(
                _problem("results.empty_level", pointer("impact_levels", i),
                         "El mínimo de un nivel no puede superar su máximo.", "A level's minimum cannot exceed its maximum.")
            )  # fmt: skip


def _check_joins(levels: Sequence[ImpactLevel], problems: list[Problem]) -> None:
    for i in range(1, len(levels)):
        below, level = levels[i - 1], levels[i]
        if below.max_difference is None or level.min_difference is None:
            continue
        step = level.min_difference - below.max_difference
        if step > 1:
            problems.append(
                _problem("results.gap", pointer("impact_levels", i, "min_difference"),
                         f"Hueco: ninguna fila cubre las diferencias de {below.max_difference + 1} a {level.min_difference - 1}.",
                         f"Gap: no row covers differences {below.max_difference + 1} to {level.min_difference - 1}.")
            )  # fmt: skip
        elif step < 1:
            problems.append(
                _problem("results.overlap", pointer("impact_levels", i, "min_difference"),
                         f"Solapamiento con «{below.name_es}».", f"Overlaps '{below.name_en}'.")
            )  # fmt: skip
        if level.damage_percent < below.damage_percent:
            problems.append(
                _problem("results.less_damage_above", pointer("impact_levels", i, "damage_percent"),
                         "Un nivel más alto no puede hacer menos daño que el anterior.",
                         "A higher level cannot do less damage than the one below.")
            )  # fmt: skip


def check_results_table(data) -> tuple[tuple[ImpactLevel, ...] | None, tuple[Problem, ...]]:
    """A GM's table, as `{"impact_levels": [...]}` or the list itself, with the catalogue's levels
    in the catalogue's order: the table when it is whole, or every problem found."""
    entries = data.get("impact_levels") if isinstance(data, Mapping) else data
    if not isinstance(entries, list) or len(entries) != len(DEFAULT_LEVELS):
        problem = _problem(
            "results.wrong_length",
            pointer("impact_levels"),
            f"La tabla tiene {len(DEFAULT_LEVELS)} niveles, en el orden del catálogo.",
            f"The table has {len(DEFAULT_LEVELS)} levels, in the catalogue's order.",
        )
        return None, (problem,)
    problems: list[Problem] = []
    levels = [
        _check_level(i, e, d, problems) for i, (e, d) in enumerate(zip(entries, DEFAULT_LEVELS, strict=True))
    ]
    if problems:
        return None, tuple(problems)
    _check_bounds(levels, problems)
    if not problems:
        _check_joins(levels, problems)
    return (None, tuple(problems)) if problems else (tuple(levels), ())


def damage_for(weapon_damage: int, percent: int, armor: int = 0) -> int:
    """Atacar: "El daño se calcula de forma porcentual en función del daño del arma"; each point
    of armour takes 10 points off the percentage (the published game's armour, rules notes),
    never below 0. Rounded down."""
    share = max(0, percent - 10 * max(0, armor))
    return weapon_damage * share // 100


__all__ = [
    "DEFAULT_LEVELS",
    "SUPERNATURAL",
    "ImpactLevel",
    "area_level",
    "check_options",
    "check_results_table",
    "damage_for",
    "level_for",
    "levels_from_state",
]

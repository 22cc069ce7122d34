"""The registry of game systems: slug → system, behind one small typed interface.

A system is a package under `rules/` with a `system` module whose `SYSTEM` satisfies
`GameSystem`. The registry finds them by looking (`rules/<slug>/system.py`), so adding a system
adds files and edits no generic code; tests may `register` a toy system of their own.

Everything here is pure Python: the site (catalogue glue, `characters/`, `combat/`) reads the
registry, never the other way round.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from rules.core.ahead import DeclaringCombat
from rules.core.ahead import applies as ahead_applies
from rules.core.dice import DiceSource
from rules.core.encounter import ActionType, CombatantFacts, Entry, Table, Viewer
from rules.core.errors import SheetRefused
from rules.core.problems import Problem


class SheetReport(Protocol):
    """What a system's `check_sheet` answers (`POST /characters/validate/`)."""

    valid: bool
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]
    waived: tuple[Problem, ...]

    def as_dict(self, lang: str = "es") -> dict:
        """`{"valid", "errors", "warnings", "waivers", "budget", "derived"}` in `lang`."""
        ...


@dataclass(frozen=True)
class SheetCheck:
    """A plain `SheetReport`, for systems with no point budget of their own to report."""

    valid: bool
    errors: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()
    waived: tuple[Problem, ...] = ()
    budget: Mapping[str, Any] = field(default_factory=dict)
    derived: Mapping[str, Any] = field(default_factory=dict)
    # The sheet as stored and exported (normalised: defaults filled, keys in order).
    sheet: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self, lang: str = "es") -> dict:
        return {
            "valid": self.valid,
            "errors": [p.as_dict(lang) for p in self.errors],
            "warnings": [p.as_dict(lang) for p in self.warnings],
            "waivers": [p.as_dict(lang) for p in self.waived],
            "budget": dict(self.budget),
            "derived": dict(self.derived),
        }


@runtime_checkable
class CombatRules(Protocol):
    """How a system fights. Each method takes plain JSON state (`Table`, `rules.core.fold`)."""

    actions: Mapping[str, ActionType]

    def build_combatant(self, *, cid: int, name: str, side: str, sheet: Mapping, options: Mapping) -> dict:
        """The combatant's starting state (JSON). `options`: `minion`, `hit_points`,
        `hero_points`… as the system reads them. Raises `SheetRefused`."""
        ...

    def join(self, table: Table, dice: DiceSource, cid: int) -> None:
        """A combatant was just put on the table: roll what a newcomer rolls, if the fight is on."""
        ...

    def clock(self, state: Mapping) -> dict:
        """The system's place in time (docs/api.md): `{"round", "current"}`, `{"turn", "segment",
        "current"}` or `{"round", "phase", "side"}`."""
        ...

    def may_act(self, state: Mapping, actor: int | None, action: Mapping) -> bool:
        """Whether `actor` may take `action` now (whose turn, phase or segment it is). False
        answers 409."""
        ...

    def remove(self, table: Table, dice: DiceSource, cid: int) -> None:
        """Take a combatant out of the fight (the log keeps it), passing the turn on if needed."""
        ...

    def view_combatant(self, state: Mapping, facts: CombatantFacts, *, viewer: Viewer) -> dict:
        """The one place that decides what `viewer` sees of a combatant."""
        ...

    def view_event(self, event: Mapping, *, hidden: frozenset[int], viewer: Viewer) -> dict:
        """The one place that decides what `viewer` sees of an event (`hidden`: the combatants
        whose numbers they may not see). `event` has `type`, `actor`, `target`, `payload`."""
        ...

    def odds(self, state: Mapping, request: Mapping, *, viewer: Viewer, hidden: frozenset[int]) -> dict:
        """The exact odds of an action before it is taken, as `viewer` may know them."""
        ...


@runtime_checkable
class GameSystem(Protocol):
    slug: str
    name_es: str
    name_en: str
    dice: str  # "1d20", "1d100", "1d10", "3d6"
    combat: CombatRules

    def catalogue(self) -> Mapping[str, Any]:
        """The system's catalogue as JSON (`GET /rules/{slug}/catalogue/`)."""
        ...

    # Optional: `check_options(options) -> list[Problem]` when the GM may set rules options for a
    # campaign (`Campaign.rules_options`, handed to every action as `Table.options`), and then
    # `options_schema`, the options it reads as a JSON schema (for the API's schema).
    # Optional: `sheet_keys`, the top-level keys its sheet may have; a change of a sheet (PATCH)
    # that names any other key is refused, since it could replace nothing.
    # Optional: `ignores_unknown_keys = True` when its engine passes over keys outside
    # `sheet_keys` instead of reporting them: the site then refuses such a sheet before the check.
    # Optional: `sheet_summary(sheet) -> {"level": int, "archetype": str}`, what the character
    # lists show of a sheet (level 0 and no archetype without it).
    # Optional: `shape_problem(sheet) -> str | None`, the JSON pointer of a value whose JSON type
    # the sheet does not admit, checked when the GM's waivers let an invalid sheet be stored.
    # Optional: `summary_es`, `summary_en`, the one line that tells the system apart where a GM
    # chooses one (the campaign form); a system without them is described by its dice.

    def check_sheet(self, sheet: Any, **history: Any) -> SheetReport:
        """Validate a sheet and derive its numbers; never raises on bad input. `history` may
        carry what the campaign recorded for the character (`awards`, `waivers`); a system
        that has no use for them ignores them."""
        ...


_extra: dict[str, GameSystem] = {}


@cache
def _discovered() -> dict[str, GameSystem]:
    found: dict[str, GameSystem] = {}
    root = Path(__file__).parent
    for info in sorted(pkgutil.iter_modules([str(root)]), key=lambda i: i.name):
        if not info.ispkg or not (root / info.name / "system.py").exists():
            continue
        system = importlib.import_module(f"rules.{info.name}.system").SYSTEM
        found[system.slug] = system
    return found


def register(system: GameSystem) -> None:
    """Add a system that does not live under `rules/` (the test suite's toy system)."""
    _extra[system.slug] = system


def unregister(slug: str) -> None:
    _extra.pop(slug, None)


def all_systems() -> dict[str, GameSystem]:
    """Every system, Epic20 first, then by slug."""
    systems = {**_discovered(), **_extra}
    order = sorted(systems, key=lambda slug: (slug != "epic20", slug))
    return {slug: systems[slug] for slug in order}


def get(slug: str) -> GameSystem | None:
    return all_systems().get(slug)


def slugs() -> Iterator[str]:
    return iter(all_systems())


class _WithSeamFeatures:
    """A system as encounters use it: its own everything, with the seam's optional combat
    features added where its combat lacks them (declaring ahead, `rules.core.ahead`)."""

    def __init__(self, system: GameSystem):
        self.system = system
        self.combat = DeclaringCombat(system.combat)

    def __getattr__(self, name: str):
        return getattr(self.system, name)


_seamed: dict[int, tuple[GameSystem, _WithSeamFeatures]] = {}


def for_encounters(system: GameSystem | None) -> GameSystem | None:
    """`system` with declare-ahead rounds on its combat, unless it declares in its own way (MSH)
    or opts out (`combat.declare_ahead = False`). The same object for the same system."""
    if system is None or not ahead_applies(system.combat):
        return system
    known = _seamed.get(id(system))
    if known is None or known[0] is not system:
        known = _seamed[id(system)] = (system, _WithSeamFeatures(system))
    return known[1]  # type: ignore[return-value]


__all__ = [
    "CombatRules",
    "Entry",
    "GameSystem",
    "SheetCheck",
    "SheetReport",
    "SheetRefused",
    "all_systems",
    "for_encounters",
    "get",
    "register",
    "slugs",
    "unregister",
]

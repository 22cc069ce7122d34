"""The registry of game systems: slug → system, behind one small typed interface.

A system is a package under `rules/` with a `system` module whose `SYSTEM` satisfies
`GameSystem`; its registration (`rules.registration`, collected once at start-up) names it, so
adding a system adds files and edits no generic code; tests may `register` a toy system of their
own.

Everything here is pure Python: the site (catalogue glue, `characters/`, `combat/`) reads the
registry, never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from rules import registration
from rules.core.ahead import DeclaringCombat
from rules.core.ahead import applies as ahead_applies
from rules.core.dice import DiceSource
from rules.core.encounter import ActionType, CombatantFacts, Entry, Table, Viewer
from rules.core.errors import Refused, SheetRefused
from rules.core.problems import Problem


class SheetReport(Protocol):
    """What a system's `check_sheet` answers (`POST /characters/validate/`)."""

    valid: bool
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]
    waived: tuple[Problem, ...]
    # The sheet as stored and exported, normalised by the engine; empty: the site stores the keys
    # it was sent.
    sheet: Mapping[str, Any]

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
        """The combatant's starting state (JSON). `options`: `minion` and `hit_points` (a GM NPC's),
        as the system reads them. Raises `SheetRefused`."""
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

    # --- Optional members, with their defaults: a system's combat names `CombatRules` as its
    # base and overrides what it has; no reader probes it for a member. ---------------------------

    # `(refusal, *, hidden_target) -> Refused`: a refusal reworded so it tells nothing of a hidden
    # NPC; None: refusals are shown as written.
    view_refusal: Callable[..., Refused] | None = None
    # True when its `odds` read the campaign's rules options (`odds(..., options=…)`).
    odds_reads_options: bool = False
    # False: the seam does not add declaring ahead to its fights (`rules.core.ahead`).
    declare_ahead: bool = True
    # `(state, cid) -> bool`: whether a combatant may declare at all (its own conditions); None:
    # every active combatant still in the fight may.
    can_declare: Callable[[Mapping, int], bool] | None = None
    # For a combat that declares (its own rounds, or the seam's declaring ahead):
    # `may_declare(state, cid)`, whether a combatant may declare now; None: nobody declares.
    may_declare: Callable[[Mapping, int], bool] | None = None
    # `waiting(state) -> [cid]`: who may still declare; None: whoever `may_act` lets declare.
    waiting: Callable[[Mapping], list[int]] | None = None
    # `view_declarations(state, *, viewer, facts)`: the round's declarations as `viewer` may see
    # them; None: the system shows none.
    view_declarations: Callable[..., Any] | None = None

    def fight_award(self, request: Mapping) -> FightAward | None:
        """What an action (as requested) gives a combatant to keep after the fight, which the
        partida records among its awards (`tracking/`); None: nothing."""
        return None


@dataclass(frozen=True)
class FightAward:
    """Hero points a GM gave a combatant in a fight (the API's award kind `hero_points`)."""

    combatant: int | None
    amount: int


class Tracking(Protocol):
    """What a system counts between fights, per partida and per scene (`tracking/`): each step
    takes a character's standing (JSON) and answers the new one and its changes."""

    def open_partida(self, standing: Mapping) -> tuple[dict, list]: ...

    def close_partida(self, standing: Mapping) -> tuple[dict, list]: ...

    def new_scene(self, standing: Mapping) -> tuple[dict, list]: ...

    def gm_action(self, standing: Mapping, action: Mapping) -> tuple[dict, list]: ...


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

    def check_sheet(self, sheet: Any, **history: Any) -> SheetReport:
        """Validate a sheet and derive its numbers; never raises on bad input. `history` may
        carry what the campaign recorded for the character (`awards`, `waivers`); a system
        that has no use for them ignores them."""
        ...

    # --- Optional members, with their defaults: a system names `GameSystem` as its base and
    # overrides what it has; no reader probes it for a member. ---------------------------------

    # The one line that tells the system apart where a GM chooses one (the campaign form); ""
    # describes it by its dice.
    summary_es: str = ""
    summary_en: str = ""
    # The top-level keys its sheet may have: a change of a sheet (PATCH) that names any other key
    # is refused, since it could replace nothing. None: any key.
    sheet_keys: frozenset[str] | None = None
    # True when its engine passes over keys outside `sheet_keys` instead of reporting them: the
    # site then refuses such a sheet before the check.
    ignores_unknown_keys: bool = False
    # `check_options(options) -> [Problem]` when the GM may set rules options for a campaign
    # (`Campaign.rules_options`, handed to every action as `Table.options`); None: it has none.
    check_options: Callable[[Any], list[Problem]] | None = None
    # The options `check_options` reads, as a JSON schema (the API's `rules_options`); empty: none.
    options_schema: Mapping[str, Any] = MappingProxyType({})
    # `sheet_summary(sheet) -> {"level": int, "archetype": str}`, what the character lists show of
    # a sheet; None: its sheets have no level (the lists show none) and no archetype.
    sheet_summary: Callable[[Any], Mapping[str, Any]] | None = None
    # `shape_problem(sheet) -> str | None`, the JSON pointer of a value whose JSON type the sheet
    # does not admit, checked when the GM's waivers let an invalid sheet be stored; None: never.
    shape_problem: Callable[[Any], str | None] | None = None
    # What it counts between fights (`tracking/`); None: nothing.
    tracking: Tracking | None = None


def register(system: GameSystem) -> None:
    """Register a system by its engine alone (a test's toy system): the generic presentation, no
    pages, open objects in the schema. A system of the site registers its whole
    `SystemRegistration` (`rules.registration`)."""
    registration.register(registration.SystemRegistration(engine=system))


def unregister(slug: str) -> None:
    registration.unregister(slug)


def all_systems() -> dict[str, GameSystem]:
    """Every registered system's engine, the default system first, then by slug."""
    return {slug: found.engine for slug, found in registration.registrations().items()}


def get(slug: str | None) -> GameSystem | None:
    found = registration.registration(slug)
    return found.engine if found is not None else None


def slugs() -> Iterator[str]:
    return registration.slugs()


class _WithSeamFeatures(GameSystem):
    """A system as encounters use it: its own everything, with the seam's optional combat
    features added where its combat lacks them (declaring ahead, `rules.core.ahead`)."""

    def __init__(self, system: GameSystem):
        self.system = system
        self.combat = DeclaringCombat(system.combat)
        self.slug, self.name_es, self.name_en = system.slug, system.name_es, system.name_en
        self.dice, self.summary_es, self.summary_en = system.dice, system.summary_es, system.summary_en
        self.sheet_keys, self.ignores_unknown_keys = system.sheet_keys, system.ignores_unknown_keys
        self.check_options, self.sheet_summary = system.check_options, system.sheet_summary
        self.shape_problem, self.tracking = system.shape_problem, system.tracking

    def catalogue(self) -> Mapping[str, Any]:
        return self.system.catalogue()

    def check_sheet(self, sheet: Any, **history: Any) -> SheetReport:
        return self.system.check_sheet(sheet, **history)


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

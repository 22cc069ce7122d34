"""The actions of one turn and what is left of them (Tipos de acciones en el turno).

"1 acción estándar … se puede convertir en acción de movimiento. 1 acción de movimiento (… se
puede convertir en una acción de objeto adicional). 1 acción de objeto. 2 acciones de
comunicarse. 3 acciones libres." and "La o las acciones de movimiento deben realizarse siempre
todas antes de la o las acciones estándar, salvo que se cuente con ciertas maniobras".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from rules.core.errors import Refused

from .sources import Source
from .state import CombatantState

RULE = "Tipos de acciones en el turno"
KINDS = ("standard", "move", "object", "communication", "free")
NAMES_ES = {
    "standard": "estándar",
    "move": "de movimiento",
    "object": "de objeto",
    "communication": "de comunicarse",
    "free": "libre",
}
CONVERSIONS = {("standard", "move"), ("move", "object"), ("standard", "object")}


def _refuse(code: str, es: str, en: str, rule: str = RULE) -> Refused:
    return Refused(code, rule, es, en)


@dataclass(frozen=True)
class ActionBudget:
    """What a combatant may still do this turn. Immutable: every method returns a new budget.

    `locked` counts actions a progression power took away ("pierde 1 acción de movimiento"):
    they are only usable to try to break free (Librarse de efectos).
    """

    standard: int = 1
    move: int = 1
    object: int = 1
    communication: int = 2
    free: int = 3
    locked: Mapping[str, int] = field(default_factory=dict)
    act_then_move: bool = False  # Actuar y después moverse
    move_while_acting: bool = False  # Moverse mientras actúa
    moved_before_standard: bool = False
    acted: bool = False  # a standard action was spent
    split_move: bool = False  # declared: move, act, move again (Moverse mientras actúa)
    escapes: int = 0

    def __post_init__(self):
        object.__setattr__(self, "locked", MappingProxyType(dict(self.locked)))

    def left(self, kind: str) -> int:
        """Actions of `kind` usable for anything (not the locked ones)."""
        return max(0, getattr(self, kind) - self.locked.get(kind, 0))

    def _take(self, kind: str, n: int, *, escape: bool) -> ActionBudget:
        if kind not in KINDS:
            raise _refuse("turn.unknown_action", f"Acción desconocida: {kind}.", f"Unknown action: {kind}.")
        usable = getattr(self, kind) if escape else self.left(kind)
        if usable < n:
            code = "turn.action_lost_to_progression" if getattr(self, kind) >= n else f"turn.no_{kind}_action"
            raise _refuse(
                code,
                f"No le queda acción {NAMES_ES[kind]} este turno.",
                f"No {kind} action left this turn.",
            )
        locked = dict(self.locked)
        if escape and locked.get(kind):
            locked[kind] = max(0, locked[kind] - n)
        return replace(self, **{kind: getattr(self, kind) - n}, locked=locked)

    def spend(
        self, kind: str, n: int = 1, *, harmful: bool = False, escape: bool = False
    ) -> tuple[ActionBudget, list[Source]]:
        """Spend actions; returns the new budget and any source the action now carries
        (Moverse mientras actúa: "aplica Inferioridad si realiza ataques u otras acciones que
        perjudiquen")."""
        budget = self
        sources: list[Source] = []
        if kind == "move" and self.acted and not escape:
            if self.move_while_acting:
                if self.moved_before_standard and not self.split_move:
                    raise _refuse(
                        "turn.split_move_not_declared",
                        "Para moverse antes y después de actuar hay que declararlo antes de actuar.",
                        "Moving before and after acting must be declared before acting.",
                        "MANIOBRAS DE COMBATE",
                    )
            elif not self.act_then_move or self.moved_before_standard:
                raise _refuse(
                    "turn.move_after_standard",
                    "Las acciones de movimiento van antes de las estándar.",
                    "Move actions come before standard actions.",
                )
        budget = budget._take(kind, n, escape=escape)
        if kind == "move" and not self.acted and not escape:
            budget = replace(budget, moved_before_standard=True)
        if kind == "standard":
            budget = replace(budget, acted=True)
            if harmful and self.split_move:
                sources.append(
                    Source(
                        "moverse-mientras-actua",
                        -1,
                        "MANIOBRAS DE COMBATE",
                        "Moverse mientras actúa",
                        "Move while acting",
                    )
                )
        return budget, sources

    def declare_split_move(self) -> ActionBudget:
        if not self.move_while_acting:
            raise _refuse(
                "turn.needs_move_while_acting",
                "Hace falta la maniobra «Moverse mientras actúa».",
                "Needs the maneuver 'Moverse mientras actúa'.",
                "MANIOBRAS DE COMBATE",
            )
        return replace(self, split_move=True)

    def convert(self, from_kind: str, to_kind: str) -> ActionBudget:
        """Standard → move, move → object (and so standard → object)."""
        if (from_kind, to_kind) not in CONVERSIONS:
            raise _refuse(
                "turn.no_such_conversion",
                f"Una acción {NAMES_ES.get(from_kind, from_kind)} no se convierte en {NAMES_ES.get(to_kind, to_kind)}.",
                f"A {from_kind} action does not convert into a {to_kind} action.",
            )
        budget = self._take(from_kind, 1, escape=False)
        return replace(budget, **{to_kind: getattr(budget, to_kind) + 1})

    def spend_costs(
        self, costs: Mapping[str, object], *, harmful: bool = False
    ) -> tuple[ActionBudget, list[Source]]:
        """Spend a maneuver's cost table (`maneuvers.ACTION_COSTS`): a count, "all" or "all_but_one"."""
        budget, sources = self, []
        for kind in ("move", "object", "standard", "communication", "free"):
            want = costs.get(kind)
            if want is None:
                continue
            have = budget.left(kind)
            n = have if want == "all" else max(0, have - 1) if want == "all_but_one" else int(want)
            if want in ("all", "all_but_one") and kind == "standard" and have == 0:
                raise _refuse(
                    "turn.no_standard_action", "No le queda acción estándar.", "No standard action left."
                )
            if n:
                budget, more = budget.spend(kind, n, harmful=harmful and kind == "standard")
                sources += more
        return budget, sources

    def spend_whole_turn(self, *, reason: str = "") -> ActionBudget:
        """ "todas las acciones del turno salvo las gratuitas" — only from an untouched turn."""
        untouched = not (self.acted or self.moved_before_standard) and self.object >= 1
        if not untouched or self.left("standard") < 1:
            raise _refuse(
                "turn.needs_whole_turn",
                "Hace falta el turno completo.",
                "It takes the whole turn.",
                reason or RULE,
            )
        return replace(self, standard=0, move=0, object=0, communication=0, locked={})

    def as_dict(self) -> dict:
        return {kind: self.left(kind) for kind in KINDS}


def budget_for_turn(state: CombatantState) -> ActionBudget:
    """The actions a combatant starts its turn with."""
    budget = ActionBudget(
        standard=1 + (1 if "accion-estandar-extra" in state.powers else 0),  # LISTA DE PODERES
        move=1 + (1 if "accion-de-movimiento-extra" in state.powers else 0),
        act_then_move=state.has("actuar-y-despues-moverse") or state.has("moverse-mientras-actua"),
        move_while_acting=state.has("moverse-mientras-actua"),
    )
    if "frenesi" in state.complications:
        # COMPLICACIONES: "pierde las acciones de comunicación y de objeto mientras combate"
        budget = replace(budget, object=0, communication=0)
    if state.condition("interposed-early"):
        # Interponerse before one's initiative: "sus acciones del turno se pierden y sólo conserva una
        # acción estándar y una acción de movimiento y una acción de comunicación" — the standard one
        # was spent interposing.
        budget = replace(
            budget, standard=0, object=0, move=min(1, budget.move), communication=min(1, budget.communication)
        )
    locked = lost_actions(state)
    return replace(budget, locked={k: min(v, getattr(budget, k)) for k, v in locked.items()})


# What each degree takes from the victim's turn (LISTA DE PODERES, the progression lists).
# Control powers: the controlled actions are not the victim's to use either.
LOST_BY_STEP = {
    "pierde 1 acción de movimiento": {"move": 1},
    "pierde acción estándar y de movimiento": {"standard": 1, "move": 1},
    "pierde todas sus acciones": {"standard": 9, "move": 9, "object": 9, "communication": 9, "free": 9},
    "controlado el movimiento": {"move": 1},
    "controladas todas las acciones menos la estándar": {
        "move": 9,
        "object": 9,
        "communication": 9,
        "free": 9,
    },
    "controladas todas las acciones": {"standard": 9, "move": 9, "object": 9, "communication": 9, "free": 9},
}


def lost_actions(state: CombatantState) -> dict[str, int]:
    lost: dict[str, int] = {}
    for effect in state.progressions:
        if effect.degrees <= 0:
            continue
        for kind, n in LOST_BY_STEP.get(effect.steps[effect.degrees - 1], {}).items():
            lost[kind] = max(lost.get(kind, 0), n)
    return lost

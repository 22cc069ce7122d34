"""Declare ahead, in any system: the GM turns it on for an encounter, every combatant's player
(the GM for the NPCs) declares their next action, of their own system, and the round is resolved
together (docs/tracking.md "Declaring ahead").

`DeclaringCombat(combat)` is a system's `CombatRules` with four action types more:
- `declare_ahead_on` / `declare_ahead_off` (GM): the encounter's option, kept in the state
  (`state["declare_ahead"]`), so it is in the log and undoable like any action. On, and while
  the fight runs, the declarations of a round are open (`rules.core.declarations`).
- `declare` `{"actor", "action": {"type", …that type's own fields}}`: while declarations are
  open, a combatant that can act declares (a second declaration replaces the first); the
  system's own actions that need an actor are then refused with a 409 (they are declared). When
  everyone who may declare has declared, the round resolves at once.
- `resolve_round` (GM, or the deadline): closes the declarations and walks the system's own
  turn order from whoever acts now: each combatant whose turn comes takes its declared action
  through that type's own `resolve` (after the system's `may_act`), then its turn ends through
  the system's `end_turn`; one that declared nothing passes. A declared action the rules refuse,
  or one whose combatant can no longer act, lapses (`declaration_lapsed`) and changes nothing.
  The walk stops when a combatant's turn comes a second time (a whole round in Epic20 and
  Anima, from one phase to the next time someone acts in Hero); declarations whose turn did not
  come lapse. Then the next round's declarations open.

Everything the walk writes is one action: one undo takes the whole round back. A system keeps
its own way of declaring (MSH has `declare` of its own) and is not wrapped; a system may say
`declare_ahead = False` to opt out, and `can_declare(state, cid)` when "can act" means more than
`status` "active". Nothing here knows a rule of any system; `tests/rules/test_declarations.py`
drives it with a toy and `tests/combat/test_declare_any_system.py` with Epic20.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from . import declarations as decl
from .dice import DiceSource
from .encounter import ActionType, CombatantFacts, Entry, Table, Viewer
from .errors import CONFLICT, Refused
from .fold import copy_json
from .schema import NoInput

FLAG = "declare_ahead"
RULE = "Declaraciones por adelantado"
OWN_EVENTS = frozenset(
    {
        "declare",
        "declaration_lapsed",
        "declarations_closed",
        "declarations_opened",
        "declare_ahead",
        decl.ORDER_EVENT,  # a standing order taken: shown as a declaration is
    }
)
OWN_ACTIONS = ("declare_ahead_on", "declare_ahead_off", "declare", "resolve_round")


@dataclass(frozen=True)
class DeclaredAction:
    """The declared action: `type`, plus that type's own fields (checked against its schema)."""

    type: str = field(metadata={"help_en": "The action type declared; its own fields go beside it."})


@dataclass(frozen=True)
class DeclareInput:
    action: DeclaredAction = field(metadata={"help_en": "The declared action, as its own type's input."})


def is_on(state: Mapping) -> bool:
    return bool(state.get(FLAG))


def applies(combat: Any) -> bool:
    """Whether a system's combat gets declare-ahead from the seam (not when it declares itself)."""
    return "declare" not in combat.actions and combat.declare_ahead is not False


def _text(es: str, en: str) -> dict:
    return {"es": es, "en": en}


def _meaningful(value: Any) -> Any:
    """A declared action without the fields left at nothing (0, false, "", null, []), so the same
    declaration compares equal however its form or client spelled the defaults."""
    if isinstance(value, Mapping):
        return {k: _meaningful(v) for k, v in value.items() if v not in (None, False, 0, "", [], {})}
    return value


def _name(table: Table, cid) -> str:
    return (table.combatant(cid) or {}).get("name", f"#{cid}")


class DeclaringCombat:
    """`combat` with declare-ahead rounds; everything else is the system's own."""

    def __init__(self, combat: Any):
        self.inner = combat
        # What may be declared: the system's own actions of one combatant (not the GM's, not a
        # reroll of the last action).
        self.declarable: dict[str, ActionType] = {
            name: kind
            for name, kind in combat.actions.items()
            if kind.needs_actor and not kind.gm_only and not kind.rewinds and name not in OWN_ACTIONS
        }
        policy = decl.DeclarePolicy(
            declarable=self.declarable,
            may_declare=self.may_declare,
            check=self._check,
            after=self._after_declare,
            text=self._declaration_text,
            rule=RULE,
        )
        self.declare = decl.declare_action(
            policy,
            schema=DeclareInput,
            summary_es="Declarar por adelantado la próxima acción",
            summary_en="Declare the next action ahead",
        )
        phases = ("setup", "active")
        own = {
            "declare_ahead_on": ActionType(
                "declare_ahead_on",
                lambda t, d, a, actor: self._switch(t, on=True),
                NoInput,
                gm_only=True,
                needs_actor=False,
                phases=phases,
                summary_es="Declarar las acciones por adelantado",
                summary_en="Declare actions ahead",
            ),
            "declare_ahead_off": ActionType(
                "declare_ahead_off",
                lambda t, d, a, actor: self._switch(t, on=False),
                NoInput,
                gm_only=True,
                needs_actor=False,
                phases=phases,
                summary_es="Volver a actuar turno a turno",
                summary_en="Back to acting turn by turn",
            ),
            "declare": self.declare,
            "resolve_round": ActionType(
                "resolve_round",
                lambda t, d, a, actor: self.resolve_round(t, d),
                NoInput,
                gm_only=True,
                needs_actor=False,
                summary_es="Cerrar las declaraciones y resolver el asalto",
                summary_en="Close the declarations and resolve the round",
            ),
        }
        self.actions = {**{name: self._guarded(kind) for name, kind in combat.actions.items()}, **own}

    # --- the system's own, handed on as they are ------------------------------------------------

    @property
    def odds_reads_options(self) -> bool:
        return self.inner.odds_reads_options

    @property
    def view_refusal(self):
        return self.inner.view_refusal

    # The system's combat keeps declaring ahead (it is this).
    declare_ahead = True

    def build_combatant(self, *, cid: int, name: str, side: str, sheet: Mapping, options: Mapping) -> dict:
        return self.inner.build_combatant(cid=cid, name=name, side=side, sheet=sheet, options=options)

    def join(self, table: Table, dice: DiceSource, cid: int) -> None:
        self.inner.join(table, dice, cid)

    def clock(self, state: Mapping) -> dict:
        return self.inner.clock(state)

    def remove(self, table: Table, dice: DiceSource, cid: int) -> None:
        self.inner.remove(table, dice, cid)

    def view_combatant(self, state: Mapping, facts: CombatantFacts, *, viewer: Viewer) -> dict:
        return self.inner.view_combatant(state, facts, viewer=viewer)

    def odds(self, state: Mapping, request: Mapping, **known: Any) -> dict:
        return self.inner.odds(state, request, **known)

    def fight_award(self, request: Mapping):
        return self.inner.fight_award(request)

    # --- while declarations are open, the system's own actions are declared -----------------------

    def _guarded(self, kind: ActionType) -> ActionType:
        if kind.name not in self.declarable:
            if kind.name != "start":
                return kind
            return replace(kind, resolve=self._start_then_open(kind.resolve))

        def resolve(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
            if is_on(table.state) and decl.is_open(table.state):
                raise Refused(
                    "declare.ahead",
                    RULE,
                    "Las acciones se declaran por adelantado: usa «declare».",
                    "Actions are declared ahead: use 'declare'.",
                    kind=CONFLICT,
                )
            kind.resolve(table, dice, action, actor)

        return replace(kind, resolve=resolve)

    def _start_then_open(self, start):
        def resolve(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
            start(table, dice, action, actor)
            if is_on(table.state) and table.status == "active":
                self._open(table)

        return resolve

    def may_act(self, state: Mapping, actor: int | None, action: Mapping) -> bool:
        kind = action.get("type")
        if kind == "declare":
            return actor is not None and self.may_declare(state, actor)
        if kind in OWN_ACTIONS:
            return True
        if is_on(state) and decl.is_open(state) and kind in self.declarable:
            return True  # its resolve answers the 409 that says to declare instead
        return self.inner.may_act(state, actor, action)

    def can_declare(self, state: Mapping, cid: int) -> bool:
        own = self.inner.can_declare
        if own is not None:
            return bool(own(state, cid))
        found = (state.get("combatants") or {}).get(str(cid))
        return found is not None and not found.get("removed") and found.get("status", "active") == "active"

    def may_declare(self, state: Mapping, cid: int) -> bool:
        return (
            is_on(state)
            and decl.is_open(state)
            and state.get("status") == "active"
            and self.can_declare(state, cid)
        )

    def waiting(self, state: Mapping) -> list[int]:
        """Who may still declare, by id."""
        ids = sorted(int(c) for c, s in (state.get("combatants") or {}).items() if not s.get("removed"))
        return [c for c in ids if self.may_declare(state, c) and not decl.has_declared(state, c)]

    # --- switching it on and off, opening a round ---------------------------------------------------

    def _switch(self, table: Table, *, on: bool) -> None:
        if is_on(table.state) == on:
            raise Refused(
                "declare_ahead.unchanged",
                RULE,
                "Ya estaba así." if on else "Ya se actuaba turno a turno.",
                "It already was so." if on else "Actions were already taken turn by turn.",
                kind=CONFLICT,
            )
        table.state[FLAG] = on
        if on:
            text = _text(
                "El director de juego pide declarar las acciones por adelantado.",
                "The GM asks everyone to declare their actions ahead.",
            )
        else:
            text = _text("Se vuelve a actuar turno a turno.", "Back to acting turn by turn.")
            table.state.pop(decl.KEY, None)  # declarations not resolved yet are dropped
        table.write(Entry("declare_ahead", {"on": on, "text": text, "rule": RULE}, round=table.round))
        if on and table.status == "active":
            self._open(table)

    def _open(self, table: Table) -> None:
        number = int((table.state.get(decl.KEY) or {}).get("round") or 0) + 1
        decl.open_round(table.state, number)
        table.write(
            Entry(
                "declarations_opened",
                {
                    "declaration_round": number,
                    # No number in the words: the log line already sits under the system's
                    # time ("Asalto 3", "Turno 2"), the one the page shows (docs/tracking.md).
                    "text": _text("Se abren las declaraciones.", "Declarations are open."),
                    "rule": RULE,
                },
                round=table.round,
            )
        )

    # --- declaring -----------------------------------------------------------------------------

    def _check(self, table: Table, action: Mapping, actor: int) -> None:
        target = action.get("target")
        if target is not None and table.combatant(target) is None:
            raise Refused(
                "target.not_found", RULE, "Ese objetivo no está en el combate.", "That target is not in the fight.",
                path="/action/target",
            )  # fmt: skip
        prior = decl.declaration_of(table.state, actor)
        if prior is not None and _meaningful(prior) == _meaningful(action):
            # Declaring again exactly what stands would log the same line twice and change nothing.
            raise Refused(
                "declare.unchanged", RULE, "Ya ha declarado exactamente eso: no cambia nada.",
                "It has already declared exactly that: nothing changes.", kind=CONFLICT,
            )  # fmt: skip

    def _words(self, table: Table, action: Mapping) -> tuple[str, str]:
        """A declared action in short words: what (its type's summary) and against whom."""
        kind = self.declarable[action["type"]]
        on = f" → {_name(table, action['target'])}" if action.get("target") is not None else ""
        return f"{kind.summary_es or kind.name}{on}", f"{kind.summary_en or kind.summary_es or kind.name}{on}"

    def _declaration_text(
        self, table: Table, actor: int, action: Mapping, prior: Mapping | None
    ) -> tuple[dict, dict | None]:
        """The line of a declaration; a change says what it changes from and to ("cambia su
        declaración: Atacar → Matón → Retrasar la acción"), or that only its details changed."""
        name = _name(table, actor)
        new_es, new_en = self._words(table, action)
        public = _text(f"{name} ha declarado su acción.", f"{name} has declared their action.")
        if prior is None or prior.get("type") not in self.declarable:
            return _text(f"{name} declara: {new_es}.", f"{name} declares: {new_en}."), public
        public = _text(f"{name} ha cambiado su declaración.", f"{name} has changed their declaration.")
        old_es, old_en = self._words(table, prior)
        if (old_es, old_en) == (new_es, new_en):
            return _text(
                f"{name} cambia los detalles de su declaración: {new_es}.",
                f"{name} changes the details of their declaration: {new_en}.",
            ), public
        return _text(
            f"{name} cambia su declaración: {old_es} ⇒ {new_es}.",
            f"{name} changes their declaration: {old_en} ⇒ {new_en}.",
        ), public

    def _after_declare(self, table: Table, dice: DiceSource, actor: int) -> None:
        if not self.waiting(table.state):
            self.resolve_round(table, dice)

    # --- resolving ---------------------------------------------------------------------------------

    def resolve_round(self, table: Table, dice: DiceSource) -> None:
        if not (is_on(table.state) and decl.is_open(table.state)):
            raise Refused(
                "declare.closed", RULE, "No hay declaraciones abiertas.", "No declarations are open.",
                kind=CONFLICT,
            )  # fmt: skip
        pending = {
            int(cid): dict(found["action"])
            for cid, found in sorted(decl.declared(table.state).items(), key=lambda item: item[1]["order"])
        }
        decl.close(table.state)
        table.write(
            Entry(
                "declarations_closed",
                {"text": _text("Se cierran las declaraciones.", "Declarations are closed."), "rule": RULE},
                round=table.round,
            )
        )
        self._walk(table, dice, pending)
        for cid, action in pending.items():
            self._lapse(
                table, cid, action, "su turno no llegó en este asalto.", "their turn did not come this round."
            )
        if table.status == "active" and is_on(table.state):
            self._open(table)

    def _walk(self, table: Table, dice: DiceSource, pending: dict[int, dict]) -> None:
        seen: set[int] = set()
        for _ in range(2 * len(table.combatants()) + 12):
            current = table.state.get("current")
            if table.status != "active" or current is None or int(current) in seen:
                return
            cid = int(current)
            seen.add(cid)
            action = pending.pop(cid, None)
            if action is None:
                self._lapse(table, cid, None, "no declaró nada: pasa.", "declared nothing: passes.")
            else:
                self._step(table, dice, cid, action)
            if (
                table.status == "active"
                and table.state.get("current") == cid
                and not self._end_turn(table, dice, cid)
            ):
                return

    def _step(self, table: Table, dice: DiceSource, cid: int, action: dict) -> None:
        request = {**action, "actor": cid}
        if not self.inner.may_act(table.state, cid, request):
            self._lapse(table, cid, action, "ahora no puede hacerlo.", "cannot do it now.")
            return
        state, written = copy_json(table.state), len(table.entries)
        try:
            self.declarable[action["type"]].resolve(table, dice, request, cid)
        except Refused as refusal:  # a refusal changes nothing: the step is put back
            table.state = state
            del table.entries[written:]
            self._lapse(table, cid, action, refusal.text_es, refusal.text_en, refusal.rule)

    def _end_turn(self, table: Table, dice: DiceSource, cid: int) -> bool:
        end = self.inner.actions.get("end_turn")
        request = {"type": "end_turn", "actor": cid}
        if end is None or not self.inner.may_act(table.state, cid, request):
            return False
        try:
            end.resolve(table, dice, request, cid)
        except Refused:
            return False
        return table.state.get("current") != cid

    def _lapse(self, table: Table, cid: int, action, es: str, en: str, rule: str = RULE) -> None:
        name = _name(table, cid)
        payload = {
            "action": action,
            "text": _text(f"{name}: {es}", f"{name}: {en}"),
            "public_text": _text(
                f"{name}: su acción declarada no se hace." if action else f"{name}: pasa.",
                f"{name}: their declared action does not happen." if action else f"{name}: passes.",
            ),
            "private": "actor",
            "rule": rule,
        }
        table.write(Entry("declaration_lapsed", payload, actor=cid, round=table.round))

    # --- what a viewer sees --------------------------------------------------------------------------

    def view_event(self, event: Mapping, *, hidden: frozenset[int], viewer: Viewer) -> dict:
        if event.get("type") not in OWN_EVENTS:
            return self.inner.view_event(event, hidden=hidden, viewer=viewer)
        payload = dict(event.get("payload") or {})
        text, public = payload.pop("text", {}), payload.pop("public_text", None)
        private = payload.pop("private", None) == "actor" and not viewer.gm and event.get("actor") in hidden
        if private:
            payload.pop("action", None)
            text = public or text
        return {**payload, "text_es": text.get("es", ""), "text_en": text.get("en", "")}

    def view_declarations(
        self, state: Mapping, *, viewer: Viewer, facts: Mapping[int, CombatantFacts]
    ) -> dict | None:
        """The round's declarations for `viewer`: who has declared always, what only where the
        viewer may see inside (a hidden NPC's declared action is `null`)."""
        if not is_on(state):
            return None
        block = state.get(decl.KEY) or {}
        return {
            "open": decl.is_open(state),
            "round": block.get("round"),
            "waiting": self.waiting(state),
            "declared": decl.view_declarations(state, viewer=viewer, facts=facts, redact=lambda action: None),
        }


__all__ = ["FLAG", "OWN_EVENTS", "DeclaringCombat", "applies", "is_on"]

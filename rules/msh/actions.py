"""Every MSH action type with its input schema, and the declare-then-act wiring of the round
(`rules.core.declarations` with SECUENCIA DE COMBATE's order, `rounds.py`)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import declarations as decl
from rules.core.dice import DiceSource
from rules.core.encounter import ActionType, Entry, Table

from . import defenses, rounds
from .attack import resolve_attack
from .attack_input import check_attack, refuse
from .combatant import effects
from .combined import check_not_mutual
from .declaration_texts import check_changed, declaration_text
from .follow_ups import FOLLOW_UPS, check_follow_up
from .phase import SEQUENCE, attacking_side, round_state
from .schemas import (
    AttackInput,
    DeclareInput,
    DefenseInput,
    DodgeInput,
    EscapeInput,
    HoldInput,
    InterposeInput,
    NoInput,
    SimpleInput,
    StartInput,
)

HOLD_RULE = "Ataques o maniobras especiales › Reserva de acción"


def _hold_is_never_resolved_alone(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    refuse(
        "hold.declare_only",
        "Una acción reservada solo se declara.",
        "A held action is only declared.",
        kind="conflict",
        rule=HOLD_RULE,
    )


def _act(name, resolve, schema, es, en) -> ActionType:
    return ActionType(name, resolve, schema, summary_es=es, summary_en=en)


DECLARABLE: dict[str, ActionType] = {
    "attack": _act(
        "attack", resolve_attack, AttackInput, "Atacar (tabla universal)", "Attack (Universal Table)"
    ),
    "evade": _act("evade", defenses.resolve_evade, DefenseInput, "Evadirse", "Evade"),
    "dodge": _act("dodge", defenses.resolve_dodge, DodgeInput, "Esquivar", "Dodge"),
    "block": _act("block", defenses.resolve_block, DefenseInput, "Bloqueo", "Block"),
    "escape": _act("escape", defenses.resolve_escape, EscapeInput, "Escape", "Escape"),
    "interpose": _act("interpose", defenses.resolve_interpose, InterposeInput, "Interposición", "Interpose"),
    "aim": _act("aim", defenses.resolve_aim, SimpleInput, "Apuntar un turno", "Aim for a turn"),
    "pass": _act("pass", defenses.resolve_pass, SimpleInput, "No hacer nada", "Do nothing"),
    "hold": _act("hold", _hold_is_never_resolved_alone, HoldInput, "Reserva de acción", "Hold the action"),
}


def _check_karma(me: Mapping, action: Mapping) -> None:
    for key in ("karma", "effect_karma"):
        value = action.get(key, 0) or 0
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < 0
            or value > int(me.get("karma") or 0)
        ):
            refuse(
                "declare.bad_karma",
                f"«{key}»: Karma no válido o insuficiente.",
                f"'{key}': Karma invalid or not enough.",
                path=f"/action/{key}",
            )


def _check_hold(table: Table, action: Mapping, actor: int) -> None:
    # "Un personaje cuyo bando tiene la iniciativa puede reservar su acción"
    me = table.combatant(actor)
    if me.get("side") != attacking_side(table.state):
        refuse(
            "hold.not_attacker",
            "Solo el bando con la iniciativa reserva su acción.",
            "Only the side with the initiative holds its action.",
            rule=HOLD_RULE,
        )
    before = action.get("before")
    other = table.combatant(before) if isinstance(before, int) and not isinstance(before, bool) else None
    if other is None or other.get("side") == me.get("side"):
        refuse(
            "hold.bad_before",
            "¿La acción de qué defensor contrarresta?",
            "Which defender's action does it counter?",
            path="/action/before",
            rule=HOLD_RULE,
        )
    inner = action.get("action")
    if not isinstance(inner, Mapping):
        refuse(
            "hold.no_action",
            "Falta el ataque reservado.",
            "The held attack is missing.",
            path="/action/action",
            rule=HOLD_RULE,
        )
    check_attack(table, inner, actor)


def check_declared(table: Table, action: Mapping, actor: int) -> None:
    """Refuse at declaration time what the rules would refuse later, so nothing bad waits."""
    me = table.combatant(actor)
    _check_karma(me, action)
    kind = action["type"]
    if defenses.held_fast(me) and kind not in ("escape", "pass"):
        refuse(
            "declare.held",
            "Está inmovilizado: solo puede intentar escapar.",
            "It is held fast: it may only try to escape.",
            kind="conflict",
        )
    check_follow_up(table, action, actor)
    check_not_mutual(table, action, actor)
    if kind == "attack":
        check_attack(table, {k: v for k, v in action.items() if k != "then"}, actor)
    elif kind == "hold":
        _check_hold(table, action, actor)
    elif kind == "escape" and not effects(me).get("held_by"):
        refuse("escape.not_held", "No está sujeto.", "It is not held.", path="/action/type")
    elif kind == "interpose":
        protect = action.get("protect")
        if (
            isinstance(protect, bool)
            or not isinstance(protect, int)
            or protect == actor
            or table.combatant(protect) is None
        ):
            refuse("interpose.unknown", "¿Delante de quién?", "In front of whom?", path="/action/protect")


def _check_declaration(table: Table, action: Mapping, actor: int) -> None:
    check_declared(table, action, actor)
    check_changed(decl.declaration_of(table.state, actor), action)


def _after_declare(table: Table, dice: DiceSource, actor: int) -> None:
    action = decl.declaration_of(table.state, actor) or {}
    effects(table.combatant(actor))["effect_karma"] = int(action.get("effect_karma") or 0)
    if rounds.everyone_declared(table) and round_state(table.state).get("auto_resolve", True):
        RESOLVE_ROUND.resolve(table, dice, {}, None)


def _declaration_text(table: Table, actor: int, action: Mapping, prior: Mapping | None) -> tuple[dict, dict]:
    """The log says what a change replaces (declaration_texts.py)."""
    return declaration_text(table, actor, action, prior=prior, kinds=DECLARABLE)


POLICY = decl.DeclarePolicy(
    declarable=DECLARABLE,
    may_declare=rounds.may_declare,
    check=_check_declaration,
    after=_after_declare,
    text=_declaration_text,
    private_keys=("karma", "effect_karma"),
    rule=SEQUENCE,
)
DECLARE = decl.declare_action(POLICY, schema=DeclareInput)
RESOLVE_ROUND = decl.resolve_round_action(
    declarable={**DECLARABLE, **FOLLOW_UPS},  # the other actions resolve in the round, never alone
    steps=rounds.steps,
    can_act=rounds.can_still_act,
    begin=rounds.begin_acting,
    before_step=rounds.before_step,
    finish=rounds.end_round,
    schema=NoInput,
    rule=SEQUENCE,
)


def resolve_start(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    if table.status != "setup":
        refuse(
            "start.already",
            "El combate ya ha empezado.",
            "The fight has already started.",
            kind="conflict",
            rule=SEQUENCE,
        )
    if not table.combatants():
        refuse("start.empty", "No hay nadie en el combate.", "There is no one in the fight.", rule=SEQUENCE)
    table.state["status"] = "active"
    table.state["round"] = 1
    table.state["msh"] = {"auto_resolve": bool(action.get("auto_resolve", True))}
    table.write(
        Entry(
            "start",
            {"text": {"es": "Empieza el combate.", "en": "The fight begins."}, "rule": SEQUENCE},
            round=1,
        )
    )
    rounds.open_round(table, dice)


def resolve_end(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    if table.status != "active":
        refuse(
            "end.not_active",
            "El combate no está en marcha.",
            "The fight is not on.",
            kind="conflict",
            rule=SEQUENCE,
        )
    table.state["status"] = "ended"
    decl.close(table.state)
    table.write(
        Entry(
            "end",
            {"text": {"es": "Termina el combate.", "en": "The fight ends."}, "rule": SEQUENCE},
            round=table.round,
        )
    )


ACTIONS: dict[str, ActionType] = {
    **DECLARABLE,
    "declare": DECLARE,
    "resolve_round": RESOLVE_ROUND,
    "start": ActionType(
        "start",
        resolve_start,
        StartInput,
        gm_only=True,
        needs_actor=False,
        phases=("setup",),
        summary_es="Empezar",
        summary_en="Start",
    ),
    "end": ActionType(
        "end", resolve_end, NoInput, gm_only=True, needs_actor=False, summary_es="Terminar", summary_en="End"
    ),
}
# Only the types a combatant may take by themselves at the moment: in MSH everything else is declared.
DIRECT = ("declare",)

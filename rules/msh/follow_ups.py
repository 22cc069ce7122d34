"""The other action the seed gives beside a character's one declared action, declared with it as
its `then` (or, for an Escape, `away`) so nothing waits for a second round of declarations:

- Esquivar: "Se anuncia al principio del turno y puede hacerse otra acción, pero con un -2 a las
  columnas." The dodge's `then` (an attack) is resolved at the dodger's place in the order.
- Escape, rojo: "El defensor se libera y puede o alejarse o intentar un ataque con un -2." The
  escape's `away` or `then` is declared with it and happens only if the escape comes out red:
  `away` in the escape itself (`defenses.resolve_escape`: out of reach of melee and wrestling
  this turn), `then` as the step right after it (`escape_attack`, −2 columns from `shifts.py`),
  which lapses, with its reason, on any other colour.
- Sujeción, rojo (and a full hold): "El atacante puede, en el siguiente turno, infligir su Fuerza
  en daño y hacer otra acción." The squeeze (a grappling attack on the character it holds fast)
  carries `then`, the step right after the squeeze (`holding_attack`, no penalty: the seed gives
  none); it lapses if there was no squeeze (the hold was broken first, or the holder fell).

`FOLLOW_UPS` are resolved by the round (`rules.core.declarations.resolve_round_action`'s
`declarable`) but are not declarable or playable by themselves.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import ActionType, Table

from .attack import resolve_attack
from .attack_input import check_attack, refuse
from .combatant import effects
from .phase import require_acting
from .schemas import AttackInput

ESCAPE_RULE = "Acciones defensivas › Escape"
DODGE_RULE = "Acciones defensivas › Esquivar"
GRAPPLING_RULE = "Tipos de combate › Lucha › Sujeción"
WITH_THEN = ("dodge", "escape", "attack")


def holds_fast_since_before(state: Mapping, holder: int, target) -> bool:
    """Whether `holder` has held `target` fast since an earlier turn ("en el siguiente turno")."""
    if isinstance(target, bool) or not isinstance(target, int):
        return False
    other = (state.get("combatants") or {}).get(str(target)) or {}
    held = (other.get("effects") or {}).get("held_by") or {}
    return (
        held.get("by") == holder
        and bool(held.get("full"))
        and int(held.get("round", 0)) < int(state.get("round") or 0)
    )


def held_fast_by(state: Mapping, holder: int) -> list[int]:
    """Whom `holder` may squeeze this turn (and so take its other action)."""
    return [
        int(cid)
        for cid in (state.get("combatants") or {})
        if holds_fast_since_before(state, holder, int(cid))
    ]


def _check_squeeze(table: Table, action: Mapping, actor: int) -> None:
    then = action["then"]
    if action.get("combat_type") != "grappling" or not holds_fast_since_before(
        table.state, actor, action.get("target")
    ):
        refuse(
            "hold.then_needs_squeeze",
            "Solo quien aprieta a alguien que tiene inmovilizado hace otra acción en el mismo turno.",
            "Only a holder squeezing someone it holds fast takes another action that turn.",
            path="/action/then",
            rule=GRAPPLING_RULE,
        )
    check_attack(table, then, actor)
    if then.get("combat_type") == "grappling":
        refuse(
            "hold.one_at_a_time",
            "Mientras sujeta a alguien, su otra acción no puede ser otra Sujeción.",
            "While holding someone, its other action cannot be another hold.",
            path="/action/then/combat_type",
            rule=GRAPPLING_RULE,
        )


def check_follow_up(table: Table, action: Mapping, actor: int) -> None:
    """Refuse at declaration time a `then` or an `away` the seed does not give this action."""
    kind, then = action["type"], action.get("then")
    if action.get("away") and kind != "escape":
        refuse(
            "declare.no_away",
            "Alejarse solo sigue a un Escape rojo.",
            "Moving away only follows a red escape.",
            path="/action/away",
            rule=ESCAPE_RULE,
        )
    if then is None:
        return
    if kind not in WITH_THEN or not isinstance(then, Mapping):
        refuse(
            "declare.bad_then",
            "«then» es un ataque, y solo va con Esquivar, con Escape o al apretar a quien se tiene inmovilizado.",
            "'then' is an attack, and only goes with a dodge, an escape or a squeeze of someone held fast.",
            path="/action/then",
        )
    if kind == "escape":
        if action.get("away"):
            refuse(
                "escape.away_or_attack",
                "O se aleja o ataca: no las dos cosas.",
                "It either moves away or attacks, not both.",
                path="/action/away",
                rule=ESCAPE_RULE,
            )
        check_attack(table, then, actor, ignore_hold=True)  # it attacks once free
    elif kind == "attack":
        _check_squeeze(table, action, actor)
    else:
        check_attack(table, then, actor)


def _attack(action: Mapping) -> dict:
    return {**action, "type": "attack"}


def resolve_escape_attack(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    """Escape, rojo: "intentar un ataque con un -2" (the −2 is `shifts.py`'s `after-escape`)."""
    require_acting(table.state)
    me = table.combatant(actor) if actor is not None else None
    if me is None or effects(me).get("escaped") != "red":
        refuse(
            "escape.not_red",
            "el escape no salió rojo: no hay ataque tras él.",
            "the escape was not red: no attack follows it.",
            kind="conflict",
            rule=ESCAPE_RULE,
        )
    resolve_attack(table, dice, _attack(action), actor)


def resolve_holding_attack(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    """Sujeción, rojo: "infligir su Fuerza en daño y hacer otra acción" (after the squeeze)."""
    require_acting(table.state)
    me = table.combatant(actor) if actor is not None else None
    if me is None or effects(me).get("squeezed") != table.round:
        refuse(
            "hold.no_squeeze",
            "ya no tiene a nadie inmovilizado: no hay otra acción.",
            "it no longer holds anyone fast: no other action.",
            kind="conflict",
            rule=GRAPPLING_RULE,
        )
    resolve_attack(table, dice, _attack(action), actor)


FOLLOW_UPS: dict[str, ActionType] = {
    "escape_attack": ActionType(
        "escape_attack",
        resolve_escape_attack,
        AttackInput,
        summary_es="Ataque tras un Escape rojo (−2)",
        summary_en="Attack after a red escape (−2)",
    ),
    "holding_attack": ActionType(
        "holding_attack",
        resolve_holding_attack,
        AttackInput,
        summary_es="Otra acción mientras sujeta",
        summary_en="Another action while holding",
    ),
}


def steps_of(action: Mapping) -> list[dict]:
    """The actions one declaration resolves into, in order, at the declarer's place."""
    kind, then = action["type"], action.get("then")
    if not then:
        return [dict(action)]
    if kind == "dodge":
        return [_attack(then)]  # the dodge itself was rolled at the start of the turn
    own = {key: value for key, value in action.items() if key != "then"}
    follow = "escape_attack" if kind == "escape" else "holding_attack"
    return [own, {**then, "type": follow}]

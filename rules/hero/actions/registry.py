"""Every Hero action type, with its schema and when it may be taken (`may_act`)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.encounter import ActionType
from rules.core.errors import Refused
from rules.core.fold import copy_json

from .. import clock
from ..knockback import forget_knockbacks
from ..phase import acts_on_ego, in_phase
from . import attack, defend, fire, gm, turn
from .schemas import (
    AdjustInput,
    AttackInput,
    ConditionInput,
    DefendInput,
    Empty,
    EndTurnInput,
    KnockbackObstacleInput,
    MoveInput,
    PickUpInput,
    StartInput,
    SuppressInput,
    TargetInput,
    TieInput,
    TrackInput,
)

GM_PHASES = ("setup", "active")


def all_or_nothing(resolve):
    """A refusal changes nothing: the table is put back as it was, whatever the rule checked last."""

    def guarded(table, dice, action, actor):
        state, written = copy_json(table.state), len(table.entries)
        try:
            resolve(table, dice, action, actor)
        except Refused:
            table.state.clear()
            table.state.update(state)
            del table.entries[written:]
            raise

    guarded.__doc__ = resolve.__doc__
    guarded.__name__ = resolve.__name__
    return guarded


def forgetting_knockbacks(name: str, resolve):
    """Only right after an attack may the GM say what its knockback hit: any other action forgets
    the last action's knockbacks (`knockback.LAST`) before it resolves."""
    if name == "knockback_obstacle":
        return resolve

    def forgetting(table, dice, action, actor):
        forget_knockbacks(table.state)
        resolve(table, dice, action, actor)

    forgetting.__doc__ = resolve.__doc__
    forgetting.__name__ = resolve.__name__
    return forgetting


def passing_on_from_the_fallen(resolve):
    """Whatever the action, if it left the one whose phase it is unconscious, dying or dead, the
    clock moves on to the next who can act (`clock.pass_on_from_the_fallen`)."""

    def passing(table, dice, action, actor):
        resolve(table, dice, action, actor)
        clock.pass_on_from_the_fallen(table, dice)

    passing.__doc__ = resolve.__doc__
    passing.__name__ = resolve.__name__
    return passing


def stamping_the_segment(resolve):
    """Every event says the segment its action was taken in, so that the log names the time as
    Hero counts it: turn and segment (the document counts them so, "Ataques coordinados": "En el
    segmento 6 … En el Segmento 8"; 6E's Speed Chart: a turn of 12 segments). An event that
    already names its segment (recovery after segment 12) keeps it; the fight's start, taken
    before any segment, is stamped with the segment it starts on."""

    def stamping(table, dice, action, actor):
        segment, written = table.state.get("segment"), len(table.entries)
        resolve(table, dice, action, actor)
        segment = segment or table.state.get("segment")
        if segment:
            for entry in table.entries[written:]:
                entry.payload.setdefault("segment", segment)

    stamping.__doc__ = resolve.__doc__
    stamping.__name__ = resolve.__name__
    return stamping


def _a(name, resolve, schema, es, en, **kw) -> ActionType:
    return ActionType(
        name=name,
        resolve=all_or_nothing(
            stamping_the_segment(forgetting_knockbacks(name, passing_on_from_the_fallen(resolve)))
        ),
        schema=schema,
        summary_es=es,
        summary_en=en,
        **kw,
    )


ACTIONS: dict[str, ActionType] = {
    a.name: a
    for a in (
        _a(
            "start",
            gm.start,
            StartInput,
            "Empieza el combate (segmento 12)",
            "Start the fight (segment 12)",
            gm_only=True,
            needs_actor=False,
            phases=("setup",),
        ),
        _a(
            "end",
            gm.end,
            Empty,
            "Termina el combate",
            "End the fight",
            gm_only=True,
            needs_actor=False,
            phases=GM_PHASES,
        ),
        _a("attack", attack.resolve, AttackInput, "Atacar con una maniobra", "Attack with a maneuver"),
        _a(
            "defend",
            defend.resolve,
            DefendInput,
            "Bloquear, esquivar, tirarse al suelo o rodar el golpe",
            "Block, dodge, dive for cover or roll with a punch",
        ),
        _a("move", turn.move, MoveInput, "Moverse (media fase o fase entera)", "Move (half or full phase)"),
        _a("recovery", turn.recovery, Empty, "Recuperarse (fase entera)", "Take a Recovery (full phase)"),
        _a("hold", turn.hold, Empty, "Aguantar la fase", "Hold the phase"),
        _a("stand_up", turn.stand_up, Empty, "Levantarse (media fase)", "Stand up (half phase)"),
        _a(
            "pick_up",
            turn.pick_up,
            PickUpInput,
            "Recoger un arma (media fase)",
            "Pick up a weapon (half phase)",
        ),
        _a("escape", turn.escape, Empty, "Soltarse de un agarre", "Break out of a grab"),
        _a(
            "track",
            turn.track,
            TrackInput,
            "Establecerse en un objetivo (fase entera)",
            "Set on a target (full phase)",
        ),
        _a("suppress", fire.suppress, SuppressInput, "Fuego sostenido", "Suppression fire"),
        _a(
            "suppression_fire",
            fire.suppression_hit,
            TargetInput,
            "Disparar a quien entra en el fuego sostenido",
            "Fire on whoever enters the suppression",
        ),
        _a(
            "cover_fire",
            fire.cover_fire,
            TargetInput,
            "Disparar al objetivo cubierto que escapa",
            "Fire on the covered target who escapes",
        ),
        _a(
            "break_cover",
            fire.break_cover,
            Empty,
            "Intentar escapar de quien le cubre",
            "Try to escape being covered",
        ),
        _a("end_turn", turn.end_turn, EndTurnInput, "Terminar la fase", "End the phase"),
        _a(
            "set_condition",
            gm.set_condition,
            ConditionInput,
            "Poner o quitar un estado",
            "Set or clear a condition",
            gm_only=True,
            needs_actor=False,
            phases=GM_PHASES,
        ),
        _a(
            "knockback_obstacle",
            gm.knockback_obstacle,
            KnockbackObstacleInput,
            "Decir contra qué chocó quien salió despedido en el último ataque",
            "Say what the target knocked back by the last attack hit",
            gm_only=True,
            needs_actor=False,
        ),
        _a(
            "reorder_tie",
            gm.reorder_tie,
            TieInput,
            "Cambiar el orden de dos combatientes empatados en DES",
            "Reorder two combatants tied on DEX",
            gm_only=True,
            needs_actor=False,
            phases=GM_PHASES,
        ),
        _a(
            "adjust",
            gm.adjust,
            AdjustInput,
            "Ajustar ATU, CUE o AGU",
            "Adjust STUN, BODY or END",
            gm_only=True,
            needs_actor=False,
            phases=GM_PHASES,
        ),
    )
}

ANY_TIME = frozenset({"start", "end", "set_condition", "adjust", "knockback_obstacle", "reorder_tie"})
# Actions taken only out of one's phase, even in it (see `OUT_OF_PHASE`).
OUT_OF_PHASE_ONLY = ("suppression_fire", "cover_fire")


def may_act(state: Mapping, actor, action: Mapping) -> bool:
    kind = action.get("type")
    if kind in ANY_TIME:
        return True
    if kind not in ACTIONS or state.get("status") != "active":
        return False
    if in_phase(state, actor) and kind not in OUT_OF_PHASE_ONLY:
        return True
    if acts_on_ego(state, actor, action):
        return True
    me = _able_combatant(state, actor)
    if me is None:
        return False
    out_of_phase = OUT_OF_PHASE.get(kind)
    return out_of_phase is not None and out_of_phase(state, actor, action, me)


def _able_combatant(state: Mapping, actor) -> dict | None:
    """The actor's state, if it is in the fight and active."""
    me = (state.get("combatants") or {}).get(str(actor)) if actor is not None else None
    if me is None or me.get("removed") or me["status"] != "active":
        return None
    return me


def _may_abort_to_defend(state: Mapping, actor, action: Mapping, me: Mapping) -> bool:
    """A defense out of its phase aborts to it (`defend.may_abort`)."""
    return bool(action.get("abort")) and defend.may_abort(state, actor)


def _may_fire_on_suppression(state: Mapping, actor, action: Mapping, me: Mapping) -> bool:
    """Fire on whoever enters one's own suppression fire."""
    return bool(me.get("suppressing"))


def _may_fire_on_covered(state: Mapping, actor, action: Mapping, me: Mapping) -> bool:
    """Fire on a target that the actor covers."""
    target = (state.get("combatants") or {}).get(str(action.get("target"))) or {}
    return (target.get("covered_by") or {}).get("by") == actor


# Actions one may take out of one's phase, each with when it may be.
OUT_OF_PHASE = {
    "defend": _may_abort_to_defend,
    "suppression_fire": _may_fire_on_suppression,
    "cover_fire": _may_fire_on_covered,
}

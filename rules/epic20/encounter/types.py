"""Every Epic20 action type of `POST /encounters/{id}/actions/`: its handler, its input schema,
who may take it and when (the phases; whose turn is `rules.epic20.encounter.rules.may_act`)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.encounter import ActionType
from rules.core.errors import Refused
from rules.core.schema import NoInput

from . import actions, maneuver_actions, other_actions, schemas
from .refusals import refused
from .rerolls import first_roll, keep_first_roll
from .table import Epic20Table, resolving

REROLL_USE = "repetir-tirada"

# Actions whose roll a hero point may reroll, resolved again with `rerolling=` the first roll.
REROLLABLE = {
    "attack": actions.do_attack,
    "skill_check": actions.do_skill_check,
    "escape": actions.do_escape,
    "support": other_actions.do_support,
}


def do_reroll(table: Epic20Table, dice, action: Mapping, actor) -> None:
    """PUNTOS DE HÉROE: "Repetir un dado de 20 ya lanzado" — the last action, resolved again."""
    try:
        first = first_roll(
            table.last_action, actor=int(actor), which=action.get("seq"), rerollable=tuple(REROLLABLE)
        )
    except Refused:
        present = table.last_action.present if table.last_action is not None else table.folded
        if present.get("current") != int(actor):
            raise refused("turn.not_yours", "No es el turno de ese combatiente.") from None
        raise
    REROLLABLE[first.request["type"]](table, dice, dict(first.request), actor, **first.kwargs())
    keep_first_roll(table.entries, first)


def is_reroll(action: Mapping) -> bool:
    return action.get("type") == "reroll" or action.get("use") == REROLL_USE


def do_spend_hero_point(table: Epic20Table, dice, action: Mapping, actor) -> None:
    if action.get("use") == REROLL_USE:  # the same as `reroll`
        do_reroll(table, dice, action, actor)
    else:
        other_actions.do_spend_hero_point(table, dice, action, actor)


SETUP_ACTIVE = ("setup", "active")
ANY_PHASE = ("setup", "active", "ended")


# The actions a combatant takes in its turn, in words: what a declaration made ahead says it will do
# (ATACAR EN COMBATE, HABILIDADES, MANIOBRAS DE COMBATE, LISTA DE PODERES, RETRASAR LA ACCIÓN).
SUMMARIES = {
    "attack": ("Atacar", "Attack"),
    "escape": ("Librarse de efectos", "Break free"),
    "skill_check": ("Tirada de habilidad", "Skill check"),
    "delay": ("Retrasar la acción", "Delay"),
    "maneuver": ("Maniobra", "Maneuver"),
    "end_turn": ("Terminar el turno", "End the turn"),
    "support": ("Apoyo", "Support"),
    "use_power": ("Poder", "Power"),
}


def _type(name, handler, schema=NoInput, **options) -> ActionType:
    es, en = SUMMARIES.get(name, ("", ""))
    return ActionType(
        name=name, resolve=resolving(handler), schema=schema, summary_es=es, summary_en=en, **options
    )


ACTION_TYPES: dict[str, ActionType] = {
    t.name: t
    for t in (
        _type("start", actions.do_start, schemas.Start, gm_only=True, needs_actor=False, phases=("setup",)),
        _type("attack", actions.do_attack, schemas.Attack),
        _type("escape", actions.do_escape, schemas.Escape),
        _type("skill_check", actions.do_skill_check, schemas.SkillCheck, phases=SETUP_ACTIVE),
        _type("reroll", do_reroll, schemas.Reroll, phases=SETUP_ACTIVE, rewinds=True),
        _type("spend_hero_point", do_spend_hero_point, schemas.SpendHeroPoint, rewinds=is_reroll),
        _type("delay", actions.do_delay, schemas.Delay),
        _type("maneuver", maneuver_actions.do_maneuver, schemas.Maneuver),
        _type("end_turn", actions.do_end_turn),
        _type(
            "award_hero_point",
            other_actions.do_award_hero_point,
            schemas.AwardHeroPoint,
            gm_only=True,
            needs_actor=False,
            phases=ANY_PHASE,
        ),
        _type("rest", other_actions.do_rest, schemas.Rest, gm_only=True, needs_actor=False, phases=ANY_PHASE),
        _type(
            "set_minion_hp",
            other_actions.do_set_minion_hp,
            schemas.SetMinionHitPoints,
            gm_only=True,
            needs_actor=False,
            phases=SETUP_ACTIVE,
        ),
        _type("end", actions.do_end, gm_only=True, needs_actor=False, phases=SETUP_ACTIVE),
        _type("support", other_actions.do_support, schemas.Support),
        _type(
            "sleep", other_actions.do_sleep, schemas.Sleep, gm_only=True, needs_actor=False, phases=ANY_PHASE
        ),
        _type("invent", other_actions.do_invent, schemas.Invent, phases=("setup", "ended")),
        # Before the fight too; `do_use_power` checks the turn once it is on.
        _type("use_power", other_actions.do_use_power, schemas.UsePower, phases=SETUP_ACTIVE),
    )
}
# Taken whenever asked (the GM's tools, hero points, powers switched before the fight…).
ANY_TIME = frozenset(
    {
        "sleep",
        "invent",
        "start",
        "reroll",
        "spend_hero_point",
        "award_hero_point",
        "rest",
        "set_minion_hp",
        "end",
        "use_power",
    }
)


def is_any_time(kind: str, action: Mapping) -> bool:
    """A counterattack earned with Ataque a fondo happens during the other fighter's turn; a
    skill check the GM calls for as `free` whenever they ask for it; some maneuvers are
    declared on someone else's turn."""
    return (
        kind in ANY_TIME
        or (kind == "attack" and bool(action.get("counter")))
        or (kind == "maneuver" and action.get("maneuver") in maneuver_actions.ANY_TIME_MANEUVERS)
        or (kind == "skill_check" and bool(action.get("free")))
    )

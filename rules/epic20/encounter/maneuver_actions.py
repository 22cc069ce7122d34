"""Combat maneuvers declared outside an attack (MANIOBRAS DE COMBATE): each slug is one small
handler in a table, on the fighter's own turn or, for a few, on someone else's.

An own-turn handler takes `(table, state, budget, action, dice)` and answers the new state,
budget and events; an any-time handler takes `(table, state, action)` and answers the new state
and events (it spends nothing of the turn that is going on).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core.dice import DiceSource
from rules.epic20.resolution import declarations, declare_defensive_attack

from .actions import _combatant
from .refusals import refused
from .table import Epic20Table as Table


def _needs(action: dict, key: str, text_es: str) -> None:
    if not action.get(key):
        raise refused(f"{key}.required", text_es, f"/{key}")


def _target(table: Table, action: dict, text_es: str = "Indica el objetivo."):
    _needs(action, "target", text_es)
    return _combatant(table, action["target"], "/target")


def _aim(table, state, budget, action, dice):
    return declarations.aim(state, budget, _target(table, action).id)


def _study(table, state, budget, action, dice):
    return declarations.study_target(state, budget, _target(table, action).id)


def _interpose(table, state, budget, action, dice):
    return declarations.interpose(state, budget, _target(table, action).id)


def _blind_fight(table, state, budget, action, dice):
    return declarations.blind_fight(state, budget, _target(table, action), dice)


def _draw(table, state, budget, action, dice):
    _needs(action, "item", "Indica el equipo.")
    return declarations.draw(state, budget, action["item"])


def _weak_point(table, state, budget, action, dice):
    allies = [_combatant(table, cid, f"/allies/{i}") for i, cid in enumerate(action.get("allies") or [])]
    state, budget, helped, events = declarations.show_weak_point(state, budget, allies)
    table.put(*helped)
    return state, budget, events


def _plain(function) -> Callable:
    return lambda table, state, budget, action, dice: function(state, budget)


# Maneuvers declared on the fighter's own turn.
MANEUVERS: dict[str, Callable] = {
    "defensa-total": _plain(declarations.total_defense),
    "defensa-a-la-carrera": _plain(declarations.running_defense),
    "parada": _plain(declarations.parry),
    "esquiva": _plain(lambda s, b: declarations.parry(s, b, dodge=True)),
    "excelente-apuntando": _aim,
    "estudiar-objetivo": _study,
    "interponerse": _interpose,
    "luchar-a-ciegas": _blind_fight,
    "mostrar-punto-debil": _weak_point,
    "levantarse": _plain(declarations.stand_up),
    "desenfundar": _draw,
}


def _defensive_attack(table, state, action):
    enemy = _target(table, action, "Indica el enemigo.")
    return declare_defensive_attack(state, enemy.id)


def _keep_distance(table, state, action):
    return declarations.keep_distance(state)


def _interpose_early(table, state, action):
    protected = _combatant(table, action.get("target"), "/target")
    state, _budget, events = declarations.interpose(state, None, protected.id, early=True)
    return state, events


# Declared on someone else's turn (MANIOBRAS DE COMBATE: Ataque defensivo, Ataque manteniendo
# la distancia, Interponerse before one's initiative).
ANY_TIME_MANEUVERS: dict[str, Callable] = {
    "ataque-defensivo": _defensive_attack,
    "ataque-manteniendo-la-distancia": _keep_distance,
    "interponerse-antes": _interpose_early,
}
MANEUVER_CHOICES = (*MANEUVERS, *ANY_TIME_MANEUVERS)
# What the form of each own-turn maneuver asks for besides the maneuver itself.
NEEDS = dict.fromkeys(MANEUVERS, "budget") | {
    "excelente-apuntando": "target",
    "estudiar-objetivo": "target",
    "interponerse": "target",
    "luchar-a-ciegas": "target",
    "mostrar-punto-debil": "allies",
    "desenfundar": "item",
}


def do_maneuver(table: Table, dice: DiceSource, action: dict, actor) -> None:
    state = _combatant(table, actor, "/actor")
    slug = action["maneuver"]
    if slug in ANY_TIME_MANEUVERS:
        state, events = ANY_TIME_MANEUVERS[slug](table, state, action)
        table.put(state)
        table.emit(events)
        return
    if slug not in MANEUVERS:
        raise refused("maneuver.unknown", "Maniobra desconocida.", "/maneuver")
    budget = table.budget()
    if budget is None or table.current != state.id:
        raise refused("turn.none", "No es el turno de ese combatiente.", "/actor")
    state, budget, events = MANEUVERS[slug](table, state, budget, action, dice)
    table.put(state)
    table.set_budget(budget)
    table.emit(events)

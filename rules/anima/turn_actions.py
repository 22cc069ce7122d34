"""The other actions of a turn (Las Acciones, Defenderse) and the GM's hand on the table."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import CONFLICT, Refused

from . import reach
from .catalogue import ACTIONS, ATTACKING, DEFENDING, MOVE_STEP, STATE
from .combatant import ACTIVE, DEAD, DYING, need, need_standing
from .derived import defensive_capabilities
from .life_death import settle_status
from .results import DEFAULT_LEVELS, as_json, check_results_table


def _say(table: Table, kind: str, es: str, en: str, rule: str, actor=None, target=None, **payload) -> None:
    payload.update({"rule": rule, "text": {"es": es, "en": en}})
    table.write(Entry(kind, payload, actor=actor, target=target, round=table.round))


def quarters_penalty(metres: Fraction, speed: int) -> int:
    """Las Acciones: "una cuarta parte de su Velocidad de Movimiento sin aplicarse ningún
    penalizador … -2 a toda acción hasta su siguiente turno por cada cuarto … adicional"
    (speed 20: 5 m 0, 10 m −2, 15 m −4, 20 m −6)."""
    if metres <= 0:
        return 0
    quarters = math.ceil(metres / Fraction(speed, 4))
    return MOVE_STEP * (quarters - 1)


def move(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """One movement action a turn, and the complex action as a second one ("los posibles
    penalizadores de ambas Acciones de Movimiento son acumulativas"); a movement action may be
    split ("no es necesario que … emplee su Acción de Movimiento de forma continua")."""
    mover = need(table, actor, path="/actor")
    need_standing(mover)
    use = action.get("use") or "movement"
    metres = Fraction(action.get("metres") or 0)
    speed = int(mover["sheet"]["movement"])
    used = dict(mover.get("turn_actions") or {})
    _spend_movement(used, use, metres, speed)
    mover["turn_actions"] = used
    penalty = sum(quarters_penalty(Fraction(used.get(k) or 0), speed) for k in ("movement_m", "complex_m"))
    mover["movement_penalty"] = penalty
    name = mover["name"]
    left = reach.engaged(mover) if action.get("leaves_reach") else []
    _say(table, "move", f"{name} se mueve {float(metres):g} m (penalizador {penalty} hasta su siguiente turno).",
         f"{name} moves {float(metres):g} m (penalty {penalty} until the next turn).", ACTIONS, actor=actor,
         metres=float(metres), movement_penalty=penalty, use=use, leaves_reach=bool(left))  # fmt: skip
    if left:
        reach.write_leave(table, actor, left, reach.leave(table, actor))


def _spend_movement(used: dict, use: str, metres: Fraction, speed: int) -> None:
    """Las Acciones: `metres` more of the movement action (`use` "movement") or of the complex
    action spent as a second one (`use` "complex"), each up to the speed; the complex action only
    if it was not spent otherwise. Records them in `used` (the turn's actions)."""
    if use == "complex" and used.get("complex_used") and not used.get("complex_m"):
        raise Refused("turn.no_complex_action", ACTIONS, "Ya usó su Acción Compleja.", "The complex action is spent.",
                      kind=CONFLICT)  # fmt: skip
    key = "complex_m" if use == "complex" else "movement_m"
    new_total = Fraction(used.get(key) or 0) + metres
    if metres <= 0 or new_total > speed:
        raise Refused("move.too_far", ACTIONS, f"Una Acción de Movimiento llega a {speed} m.",
                      f"A movement action reaches {speed} m.", path="/metres")  # fmt: skip
    used[key] = float(new_total)
    if use == "complex":
        used["complex_used"] = True


def equip(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """Atacar: readying a weapon this turn puts −4 on the first attack ("en el mismo turno en el
    que desenfunda o equipa su arma"); at most two in hand."""
    holder = need(table, actor, path="/actor")
    need_standing(holder)
    names = list(action.get("weapons") or [])
    known = {w["name"] for w in holder["sheet"]["weapons"]}
    if len(names) > 2 or len(set(names)) != len(names) or any(n not in known for n in names):
        raise Refused("equip.bad_weapons", ATTACKING, "Hasta dos armas distintas de la ficha.",
                      "Up to two different weapons of the sheet.", path="/weapons")  # fmt: skip
    new = [n for n in names if n not in (holder.get("wielding") or [])]
    holder["wielding"] = names
    if new:
        holder["drawn_round"] = table.round
    listed = ", ".join(names) or "—"
    _say(table, "equip", f"{holder['name']} empuña: {listed}.", f"{holder['name']} wields: {listed}.", ATTACKING,
         actor=actor, wielding=names, drawn=new)  # fmt: skip


def choose_defense(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """Defenderse: Capacidad Mágica or Psiónica "debe disponer de un escudo sobrenatural"."""
    holder = need(table, actor, path="/actor")
    kind = action.get("capability") or "defense"
    if not isinstance(kind, str) or kind not in defensive_capabilities(holder["sheet"]):
        raise Refused("defense.no_shield", DEFENDING, "Sin escudo sobrenatural se defiende con la Capacidad de Defensa.",
                      "Without a supernatural shield the defense uses the defense capability.", path="/capability")  # fmt: skip
    holder["defense_with"] = kind
    _say(table, "choose_defense", f"{holder['name']} se defenderá con {kind}.", f"{holder['name']} will defend with {kind}.",
         DEFENDING, actor=actor, defense_with=kind)  # fmt: skip


def condition(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    target = need(table, action.get("target"))
    slug = action.get("condition")
    if not isinstance(slug, str) or slug not in STATE:
        raise Refused("condition.unknown", ATTACKING, "Estado de Combate desconocido.", "Unknown combat state.",
                      path="/condition")  # fmt: skip
    on = action.get("on", True)
    conditions = [c for c in target.get("conditions") or [] if c != slug] + ([slug] if on else [])
    target["conditions"] = conditions
    name = STATE[slug]
    _say(table, "condition", f"{target['name']}: {name.name_es} {'sí' if on else 'no'}.",
         f"{target['name']}: {name.name_en} {'on' if on else 'off'}.", ATTACKING, target=int(action["target"]),
         condition=slug, on=on)  # fmt: skip


def adjust(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """The GM's correction of hit points or status (healing, a power's effect the engine lacks)."""
    target = need(table, action.get("target"))
    if action.get("status") not in (None, ACTIVE, DYING, DEAD):
        raise Refused("adjust.bad_status", ACTIONS, "Estado desconocido.", "Unknown status.", path="/status")
    hit_points = action.get("hit_points")
    if hit_points is not None:
        if not -99999 <= hit_points <= target["hit_points_max"]:
            raise Refused("adjust.bad_hit_points", ACTIONS, f"Hasta {target['hit_points_max']} PV.",
                          f"Up to {target['hit_points_max']} HP.", path="/hit_points")  # fmt: skip
        target["hit_points"] = hit_points
        settle_status(target)
    if action.get("status") is not None:
        target["status"] = action["status"]
    _say(table, "adjust", f"El Director ajusta a {target['name']}.", f"The GM adjusts {target['name']}.", ACTIONS,
         target=int(action["target"]), private="target", public_text={"es": f"El Director ajusta a {target['name']}.",
         "en": f"The GM adjusts {target['name']}."}, hit_points=target["hit_points"], status=target["status"])  # fmt: skip


def table_from_lists(minimums, maximums, percents) -> list[dict]:
    """The schema's flat form of a results table: the first level's minimum and the last one's
    maximum are open, so `minimums` and `maximums` have one entry fewer than the levels."""
    n = len(DEFAULT_LEVELS)
    lows = [None, *minimums] if len(minimums) == n - 1 else list(minimums)
    highs = [*maximums, None] if len(maximums) == n - 1 else list(maximums)
    rows = []
    for i, level in enumerate(DEFAULT_LEVELS):
        rows.append({"slug": level.slug, "min_difference": lows[i] if i < len(lows) else None,
                     "max_difference": highs[i] if i < len(highs) else None,
                     "damage_percent": percents[i] if i < len(percents) else None})  # fmt: skip
    return rows


def set_results_table(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """The campaign's own results table for this encounter (a GM's choice; refused whole when it has
    gaps or overlaps)."""
    rows = table_from_lists(
        action.get("minimums") or [], action.get("maximums") or [], action.get("damage_percents") or []
    )
    levels, problems = check_results_table(rows)
    if problems:
        first = problems[0]
        raise Refused(first.code, first.rule, first.message_es, first.message_en, path=first.path)
    table.state["results_table"] = as_json(levels)
    _say(
        table,
        "results_table",
        "El Director fija la tabla de resultados.",
        "The GM sets the results table.",
        ATTACKING,
        levels=as_json(levels),
    )

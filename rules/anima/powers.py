"""Area and passive powers (El Combate Sobrenatural).

Area: "Todos los que se encuentran en su interior deben superar una prueba de Resistencia de
Reflejos"; on a failure a damaging power does "Impacto menor" and one level more "por cada 3
puntos de diferencia"; a power that "afecta a un Valor de Armadura" adds the armour to the roll;
who passes a lasting power "será inmune … durante el siguiente turno, siempre que salga de la
zona", and who stays "deberá repetir la prueba". Passive: "afectan de forma automática", unless
the power names a resistance (the project rolls Reflejos against its difficulty; rules notes).
Casting is a free action in the caster's own turn."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import Refused

from .attack import hurt
from .catalogue import SUPERNATURAL, range_for_perception
from .combatant import DEAD, all_action_modifiers, need, need_standing, roll_d10, total
from .derived import power_named
from .results import area_level, damage_for, levels_from_state

RULE = SUPERNATURAL


def _refuse(code: str, es: str, en: str, path: str = "") -> None:
    raise Refused(code, RULE, es, en, path=path)


def _power(caster: Mapping, action: Mapping, kind: str) -> dict:
    name = action.get("power")
    power = power_named(caster["sheet"], name) if isinstance(name, str) else None
    if power is None or power["kind"] != kind:
        _refuse("power.unknown", "No tiene un poder de ese tipo con ese nombre.", "No power of that kind and name.",
                "/power")  # fmt: skip
    reach = power["range"] or range_for_perception(caster["sheet"]["perception"])
    if action.get("distance") is not None and action["distance"] < 0:
        _refuse(
            "power.bad_distance",
            "La distancia no puede ser negativa.",
            "A distance cannot be negative.",
            "/distance",
        )
    if action.get("distance") is not None and action["distance"] > reach:
        _refuse("power.out_of_range", f"Alcance {reach} m.", f"Range {reach} m.", "/distance")
    return power


def _targets(table: Table, action: Mapping) -> list[int]:
    targets = list(action.get("targets") or [])
    if not targets or len(set(targets)) != len(targets):
        _refuse("power.bad_targets", "Hace falta una lista de blancos sin repetir.", "A list of distinct targets is needed.",
                "/targets")  # fmt: skip
    for index, cid in enumerate(targets):
        found = need(table, cid, path=f"/targets/{index}")
        if found["status"] == DEAD:
            _refuse(
                "power.target_dead",
                "Un blanco ya está muerto.",
                "A target is already dead.",
                f"/targets/{index}",
            )
    return [int(c) for c in targets]


def _difficulty(power: Mapping, action: Mapping, *, required: bool) -> int:
    difficulty = action.get("difficulty")
    difficulty = power["difficulty"] if difficulty is None else difficulty
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 0 <= difficulty <= 9999:
        _refuse(
            "power.bad_difficulty",
            "La dificultad va de 1 a 9999.",
            "The difficulty goes from 1 to 9999.",
            "/difficulty",
        )
    if required and difficulty <= 0:
        _refuse(
            "power.no_difficulty",
            "El poder necesita una dificultad.",
            "The power needs a difficulty.",
            "/difficulty",
        )
    return difficulty


def reflex_value(target: Mapping, power: Mapping) -> int:
    """Resistencia de Reflejos against a power, before the die: plus the armour when the power
    "afecta a un Valor de Armadura", with the movement penalty of "toda acción"."""
    armor = int(target["sheet"]["armor"]) if power["armor_value"] else 0
    return int(target["sheet"]["reflex_resistance"]) + armor + total(all_action_modifiers(target))


def checked_request(table: Table, action: Mapping, actor, kind: str) -> tuple[dict, list[int], int]:
    """The power, its targets and its difficulty, refused as the action would refuse them."""
    caster = need(table, actor, path="/actor")
    need_standing(caster)
    power = _power(caster, action, kind)
    return power, _targets(table, action), _difficulty(power, action, required=kind == "area")


def _resist(dice: DiceSource, target: Mapping, power: Mapping, difficulty: int) -> tuple[dict, bool, int]:
    roll = roll_d10(dice, reflex_value(target, power))
    return roll, roll["total"] > difficulty, max(0, difficulty - roll["total"])


def _immune(table: Table, target: Mapping, key: str, stayed: set[int], cid: int) -> bool:
    until = (target.get("area_immunity") or {}).get(key)
    return until is not None and table.round <= until and cid not in stayed


def _write(
    table: Table, caster_id: int, cid: int, payload: dict, es: str, en: str, public_es: str, public_en: str
):
    payload.update({"rule": RULE, "private": "target", "text": {"es": es, "en": en},
                    "public_text": {"es": public_es, "en": public_en}})  # fmt: skip
    table.write(Entry("power_effect", payload, actor=caster_id, target=cid, round=table.round))


def _affect(table: Table, dice: DiceSource, cid: int, power: Mapping, percent: int) -> dict:
    target = table.state["combatants"][str(cid)]
    damage = damage_for(power["damage"], percent) if power["damage"] else 0
    outcome = hurt(target, damage, dice, None)
    return {"damage": damage, "damage_percent": percent, **outcome, "target_hit_points": target["hit_points"],
            "target_hit_points_max": target["hit_points_max"], "target_status": target["status"]}  # fmt: skip


def area_power(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    power, targets, difficulty = checked_request(table, action, actor, "area")
    stayed = set(action.get("stayed") or [])
    key = f"{actor}:{power['name']}"
    levels = levels_from_state(table.state, table.options)
    for cid in targets:
        target = table.state["combatants"][str(cid)]
        name = target["name"]
        base = {"power": power["name"], "power_kind": "area", "difficulty": difficulty}
        if _immune(table, target, key, stayed, cid):
            _write(table, actor, cid, {**base, "immune": True, "affected": False},
                   f"{name} salió de la zona: es inmune a {power['name']} este turno.",
                   f"{name} left the area: immune to {power['name']} this round.",
                   f"{name} es inmune a {power['name']} este turno.", f"{name} is immune to {power['name']} this round.")  # fmt: skip
            continue
        roll, passed, shortfall = _resist(dice, target, power, difficulty)
        payload = {**base, "resistance_roll": roll, "passed": passed, "affected": not passed, "immune": False}
        if passed:
            if power["lasting"]:
                target["area_immunity"] = {**(target.get("area_immunity") or {}), key: table.round + 1}
            _write(table, actor, cid, payload, f"{name} supera la Resistencia de Reflejos ({roll['total']} contra {difficulty}).",
                   f"{name} passes the Reflex resistance ({roll['total']} against {difficulty}).",
                   f"{name} supera la Resistencia de Reflejos.", f"{name} passes the Reflex resistance.")  # fmt: skip
            continue
        level = area_level(levels, shortfall)
        payload.update({"impact_level": level.slug, **_affect(table, dice, cid, power, level.damage_percent)})
        _write(table, actor, cid, payload,
               f"{name} falla la Resistencia de Reflejos ({roll['total']} contra {difficulty}): {level.name_es}, "
               f"{payload['damage']} de daño; le quedan {payload['target_hit_points']} PV.",
               f"{name} fails the Reflex resistance ({roll['total']} against {difficulty}): {level.name_en}, "
               f"{payload['damage']} damage; {payload['target_hit_points']} HP left.",
               f"{name} falla la Resistencia de Reflejos: {level.name_es}, {payload['damage']} de daño.",
               f"{name} fails the Reflex resistance: {level.name_en}, {payload['damage']} damage.")  # fmt: skip


def passive_power(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    power, targets, difficulty = checked_request(table, action, actor, "passive")
    for cid in targets:
        target = table.state["combatants"][str(cid)]
        name = target["name"]
        payload: dict = {"power": power["name"], "power_kind": "passive", "difficulty": difficulty or None}
        if difficulty:
            roll, passed, _ = _resist(dice, target, power, difficulty)
            payload.update({"resistance_roll": roll, "passed": passed})
        else:
            passed = False
        payload["affected"] = not passed
        if passed:
            _write(table, actor, cid, payload, f"{name} resiste {power['name']} ({payload['resistance_roll']['total']}).",
                   f"{name} resists {power['name']} ({payload['resistance_roll']['total']}).",
                   f"{name} resiste {power['name']}.", f"{name} resists {power['name']}.")  # fmt: skip
            continue
        payload.update(_affect(table, dice, cid, power, 100))
        _write(table, actor, cid, payload, f"{power['name']} afecta a {name}: {payload['damage']} de daño, "
               f"le quedan {payload['target_hit_points']} PV.",
               f"{power['name']} affects {name}: {payload['damage']} damage, {payload['target_hit_points']} HP left.",
               f"{power['name']} afecta a {name}: {payload['damage']} de daño.",
               f"{power['name']} affects {name}: {payload['damage']} damage.")  # fmt: skip

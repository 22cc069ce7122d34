"""A combatant's state (plain JSON) built from its sheet, and the small readings every action
makes of it. Keys are only ever set, never deleted (`rules.core.fold.diff`), so "none" is null."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Table
from rules.core.errors import CONFLICT, Refused
from rules.core.problems import Problem, pointer
from rules.systems import SheetRefused

from . import sheet as sheet_module
from .catalogue import ACTIONS, DEFENSE_STEP, FREE_DEFENSES, STATE
from .derived import defensive_capabilities

ACTIVE, DYING, DEAD = "active", "dying", "dead"
DOWN = (DYING, DEAD)


def fresh_turn() -> dict:
    """What a combatant has used of its own turn (Las Acciones): metres of the movement action,
    metres of the complex action used as a second movement, and whether the complex action went."""
    return {"movement_m": 0, "complex_m": 0, "complex_used": False}


def build_combatant(*, cid: int, name: str, side: str, sheet: Mapping, options: Mapping) -> dict:
    checked = sheet_module.check(sheet)
    if checked.errors:
        raise SheetRefused(checked.errors)
    normal = checked.sheet
    hit_points_max = normal["hit_points"]
    hit_points = (options or {}).get("hit_points")
    if hit_points is None:
        hit_points = hit_points_max
    elif (
        isinstance(hit_points, bool)
        or not isinstance(hit_points, int)
        or not 1 <= hit_points <= hit_points_max
    ):
        raise SheetRefused(
            [Problem("combatant.bad_hit_points", pointer("hit_points"),
                     f"Los Puntos de Vida van de 1 a {hit_points_max}.",
                     f"Hit points go from 1 to {hit_points_max}.", "Las Consecuencias Críticas")]
        )  # fmt: skip
    return {
        "name": name or normal["name"],
        "side": side,
        "minion": bool((options or {}).get("minion")),
        "sheet": normal,
        "hit_points": hit_points,
        "hit_points_max": hit_points_max,
        "conditions": [],
        "status": ACTIVE,
        "initiative": None,
        "defense_with": "defense",
        "defenses_this_round": 0,
        "counterattack_offer": None,
        "counterattacked_round": 0,
        "opportunity_round": 0,
        "turn_actions": fresh_turn(),
        "movement_penalty": 0,
        "wielding": list(normal["wielding"]),
        "drawn_round": None,
        "destroyed_zones": [],
        "area_immunity": {},
        "engaged_with": [],
        "opportunity_offer": None,
        "life_death_penalty": 0,
    }


def turn_left(combatant: Mapping) -> dict:
    """What the combatant has left of its turn (Las Acciones), for the site's `turn.left`."""
    used = combatant.get("turn_actions") or {}
    speed = int(combatant["sheet"]["movement"])
    complex_free = not used.get("complex_used") and not used.get("complex_m")
    return {
        "movement_m": max(0.0, speed - float(used.get("movement_m") or 0)),
        "complex": 1 if complex_free else 0,
        "complex_as_movement_m": max(0.0, speed - float(used.get("complex_m") or 0))
        if complex_free or used.get("complex_m")
        else 0.0,
    }


def refresh_turn(table: Table) -> None:
    current = table.combatant(table.state.get("current"))
    table.state["turn"] = {"left": turn_left(current)} if current else {}


def need(table: Table, cid, *, path: str = "/target") -> dict:
    """A combatant in the fight, or a refusal naming the field."""
    found = table.combatant(cid) if cid is not None else None
    if found is None:
        raise Refused("combatant.not_in_fight", ACTIONS, "Ese combatiente no está en el combate.",
                      "That combatant is not in the fight.", path=path)  # fmt: skip
    return found


def need_standing(combatant: Mapping, *, path: str = "/actor") -> None:
    if combatant.get("status") in DOWN:
        raise Refused("combatant.down", ACTIONS, f"{combatant['name']} no puede actuar.",
                      f"{combatant['name']} cannot act.", path=path, kind=CONFLICT)  # fmt: skip


def defense_count_penalty(defenses_before: int) -> int:
    """Defenderse: "en el momento de recibir el tercer ataque y en cada defensa posterior, debe
    aplicar un penalizador acumulativo de -2": the 3rd defense −2, the 4th −4…"""
    return DEFENSE_STEP * max(0, defenses_before + 1 - FREE_DEFENSES)


def defense_capability(combatant: Mapping) -> tuple[str, int]:
    """The capability it defends with: its choice when it may (a shield for Mágica or Psiónica),
    else Capacidad de Defensa (Defenderse: "En caso contrario, debe utilizar su Capacidad de
    Defensa")."""
    options = defensive_capabilities(combatant["sheet"])
    kind = combatant.get("defense_with") or "defense"
    kind = kind if kind in options else "defense"
    return kind, options[kind]


def state_modifiers(combatant: Mapping, which: str, *, supernatural: bool) -> list[dict]:
    """The Estados de Combate on a combatant, as modifiers of its attack or defense. Supernatural
    casting and defense feel only the states the seed names (El Combate Sobrenatural)."""
    out = []
    for slug in combatant.get("conditions") or []:
        state = STATE.get(slug)
        if state is None:
            continue
        applies = state.applies_to_casting if which == "attack" else state.applies_to_supernatural_defense
        value = getattr(state, which)
        if value and (applies or not supernatural):
            out.append({"slug": state.slug, "value": value})
    return out


def movement_modifier(combatant: Mapping) -> list[dict]:
    """Las Acciones: "-2 a toda acción hasta su siguiente turno por cada cuarto … adicional"."""
    penalty = int(combatant.get("movement_penalty") or 0)
    return [{"slug": "extra-movement", "value": penalty}] if penalty else []


def all_action_modifiers(combatant: Mapping) -> list[dict]:
    """What weighs on "toda acción" (attacks, defenses, Reflejos rolls): the movement penalty and,
    after surviving the Estado de Vida y Muerte, its −6 (docs/rules-notes-anima.md)."""
    aftermath = int(combatant.get("life_death_penalty") or 0)
    return movement_modifier(combatant) + (
        [{"slug": "life-and-death", "value": aftermath}] if aftermath else []
    )


def total(modifiers) -> int:
    return sum(int(m["value"]) for m in modifiers)


def roll_d10(dice: DiceSource, bonus: int) -> dict:
    """One d10 as an event's roll object (`sides`, `faces`, `nonces`, `total`; `bonus` added)."""
    face, nonce = dice.roll(10)
    return {"sides": 10, "faces": [face], "nonces": [nonce], "bonus": bonus, "total": face + bonus}


def name_of(table: Table, cid) -> str:
    found = table.combatant(cid)
    return found["name"] if found else str(cid)

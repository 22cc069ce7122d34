"""A combatant's state in an MSH fight (plain JSON in `table.state["combatants"]`), how it is
built from a sheet, and the small readings every rule makes of it.

Keys: `name`, `side`, `abilities` (now: Endurance may drop while dying), `base_abilities`,
`hit_points`/`hit_points_max` (Health), `karma`/`karma_max`, `body_armor`, `powers`, `weapons`,
`initiative` (its side's, or null), `status`, `conditions` (slugs) and `effects`, the timed
states the rules give: `stunned`/`unconscious` (turns left), `dying` (bool), `held_by`
(`{"by", "full"}`), `holding` (cid), and this round's `dodge` (column shift), `evade`
(colour), `block_armor`, `interpose` (cid), `aimed` and `bonus_cs` (`{"round", "shifts"}`),
`escaped` (this turn's Escape colour), `away` (moved away after a red Escape: out of reach) and
`squeezed` (the round the holder squeezed, which lets it take its other action).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.problems import Problem
from rules.systems import SheetRefused

from .sheet import parse

ACTIVE, STUNNED, UNCONSCIOUS, DYING, DEAD = "active", "stunned", "unconscious", "dying", "dead"
DOWN = (STUNNED, UNCONSCIOUS, DYING, DEAD)


def build_combatant(*, cid: int, name: str, side: str, sheet: Mapping, options: Mapping) -> dict:
    """The starting state; `options` may set `hit_points` and `karma` (the GM's numbers for this
    fight). Raises `SheetRefused` with the sheet's problems."""
    parsed, problems, _ = parse(sheet)
    if parsed is None:
        raise SheetRefused(problems)
    health = _option(options, "hit_points", parsed.health)
    karma = _option(options, "karma", parsed.karma)
    state = {
        "name": name,
        "side": side,
        "abilities": dict(parsed.abilities),
        "base_abilities": dict(parsed.abilities),
        "hit_points": health,
        "hit_points_max": health,
        "karma": karma,
        "karma_max": karma,
        "body_armor": parsed.body_armor,
        "powers": [{"name": p.name, "rank": p.rank, "combat_type": p.combat_type} for p in parsed.powers],
        "weapons": [
            {"name": w.name, "combat_type": w.combat_type, "damage": w.damage, "material": w.material}
            for w in parsed.weapons
        ],
        "initiative": None,
        "effects": {},
    }
    return refresh(state)


def _option(options: Mapping, key: str, default: int) -> int:
    value = options.get(key)
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**6:
        raise SheetRefused(
            [
                Problem(
                    f"option.{key}", f"/{key}", f"«{key}» no es válido.", f"'{key}' is not valid.", "Opciones"
                )
            ]
        )
    return value


def status_of(state: Mapping) -> str:
    effects = state.get("effects") or {}
    for slug in (DEAD, DYING, UNCONSCIOUS, STUNNED):
        if effects.get(slug) not in (None, False):
            return slug
    return ACTIVE


def conditions_of(state: Mapping) -> list[str]:
    effects = state.get("effects") or {}
    out = [slug for slug in (DEAD, DYING, UNCONSCIOUS, STUNNED) if effects.get(slug) not in (None, False)]
    held = effects.get("held_by")
    if held:
        out.append("held" if held.get("full") else "partially-held")
    if effects.get("holding") is not None:
        out.append("holding")
    for slug, key in (
        ("dodging", "dodge"),
        ("evading", "evade"),
        ("blocking", "block_armor"),
        ("interposing", "interpose"),
        ("out-of-reach", "away"),
    ):
        if effects.get(key) is not None:
            out.append(slug)
    if effects.get("aimed"):
        out.append("aiming")
    return out


def refresh(state: dict) -> dict:
    """Recompute `status` and `conditions` from `effects` (after any change to them)."""
    state["status"] = status_of(state)
    state["conditions"] = conditions_of(state)
    return state


def effects(state: dict) -> dict:
    return state.setdefault("effects", {})


def can_act(state: Mapping) -> bool:
    return status_of(state) == ACTIVE


def ability(state: Mapping, slug: str) -> int:
    return int((state.get("abilities") or {}).get(slug, 0))


def protection(state: Mapping) -> int:
    """Body Armor plus this turn's Bloqueo ("cuenta como una Armadura Corporal")."""
    return int(state.get("body_armor") or 0) + int((state.get("effects") or {}).get("block_armor") or 0)


def find_item(state: Mapping, name: str) -> tuple[str, dict] | None:
    """A power or weapon by name (case-insensitive): ("power" | "weapon", entry)."""
    wanted = name.strip().lower()
    for kind, key in (("power", "powers"), ("weapon", "weapons")):
        for item in state.get(key) or []:
            if item["name"].lower() == wanted:
                return kind, item
    return None

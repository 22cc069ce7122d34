"""An Epic20 combatant's starting state from its sheet, and its folded (JSON) form.

The engine works on frozen `CombatantState`s (`rules.epic20.resolution.state`); the turn log
stores JSON (`rules.core.fold`). `dump` and `load` turn one into the other, losslessly
(`rules.epic20.encounter.codec`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from rules.core.errors import SheetRefused
from rules.epic20.archetype_types import Archetype
from rules.epic20.archetypes import BY_SLUG as ARCHETYPES
from rules.epic20.costs import LIMITED_USE, power_cost
from rules.epic20.derived import Derived, derive
from rules.epic20.grants import Character
from rules.epic20.grants import character as sheet_character
from rules.epic20.grants import resolve as resolve_grants
from rules.epic20.resolution.damage import minion_hit_points
from rules.epic20.resolution.defense import defense_against
from rules.epic20.resolution.equipment import equipment_states
from rules.epic20.resolution.skills import skills_from_derived
from rules.epic20.resolution.state import CombatantState
from rules.epic20.sheet import Sheet, parse_sheet
from rules.epic20.weapons import chosen_weapons

from .codec import decode_dataclass, encode

PENETRATING_MODIFIER = "ataque-penetrante"
# Keys of a folded combatant that are the order of play's and the cards', not the engine's.
APP_KEYS = ("initiative", "initiative_roll", "removed", "defense", "hero_points_max")


def _parse(sheet: Mapping) -> Sheet:
    """The engine's parsed sheet; `SheetRefused` when it cannot be read (a missing name is no bar)."""
    parsed, problems = parse_sheet(sheet)
    blocking = [p for p in problems if p.code != "name.required"]
    if blocking or parsed.level is None:
        raise SheetRefused(blocking or problems)
    return parsed


def _archetype_terms(parsed: Sheet) -> Archetype | None:
    """The archetype's terms with the options the sheet chose; None without an archetype."""
    archetype = ARCHETYPES.get(parsed.archetype) if parsed.archetype else None
    return archetype.with_options(dict(parsed.archetype_options)) if archetype else None


def _starting_hit_points(derived: Derived, *, minion: bool, hit_points: int | None) -> int:
    """The sheet's hit points, or a minion's from the hit points it was given."""
    if minion and hit_points is not None:
        return minion_hit_points(hit_points)
    return derived.hit_points


def _limited_uses(who: Character, terms: Archetype | None) -> dict[str, int]:
    """Uso limitado (LISTA DE PODERES › Modificadores de poderes): "gastando puntos de Héroe, un
    número igual o mayor al nuevo coste" — the power's cost with the modifier, a whole number."""
    return {p.slug: math.ceil(power_cost(p, terms)) for p in who.powers if LIMITED_USE in p.modifiers}


def _details(parsed: Sheet, who: Character) -> dict[str, tuple[str, ...]]:
    """The free-text details (immunities' elements, Vulnerabilidad a «algo», Cazador de espíritus'
    weapon, attack powers' descriptions) for resolution.damage_types."""
    details: dict[str, list[str]] = {}
    for entry in (*who.powers, *parsed.advantages, *who.complications):
        if entry.detail:
            details.setdefault(entry.slug, []).append(entry.detail)
    return {slug: tuple(texts) for slug, texts in details.items()}


def build_combatant(
    *,
    cid: int | str,
    name: str,
    side: str,
    sheet: Mapping,
    minion: bool = False,
    hit_points: int | None = None,
    hero_points: int | None = None,
) -> CombatantState:
    """A combatant's starting state from its sheet, with the engine's parsed sheet and derived
    numbers. Raises `SheetRefused` when the sheet cannot be read (no level, wrong shapes)."""
    parsed = _parse(sheet)
    terms = _archetype_terms(parsed)
    who = sheet_character(parsed, resolve_grants(parsed, terms))
    derived = derive(parsed.level, parsed.attributes, who, parsed.equipment, parsed.skills, terms)
    hit_points_max = _starting_hit_points(derived, minion=minion, hit_points=hit_points)
    penetrating = {p.slug for p in who.powers if PENETRATING_MODIFIER in p.modifiers}
    limited = _limited_uses(who, terms)
    # Every property the maneuvers read (shield, two-handed, reach…), and the weapon Fineza con
    # un arma / Ojo agudo chose: the same numbers the sheet shows (rules.epic20.weapons).
    equipment = equipment_states(parsed.equipment, parsed.maneuvers)
    chosen = chosen_weapons(who.maneuvers, parsed.equipment, who.maneuver_details, who.powers)
    extra = {"attributes": dict(parsed.attributes)} if parsed.attributes else {}
    state = CombatantState(
        **extra,
        id=str(cid),
        level=parsed.level,
        hit_points=hit_points_max,
        hit_points_max=hit_points_max,
        name=name,
        side=side,
        powers=who.power_slugs,
        maneuvers=who.maneuvers,
        advantages=who.advantages,
        complications=frozenset(c.slug for c in who.complications),
        archetype=parsed.archetype,
        penetrating=frozenset(penetrating),
        limited=limited,
        thrown=frozenset(p.slug for p in who.powers if p.throwing),  # Masa de músculos: arrojar objetos
        attack_bonus=dict(derived.attack_bonus),
        # The sheet's own skill rolls (bonus and net Superioridad), for skill checks.
        skills=skills_from_derived(derived.skills, {e.key: e.value for e in parsed.skills}),
        equipment=equipment,
        minion=minion,
        details=_details(parsed, who),
        chosen_weapons=chosen,
    )
    start = derived.hero_points_max if hero_points is None else hero_points
    return replace(state, hero_points=max(0, min(start, state.hero_points_max)))


def dump(state: CombatantState) -> dict:
    """The folded form of a combatant: the engine's state plus what the cards show."""
    data = encode(state)
    data["defense"] = defense_against(state, None).value
    data["hero_points_max"] = state.hero_points_max
    return data


def load(data: Mapping) -> CombatantState:
    return decode_dataclass(CombatantState, {k: v for k, v in data.items() if k not in APP_KEYS})

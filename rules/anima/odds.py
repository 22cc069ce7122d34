"""Exact odds of an attack before it is taken: the difference (A + 1D10) − (D + 1D10) is the
fixed gap A − D plus the exact distribution of d10 − d10 (icepool), read level by level on the
encounter's results table. Multiple attacks stop at a counterattack (Atacar), so attack k is only
made when none before it reached "Contraataque". A player against a hidden NPC gets coarse bands
(`rules.core.odds.band`) and no number the NPC's capabilities could be worked back from."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import icepool

from rules.core.encounter import Table, Viewer
from rules.core.errors import Refused
from rules.core.odds import band

from .actions import ACTIONS
from .attack import defense_of
from .catalogue import CAPABILITY
from .combatant import total
from .inputs import checked
from .powers import checked_request, reflex_value
from .results import ImpactLevel, area_level, damage_for, level_for, levels_from_state
from .sequences import plan_for

SPREAD = icepool.d10 - icepool.d10
ODDS_TYPES = ("attack", "counterattack", "opportunity_attack", "area_power")


def difference_distribution(gap: int) -> dict[int, Fraction]:
    """P(difference = d) for a fixed gap attack − defense before the dice."""
    die = SPREAD + gap
    denominator = die.denominator()
    return {int(outcome): Fraction(quantity, denominator) for outcome, quantity in die.items()}


def win_chance(mine: int, theirs: int) -> Fraction:
    """P(mine + 1D10 > theirs + 1D10): the opposed Resistencia de Reflejos of an opportunity attack."""
    return sum((p for d, p in difference_distribution(mine - theirs).items() if d > 0), Fraction(0))


def strike_odds(gap: int, levels, weapon_damage: int, armor: int) -> dict:
    by_level: dict[str, Fraction] = {level.slug: Fraction(0) for level in levels}
    counter = hit = expected = Fraction(0)
    for difference, p in difference_distribution(gap).items():
        level: ImpactLevel = level_for(levels, difference)
        by_level[level.slug] += p
        counter += p if level.counterattack else 0
        hit += p if level.damage_percent > 0 else 0
        expected += p * damage_for(weapon_damage, level.damage_percent, armor)
    return {"levels": by_level, "counterattack": counter, "hit": hit, "expected_damage": expected}


def _exact(p: Fraction) -> dict:
    return {"probability": float(p), "fraction": f"{p.numerator}/{p.denominator}"}


def _coarse(p: Fraction) -> dict:
    return band(p)


def attack_odds(table: Table, action: Mapping, actor) -> dict:
    """Exact odds (Fractions) of an attack, counterattack or opportunity attack, strike by strike."""
    plan, reflexes = plan_for(table, action, actor)
    attacker = table.state["combatants"][str(actor)]
    target = table.state["combatants"][str(action["target"])]
    levels = levels_from_state(table.state, table.options)
    reach = win_chance(*reflexes) if reflexes else Fraction(1)
    strikes, expected, no_counter_yet = [], Fraction(0), Fraction(1)
    before = int(target.get("defenses_this_round") or 0)
    for n, spec in enumerate(plan):
        attack = int(attacker["sheet"][CAPABILITY[spec.capability].sheet_key]) + total(spec.attack_modifiers)
        _, defense_value, modifiers = defense_of(target, spec, before + n)
        defense = defense_value + total(modifiers)
        one = strike_odds(attack - defense, levels, spec.damage, int(target["sheet"]["armor"]))
        made = reach * no_counter_yet
        strikes.append({**one, "index": spec.index, "attack": attack, "defense": defense, "made": made})
        expected += made * one["expected_damage"]
        no_counter_yet *= 1 - one["counterattack"]
    return {"strikes": strikes, "reach": reach, "any_counterattack": reach * (1 - no_counter_yet),
            "expected_damage": expected}  # fmt: skip


def _shown(raw: dict, exact: bool) -> dict:
    fmt = _exact if exact else _coarse
    strikes = []
    for s in raw["strikes"]:
        entry = {"index": s["index"], "hit": fmt(s["hit"]), "counterattack": fmt(s["counterattack"]),
                 "made": fmt(s["made"])}  # fmt: skip
        if exact:
            # A band per impact level would pin a hidden defense down to a point or two: only the
            # exact view lists the levels.
            entry.update(
                {
                    "levels": {slug: fmt(p) for slug, p in s["levels"].items()},
                    "attack": s["attack"],
                    "defense": s["defense"],
                    "expected_damage": float(s["expected_damage"]),
                }
            )
        strikes.append(entry)
    out = {
        "exact": exact,
        "strikes": strikes,
        "reach": fmt(raw["reach"]),
        "any_counterattack": fmt(raw["any_counterattack"]),
    }
    if exact:
        out["expected_damage"] = float(raw["expected_damage"])
        out["expected_damage_fraction"] = (
            f"{raw['expected_damage'].numerator}/{raw['expected_damage'].denominator}"
        )
    return out


def area_odds(table: Table, action: Mapping, actor) -> dict[int, dict]:
    """Per target of an area power: the chance to pass the Resistencia de Reflejos ("superar":
    above the difficulty), of each impact level on a failure, and the expected damage."""
    power, targets, difficulty = checked_request(table, action, actor, "area")
    levels = levels_from_state(table.state, table.options)
    out = {}
    for cid in targets:
        value = reflex_value(table.state["combatants"][str(cid)], power)
        by_level: dict[str, Fraction] = {}
        passed = expected = Fraction(0)
        for face in range(1, 11):
            if value + face > difficulty:
                passed += Fraction(1, 10)
                continue
            level = area_level(levels, difficulty - value - face)
            by_level[level.slug] = by_level.get(level.slug, Fraction(0)) + Fraction(1, 10)
            expected += Fraction(damage_for(power["damage"], level.damage_percent), 10)
        out[cid] = {"pass": passed, "levels": by_level, "expected_damage": expected, "reflex": value}
    return out


def _shown_area(raw: dict[int, dict], viewer: Viewer, hidden: frozenset[int]) -> dict:
    targets = []
    for cid, one in raw.items():
        exact = viewer.gm or viewer.exact_odds or cid not in hidden
        entry = {"target": cid, "exact": exact, "pass": (_exact if exact else _coarse)(one["pass"])}
        if exact:
            entry.update({"levels": {slug: _exact(p) for slug, p in one["levels"].items()},
                          "expected_damage": float(one["expected_damage"]), "reflex": one["reflex"]})  # fmt: skip
        targets.append(entry)
    return {"targets": targets}


def odds(
    state: Mapping,
    request: Mapping,
    *,
    viewer: Viewer,
    hidden: frozenset[int],
    options: Mapping | None = None,
) -> dict:
    """The odds as `viewer` may know them: exact for the GM, or when nobody involved is hidden, or
    when the GM lets players see exact odds; else bands only (per target for an area power)."""
    table = Table.from_state(state)
    table.options = options or {}
    actor = request.get("actor")
    kind = request.get("type") or "attack"
    if kind not in ODDS_TYPES:
        raise Refused("odds.no_odds", "Atacar", "Esta acción no tiene probabilidades que calcular.",
                      "This action has no odds to work out.", path="/type")  # fmt: skip
    request = {**checked(ACTIONS[kind].schema, request), "type": kind}
    if kind == "area_power":
        return _shown_area(area_odds(table, request, actor), viewer, frozenset(hidden))
    raw = attack_odds(table, request, actor)
    involved = {int(actor), int(request["target"])}
    exact = viewer.gm or viewer.exact_odds or not (involved & set(hidden))
    return _shown(raw, exact)

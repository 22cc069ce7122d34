"""The exact odds of an attack before it is taken: the chance of each colour on the column after
the shifts (a d100 plus the Karma spent, exact with icepool), the colour after point blank, an
evasion and a reduced result, and what each colour would do to the target. Against a hidden NPC
a player gets coarse bands and no numbers of the target (docs/design.md "Privacy") unless the GM lets
them see exact odds."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import icepool

from rules.core.encounter import Table, Viewer
from rules.core.odds import band

from .attack import is_squeeze, rolled_table
from .attack_input import check_attack, is_melee_or_wrestling, refuse
from .catalogue import DEFENSIVE_ACTION, SPECIAL_RESULT
from .combatant import ability
from .damage import after_armour, armour_against, pulled, raw_damage
from .ranks import COLOURS, Rank, at_most, colour_up, rank_of, shifted
from .shifts import column_shifts


def colour_chances(column: Rank, karma: int = 0) -> dict[str, Fraction]:
    """P(colour) of a d100 + `karma` (capped at 100) read on `column`."""
    die = icepool.d100.map(lambda face: column.colour(min(100, face + karma)))
    return {colour: die.probability(colour) for colour in COLOURS}


def _final_colours(chances: Mapping[str, Fraction], attack, target: Mapping) -> dict[str, Fraction]:
    """The same colour changes as `attack.apply_colour`, over the distribution."""
    evade = (target.get("effects") or {}).get("evade") if is_melee_or_wrestling(attack.combat_type) else None
    out = dict.fromkeys(COLOURS, Fraction(0))
    for colour, p in chances.items():
        if attack.flag("point_blank"):
            colour = colour_up(colour)
        if evade == "white" and colour == "white":
            colour = "green"
        out[at_most(colour, attack.action.get("max_colour"))] += p
    return out


def _probability(p: Fraction, exact: bool) -> dict:
    if exact:
        return {"probability": float(p), "fraction": f"{p.numerator}/{p.denominator}"}
    return band(p)


def _what_it_does(attack, me, target, read_on, colour: str, exact: bool) -> dict:
    effect = read_on.result(colour).effect
    out: dict = {
        "effect": effect,
        "text_es": read_on.result(colour).text_es,
        "text_en": read_on.result(colour).text_en,
    }
    evade = (target.get("effects") or {}).get("evade") if is_melee_or_wrestling(attack.combat_type) else None
    if evade in ("green", "yellow", "red"):
        out["effect"] = "evaded"
        return out
    if not exact or effect in ("miss", "overshoot") or read_on.group == "wrestling":
        return out
    damage = pulled(attack, raw_damage(attack, me))
    dealt = max(0, damage - armour_against(target, attack.combat_type.slug))
    out.update(damage=dealt, target_hit_points=max(0, int(target["hit_points"]) - dealt))
    if effect in SPECIAL_RESULT:
        endurance = colour_chances(rank_of(ability(target, "endurance")))
        table = SPECIAL_RESULT[effect]
        out["special"] = {
            c: {"effect": table.result(c).effect, **_probability(p, True)} for c, p in endurance.items()
        }
    return out


def attack_odds(state: Mapping, request: Mapping, *, viewer: Viewer, hidden: frozenset[int]) -> dict:
    table = Table.from_state(state)
    actor = request.get("actor")
    attack = check_attack(table, request, actor)
    me = table.combatant(actor)
    target = table.combatant(attack.targets[0])
    exact = viewer.gm or viewer.exact_odds or not ({actor, attack.targets[0]} & set(hidden))
    if is_squeeze(table, attack, attack.targets[0]):
        return squeeze_odds(attack, me, target, exact=exact)
    reasons = column_shifts(attack, me, target, table.round)
    read_on, ability_slug = rolled_table(attack)
    net = sum(r["shifts"] for r in reasons)
    column = shifted(rank_of(ability(me, ability_slug)), net)
    colours = _final_colours(colour_chances(column, attack.karma), attack, target)
    result = {
        "type": "attack",
        "combat_type": attack.combat_type.slug,
        "shifts": net,
        "shift_reasons": reasons,
        "exact": exact,
        "colours": [
            {"colour": c, **_probability(p, exact), **_what_it_does(attack, me, target, read_on, c, exact)}
            for c, p in colours.items()
        ],
    }
    if exact:
        result.update(column=column.slug, column_name=_names(column), column_ranges=column.ranges())
    return result


def squeeze_odds(attack, me: Mapping, target: Mapping, *, exact: bool) -> dict:
    """Sujeción, rojo: "infligir su Fuerza en daño": no roll, so no colours; what it does is the
    holder's Strength (or less, `max_damage`) after the target's Body Armor, shown only where the
    viewer may know both (privacy.py's rule for the odds: not against a hidden NPC)."""
    result: dict = {
        "type": "attack",
        "combat_type": attack.combat_type.slug,
        "squeeze": True,
        "shifts": 0,
        "shift_reasons": [],
        "exact": exact,
        "colours": [],
    }
    if exact:
        strength = pulled(attack, ability(me, "strength"))
        dealt = after_armour(strength, target, "grappling")
        result.update(
            strength=strength, damage=dealt, target_hit_points=max(0, int(target["hit_points"]) - dealt)
        )
    return result


def _names(rank: Rank) -> dict:
    return {"es": rank.name_es, "en": rank.name_en}


def defense_odds(state: Mapping, request: Mapping, *, viewer: Viewer, hidden: frozenset[int]) -> dict:
    table = Table.from_state(state)
    kind = DEFENSIVE_ACTION[request["type"]]
    me = table.combatant(request.get("actor"))
    chances = colour_chances(rank_of(ability(me, kind.ability)), int(request.get("karma") or 0))
    column = rank_of(ability(me, kind.ability))
    return {
        "type": kind.slug,
        "exact": True,
        "column": column.slug,
        "column_name": _names(column),
        "column_ranges": column.ranges(),
        "colours": [
            {"colour": c, **_probability(p, True), "effect": kind.result(c).effect}
            for c, p in chances.items()
        ],
    }


def odds(state: Mapping, request: Mapping, *, viewer: Viewer, hidden: frozenset[int]) -> dict:
    kind = request.get("type", "attack")
    me = (state.get("combatants") or {}).get(str(request.get("actor")))
    if me is None or me.get("removed"):
        refuse("odds.no_actor", "¿Quién actúa?", "Who acts?", path="/actor")
    if kind == "attack":
        return attack_odds(state, request, viewer=viewer, hidden=hidden)
    if kind in DEFENSIVE_ACTION:
        return defense_odds(state, request, viewer=viewer, hidden=hidden)
    refuse(
        "odds.unknown_type", f"No hay probabilidades para «{kind}».", f"No odds for '{kind}'.", path="/type"
    )
    return {}

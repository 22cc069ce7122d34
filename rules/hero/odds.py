"""Odds before acting: the exact chance to hit from the 3d6 distribution and the expected STUN and
BODY after the target's defenses, computed exactly with icepool (never sampled). The attack is
prepared exactly as `attack` would resolve it (same modifiers, same refusals); blocks and rolls
with the punch the target may have ready are not counted (the attacker does not know of them).

A player asking about a hidden combatant gets coarse bands (`rules.core.odds.band`) and the dice
they throw, never the target number or damage after defenses (they would give the hidden DCV or
defenses away), unless the GM lets them see exact odds (`viewer.exact_odds`)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

import icepool

from rules.core.encounter import Table, Viewer
from rules.core.odds import band

from . import locations
from .actions.prepare import Prepared, prepare
from .actions.schemas import AttackInput, checked
from .actions.strike import aim_at
from .damage import body_of_normal_die, defenses, half_die_body, half_die_stun, stun_doubled
from .derived import dice_label
from .knockback_odds import expected_knockback
from .state import refuse
from .tohit import hits

Dist = dict[int, Fraction]


def _dist(die: icepool.Die) -> Dist:
    total = die.denominator()
    return {int(o): Fraction(q, total) for o, q in die.items()}


THREE_D6 = _dist(3 @ icepool.d6)


def p_hit(to_hit: int) -> Fraction:
    return sum((p for r, p in THREE_D6.items() if hits(r, to_hit)), Fraction(0))


def expected_hits(to_hit: int, shots: int) -> Fraction:
    """Fuego automático: one more hit per 2 points under the roll needed, never more than the shots."""
    return (
        sum(
            (
                p * min(shots, 1 + (to_hit - r) // 2)
                for r, p in THREE_D6.items()
                if hits(r, to_hit) and shots > 1
            ),
            Fraction(0),
        )
        if shots > 1
        else p_hit(to_hit)
    )


@cache
def _kept(count: int, drop: int, face_map=None) -> Dist:
    die = icepool.d6 if face_map is None else icepool.d6.map(face_map)
    kept = max(0, count - drop)
    return _dist(icepool.Pool([die] * count).lowest(kept).sum()) if kept else {0: Fraction(1)}


HALF_STUN = _dist(icepool.d6.map(half_die_stun))  # 6E ½d6: 1, 2 or 3, each 1/3
HALF_BODY = _dist(icepool.d6.map(half_die_body))  # a normal ½d6's BODY: 0 or 1, each 1/2
NOTHING: Dist = {0: Fraction(1)}


def _plus(a: Dist, b: Dist) -> Dist:
    """The distribution of the sum of two independent amounts."""
    out: Dist = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


def _half(p: Prepared, drop: int, dist: Dist) -> Dist:
    """The ½d6's part, gone once an explosion has dropped every whole die."""
    return dist if p.half and drop <= p.dice else NOTHING


def _plus_one(p: Prepared, drop: int) -> Dist:
    """A killing +1 (6E "1d6+1"): 1 BODY more, gone with the whole dice like the ½d6."""
    return {1: Fraction(1)} if p.plus and drop <= p.dice else NOTHING


def _expect(dist: Dist, f) -> Fraction:
    return sum((p * f(v) for v, p in dist.items()), Fraction(0))


def _normal(p: Prepared, target, location, ds: int, db: int, surprised: bool) -> tuple:
    drop = p.req["distance_from_center"] if p.weapon.explosion else 0
    stun = _plus(_kept(p.dice, drop), _half(p, drop, HALF_STUN))
    body = (
        _plus(_kept(p.dice, drop, body_of_normal_die), _half(p, drop, HALF_BODY))
        if p.weapon.kind != "mental"
        else NOTHING
    )
    n_stun = location.n_stun if location else 1
    body_x = location.body_x if location else 1
    pulled = p.maneuver.slug == "pulled-punch"
    e_stun = _expect(stun, lambda s: max(0, int(int(s * n_stun) * (2 if surprised else 1)) - ds))
    e_body = _expect(body, lambda b: int(max(0, (b // 2 if pulled else b) - db) * body_x))
    return _expect(stun, lambda s: s), _expect(body, lambda b: b), e_stun, e_body


def _killing(p: Prepared, target, location, ds: int, db: int, surprised: bool) -> tuple:
    drop = (p.req["distance_from_center"] if p.weapon.explosion else 0) // 3
    body = _plus(_plus(_kept(p.dice, drop), _half(p, drop, HALF_STUN)), _plus_one(p, drop))
    mults = {location.stun_x: Fraction(1)} if location else {m: Fraction(1, 3) for m in (1, 2, 3)}
    body_x = location.body_x if location else 1
    factor = 2 if surprised else 1
    e_stun_rolled = sum((pb * pm * b * m for b, pb in body.items() for m, pm in mults.items()), Fraction(0))
    e_stun = sum(
        (pb * pm * max(0, b * m * factor - ds) for b, pb in body.items() for m, pm in mults.items()),
        Fraction(0),
    )
    e_body = _expect(body, lambda b: int(max(0, b - db) * body_x))
    return e_stun_rolled, _expect(body, lambda b: b), e_stun, e_body


def body_rolled(p: Prepared) -> Dist:
    """The distribution of the BODY one hit rolls (before defenses and hit locations): what counts
    for knockback."""
    if p.weapon.killing:
        drop = (p.req["distance_from_center"] if p.weapon.explosion else 0) // 3
        return _plus(_plus(_kept(p.dice, drop), _half(p, drop, HALF_STUN)), _plus_one(p, drop))
    if p.weapon.kind == "mental":
        return NOTHING
    drop = p.req["distance_from_center"] if p.weapon.explosion else 0
    return _plus(_kept(p.dice, drop, body_of_normal_die), _half(p, drop, HALF_BODY))


# Maneuvers whose hit does no damage, hence no knockback (Desarmar, Agarrar without squeeze or throw,
# Cubrir): the attack's own resolution (`actions.strike._effect`).
NO_DAMAGE = ("disarm", "cover")


def knockback_odds(p: Prepared, state: Mapping, target_id: int, hits_expected: Fraction) -> dict | None:
    """The knockback part of the odds (`knockback_odds.expected_knockback`), None where the attack
    cannot knock back (a mental attack, a maneuver that does no damage)."""
    if p.maneuver.slug in NO_DAMAGE or (p.maneuver.slug == "grab" and not p.req["then"]):
        return None
    target = Table.from_state(state).combatant(target_id)
    kb = expected_knockback(p, body_rolled(p), target, state, target_id)
    if kb is None:
        return None
    return {
        "into": p.obstacle["kind"] if p.obstacle else "ground",
        "knockdown": _exact(kb["knockdown"]),
        "chance": _exact(kb["knockback"]),
        "inches": _exact(kb["inches"]),
        "expected_rolled_per_hit": {"stun": _exact(kb["stun_rolled"]), "body": _exact(kb["body_rolled"])},
        "expected_per_hit": {"stun": _exact(kb["stun"]), "body": _exact(kb["body"])},
        "expected": {"stun": _exact(kb["stun"] * hits_expected), "body": _exact(kb["body"] * hits_expected)},
        "_values": kb,
    }


def _secret_knockback(kb: dict | None, actor_hidden: bool) -> dict | None:
    """Against a hidden combatant: the band of any knockback, and the damage rolled when the actor is
    the viewer's own (after PD it would tell the hidden target's PD)."""
    if kb is None:
        return None
    chance = kb["_values"]["knockback"]
    return {
        "into": kb["into"],
        "band": band(chance),
        "expected_rolled_per_hit": None if actor_hidden else kb["expected_rolled_per_hit"],
    }


def expected_damage(p: Prepared, target: Mapping, hit_locations: bool) -> dict:
    """Expected STUN and BODY of one hit, rolled and after the target's defenses."""
    ds, db = defenses(target, p.weapon)
    surprised = stun_doubled(target, p.weapon, p.req["modifiers"])
    fixed = locations.BY_SLUG.get(p.req["location"] or "")
    use_locations = hit_locations and not p.weapon.area and p.weapon.kind != "mental"
    spots = (
        (
            {fixed: Fraction(1)}
            if fixed
            else {loc: sum((THREE_D6[r] for r in loc.rolls), Fraction(0)) for loc in locations.HIT_LOCATIONS}
        )
        if use_locations
        else {None: Fraction(1)}
    )
    totals = [Fraction(0)] * 4
    for location, weight in spots.items():
        parts = (_killing if p.weapon.killing else _normal)(p, target, location, ds, db, surprised)
        totals = [t + weight * part for t, part in zip(totals, parts, strict=True)]
    return dict(zip(("stun_rolled", "body_rolled", "stun", "body"), totals, strict=True))


def _exact(value: Fraction) -> dict:
    return {"value": float(value), "exact": f"{value.numerator}/{value.denominator}"}


def odds(state: Mapping, request: Mapping, *, viewer: Viewer, hidden: frozenset[int]) -> dict:
    if request.get("type", "attack") != "attack":
        raise refuse(
            "odds.only_attacks",
            "Sólo hay probabilidades para ataques.",
            "Odds are for attacks only.",
            rule="Valores de combate y tiradas de ataque",
            path="/type",
        )
    table = Table.from_state(state)
    actor = request.get("actor")
    checked(AttackInput, request)  # the odds' request is not an action the site has validated
    p = prepare(table, actor, request)
    target_id = p.targets[0]
    aim = aim_at(table, p, actor, target_id)
    chance = p_hit(aim.to_hit)
    hits_expected = expected_hits(aim.to_hit, p.req["shots"])
    dmg = expected_damage(p, table.combatant(target_id), bool(state.get("hit_locations")))
    secret = not viewer.gm and not viewer.exact_odds and (actor in hidden or target_id in hidden)
    rolled = {"stun": _exact(dmg["stun_rolled"]), "body": _exact(dmg["body_rolled"])}
    kb = knockback_odds(p, state, target_id, hits_expected)
    if secret:
        return {
            "exact": False,
            "hit": band(chance),
            "dice": p.dice,
            "half_die": p.half,
            "plus_one": p.plus,
            "dice_label": dice_label(p.dice, p.half, p.plus),
            "killing": p.weapon.killing,
            "expected_rolled": rolled if actor not in hidden else None,
            "knockback": _secret_knockback(kb, actor in hidden),
        }
    kb_values = kb.pop("_values") if kb else None
    return {
        "exact": True,
        "to_hit": aim.to_hit,
        "ocv": aim.ocv,
        "dcv": aim.dcv,
        "modifiers": aim.lines,
        "p_hit": _exact(chance),
        "hit": band(chance),
        "expected_hits": _exact(hits_expected),
        "dice": p.dice,
        "half_die": p.half,
        "plus_one": p.plus,
        "dice_label": dice_label(p.dice, p.half, p.plus),
        "killing": p.weapon.killing,
        "end": p.end,
        "expected_rolled": rolled,
        "expected_per_hit": {"stun": _exact(dmg["stun"]), "body": _exact(dmg["body"])},
        "expected": {
            "stun": _exact(dmg["stun"] * hits_expected),
            "body": _exact(dmg["body"] * hits_expected),
        },
        "knockback": kb,
        # The attack's own damage and its knockback's, both after defenses (6E Knockback).
        "expected_with_knockback": {
            key: _exact((dmg[key] + (kb_values[key] if kb_values else 0)) * hits_expected)
            for key in ("stun", "body")
        },
    }

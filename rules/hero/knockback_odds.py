"""The knockback an attack may cause, in its exact odds (6E Knockback, docs/rules-notes-hero.md):
the chance of a knockdown and of any knockback, the inches expected, and the knockback damage
expected, rolled and after the target's PD, for the obstacle the attack names (or open ground).

The BODY that counts is the BODY rolled (halved for a pulled punch, plus the coordinated BODY
already rolled on that target this segment), less 2d6 (3d6 for a killing attack, one die fewer for
a flying target): 0 is a knockdown, more is that many inches. As in the rest of the odds, a block
or a roll with the punch the target may have ready is not counted."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

import icepool

from .actions.prepare import Prepared
from .damage import body_of_normal_die, defenses, half_die_body, half_die_stun
from .damage import knockback_dice as knockback_roll_dice
from .knockback import KNOCKBACK, knockback_dice

Dist = dict[int, Fraction]


def _dist(die: icepool.Die) -> Dist:
    total = die.denominator()
    return {int(o): Fraction(q, total) for o, q in die.items()}


def _sum(a: Dist, b: Dist) -> Dist:
    out: Dist = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


@cache
def _normal_dice(whole: int, half: bool) -> tuple[Dist, Dist]:
    """(STUN, BODY) of `whole` normal d6 and maybe a ½d6 (6E Normal Damage)."""
    stun = _dist(whole @ icepool.d6) if whole else {0: Fraction(1)}
    body = _dist(whole @ icepool.d6.map(body_of_normal_die)) if whole else {0: Fraction(1)}
    if half:
        stun = _sum(stun, _dist(icepool.d6.map(half_die_stun)))
        body = _sum(body, _dist(icepool.d6.map(half_die_body)))
    return stun, body


@cache
def _roll_dist(count: int) -> Dist:
    return _dist(count @ icepool.d6)


def _expect(dist: Dist, f) -> Fraction:
    return sum((p * f(v) for v, p in dist.items()), Fraction(0))


def _coordinated_body(state: Mapping, p: Prepared, target_id: int, segment_round: list) -> int:
    """Ataques coordinados: the BODY already rolled on the target by the coordinated attacks of this
    segment counts for knockback with this one ("A efectos de las reglas de caídas, también se
    determina en conjunto")."""
    if not p.req["coordinated"]:
        return 0
    prior = (state.get("coordination") or {}).get(str(target_id)) or {}
    return prior.get("body", 0) if prior.get("at") == segment_round else 0


def expected_knockback(
    p: Prepared, body_rolled: Dist, target: Mapping, state: Mapping, target_id: int
) -> dict | None:
    """Per hit: `knockdown` (the chance of at least a knockdown), `knockback` (of any inches),
    `inches`, and the knockback damage `rolled` and after PD (`taken`); None for a mental attack."""
    if p.weapon.kind == "mental":
        return None
    offset = _coordinated_body(state, p, target_id, [state.get("round"), state.get("segment")])
    pulled = p.maneuver.slug == "pulled-punch"
    counted: Dist = {}
    for b, pb in body_rolled.items():
        key = (b // 2 if pulled else b) + offset
        counted[key] = counted.get(key, Fraction(0)) + pb
    thrown = _roll_dist(max(1, knockback_roll_dice(p.weapon, target)))
    inches = _sum(counted, {-k: q for k, q in thrown.items()})
    against_stun, against_body = defenses(target, KNOCKBACK)
    out = {k: Fraction(0) for k in ("knockdown", "knockback", "inches", "stun_rolled", "body_rolled")}
    out |= {"stun": Fraction(0), "body": Fraction(0)}
    for n, pn in inches.items():
        if n < 0:
            continue
        out["knockdown"] += pn
        if n == 0:
            continue
        count = knockback_dice(n, p.obstacle)
        stun, body = _normal_dice(count.whole, count.half)
        out["knockback"] += pn
        out["inches"] += pn * n
        out["stun_rolled"] += pn * _expect(stun, lambda s: s)
        out["body_rolled"] += pn * _expect(body, lambda b: b)
        out["stun"] += pn * _expect(stun, lambda s: max(0, s - against_stun))
        out["body"] += pn * _expect(body, lambda b: max(0, b - against_body))
    return out

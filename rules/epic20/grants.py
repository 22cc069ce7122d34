"""What a character has for free, and the whole character once those are added.

An archetype's free powers, advantages, maneuvers and imposed complications (ARQUETIPOS) belong
to the character whether or not the sheet lists them. When the sheet does list one, that entry
is the granted one and costs nothing; an entry of the same slug whose detail names something
else ("Supermovimiento: volar" for a Velocista) is an ordinary purchase.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from rules.text import slugify

from .archetype_types import Archetype, Grant, GrantKind, SkillGrant
from .sheet import ComplicationEntry, PowerEntry, Sheet

# LISTA DE PODERES, Crecer: "Gana la maniobra interponerse".
POWER_GRANTED_MANEUVERS = {"crecer": "interponerse"}
IMPLICIT = -1  # index of an entry the sheet does not list


@dataclass(frozen=True)
class Granted:
    free_powers: frozenset[int] = frozenset()
    free_advantages: frozenset[int] = frozenset()
    free_maneuvers: frozenset[int] = frozenset()
    forced_complications: frozenset[int] = frozenset()
    implicit: tuple[Grant, ...] = ()
    skill_points: Fraction = Fraction(0)  # archetype skill points found on the sheet
    unused_skill_grants: tuple[SkillGrant, ...] = ()


def _matches(grant: Grant, detail: str) -> bool:
    if not grant.match or not detail:
        return True
    text = slugify(detail)
    return any(word in text for word in grant.match)


def _pick(grant: Grant, entries, taken: set[int]) -> int | None:
    candidates = [e for e in entries if e.slug == grant.slug and e.index not in taken]
    for entry in candidates:
        if _matches(grant, getattr(entry, "detail", "")):
            return entry.index
    return None


def resolve(sheet: Sheet, terms: Archetype | None) -> Granted:
    grants = terms.grants if terms else ()
    by_kind = {
        GrantKind.POWER: sheet.powers,
        GrantKind.ADVANTAGE: sheet.advantages,
        GrantKind.MANEUVER: sheet.maneuvers,
        GrantKind.COMPLICATION: sheet.complications,
    }
    taken: dict[GrantKind, set[int]] = {kind: set() for kind in GrantKind}
    implicit: list[Grant] = []
    for grant in grants:
        found = _pick(grant, by_kind[grant.kind], taken[grant.kind])
        if found is None:
            implicit.append(grant)
        else:
            taken[grant.kind].add(found)
    has_power = {entry.slug for entry in sheet.powers} | {g.slug for g in grants if g.kind is GrantKind.POWER}
    for power, maneuver in POWER_GRANTED_MANEUVERS.items():
        if power in has_power:
            found = _pick(Grant(GrantKind.MANEUVER, maneuver), sheet.maneuvers, taken[GrantKind.MANEUVER])
            if found is not None:
                taken[GrantKind.MANEUVER].add(found)
    absorbed, unused = _absorb_skill_grants(sheet, terms.skill_grants if terms else ())
    return Granted(
        free_powers=frozenset(taken[GrantKind.POWER]),
        free_advantages=frozenset(taken[GrantKind.ADVANTAGE]),
        free_maneuvers=frozenset(taken[GrantKind.MANEUVER]),
        forced_complications=frozenset(taken[GrantKind.COMPLICATION]),
        implicit=tuple(implicit),
        skill_points=absorbed,
        unused_skill_grants=unused,
    )


def _absorb_skill_grants(sheet: Sheet, grants: tuple[SkillGrant, ...]):
    # ARQUETIPOS, Explorador: "Gana 1 pto en la habilidad …": the values on the sheet are final,
    # so the granted point is the part of the value it pays for.
    remaining = {entry.index: entry.value for entry in sheet.skills}
    absorbed = Fraction(0)
    unused = []
    for grant in grants:
        candidates = [
            entry
            for entry in sheet.skills
            if entry.slug in grant.any_of
            and (grant.specialty is None or slugify(entry.specialty or "") == slugify(grant.specialty))
        ]
        best = max(candidates, key=lambda e: remaining[e.index], default=None)
        got = min(grant.amount, remaining[best.index]) if best else Fraction(0)
        if best:
            remaining[best.index] -= got
        absorbed += got
        if got < grant.amount:
            unused.append(grant)
    return absorbed, tuple(unused)


@dataclass(frozen=True)
class Character:
    """Everything the character has: the sheet's entries plus the implicit grants."""

    powers: tuple[PowerEntry, ...]
    advantages: frozenset[str]
    maneuvers: frozenset[str]
    complications: tuple[ComplicationEntry, ...]
    # The sheet's free-text details of maneuvers and advantages by slug: the weapon Fineza con un
    # arma or Ojo agudo chose (weapons.py), the one Cazador de espíritus is tied to (costs.py).
    maneuver_details: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    advantage_details: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    advantage_points: Mapping[str, Fraction] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def power_slugs(self) -> frozenset[str]:
        return frozenset(entry.slug for entry in self.powers)


def character(sheet: Sheet, granted: Granted) -> Character:
    powers = [
        *sheet.powers,
        *(PowerEntry(IMPLICIT, g.slug, detail=g.detail_es) for g in _implicit(granted, GrantKind.POWER)),
    ]
    advantages = {entry.slug for entry in sheet.advantages}
    advantages.update(g.slug for g in _implicit(granted, GrantKind.ADVANTAGE))
    maneuvers = {entry.slug for entry in sheet.maneuvers}
    maneuvers.update(g.slug for g in _implicit(granted, GrantKind.MANEUVER))
    maneuvers.update(_power_granted_maneuvers(powers))
    complications = [
        *sheet.complications,
        *(
            ComplicationEntry(IMPLICIT, g.slug, g.detail_es)
            for g in _implicit(granted, GrantKind.COMPLICATION)
        ),
    ]
    return Character(
        tuple(powers),
        frozenset(advantages),
        frozenset(maneuvers),
        tuple(complications),
        maneuver_details=MappingProxyType({e.slug: e.detail for e in sheet.maneuvers if e.detail}),
        advantage_details=MappingProxyType(_advantage_details(sheet)),
        advantage_points=MappingProxyType(
            {e.slug: e.points for e in sheet.advantages if e.points is not None}
        ),
    )


def _implicit(granted: Granted, kind: GrantKind) -> list[Grant]:
    """The implicit grants (those the sheet does not list) of one kind, in the archetype's order."""
    return [grant for grant in granted.implicit if grant.kind is kind]


def _power_granted_maneuvers(powers: list[PowerEntry]) -> list[str]:
    """The maneuvers the character's powers give (POWER_GRANTED_MANEUVERS: Crecer, "Gana la
    maniobra interponerse")."""
    slugs = {entry.slug for entry in powers}
    return [maneuver for power, maneuver in POWER_GRANTED_MANEUVERS.items() if power in slugs]


def _advantage_details(sheet: Sheet) -> dict[str, tuple[str, ...]]:
    """Every detail the sheet gives each advantage, in the sheet's order."""
    details: dict[str, tuple[str, ...]] = {}
    for entry in sheet.advantages:
        if entry.detail:
            details[entry.slug] = (*details.get(entry.slug, ()), entry.detail)
    return details

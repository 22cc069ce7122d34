"""The input of each Epic20 action type (besides `type` and `actor`), one frozen dataclass per
type: the site validates, serializes and documents each from it (`rules.core.schema`)."""

from __future__ import annotations

from dataclasses import MISSING, dataclass
from typing import Literal

from rules.core.schema import param
from rules.epic20.resolution.circumstances import MAX_UNITS

ID_MAX = 2**63 - 1
SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
# A circumstance slug, with a count for those that take one ("diferencia-de-tamano:2"); counts
# stay small, since each adds a die to the roll (the engine refuses more than MAX_UNITS).
assert MAX_UNITS == 10, "CIRCUMSTANCE below spells out 1..10"
CIRCUMSTANCE = r"^[a-z0-9]+(-[a-z0-9]+)*(:([1-9]|10))?$"
# A skill: its slug, or "<slug>:<specialty>" as the sheet's derived numbers key it.
SKILL_KEY = r"^[a-z0-9]+(-[a-z0-9]+)*(:[^\x00-\x1f:][^\x00-\x1f]{0,79})?\Z"
AttackKind = Literal["melee", "ranged", "mental", "emotional"]


def _id(help_en: str = "", *, required: bool = False):
    return param(MISSING if required else None, min=1, max=ID_MAX, help_en=help_en)


def _ids(help_en: str, max_items: int, min_items: int | None = None):
    return param(None, min=1, max=ID_MAX, max_items=max_items, min_items=min_items, help_en=help_en)


@dataclass(frozen=True, kw_only=True)
class Start:
    surprise: list[int] | None = _ids("Ids that act first, by surprise.", 100)
    charging: list[int] | None = _ids("Ids charging in.", 100)


@dataclass(frozen=True, kw_only=True)
class Attack:
    kind: AttackKind = param(help_en="melee, ranged, mental or emotional.")
    target: int | None = _id("The target (or name `targets`).")
    targets: list[int] | None = _ids("An area, cone or burst attack, or Ataque doble: one roll each.", 20, 1)
    with_: str | None = param(
        None, name="with", max_length=200, help_en='"unarmed", a power slug or an equipment name.'
    )
    circumstances: list[str] | None = param(
        None, max_items=20, max_length=80, pattern=CIRCUMSTANCE, pattern_code="invalid_circumstance"
    )
    maneuvers: list[str] | None = param(
        None, max_items=20, max_length=80, pattern=SLUG, pattern_code="invalid_slug"
    )
    hero_point: str | None = param(None, max_length=40, help_en="superioridad or subir-dos-niveles.")
    counter: bool | None = param(None, help_en="The extra attack Ataque a fondo gives.")
    cone: bool | None = None
    two_weapons: bool | None = None
    second_with: str | None = param(None, max_length=200)
    target_weapon: str | None = param(None, max_length=200, help_en="Desarmar: the weapon to take.")
    element: str | None = param(None, max_length=80, help_en="What the attack is made of («fuego»).")
    attribute: str | None = param(None, max_length=40, help_en="Debilitar «Atributo»: the attribute.")
    order: str | None = param(None, max_length=200, help_en="Sugestión: the order given.")


@dataclass(frozen=True, kw_only=True)
class Escape:
    power: str = param(max_length=80, help_en="The progression power escaped from.")
    by: int = _id("Who applied it.", required=True)
    hero_point: bool | None = None


@dataclass(frozen=True, kw_only=True)
class SkillCheck:
    skill: str = param(
        max_length=120,
        pattern=SKILL_KEY,
        pattern_code="invalid_skill",
        help_en='A skill slug, or "<slug>:<specialty>".',
    )
    difficulty: int | None = param(None, min=0, max=60, help_en="15 is the standard.")
    opposed_total: int | None = param(None, min=0, max=200)
    hero_point: str | None = param(None, max_length=40)
    combat: bool | None = param(None, help_en="The check is itself a combat action (a reroll costs 2).")
    free: bool | None = param(None, help_en="GM: the check takes no action, any time.")
    target: int | None = _id("Perception: whom it tries to perceive.")


@dataclass(frozen=True, kw_only=True)
class Reroll:
    seq: int | None = _id("The event of the roll to throw again, when the action rolled several.")


@dataclass(frozen=True, kw_only=True)
class SpendHeroPoint:
    use: str = param(max_length=40, help_en="A hero point use of the catalogue.")
    maneuver: str | None = param(None, max_length=80)
    power: str | None = param(None, max_length=80)
    instant: bool | None = None
    seq: int | None = _id("repetir-tirada: the event of the roll to throw again.")


@dataclass(frozen=True, kw_only=True)
class Delay:
    other: int = _id("Act just before or after this combatant.", required=True)
    where: Literal["before", "after"] = "after"


@dataclass(frozen=True, kw_only=True)
class Maneuver:
    maneuver: str = param(max_length=80, help_en="A maneuver slug declared outside an attack.")
    target: int | None = _id()
    allies: list[int] | None = _ids("Mostrar punto débil: the allies.", 2)
    item: str | None = param(None, max_length=200, help_en="Desenfundar: the equipment.")


@dataclass(frozen=True, kw_only=True)
class AwardHeroPoint:
    target: int = _id(required=True)
    points: int = param(1, min=1, max=20)


@dataclass(frozen=True, kw_only=True)
class Rest:
    minutes: int = param(min=0, max=100_000)
    target: int | None = _id("Everyone without it.")


@dataclass(frozen=True, kw_only=True)
class SetMinionHitPoints:
    target: int = _id(required=True)
    hit_points: int = param(min=1, max=1000)


@dataclass(frozen=True, kw_only=True)
class Support:
    use: str = param(max_length=40, help_en="A support use: contacto-curativo, motivador…")
    target: int | None = _id()
    allies: list[int] | None = _ids("Inspirar a otros: one or two allies.", 2)
    skill: str | None = param(None, max_length=120, pattern=SKILL_KEY, pattern_code="invalid_skill")
    kind: AttackKind | None = None
    hero_point: str | None = param(None, max_length=40)


@dataclass(frozen=True, kw_only=True)
class UsePower:
    power: str = param(max_length=80)
    active: bool = param(True, help_en="true switches on or casts; false switches off.")


@dataclass(frozen=True, kw_only=True)
class Sleep:
    target: int = _id(required=True)
    with_element: bool = param(False, help_en="Necesita un elemento: it had the element it needs.")


@dataclass(frozen=True, kw_only=True)
class InventedItem:
    kind: Literal["special", "mundane"]
    name: str = param(max_length=200)
    power: str | None = param(None, max_length=80, pattern=SLUG, pattern_code="invalid_slug")
    armor: bool = False
    shield: bool = False
    two_handed: bool = False
    reach: bool = False
    ranged: bool = False
    burst: bool = False
    heavy: bool = False


@dataclass(frozen=True, kw_only=True)
class Invent:
    item: InventedItem = param(help_en="The item, as a sheet's equipment entry.")
    lab_hour: bool = param(False, help_en="It had its hour of work in the laboratory.")

"""An attack action read and checked before any die is thrown: the same preparation serves the
attack's resolution and its odds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core.encounter import Table

from .. import aim as aims
from .. import locations
from ..aim import Weapon
from ..damage import check_damage_input, damage_dice, is_blast
from ..derived import round_half_down, strength_end
from ..knockback import obstacle_of
from ..levels import Allocation, allocate
from ..maneuvers import Maneuver
from ..modifiers import ADJACENT
from ..state import combatant_or_refuse, refuse
from ..tohit import listed_modifiers
from .schemas import AttackInput, read

MULTI_TARGET = ("sweep", "move-by")


@dataclass(frozen=True)
class Prepared:
    req: dict
    weapon: Weapon
    maneuver: Maneuver
    alloc: Allocation
    dice: int  # whole d6
    end: int
    targets: tuple[int, ...]
    half: bool = False  # and a ½d6 ("N½d6", 6E)
    obstacle: dict | None = None  # what a knockback sends the target into (6E Knockback)
    plus: bool = False  # and a killing +1 ("Nd6+1", 6E)


def _targets(table: Table, actor: int, req: Mapping, w: Weapon, m: Maneuver) -> tuple[int, ...]:
    more = req["more_targets"]
    if not isinstance(more, list) or not all(isinstance(t, int) and not isinstance(t, bool) for t in more):
        raise refuse(
            "targets.invalid",
            "Los otros objetivos son una lista de combatientes.",
            "Further targets are a list of combatants.",
            rule="Barrido",
            path="/more_targets",
        )
    targets = (req["target"], *more)
    for i, target in enumerate(targets):
        path = "/target" if i == 0 else f"/more_targets/{i - 1}"
        combatant_or_refuse(table, target, path=path, role="target")
        if target == actor:
            raise refuse(
                "target.self",
                "Nadie se ataca a sí mismo.",
                "Nobody attacks themselves.",
                rule="Comprobación de secuencia de combate",
                path=path,
            )
    if len(set(targets)) != len(targets):
        raise refuse(
            "targets.repeated",
            "Cada objetivo sólo una vez.",
            "Each target only once.",
            rule="Fuego automático",
            path="/more_targets",
        )
    if more and not (m.slug in MULTI_TARGET or req["spread_hexes"] >= len(more)):
        # Barrido / Mover por (movimiento múltiple) / Fuego automático on several targets (one shot a hex).
        raise refuse(
            "targets.one_only",
            "Esa maniobra ataca a un solo objetivo.",
            "That maneuver attacks one target.",
            rule="Maniobras de combate",
            path="/more_targets",
        )
    if m.slug == "sweep" and not more:
        raise refuse(
            "sweep.needs_targets",
            "Un barrido es contra más de un objetivo.",
            "A sweep is against more than one target.",
            rule="Barrido",
            path="/more_targets",
        )
    return targets


def _check_movement(c: Mapping, m: Maneuver, req: Mapping) -> None:
    if m.slug not in ("move-by", "move-through"):
        return
    velocity = req["velocity"]
    # 6E noncombat movement doubles the combat move: the engine lets velocity reach twice it.
    if velocity < 1 or velocity > 2 * c["sheet"]["movement"]:
        raise refuse(
            "velocity.out_of_range",
            "La velocidad debe estar entre 1 y el doble del movimiento.",
            "Velocity must be between 1 and twice the movement.",
            rule=m.name_es,
            path="/velocity",
        )
    if req["moved"] is not None and velocity > 5 * req["moved"]:
        # "Un personaje puede acelerar 5" en velocidad por cada 1" movido."
        raise refuse(
            "velocity.too_fast",
            'Sólo se acelera 5" por cada 1" recorrido.',
            'One only gains 5" of velocity per 1" moved.',
            rule="Mover a través",
            path="/velocity",
        )


def _check_fire(w: Weapon, req: Mapping) -> None:
    if req["shots"] > max(1, w.autofire):
        raise refuse(
            "shots.too_many",
            f"Ese ataque dispara como mucho {max(1, w.autofire)}.",
            f"That attack fires at most {max(1, w.autofire)}.",
            rule="Fuego automático",
            path="/shots",
        )
    if req["spread_hexes"] and not w.autofire and not is_blast(w):
        raise refuse(
            "autofire.needed",
            "Sólo el fuego automático o una ráfaga de energía cubren varios hexágonos.",
            "Only autofire or an energy blast covers several hexes.",
            rule="Fuego automático",
            path="/spread_hexes",
        )
    if w.autofire and req["spread_hexes"] and req["spread_hexes"] + 1 > req["shots"]:
        # "Debe disparar un mínimo de un tiro en cada hexágono"
        raise refuse(
            "autofire.shots_per_hex",
            "Hace falta un disparo en cada hexágono.",
            "One shot is needed in every hex.",
            rule="Fuego automático",
            path="/spread_hexes",
        )


def _end_cost(c: Mapping, w: Weapon, m: Maneuver, req: Mapping) -> int:
    """ "Pagar el coste de AGU" (sequence step 4): the STR used, the attack's own END (6E: per 10
    Active Points; per shot for autofire), and for Mover por / a través the movement (6E: 1 END per 5")."""
    strength = c["sheet"]["characteristics"]["str"]
    if m.slug == "haymaker":
        strength = strength * 3 // 2
    if m.slug in ("move-by", "move-through"):
        return strength_end(strength) + round_half_down(req["velocity"], 5)
    if w.strike or (m.slug == "grab" and req["then"]):
        return strength_end(strength)
    if w.kind == "hth":
        return w.end + strength_end(strength)
    return w.end * max(1, req["shots"])


def _check_location(table: Table, req: Mapping) -> None:
    if req["location"] is not None and (
        req["location"] not in locations.BY_SLUG or not table.state.get("hit_locations")
    ):
        raise refuse(
            "location.unavailable",
            "No se puede apuntar a esa localización en este combate.",
            "That location cannot be aimed at in this fight.",
            rule="Objetivo oculto",
            path="/location",
        )


def prepare(table: Table, actor: int, action: Mapping) -> Prepared:
    req = read(AttackInput, action)
    attacker = combatant_or_refuse(table, actor)
    w = aims.weapon(attacker, req["attack"])
    m = aims.maneuver_for(req["maneuver"], w)
    aims.check_can_attack(attacker, w, m)
    targets = _targets(table, actor, req, w, m)
    if w.kind == "hth" and req["range"] > ADJACENT:
        raise refuse(
            "target.out_of_reach",
            "Un ataque cuerpo a cuerpo llega sólo al hexágono de al lado.",
            "A hand-to-hand attack only reaches the next hex.",
            rule="Maniobras de combate",
            path="/range",
        )
    _check_fire(w, req)
    _check_movement(attacker, m, req)
    listed_modifiers(req["modifiers"])
    _check_location(table, req)
    if req["bounces"] and req["bounces"] > 0 and w.kind != "ranged":
        raise refuse(
            "levels.bounce",
            "Sólo rebota un ataque a distancia.",
            "Only a ranged attack bounces.",
            rule="Ataque rebotando",
            path="/bounces",
        )
    alloc = allocate(
        attacker["sheet"],
        w.kind,
        w.name,
        to_dcv=req["levels_dcv"],
        to_damage=req["levels_damage"],
        bounces=req["bounces"],
    )
    dice = damage_dice(attacker, w, m, req, alloc.damage_classes)
    check_damage_input(w, m, req, dice)
    obstacle = obstacle_of(req)
    if req["then"] is not None and m.slug != "grab":
        raise refuse(
            "grab.then_without_grab",
            "Apretar o lanzar sólo tras agarrar.",
            "Squeeze or throw only after a grab.",
            rule="Agarrar",
            path="/then",
        )
    end = _end_cost(attacker, w, m, req)
    return Prepared(req, w, m, alloc, dice.whole, end, targets, dice.half, obstacle, dice.plus)

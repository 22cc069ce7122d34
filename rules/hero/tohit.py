"""The attack roll's target number: 3d6 ≤ 11 + VCO − VCD with every modifier the seed lists
("Comprobación de secuencia de combate" step 3; "Calculando VCO y VCD": base, levels, weapon,
maneuver, combat modifiers, range)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from . import locations, modifiers
from .aim import Weapon
from .derived import carried, combat_value, ecv
from .levels import Allocation
from .maneuvers import Maneuver
from .state import chars, has, out_cold, refuse

RULE_ROLL = "Valores de combate y tiradas de ataque"


@dataclass
class Aim:
    ocv: int = 0
    dcv: int = 0
    lines: list = field(default_factory=list)  # [{"side", "source", "value", "rule"}]

    def add(self, side: str, source: str, value: int, rule: str) -> None:
        if value:
            self.lines.append({"side": side, "source": source, "value": value, "rule": rule})
            if side == "ocv":
                self.ocv += value
            else:
                self.dcv += value

    @property
    def to_hit(self) -> int:
        return 11 + self.ocv - self.dcv


def hits(roll: int, to_hit: int) -> bool:
    """ "un resultado de 3 siempre golpea … Una tirada de 18 en 3d6 siempre falla" (Valores de combate)."""
    return roll == 3 or (roll != 18 and roll <= to_hit)


def listed_modifiers(slugs) -> list[modifiers.CombatModifier]:
    found, groups = [], set()
    if not isinstance(slugs, list) or not all(isinstance(s, str) for s in slugs):
        raise refuse(
            "modifiers.invalid",
            "Los modificadores son una lista de nombres.",
            "Modifiers are a list of slugs.",
            rule="Los modificadores de combate",
            path="/modifiers",
        )
    for i, slug in enumerate(slugs):
        m = modifiers.BY_SLUG.get(slug)
        if m is None or slug not in modifiers.LISTED:
            raise refuse(
                "modifiers.unknown",
                f"«{slug}» no es un modificador que se pueda elegir.",
                f"“{slug}” is not a modifier one can name.",
                rule="Los modificadores de combate",
                path=f"/modifiers/{i}",
            )
        if m.group and m.group in groups:
            raise refuse(
                "modifiers.exclusive",
                f"Sólo un modificador de «{m.group}».",
                f"Only one “{m.group}” modifier.",
                rule=m.rule,
                path=f"/modifiers/{i}",
            )
        groups.add(m.group)
        found.append(m)
    return found


def _maneuver_ocv(aim: Aim, m: Maneuver, w: Weapon, dice: int, req: Mapping, count: int) -> None:
    rule = m.name_es
    if m.slug == "move-through":
        aim.add("ocv", m.slug, -(req["velocity"] // 5), rule)  # "-v/5"
    elif m.slug == "pulled-punch":
        aim.add("ocv", m.slug, -(dice // 3), rule)  # "-1/3d6": −1 per whole 3d6
    elif m.slug == "sweep":
        # "Para cada objetivo después del primero, acumula un -2 VCO" (3 targets: −4 each).
        aim.add("ocv", m.slug, -2 * (count - 1), rule)
    elif m.slug == "move-by":
        # "Un movimiento múltiple, recibe un -2 VCO acumulativo para todos los ataques".
        aim.add("ocv", m.slug, m.ocv - 2 * (count - 1), rule)
    elif m.ocv and m.slug not in ("brace", "set"):  # Apoyado counts against range, Establecerse below
        aim.add("ocv", m.slug, m.ocv, rule)
    if m.slug == "grab" and req.get("weapon"):
        aim.add("ocv", "grab-weapon", -2, "Agarrar")  # "penalización de -2 VCO" to grab a weapon


def _range(aim: Aim, attacker: Mapping, w: Weapon, req: Mapping, listed, braced: bool) -> None:
    distance = req["range"]
    penalty = modifiers.range_penalty(distance)
    if distance > modifiers.ADJACENT:
        for m in listed:
            if m.range_only and m.ocv:
                penalty += m.ocv  # "tiene un modificador de distancia extra de -4" (Lanzar objetos)
    offset = attacker["sheet"]["range_levels"] + (2 if braced else 0)
    # "Los niveles a distancia anular los -2 del modificador de distancia … pero no aumenta más"
    net = min(0, penalty + offset) if penalty < 0 else 0
    aim.add("ocv", "range", penalty, "Modificadores a distancia")
    aim.add("ocv", "range-offset", net - penalty, "Modificadores a distancia")


def _base_ocv(aim: Aim, attacker: Mapping, mental: bool) -> None:
    """The base VCO ("Calculando VCO y VCD"), or for a mental attack the ECV (Combate mental)."""
    aim.add(
        "ocv",
        "ecv" if mental else "base",
        ecv(chars(attacker)) if mental else combat_value(chars(attacker)["dex"]),
        "Combate mental" if mental else "Calculando VCO y VCD",
    )


def _location_ocv(aim: Aim, req: Mapping, hit_locations: bool) -> None:
    """Objetivo oculto: the VCO of aiming at a hit location, where the fight uses them."""
    if req["location"] is None:
        return
    loc = locations.BY_SLUG.get(req["location"])
    if loc is None or not hit_locations:
        raise refuse(
            "location.unavailable",
            "No se puede apuntar a esa localización en este combate.",
            "That location cannot be aimed at in this fight.",
            rule="Objetivo oculto",
            path="/location",
        )
    aim.add("ocv", f"location-{loc.slug}", loc.ocv, "Objetivo oculto")


def offence(
    attacker: Mapping,
    target: Mapping,
    w: Weapon,
    m: Maneuver,
    req: Mapping,
    *,
    dice: int,
    alloc: Allocation,
    count: int,
    hit_locations: bool,
) -> Aim:
    """The attacker's side: VCO and its modifiers (checklist "Para la VCO", steps 1–6)."""
    aim = Aim()
    mental = w.kind == "mental"
    _base_ocv(aim, attacker, mental)
    aim.add("ocv", "levels", alloc.ocv, "Niveles de combate")
    _maneuver_ocv(aim, m, w, dice, req, count)
    listed = listed_modifiers(req["modifiers"])
    braced = (m.slug == "brace" or req["brace"]) and w.kind == "ranged"
    _location_ocv(aim, req, hit_locations)
    if mental:
        return aim  # "Si un atacante puede ver el objetivo, puede afectarlo sin modificador de distancia.
        # Tampoco se aplican los modificadores de combate básicos." (Combate mental)
    for mod in listed:
        if mod.ocv and not mod.range_only:
            aim.add("ocv", mod.slug, mod.ocv, mod.rule)
    aim.add("ocv", "surprise-maneuver", req["surprise_bonus"], "Maniobra de sorpresa")
    aim.add("ocv", "spread", req["spread"], "Esparcir ráfaga de energía")
    # "hay una penalización de -1 VCO por cada hexágono que se vea afectado y sea distinto del original"
    if w.autofire:
        aim.add("ocv", "autofire-hexes", -req["spread_hexes"], "Fuego automático")
    if m.slug == "set" or attacker.get("set_on") == req["target"]:
        aim.add("ocv", "set", 1, "Establecerse")  # "+1 VCO a todos los ataques contra ese objetivo"
    _range(aim, attacker, w, req, listed, braced)
    return aim


def _halvings(target: Mapping, listed) -> list[str]:
    found = []
    if target["effects"].get("dcv_half"):
        found.append(target["effects"].get("maneuver") or "maneuver")
    if has(target, "grabbed"):
        found.append("grabbed")  # "Un personaje que ha sido agarrado tiene 1/2 VCD" (Agarrar)
    if has(target, "prone"):
        found.append("target-prone")  # "Objetivo tumbado … x1/2"
    if has(target, "stunned"):
        found.append("stunned")  # 6E: a Stunned character is at ½ DCV
    found += [m.slug for m in listed if m.dcv_half]  # Sorprendido: "se reduce a la mitad"
    return found


def _hex_dcv(aim: Aim, req: Mapping) -> None:
    adjacent = req["range"] <= modifiers.ADJACENT
    aim.add(
        "dcv",
        "target-hex",
        modifiers.ADJACENT_HEX_DCV if adjacent else modifiers.HEX_DCV,
        "Ataques de efecto de área",
    )


def defence(aim: Aim, target: Mapping, w: Weapon, req: Mapping) -> Aim:
    """The defender's side: VCD and its modifiers (checklist "Para la VCD", steps 1–5)."""
    listed = listed_modifiers(req["modifiers"])
    if w.area or "target-hex" in req["modifiers"]:
        # "El VCD de un hexágono es 3, o 0 si el hexágono es adyacente." (Ataques de efecto de área)
        _hex_dcv(aim, req)
        return aim
    levels = target["effects"].get("dcv_levels") or {}
    if w.kind == "mental":
        aim.add("dcv", "ecv", ecv(chars(target)), "Combate mental")
        aim.add("dcv", "levels", levels.get("mental", 0), "Niveles de combate")
        return aim
    if out_cold(target):
        # Sorprendido ("inconsciente o dormido") and 6E: an unconscious or sleeping target is at DCV 0,
        # whatever its maneuver, levels or halvings.
        aim.lines.append({"side": "dcv", "source": "out-cold", "value": 0, "rule": "Sorprendido"})
        return aim
    start = aim.dcv
    aim.add("dcv", "base", combat_value(chars(target)["dex"]), "Calculando VCO y VCD")
    aim.add(
        "dcv",
        target["effects"].get("maneuver") or "maneuver",
        target["effects"].get("dcv", 0),
        "Maniobras de combate",
    )
    aim.add(
        "dcv",
        "levels",
        levels.get("all", 0) + (levels.get("hth", 0) if w.kind == "hth" else 0),
        "Niveles de combate",
    )
    aim.add("dcv", "encumbrance", carried(target["sheet"])["dcv"], "Estorbo")
    halvings = _halvings(target, listed)
    own = max(0, aim.dcv - start)
    if halvings:
        # Halves do not stack: one ½ however many apply (docs/rules-notes-hero.md).
        half = (own + 1) // 2
        aim.add("dcv", "half:" + "+".join(halvings), half - own, "Los modificadores de combate")
        own = half
    extra = req["attackers"] - 1
    if extra:
        # "el defensor sufre -1 VCD por cada atacante después del primero, hasta un mínimo de 1/2 VCD"
        floor = (own + 1) // 2
        aim.add("dcv", "multiple-attackers", max(floor, own - extra) - own, "Ataques múltiples")
        own = max(floor, own - extra)
    if aim.dcv - start < 0:
        aim.add("dcv", "floor", -(aim.dcv - start), RULE_ROLL)
    return aim

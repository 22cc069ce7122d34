"""Epic20's action panel on the encounter page: one tab per kind of action, offering only what is
legal now. Who the attack's target defaults to, which weapons go with which kind of attack, and
which tabs are closed (with the reason) because the turn has no action of that kind left.

Only what the engine would refuse anyway is hidden or closed here; the engine still checks every
action (a page that offers too little is a nuisance, one that offers too much is a refusal).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from django.utils.translation import gettext_lazy as _

from rules.core.odds import BANDS
from rules.epic20 import index
from rules.epic20.resolution.powers_in_play import THROWN_OBJECT
from rules.epic20.resolution.state import READY

UNARMED = "unarmed"
# The tabs of the panel, in the order a player reads them.
TABS = (
    ("attack", _("Atacar")),
    ("skill", _("Habilidad")),
    ("maneuver", _("Maniobra")),
    ("power", _("Poder")),
    ("support", _("Apoyo")),
    ("hero", _("Punto de Héroe")),
)
NO_ACTION_LEFT = {
    "standard": _("Ya no le queda acción estándar este turno."),
    "move": _("Ya no le queda acción de movimiento este turno."),
    "any": _("Ya no le quedan acciones este turno: termina el turno."),
}


def weapon_kind(item, powers=None) -> str:
    """The kind of attack an item of equipment makes: its power's kind if it simulates an attack
    power, "ranged" for an "arma a distancia" (Reglas de equipo), melee otherwise."""
    powers = index.POWERS if powers is None else powers
    power = powers.get(item.power) if item.power else None
    if power is not None and power.attack_kind:
        return str(power.attack_kind)
    return "ranged" if item.ranged else "melee"


def weapons_for(state, lang: str) -> list[dict]:
    """Every way the combatant can attack now, each with the one kind of attack it makes.
    "Sin armas sólo se ataca cuerpo a cuerpo" (ATACAR EN COMBATE), an object is thrown, an
    attack power has its own kind, and an item that is not ready cannot be used (Reglas de
    equipo: "no se puede usar ahora")."""
    weapons = [{"value": UNARMED, "label": str(_("Sin armas")), "kind": "melee"}]
    for slug in sorted(state.powers):
        power = index.POWERS.get(slug)
        if power is not None and power.attack_kind:
            label = power.name_en if lang == "en" else power.name_es
            weapons.append({"value": slug, "label": label, "kind": str(power.attack_kind)})
    for item in state.equipment:
        if not item.armor and item.status == READY:
            weapons.append({"value": item.name, "label": item.name, "kind": weapon_kind(item)})
    weapons.append({"value": THROWN_OBJECT, "label": str(_("Objeto arrojado")), "kind": "ranged"})
    return weapons


def kinds_for(weapons: list[dict], labels: dict) -> list[dict]:
    """The kinds of attack the combatant has a weapon for, in the order of `labels`."""
    present = {w["kind"] for w in weapons}
    return [{"value": k, "label": str(v)} for k, v in labels.items() if k in present]


def is_enemy(actor_side: str, other_side: str) -> bool:
    """Heroes fight villains and the other way round; a neutral combatant's enemies are
    everyone on a side."""
    if actor_side == "neutral":
        return other_side != "neutral"
    return other_side not in (actor_side, "neutral")


def target_choices(actor: dict, combatants: list[dict]) -> dict:
    """The attack's target list, enemies first, and the one chosen by default: the first enemy
    still standing, else the first enemy, else whoever comes first. Never the attacker."""
    others = [c for c in combatants if c["id"] != actor["id"]]
    enemies = [c for c in others if is_enemy(actor["side"], c["side"])]
    rest = [c for c in others if c not in enemies]
    standing = [c for c in enemies if c.get("status") == "active"]
    default = (standing or enemies or rest or [None])[0]
    return {"enemies": enemies, "others": rest, "default": default["id"] if default else None}


BAND_RANK = {slug: rank for rank, (_bound, slug, _es, _en) in enumerate(BANDS)}


def attack_rank(odds: dict) -> tuple:
    """How good an attack's odds are, as the viewer may know them (docs/rules-notes-combat.md,
    "The attack form's default"): exact odds by the expected damage (ATACAR EN COMBATE: each full
    5 of margin is one success, one damage), then the chance of at least 1 damage, then the
    chance to hit; a hidden target's bands (`rules.core.odds.band`) by the damage band, then the
    hit band."""
    exact = odds.get("exact")
    if exact:
        return tuple(Fraction(exact[key]) for key in ("expected_damage", "p_damage", "p_hit"))
    damage, hit = odds.get("damage_band") or {}, odds.get("hit_band") or {}
    return BAND_RANK.get(damage.get("band"), -1), BAND_RANK.get(hit.get("band"), -1)


def best_attack(weapons: list[dict], odds_of: Callable[[dict], dict | None]) -> dict | None:
    """The weapon the attack form starts on: of `weapons` (`weapons_for`), the one whose odds
    against the chosen target rank highest (`attack_rank`); on a tie the first in the list
    ("Sin armas" comes first). `odds_of(weapon)` answers None for an attack the rules refuse,
    which is never chosen. None when no weapon can attack."""
    best, best_rank = None, None
    for weapon in weapons:
        odds = odds_of(weapon)
        if odds is None:
            continue
        rank = attack_rank(odds)
        if best_rank is None or rank > best_rank:
            best, best_rank = weapon, rank
    return best


def closed_tabs(left: dict, options: dict, *, gm: bool) -> dict[str, str]:
    """The tabs with nothing legal left this turn, each with the reason (TIPOS DE ACCIONES EN
    EL TURNO: "1 acción estándar (luchar, o manejar algo)", "1 acción de movimiento").

    An attack costs the standard action (ATACAR EN COMBATE); so does a skill check, unless the
    GM calls for it as a free check; switching a power costs a move action ("Cambiar de estado
    cuesta 1 acción de movimiento"); support takes a standard action, except Inspirar a otros,
    which takes a communication action. Maneuvers cost different actions each, so their tab
    closes only when no standard, move or object action is left. Hero points never close."""
    if not left:
        return {}
    standard, move = left.get("standard", 0), left.get("move", 0)
    closed: dict[str, str] = {}
    if standard < 1:
        closed["attack"] = str(NO_ACTION_LEFT["standard"])
        if not gm:
            closed["skill"] = str(NO_ACTION_LEFT["standard"])
        inspires = "inspirar-a-otros" in (options.get("support_uses") or ())
        if not (inspires and left.get("communication", 0) >= 1):
            closed["support"] = str(NO_ACTION_LEFT["standard"])
    if move < 1:
        closed["power"] = str(NO_ACTION_LEFT["move"])
    if standard < 1 and move < 1 and left.get("object", 0) < 1:
        closed["maneuver"] = str(NO_ACTION_LEFT["any"])
    return closed


def tabs_for(options: dict, closed: dict[str, str]) -> list[dict]:
    """The tabs the acting combatant has something for (support, maneuvers and powers only if
    the sheet has any), each with its reason when closed."""
    has = {
        "attack": True,
        "skill": True,
        "maneuver": bool(options.get("declarable")),
        "power": bool(options.get("switchable")),
        "support": bool(options.get("support")),
        "hero": True,
    }
    return [
        {"key": key, "label": str(label), "closed": closed.get(key, "")} for key, label in TABS if has[key]
    ]


def first_open_tab(tabs: list[dict], wanted: str = "") -> str:
    """The tab shown first: the one asked for (a skill link opens the skill tab), else the first
    one still open, else the first."""
    keys = [t["key"] for t in tabs]
    if wanted in keys:
        return wanted
    open_tabs = [t["key"] for t in tabs if not t["closed"]]
    return (open_tabs or keys or [""])[0]

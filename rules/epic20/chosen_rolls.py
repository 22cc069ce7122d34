"""The weapon Fineza con un arma and Ojo agudo chose, with the bonus the fight rolls with it.

MANIOBRAS DE COMBATE (seed l.667-669): Fineza con un arma "permite usar la Agilidad en lugar de
la Corpulencia … con un arma cuerpo a cuerpo … a elegir"; Ojo agudo uses "la Percepción en lugar
de la Agilidad … con un arma a distancia … a elegir". The sheet shows that weapon and its
standing attack bonus (RESOLVER ACCIONES: "nivel x (valor más bajo entre Atributo y Tipo de
ataque)"). The number is not worked out again here: the sheet becomes a combatant as an
encounter builds it (`encounter.combatants.build_combatant`) and the attack is prepared by the
fight's own code (`resolution.prepare_attack`) against a stand-in with no situation of its own,
so the sheet and the roll cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core.errors import Refused, SheetRefused

from . import index, weapons
from .encounter.combatants import build_combatant
from .resolution import AttackSpec, CombatantState, prepare_attack

# The kind of attack each maneuver's weapon makes: "cuerpo a cuerpo" / "a distancia".
MANEUVER_KIND = {weapons.FINESSE: "melee", weapons.KEEN_EYE: "ranged"}


@dataclass(frozen=True)
class ChosenRoll:
    maneuver: str  # maneuver slug
    weapon: str  # the item's name or the power's slug, as `weapons.chosen_weapons` names it
    kind: str  # "melee" | "ranged"
    attribute: str  # the attribute the roll uses (agilidad / percepcion when the maneuver helps)
    bonus: int | None  # None when the fight would refuse this attack outside a situation


def chosen_rolls(sheet: Mapping) -> list[ChosenRoll]:
    """Each owned weapon-choosing maneuver with its weapon and the bonus an attack with it rolls;
    empty for a sheet the fight could not read."""
    try:
        state = build_combatant(cid="sheet", name="", side="", sheet=sheet)
    except SheetRefused:
        return []
    stand_in = CombatantState("stand-in", level=state.level, hit_points=1, hit_points_max=1)
    out = []
    for maneuver in weapons.CHOSEN_WEAPON_MANEUVERS:
        weapon = state.chosen_weapons.get(maneuver)
        if weapon is None:
            continue
        kind = MANEUVER_KIND[maneuver]
        try:
            prepared = prepare_attack(state, stand_in, AttackSpec(kind, weapon), index.POWERS)
        except Refused:
            out.append(ChosenRoll(maneuver, weapon, kind, "", None))
            continue
        out.append(ChosenRoll(maneuver, weapon, kind, prepared.profile.attribute, prepared.bonus))
    return out

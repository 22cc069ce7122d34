"""Resultados Especiales de la Tabla de Combate: Empujón, Aturdimiento and Muerte.

"Solo son aplicables si son de un rango igual o mayor a cualquier protección que llevase el
objetivo": the attack's damage rank against the target's Body Armor (with a Bloqueo) rank.
Each is a roll on the target's Endurance, which the target's Karma may raise ("Esta tirada
puede ser modificada con Karma, a menos que alguna regla específica lo prohíba"; Sorprender
forbids it): the engine spends the least of the target's declared `effect_karma` that reaches
the best colour within reach (docs/rules-notes-msh.md).
"""

from __future__ import annotations

from rules.core.dice import DiceSource

from .catalogue import SPECIAL_RESULT
from .combatant import ability, effects, refresh
from .dice import roll_die
from .ranks import COLOURS, INDEX, column_index, rank_of, shifted

SPECIAL = "Resultados Especiales de la Tabla de Combate"
LETHAL_TYPES = ("shooting", "edged", "thrown-edged")  # "un disparo o un arma cortante"


def applies(damage: int, armour: int) -> bool:
    """ "Solo son aplicables si son de un rango igual o mayor a cualquier protección": the damage's
    rank against the rank of the armour that stands against this attack."""
    return column_index(damage) >= column_index(armour)


def slam_areas(strength: int) -> int:
    """Gran Empujón: "tantas áreas como se movería con la Fuerza del atacante". The seed gives
    no table: one area per rank of Strength above Typical, at least one (rules notes)."""
    return max(1, column_index(strength) - INDEX["typical"])


def _karma_to_spend(column, face: int, available: int, outcome) -> int:
    """The least Karma that lifts `face` to the best colour within reach whose outcome differs."""
    base = column.colour(face)
    for colour in reversed(COLOURS[COLOURS.index(base) + 1 :]):
        need = getattr(column, colour) - face
        if need <= available and outcome(colour) != outcome(base):
            return need
    return 0


def endurance_roll(dice: DiceSource, target: dict, kind: str, outcome, *, karma_allowed: bool) -> dict:
    """Roll the target's Endurance for `kind` (slam, stun, kill), spending Karma as above."""
    column = rank_of(ability(target, "endurance"))
    roll = roll_die(dice, 100)
    face = roll["faces"][0]
    pool = min(int(effects(target).get("effect_karma") or 0), int(target.get("karma") or 0))
    spent = _karma_to_spend(column, face, pool, outcome) if karma_allowed else 0
    if spent:
        target["karma"] -= spent
        effects(target)["effect_karma"] = pool - spent
    total = min(100, face + spent)
    colour = column.colour(total)
    return {
        **roll,
        "total": total,
        "karma": spent,
        "kind": kind,
        "column": column.slug,
        "colour": colour,
        "effect": outcome(colour),
        "rule": SPECIAL_RESULT[kind].rule,
    }


def slam(dice: DiceSource, target: dict, strength: int, *, karma_allowed: bool = True) -> dict:
    table = SPECIAL_RESULT["slam"]
    roll = endurance_roll(dice, target, "slam", lambda c: table.result(c).effect, karma_allowed=karma_allowed)
    roll["areas"] = {"grand-slam": slam_areas(strength), "slam": 1}.get(roll["effect"], 0)
    return roll


def stun(dice: DiceSource, target: dict, *, round_number: int, karma_allowed: bool = True) -> dict:
    """Stunned for 1d10 turns (white) or one (green): `effects["stunned"]` is the last round it
    lasts, counting the rest of this one as nothing (the turns are the following rounds)."""
    table = SPECIAL_RESULT["stun"]
    roll = endurance_roll(dice, target, "stun", lambda c: table.result(c).effect, karma_allowed=karma_allowed)
    if roll["effect"] == "stunned-1d10":
        duration = roll_die(dice, 10)
        roll["duration_roll"] = duration
        roll["turns"] = duration["total"]
    else:
        roll["turns"] = 1 if roll["effect"] == "stunned-1" else 0
    if roll["turns"]:
        mark = effects(target)
        mark["stunned"] = max(int(mark.get("stunned") or 0), round_number + roll["turns"])
        refresh(target)
    return roll


def lose_endurance_rank(target: dict) -> bool:
    """ "pierde un rango en Resistencia": one column down; at Shift 0 the character dies. True
    when this loss killed it."""
    endurance = rank_of(ability(target, "endurance"))
    target["abilities"] = {**target["abilities"], "endurance": shifted(endurance, -1).value}
    if target["abilities"]["endurance"] == 0:
        mark = effects(target)
        mark["dead"] = True
        mark.pop("dying", None)
        refresh(target)
        return True
    return False


def kill(
    dice: DiceSource, target: dict, combat_type: str, *, round_number: int, karma_allowed: bool = True
) -> dict:
    """Muerte: white (and green for a shot or an edged weapon) loses an Endurance rank, falls
    unconscious and keeps losing a rank each turn."""
    table = SPECIAL_RESULT["kill"]
    lethal = combat_type in LETHAL_TYPES

    def outcome(colour: str) -> str:
        effect = table.result(colour).effect
        if effect == "dying-if-lethal":
            return "dying" if lethal else "no-kill"
        return effect

    roll = endurance_roll(dice, target, "kill", outcome, karma_allowed=karma_allowed)
    if roll["effect"] == "dying":
        mark = effects(target)
        mark["dying"] = round_number  # the round it began: it loses a rank at each later round's end
        mark.pop("unconscious", None)
        refresh(target)
        roll["dead"] = lose_endurance_rank(target)
    return roll


def knock_out(dice: DiceSource, target: dict, *, round_number: int) -> dict:
    """KO for 1d10 turns (Contundente: "Si la salud llega a 0, el defensor queda KO"; Muerte at 0
    Health without an Endurance loss: "pasará 1d10 turnos inconsciente")."""
    roll = roll_die(dice, 10)
    mark = effects(target)
    if not mark.get("dying") and not mark.get("dead"):
        mark["unconscious"] = max(int(mark.get("unconscious") or 0), round_number + roll["total"])
        refresh(target)
    return {**roll, "kind": "ko", "turns": roll["total"], "rule": f"{SPECIAL} › Muerte"}

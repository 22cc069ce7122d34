"""Defensive maneuvers, in the character's phase or by aborting out of it: Bloqueo, Esquivar,
Tirarse al suelo, Rodar el golpe ("Abortar: Un personaje puede perder la siguiente fase de acción
para hacer esta maniobra fuera de la fase", Maniobras de combate)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import CONFLICT

from .. import maneuvers
from ..levels import defensive
from ..phase import acted_this_segment, end_phase, in_phase, spend
from ..rolls import characteristic_roll, three_d6
from ..state import add_condition, chars, combatant_or_refuse, has, no_effects, refuse
from ..tohit import hits
from .haymaker import target_moved
from .schemas import DefendInput, read


def may_abort(state: Mapping, actor) -> bool:
    """Out of phase, if the character is up and "suponiendo que ya no ha tenido una acción en el
    segmento" (Tirarse al suelo), and has not already given up their next phase."""
    c = (state.get("combatants") or {}).get(str(actor)) if actor is not None else None
    if c is None or c.get("removed") or c["status"] != "active" or c["lose_next_phase"]:
        return False
    if has(c, "stunned"):
        return False
    return c.get("acted_in") != [state.get("round"), state.get("segment")]


def _dive(dice: DiceSource, c: dict, req: Mapping, payload: dict, protectable: set[int]) -> None:
    """Tirarse al suelo: "intenta hacer una tirada de DES a -1 por cada 1" de distancia … Un personaje
    sólo puede zambullirse para cubrir hasta la mitad de su movimiento máximo"."""
    if req["protect"] is not None and req["protect"] not in protectable:
        raise refuse(
            "dive.protect_unknown",
            "Ese combatiente no está en el combate.",
            "That combatant is not in the fight.",
            rule="Tirarse al suelo",
            path="/protect",
        )
    if req["distance"] > c["sheet"]["movement"] / 2:
        raise refuse(
            "dive.too_far",
            "Sólo se salta hasta la mitad del movimiento.",
            "One dives at most half one's move.",
            rule="Tirarse al suelo",
            path="/distance",
        )
    need = characteristic_roll(chars(c)["dex"]) - int(req["distance"])
    thrown = three_d6(dice)
    ok = hits(thrown["total"], need)
    payload.update({"roll": thrown, "needed": need, "success": ok})
    c["effects"]["dived"] = ok
    if ok and req["protect"] is not None:
        c["effects"]["shielding"] = req["protect"]
        payload["protects"] = req["protect"]
    add_condition(c, "prone")  # 6E: a character who dives for cover ends prone


def resolve(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    req = read(DefendInput, action)
    c = combatant_or_refuse(table, actor)
    m = maneuvers.get(req["maneuver"])
    if m is None or req["maneuver"] not in maneuvers.DEFENSIVE_MANEUVERS:
        raise refuse(
            "maneuver.unknown",
            "Esa no es una maniobra defensiva.",
            "That is not a defensive maneuver.",
            rule="Maniobras de combate",
            path="/maneuver",
        )
    aborting = not in_phase(table.state, actor)
    if aborting and not (req["abort"] and may_abort(table.state, actor)):
        raise refuse(
            "phase.not_yours",
            "No es su fase, y no puede abortar ahora.",
            "It is not their phase, and they cannot abort now.",
            rule="Maniobras de combate",
            kind=CONFLICT,
        )
    if not aborting:
        spend(c, m.phase)
    levels = defensive(c["sheet"], req["levels_dcv"])
    effects = no_effects()
    effects.update(
        {
            "maneuver": m.slug,
            "dcv": m.dcv or 0,
            "dcv_levels": levels,
            "blocking": m.slug == "block",
            "rolling": m.slug == "roll-with-punch",
        }
    )
    c["effects"] = effects
    # "actor": a hidden NPC's levels and DEX roll stay behind the GM's screen (privacy.view_event).
    payload: dict = {
        "maneuver": m.slug,
        "aborted": aborting,
        "rule": m.name_es,
        "dcv_levels": levels,
        "private": "actor",
    }
    if m.slug == "dive-for-cover":
        _dive(dice, c, req, payload, {int(cid) for cid in table.combatants()} - {actor})
        target_moved(table, actor)
    verb = " abortando" if aborting else ""
    payload["text"] = {"es": f"{m.name_es}{verb}.", "en": f"{m.name_en}{' by aborting' if aborting else ''}."}
    table.write(Entry("maneuver", payload, actor=actor, round=table.round))
    if aborting:
        c["lose_next_phase"] = True
        c["acted_in"] = [table.round, table.state["segment"]]
    else:
        end_phase(table, dice, actor)


__all__ = ["acted_this_segment", "may_abort", "resolve"]

"""The attack action (docs/api.md: `{"type": "attack", "actor", "target", "attack", "maneuver"?, "range"?}`):
"Comprobación de secuencia de combate" steps 1–7 for every target the maneuver reaches."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table

from .. import aim as aims
from ..phase import end_phase
from ..state import add_condition, drop_condition, no_effects, spend_end
from . import haymaker
from .hit import summary
from .prepare import Prepared, prepare
from .strike import attack_target

RULE = "Comprobación de secuencia de combate"
# Maneuvers whose later targets are lost after a miss: "Si un personaje pierde cualquiera de las tiradas
# de ataque, no puede golpear a ninguno de los siguientes objetivos" (Barrido; Mover por likewise).
STOP_AFTER_MISS = ("sweep", "move-by")


def _after(table: Table, p: Prepared, actor: int) -> None:
    """What the maneuver leaves on the attacker until their next phase, and Set's target."""
    c = table.combatant(actor)
    braced = (p.maneuver.slug == "brace" or p.req["brace"]) and p.weapon.kind == "ranged"
    effects = no_effects()
    effects.update(
        {
            "maneuver": p.maneuver.slug,
            "dcv": p.maneuver.dcv or 0,
            "dcv_half": p.maneuver.dcv_half or braced,
            "dcv_levels": p.alloc.dcv,
        }
    )
    c["effects"] = effects
    if p.maneuver.slug == "snap-shot":
        # "el personaje está expuesto al fuego enemigo por un segmento completo. En el segmento después,
        # el personaje puede regresar a su cobertura"
        drop_condition(c, "in-cover")
        add_condition(c, "exposed")
        segment = table.state["segment"]
        c["exposed_until"] = [table.round + 1, 1] if segment == 12 else [table.round, segment + 1]
    # Establecerse: kept while the character attacks or tracks that target, lost otherwise.
    c["set_on"] = p.req["target"] if p.maneuver.slug == "set" or c["set_on"] == p.req["target"] else None


def resolve(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    p = prepare(table, actor, action)
    spend_end(table.combatant(actor), p.end)
    if p.maneuver.extra_segment:
        haymaker.declare(table, p, actor)
        _after(table, p, actor)
        end_phase(table, dice, actor)
        return
    for target_id in p.targets:
        payload = attack_target(table, dice, p, actor, target_id)
        payload["end_spent"] = p.end
        text, public = summary(payload)
        payload["text"], payload["public_text"] = text, public
        table.write(Entry("attack", payload, actor=actor, target=payload["target_id"], round=table.round))
        if not payload["hit"] and p.maneuver.slug in STOP_AFTER_MISS:
            break
    _after(table, p, actor)
    end_phase(table, dice, actor)


__all__ = ["aims", "resolve"]

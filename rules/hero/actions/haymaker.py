"""Directo: "toma un segmento adicional para ser ejecutado. Si un personaje declara en el segmento 6
que quiere hacer un directo, el golpe no se producirá hasta el final del segmento 7, después de que
todos los personajes del segmento 7 hayan tomado su acción. Este segmento extra puede incluso
permitir que el objetivo se mueva fuera del alcance si tiene una acción. En este caso, el directo
falla por completo." The target moving (a `move` or a dive) in between makes it miss."""

from __future__ import annotations

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import Refused

from .. import clock
from .hit import summary
from .prepare import Prepared, prepare
from .strike import attack_target

RULE = "Directo"


def declare(table: Table, p: Prepared, actor: int) -> None:
    c = table.combatant(actor)
    c["pending"] = {
        "kind": "haymaker",
        "action": dict(p.req),
        "declared": [table.round, table.state["segment"]],
        "evaded": False,
    }
    table.write(
        Entry(
            "haymaker_declared",
            {
                "text": {
                    "es": f"Prepara un directo con {p.weapon.name}: golpeará al final del siguiente segmento.",
                    "en": f"Winds up a haymaker with {p.weapon.name}: it lands at the end of the next segment.",
                },
                "rule": RULE,
                "attack": p.weapon.name,
                "end_spent": p.end,
            },
            actor=actor,
            target=p.req["target"],
            round=table.round,
        )
    )


def target_moved(table: Table, mover: int) -> None:
    for c in table.combatants().values():
        pending = c.get("pending")
        if pending and pending["action"]["target"] == mover:
            c["pending"] = {**pending, "evaded": True}


def _due(pending: dict, turn: int, segment: int) -> bool:
    t, s = pending["declared"]
    return [turn, segment] == ([t + 1, 1] if s == 12 else [t, s + 1])


@clock.at_segment_end
def land_due(table: Table, dice: DiceSource) -> None:
    """At the end of a segment: every haymaker declared in the segment before lands (or misses)."""
    for cid, c in sorted(table.combatants().items(), key=lambda kv: int(kv[0])):
        pending = c.get("pending")
        if not pending or not _due(pending, table.round, table.state["segment"]):
            continue
        c["pending"] = None
        actor = int(cid)
        target = table.combatant(pending["action"]["target"])
        try:
            p = prepare(table, actor, pending["action"]) if target is not None else None
        except Refused:
            p = None  # the attacker lost the weapon or was grabbed meanwhile
        if c["status"] != "active" or p is None or pending["evaded"]:
            table.write(
                Entry(
                    "haymaker_lost",
                    {
                        "text": {
                            "es": "El directo falla por completo.",
                            "en": "The haymaker misses completely.",
                        },
                        "rule": RULE,
                    },
                    actor=actor,
                    target=pending["action"]["target"],
                    round=table.round,
                )
            )
            continue
        effects = dict(c["effects"])
        payload = attack_target(table, dice, p, actor, p.req["target"])
        payload["text"], payload["public_text"] = summary(payload)
        table.write(Entry("attack", payload, actor=actor, target=p.req["target"], round=table.round))
        c["effects"] = effects  # the −5 DCV stays until the character's next phase

"""Recovery: REC back to STUN and END, after segment 12 for everyone and as a full-phase action
(the issue: "After segment 12 everyone recovers (REC to STUN and END)"; the seed's "Recuperación"
is not reproduced, so 6E "Recovery" and "Post-Segment 12" are followed)."""

from __future__ import annotations

from rules.core.encounter import Entry, Table

from .derived import carried
from .state import chars, update_status

# 6E: STUN −11 to −20 recovers only post-segment 12; below −20 the GM says when (once a minute,
# then longer): the engine leaves that to the GM.
POST_12_FLOOR = -20


def recover(table: Table, cid: int, c: dict, *, rule: str) -> None:
    rec = chars(c)["rec"]
    before = (c["stun"], c["end"])
    c["stun"] = min(c["stun_max"], c["stun"] + rec)
    c["end"] = min(c["end_max"], c["end"] + rec)
    was = c["status"]
    status = update_status(c)
    gained = (c["stun"] - before[0], c["end"] - before[1])
    woke = was == "unconscious" and status == "active"
    if gained == (0, 0) and status == was:
        return  # nothing to tell (a rested character after segment 12)
    table.write(
        Entry(
            "recovery",
            {
                "text": {
                    "es": f"Recupera {gained[0]} ATU y {gained[1]} AGU"
                    + (" y recobra el sentido." if woke else "."),
                    "en": f"Recovers {gained[0]} STUN and {gained[1]} END"
                    + (" and comes round." if woke else "."),
                },
                "public_text": {
                    "es": "Se recupera" + (" y recobra el sentido." if woke else "."),
                    "en": "Recovers" + (" and comes round." if woke else "."),
                },
                "private": "actor",
                "rule": rule,
                "stun_gained": gained[0],
                "end_gained": gained[1],
                "stun": c["stun"],
                "end": c["end"],
                "status": status,
            },
            actor=cid,
            round=table.round,
        )
    )


def post_segment_12(table: Table) -> None:
    """6E Post-Segment 12: encumbrance END, a dying character's BODY loss, then everyone's Recovery."""
    for cid, c in sorted(table.combatants().items(), key=lambda kv: int(kv[0])):
        if c["status"] == "dead":
            continue
        carried_end = carried(c["sheet"])["end_per_turn"]
        if carried_end:
            c["end"] = max(0, c["end"] - carried_end)
        if c["status"] == "dying":
            # 6E: a character below 0 BODY loses 1 BODY at the end of each turn until stabilised.
            c["hit_points"] -= 1
            update_status(c)
            table.write(
                Entry(
                    "bleeding",
                    {
                        "text": {
                            "es": f"Pierde 1 CUE por las heridas (CUE {c['hit_points']}).",
                            "en": f"Loses 1 BODY to the wounds (BODY {c['hit_points']}).",
                        },
                        "public_text": {"es": "Sigue perdiendo sangre.", "en": "Keeps bleeding."},
                        "private": "actor",
                        "rule": "6E Dying",
                        "body": c["hit_points"],
                        "status": c["status"],
                    },
                    actor=int(cid),
                    round=table.round,
                )
            )
            if c["status"] == "dead":
                continue
        if c["stun"] >= POST_12_FLOOR:
            recover(table, int(cid), c, rule="6E Post-Segment 12 Recovery")

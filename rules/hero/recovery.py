"""Recovery: REC back to STUN and END, after segment 12 for everyone and as a full-phase action
(the issue: "After segment 12 everyone recovers (REC to STUN and END)"; the seed's "Recuperación"
is not reproduced, so 6E "Recovery" and "Post-Segment 12" are followed)."""

from __future__ import annotations

from rules.core.encounter import Entry, Table

from .derived import carried
from .state import chars, update_status

# 6E Recovering From Unconsciousness: STUN −11 to −20 recovers only post-segment 12; −21 to −30 only
# once a minute (5 turns of 12 seconds); below −30 "a long time", as the GM says (`adjust`).
POST_12_FLOOR = -20
MINUTE_FLOOR = -30
TURNS_A_MINUTE = 5
RULE_UNCONSCIOUS = "6E Recovering From Unconsciousness"


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
            c["minute_recovery_turn"], c["long_out"] = None, False
            recover(table, int(cid), c, rule="6E Post-Segment 12 Recovery")
        elif c["stun"] >= MINUTE_FLOOR:
            c["long_out"] = False
            _once_a_minute(table, int(cid), c)
        else:
            c["minute_recovery_turn"] = None
            _a_long_time(table, int(cid), c)


def _wait_entry(table: Table, cid: int, c: dict, code: str, text: dict, **numbers) -> None:
    table.write(
        Entry(
            code,
            {
                "text": text,
                "public_text": {"es": "Sigue inconsciente.", "en": "Stays unconscious."},
                "private": "actor",
                "rule": RULE_UNCONSCIOUS,
                "stun": c["stun"],
                **numbers,
            },
            actor=cid,
            round=table.round,
        )
    )


def _schedule(table: Table, cid: int, c: dict) -> None:
    due = table.round + TURNS_A_MINUTE
    c["minute_recovery_turn"] = due
    _wait_entry(
        table,
        cid,
        c,
        "unconscious_wait",
        {
            "es": f"Inconsciente con {c['stun']} ATU: se recupera una vez por minuto, tras el turno {due}.",
            "en": f"Unconscious at {c['stun']} STUN: recovers once a minute, after turn {due}.",
        },
        recovers_on_turn=due,
    )


def _once_a_minute(table: Table, cid: int, c: dict) -> None:
    """STUN −21 to −30: one Recovery a minute, i.e. after every fifth turn's segment 12 (a turn is 12
    seconds), counted from the first post-segment 12 the character spends so deep."""
    due = c.get("minute_recovery_turn")
    if due is None:
        _schedule(table, cid, c)
        return
    if table.round < due:
        return
    c["minute_recovery_turn"] = None
    recover(table, cid, c, rule=f"{RULE_UNCONSCIOUS}: once a minute")
    if MINUTE_FLOOR <= c["stun"] < POST_12_FLOOR:
        _schedule(table, cid, c)


def _a_long_time(table: Table, cid: int, c: dict) -> None:
    """Below −30 STUN 6E only says the character is out "a long time" (the GM's call): the engine says
    so once and recovers nothing until the GM's `adjust` brings the STUN back up."""
    if c.get("long_out"):
        return
    c["long_out"] = True
    _wait_entry(
        table,
        cid,
        c,
        "unconscious_long",
        {
            "es": f"Inconsciente con {c['stun']} ATU: tardará mucho en despertar; el DJ dice cuándo.",
            "en": f"Unconscious at {c['stun']} STUN: out for a long time; the GM says when.",
        },
    )

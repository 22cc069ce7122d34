"""Every roll of an encounter as a member may re-derive it (docs/api.md, "Verifiable dice"): the
verify page lists each roll object of each event the reader sees, however deep in the event it
lies (an attack's and a defence's roll, a critical's zone, a reroll's first roll…), with its
faces, nonces and commitment. A roll whose faces the reader may not see yet (a hidden NPC's,
while the fight lasts) is counted, not listed; once the encounter has ended every die is shown
(`rules.core.encounter.Viewer.dice_public`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

MAX_DEPTH = 8


def roll_objects(value, depth: int = 0) -> Iterator[Mapping]:
    """The roll objects (`{"sides", "nonces", ...}`) inside an event's view, in order."""
    if depth > MAX_DEPTH:
        return
    if isinstance(value, Mapping):
        if "sides" in value and isinstance(value.get("nonces"), list):
            yield value
        for key, inner in value.items():
            if key != "line":
                yield from roll_objects(inner, depth + 1)
    elif isinstance(value, list):
        for inner in value:
            yield from roll_objects(inner, depth + 1)


def rolls_for(reader, events) -> tuple[list[dict], int]:
    """(the rolls the reader can check, how many are still hidden from them)."""
    rolls, hidden = [], 0
    for event in events:
        view = reader.event(event)
        for index, roll in enumerate(roll_objects({k: v for k, v in view.items() if k != "line"})):
            if roll.get("hidden") or "faces" not in roll:
                hidden += 1
                continue
            rolls.append(
                {
                    "id": f"{event.seq}-{index}",
                    "seq": event.seq,
                    "undone": event.undone,
                    "sides": roll.get("sides", 20),
                    "faces": list(roll.get("faces") or []),
                    "nonces": list(roll.get("nonces") or []),
                    "commitment": roll.get("commitment", ""),
                }
            )
    return rolls, hidden

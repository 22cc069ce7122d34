"""One line of the turn log: what every reader of an event reads (the fight page, the log page,
the forum export and the API's `line`).

Each system's presentation turns each of its events into a `LogLine` (`log_line`, see
`combat.presentation`): who acted, against whom, what they did in words, each roll as that
system reads it (a `RollLine` renders itself), the outcome in words, the rule section in the
reader's language. Readers never look inside an event's payload: they read the line. Every field
is plain text, a number or a tuple of them; a name nobody has is "", never None.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

# An event as the reader may see it (`combat.selectors.Reader.event`, privacy applied): its
# envelope (`seq`, `type`, `round`, `actor`, `target`, `undone`, `text`, `rule`) and what its
# system wrote, which only that system's presentation reads.
EventView = Mapping[str, Any]
# Every combatant of the encounter by id (removed ones too: the log still names them).
Names = Mapping[int, str]


@dataclass(frozen=True)
class Die:
    """One die of a roll: its face, the nonce that produced it (re-checkable once the seed is
    revealed; -1 for a die the log did not number) and whether the roll kept it."""

    face: int
    nonce: int = -1
    kept: bool = True


@dataclass(frozen=True)
class Modifier:
    """One modifier of a roll: what it is, how much it adds, the rule section that grants it."""

    label: str
    delta: int
    rule: str = ""


@dataclass(frozen=True)
class RollLine:
    """One roll as its system reads it. `label` says what was rolled ("Ataque", "Daño",
    "Iniciativa de los Héroes"); `dice` the dice ("d20", "d100", "3d6"); `reading` the rest of the
    roll in the system's words ("→ 12 +8 = 20 (Superioridad)", "74 en la columna Bueno: verde",
    "= 14, necesita 13 o menos"). `replaced`: a first roll thrown again (a hero point's reroll).
    `commitment`: the published hash of the seed its dice came from (`verify`)."""

    label: str
    dice: str
    faces: tuple[Die, ...]
    total: int
    reading: str
    modifiers: tuple[Modifier, ...] = ()
    replaced: bool = False
    commitment: str = ""
    hidden: bool = False

    @property
    def text(self) -> str:
        """The roll in one line: "Ataque d20: 12, 7 → 12 +8 = 20 · Superioridad (Apuntar +2)"."""
        faces = ", ".join(str(die.face) for die in self.faces)
        head = f"{self.label} " if self.label else ""
        text = f"{head}{self.dice}: " + " ".join(part for part in (faces, self.reading) if part)
        text = text.rstrip()
        if self.modifiers:
            text += " (" + "; ".join(f"{m.label} {m.delta:+d}" for m in self.modifiers) + ")"
        return text


# What a roll the reader may not see reads as, in every system: its dice were thrown (the nonces
# stay, checkable once the seed is revealed), its faces and total are the GM's.
HIDDEN = "?"


def hidden_roll(label: str, dice: str, commitment: str = "") -> RollLine:
    """A hidden combatant's roll as every reader but the GM reads it: "Defensa 1d10: ?"."""
    return RollLine(
        label=label, dice=dice, faces=(), total=0, reading=HIDDEN, commitment=commitment, hidden=True
    )


# Keys a system's presentation looked up and did not find (system, key): the tests read it, so
# a key without its words fails them instead of reaching a player.
MISSING: set[tuple[str, str]] = set()


@dataclass(frozen=True)
class Labels:
    """A system's catalogue of the words its lines carry for its own keys (a modifier's slug, a
    state, a maneuver), each in Spanish and English: a line never carries a key. A key the
    catalogue lacks reads as words made of it, and is noted in `MISSING` for the tests."""

    system: str
    entries: Mapping[str, tuple[str, str]]

    def word(self, key: str, lang: str) -> str:
        found = self.entries.get(key)
        if found is None:
            MISSING.add((self.system, key))
            return re.sub(r"[-_]+", " ", str(key)).strip().capitalize()
        es, en = found
        return en if lang == "en" else es

    def engine_word(self, entry: Mapping[str, Any], lang: str) -> str:
        """The words an engine wrote beside its key (`label_es` and `label_en`, both or neither),
        else the catalogue's for its `slug`."""
        es, en = entry.get("label_es"), entry.get("label_en")
        if es and en:
            return str(en if lang == "en" else es)
        return self.word(str(entry.get("slug") or ""), lang)


@dataclass(frozen=True)
class LogLine:
    """One event of the log as people read it. `heading` is the stretch of time the log groups
    it under ("Asalto 2", "Turno 1", "Preparación"); `time` says when it happened as the system
    counts time ("Turno 1, segmento 12", "Asalto 1, fase de acción"). `tone` is "hit", "miss" or
    "" (the page colours the line by it)."""

    seq: int
    type: str
    heading: str
    time: str
    text: str
    actor: str = ""
    target: str = ""
    what: str = ""
    rolls: tuple[RollLine, ...] = ()
    outcome: str = ""
    rule: str = ""
    tone: str = ""
    undone: bool = False
    superseded_by: int = 0
    # What the line says of the action that replaced it, in the system's words (its
    # presentation's `superseded_label`); "" when nothing replaced it.
    superseded_label: str = ""

    def as_json(self) -> dict:
        """The line as the API answers it (`combat.line_serializers.LogLineSerializer`)."""
        out = dataclasses.asdict(self)
        out["rolls"] = [
            {**roll, "text": line.text} for roll, line in zip(out["rolls"], self.rolls, strict=True)
        ]
        for roll in out["rolls"]:
            roll["faces"] = list(roll["faces"])
            roll["modifiers"] = list(roll["modifiers"])
        return out


def line_for(
    view: EventView,
    names: Names,
    *,
    heading: str,
    time: str = "",
    text: str | None = None,
    what: str = "",
    rolls: Iterable[RollLine] = (),
    outcome: str = "",
    rule: str = "",
    tone: str = "",
) -> LogLine:
    """A line of `view` with its envelope filled in: seq, type, who acted and against whom (by
    name), whether it was undone or replaced. A presentation gives the rest."""
    return LogLine(
        seq=int(view.get("seq") or 0),
        type=str(view.get("type") or ""),
        heading=heading,
        time=time or heading,
        text=str(view.get("text") or "") if text is None else text,
        actor=name_of(view.get("actor"), names),
        target=name_of(view.get("target"), names),
        what=what,
        rolls=tuple(rolls),
        outcome=outcome,
        rule=readable_rule(rule),
        tone=tone,
        undone=bool(view.get("undone")),
        superseded_by=int(view.get("superseded_by") or 0),
    )


def name_of(cid: Any, names: Names) -> str:
    if cid is None:
        return ""
    try:
        return names.get(int(cid), "")
    except (TypeError, ValueError):
        return ""


def commitment_of(roll: Mapping[str, Any]) -> str:
    """The commitment every logged roll record carries (`combat.log`)."""
    return str(roll.get("commitment") or "")


def dice_of(roll: Mapping[str, Any], kept: Iterable[int] | None = None) -> tuple[Die, ...]:
    """The dice of a logged roll record (`faces` and `nonces`, as the site's verifiable dice log
    every roll); `kept`: the indexes the roll kept (every die when None)."""
    faces = list(roll.get("faces") or [])
    nonces = list(roll.get("nonces") or [])
    keep = None if kept is None else set(kept)
    return tuple(
        Die(
            face=int(face),
            nonce=int(nonces[i]) if i < len(nonces) and nonces[i] is not None else -1,
            kept=keep is None or i in keep,
        )
        for i, face in enumerate(faces)
    )


# A file of the repository a rule tag stored by an older engine may still cite
# ("docs/rules-notes-anima.md › Iniciativa"): readers see the section, never the file.
_DOCUMENT = re.compile(r"\(?\s*\bdocs/[\w./-]+\.md\b[^›;)]*\)?\s*(›\s*)?")


def readable_rule(rule: str) -> str:
    """A rule tag as players read it: the sections only."""
    return re.sub(r"\s{2,}", " ", _DOCUMENT.sub("", rule or "")).strip(" ›;")


def signed(n: int) -> str:
    return f"{n:+d}"

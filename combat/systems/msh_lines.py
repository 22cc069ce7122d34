"""The Marvel Super Heroes-style game's events as lines of the log: each round's side initiative
(1d10 a side, plus the columns the best Intuition stands above the others'), the declarations in
their phase, and each action's d100 read on the Universal Table: the column it was read on, the
column shifts and Karma, and the colour (SECUENCIA DE COMBATE; TABLA UNIVERSAL)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from rules.msh.catalogue import COMBAT_TYPE
from rules.msh.ranks import BY_SLUG, COLOUR_NAMES

from ..display import side_label
from ..lines import EventView, Labels, LogLine, Modifier, Names, RollLine, commitment_of, dice_of, line_for

# The words of the modifiers an MSH roll carries (TABLA UNIVERSAL: Karma; SECUENCIA DE COMBATE:
# the best Intuition's columns above the others').
LABELS = Labels(
    "msh", {"karma": ("Karma", "Karma"), "highest-intuition": ("Intuición más alta", "Highest Intuition")}
)
DECLARING = frozenset({"declare", "declaration_lapsed", "declarations_closed"})
ACTING = frozenset({"attack", "defense", "dying"})


def _pick(lang: str, es: str, en: str) -> str:
    return en if lang == "en" else es


def colour_name(colour: Any, lang: str) -> str:
    return _pick(lang, *COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else ""


def phase_of(kind: str) -> str:
    """The phase of the round an event belongs to, in words ("" for the round's own events)."""
    if kind in DECLARING:
        return str(_("fase de declaración"))
    if kind in ACTING:
        return str(_("fase de acción"))
    return ""


def table_roll(roll: Mapping[str, Any], lang: str, label: str) -> RollLine:
    """ "d100 [74] = 74 en la columna Bueno, +1 columna, Karma +5: Verde"."""
    total = int(roll.get("total") or 0)
    reading = f"= {total}"
    rank = BY_SLUG.get(str(roll.get("column") or ""))
    if rank is not None:
        reading += " " + _("en la columna %(rank)s") % {"rank": _pick(lang, rank.name_es, rank.name_en)}
    shifts = int(roll.get("shifts") or 0)
    if shifts:
        reading += ", " + _("%(n)s columnas") % {"n": f"{shifts:+d}"}
    colour = colour_name(roll.get("colour"), lang)
    if colour:
        reading += f": {colour}"
    karma = int(roll.get("karma") or 0)
    modifiers = (Modifier(label=LABELS.word("karma", lang), delta=karma),) if karma else ()
    return RollLine(
        label=label,
        dice="d100",
        faces=dice_of(roll),
        total=total,
        reading=reading,
        modifiers=modifiers,
        commitment=commitment_of(roll),
    )


def initiative_rolls(view: EventView, lang: str) -> tuple[RollLine, ...]:
    """Each side's d10, and what its best Intuition adds (the columns above the others')."""
    added = view.get("modifiers") if isinstance(view.get("modifiers"), Mapping) else {}
    totals = view.get("initiative") if isinstance(view.get("initiative"), Mapping) else {}
    out = []
    for roll in view.get("rolls") or []:
        if not isinstance(roll, Mapping):
            continue
        side = str(roll.get("side") or "")
        bonus = int(added.get(side) or 0)
        face = int(roll.get("total") or 0)
        total = int(totals.get(side, face + bonus))
        modifiers = (Modifier(label=LABELS.word("highest-intuition", lang), delta=bonus),) if bonus else ()
        out.append(
            RollLine(
                label=side_label(side),
                dice="1d10",
                faces=dice_of(roll),
                total=total,
                reading=f"{bonus:+d} = {total}" if bonus else f"= {total}",
                modifiers=modifiers,
                commitment=commitment_of(roll),
            )
        )
    return tuple(out)


def initiative_text(view: EventView) -> str:
    totals = view.get("initiative") if isinstance(view.get("initiative"), Mapping) else {}
    order = [str(s) for s in view.get("sides") or totals]
    listed = ", ".join(f"{side_label(s)} {totals.get(s)}" for s in order if s in totals)
    return _("Iniciativa (1d10 por bando): %(sides)s.") % {"sides": listed}


def what(view: EventView, lang: str) -> str:
    """The combat type and what it was done with, in words."""
    parts = []
    kind = COMBAT_TYPE.get(str(view.get("combat_type") or ""))
    if kind is not None:
        parts.append(_pick(lang, kind.name_es, kind.name_en))
    weapon = view.get("with")
    if weapon == "unarmed":
        parts.append(str(_("sin armas")))
    elif weapon:
        parts.append(str(weapon))
    return " · ".join(parts)


def outcome(view: EventView, lang: str) -> str:
    words = []
    if view.get("hit") is True:
        words.append(str(_("acierta")))
    elif view.get("hit") is False:
        words.append(str(_("falla")))
    if view.get("damage"):
        words.append(_("%(n)s de daño") % {"n": view["damage"]})
    return ", ".join(words)


def log_line(view: EventView, names: Names, lang: str, *, heading: str, rule: str) -> LogLine:
    kind = str(view.get("type") or "")
    phase = phase_of(kind)
    time = f"{heading}, {phase}" if phase and view.get("round") else heading
    roll = view.get("roll")
    rolls = (table_roll(roll, lang, str(_("Tabla universal"))),) if isinstance(roll, Mapping) else ()
    text = None
    if kind == "initiative":
        rolls, text = initiative_rolls(view, lang), initiative_text(view)
    hit = view.get("hit")
    return line_for(
        view,
        names,
        heading=heading,
        time=time,
        text=text,
        what=what(view, lang),
        rolls=rolls,
        outcome=outcome(view, lang),
        rule=rule,
        tone="hit" if hit is True else "miss" if hit is False else "",
    )

"""The texts the site's own events carry, the same in every system: who joins and who leaves a
fight. Both languages are written when the event is, so the log reads the same for everyone."""

from __future__ import annotations

from collections.abc import Mapping

from .encounter import Entry

SIDES = {
    "heroes": ("Héroes", "Heroes"),
    "villains": ("Villanos", "Villains"),
    "neutral": ("Neutrales", "Neutrals"),
}

TEXTS = {
    "combatant_added": ("{name} se une al combate ({side}).", "{name} joins the combat ({side})."),
    "combatant_removed": ("{name} deja el combate.", "{name} leaves the combat."),
}


def plural(count, one: str, many: str) -> str:
    """`one` for a count of exactly 1, `many` for any other (0, ½, 2…): Spanish and English both
    say "1 punto"/"1 point" but "0 puntos", "½ puntos", "2 puntos"/"0 points", "2 points"."""
    return one if count == 1 else many


def side_label(side: str, lang: str = "es") -> str:
    es, en = SIDES.get(side, (side, side))
    return en if lang == "en" else es


def texts(kind: str, table: Mapping[str, tuple[str, str]] = TEXTS, **params) -> dict:
    """`{"es", "en"}` of one of `table`'s messages with `params` filled in; a `side` param is
    named in each language."""
    es, en = table[kind]
    out = {}
    for lang, template in (("es", es), ("en", en)):
        values = {key: str(value) for key, value in params.items()}
        if "side" in params:
            values["side"] = side_label(str(params["side"]), lang)
        out[lang] = template.format(**values)
    return out


def entry(kind: str, *, round: int = 0, actor=None, target=None, **params) -> Entry:
    return Entry(kind, {"text": texts(kind, **params), "rule": ""}, actor, target, round)

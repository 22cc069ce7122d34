"""Epic20's events as lines of the log: the d20 with its Superioridad or Inferioridad (every die
thrown, the one kept marked), the bonus and total, each modifier with its rule; a hero point's
reroll shows the first roll struck through; the outcome in words (RESOLVER ACCIONES, ATACAR EN
COMBATE, HABILIDADES)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from rules.epic20 import index
from rules.epic20.resolution.skills import skill_name

from ..lines import EventView, Labels, LogLine, Modifier, Names, RollLine, commitment_of, dice_of, line_for

RuleLabel = Callable[[str, str], str]
# Every Superioridad or Inferioridad source the engine writes carries its own words in both
# languages (`rules.epic20.resolution.sources.Source`): the catalogue holds no key of its own, and
# a source without them is a missing key.
LABELS = Labels("epic20", {})


def superiority_words(net: int) -> str:
    """RESOLVER ACCIONES: Superioridad, Doble Superioridad…; Inferioridad likewise."""
    if net == 0:
        return ""
    word = _("Superioridad") if net > 0 else _("Inferioridad")
    count = abs(net)
    if count == 1:
        return str(word)
    if count == 2:
        return str(_("Doble %(word)s") % {"word": word})
    if count == 3:
        return str(_("Triple %(word)s") % {"word": word})
    return f"{word} ×{count}"


def _kept_index(roll: Mapping[str, Any]) -> list[int]:
    faces = list(roll.get("faces") or [])
    kept = roll.get("kept")
    return [faces.index(kept)] if kept in faces else list(range(len(faces)))


def _modifiers(sources, lang: str, rule_label: RuleLabel) -> tuple[Modifier, ...]:
    return tuple(
        Modifier(
            label=LABELS.engine_word(s, lang),
            delta=int(s.get("delta") or 0),
            rule=rule_label(str(s.get("rule") or ""), lang),
        )
        for s in sources or []
        if isinstance(s, Mapping)
    )


def d20_line(
    roll: Mapping[str, Any], label: str, lang: str, rule_label: RuleLabel, *, replaced=False
) -> RollLine:
    """ "d20 [12, 7] → 12 +8 = 20 (Superioridad)": the kept die, the bonus, the total."""
    reading = f"→ {roll.get('kept')}"
    if roll.get("bonus") is not None:
        reading += f" {int(roll['bonus']):+d} = {roll.get('total')}"
    words = superiority_words(int(roll.get("superiority") or 0))
    if words:
        reading += f" · {words}"
    return RollLine(
        label=label,
        dice=f"d{roll.get('sides', 20)}",
        faces=dice_of(roll, _kept_index(roll)),
        total=int(roll.get("total") or 0),
        reading=reading,
        modifiers=_modifiers(roll.get("sources"), lang, rule_label),
        replaced=replaced,
        commitment=commitment_of(roll),
    )


def _roll_label(kind: str) -> str:
    return {
        "attack": _("Ataque"),
        "energized_attack": _("Ataque"),
        "initiative": _("Iniciativa"),
        "skill_check": _("Tirada"),
    }.get(kind, _("Tirada"))


def rolls(view: EventView, lang: str, rule_label: RuleLabel) -> tuple[RollLine, ...]:
    roll = view.get("roll")
    if not isinstance(roll, Mapping):
        return ()
    out = []
    first = roll.get("rerolled_from")
    if isinstance(first, Mapping):
        out.append(d20_line(first, _("Primera tirada, repetida"), lang, rule_label, replaced=True))
    out.append(d20_line(roll, _roll_label(str(view.get("type"))), lang, rule_label))
    return tuple(out)


def _hit_words(view: EventView) -> list[str]:
    if view.get("hit") is None:
        return []
    struck = _("crítico") if view.get("critical") else _("impacta")
    words = [struck if view["hit"] else _("falla")]
    if view.get("target_defense") is not None:
        words.append(_("contra defensa %(n)s") % {"n": view["target_defense"]})
    if view.get("margin") is not None:
        words.append(_("margen %(n)s") % {"n": f"{int(view['margin']):+d}"})
    if view.get("damage"):
        words.append(_("%(n)s de daño") % {"n": view["damage"]})
    if view.get("defense_penalty"):
        words.append(_("defensa −%(n)s") % {"n": view["defense_penalty"]})
    return words


def _check_words(view: EventView, lang: str) -> list[str]:
    if view.get("type") != "skill_check":
        return []
    if view.get("success") is True:
        words = [_("éxito crítico") if view.get("critical") else _("éxito")]
    elif view.get("success") is False:
        words = [_("fallo")] + ([_("pifia")] if view.get("fumble") else [])
    else:
        words = [_("el director juzga el resultado")]
    if view.get("difficulty") is not None:
        label = view.get(f"difficulty_label_{lang}") or view.get("difficulty_label_es") or ""
        words.append(_("dificultad %(n)s") % {"n": view["difficulty"]} + (f" ({label})" if label else ""))
    if view.get("opposed_total") is not None:
        words.append(_("contra %(n)s") % {"n": view["opposed_total"]})
    if view.get("margin") is not None:
        words.append(_("margen %(n)s") % {"n": f"{int(view['margin']):+d}"})
    return words


def _name(entry, lang: str, fallback: str) -> str:
    if entry is None:
        return fallback
    return entry.name_en if lang == "en" else entry.name_es


def what(view: EventView, lang: str, kinds: Mapping[str, Any]) -> str:
    """The attack's kind and weapon, the skill, the maneuver or power, in words."""
    parts = []
    if view.get("kind") in kinds:
        parts.append(str(kinds[view["kind"]]))
    weapon = view.get("with")
    if weapon == "unarmed":
        parts.append(str(_("Sin armas")))
    elif weapon:
        parts.append(_name(index.POWERS.get(weapon), lang, str(weapon)))
    if view.get("element"):
        parts.append(str(view["element"]))
    if view.get("skill"):
        parts.append(skill_name(str(view["skill"]), lang))
    if isinstance(view.get("maneuver"), str):
        parts.append(_name(index.MANEUVERS.get(view["maneuver"]), lang, view["maneuver"]))
    if isinstance(view.get("power"), str):
        slug = view["power"]
        parts.append(_name(index.POWERS.get(slug) or index.ADVANTAGES.get(slug), lang, slug))
    return " · ".join(parts)


def log_line(view: EventView, names: Names, lang: str, *, heading: str, rule_label: RuleLabel,
             kinds: Mapping[str, Any]) -> LogLine:  # fmt: skip
    hit = view.get("hit")
    success = view.get("success") if view.get("type") == "skill_check" else None
    tone = "hit" if hit is True or success is True else "miss" if hit is False or success is False else ""
    return line_for(
        view,
        names,
        heading=heading,
        # A declaration (or one that lapsed) names what the declared action uses.
        what=what(view.get("action") if isinstance(view.get("action"), Mapping) else view, lang, kinds),
        rolls=rolls(view, lang, rule_label),
        outcome=", ".join(str(w) for w in _hit_words(view) + _check_words(view, lang)),
        rule=rule_label(str(view.get("rule") or ""), lang),
        tone=tone,
    )

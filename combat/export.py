"""A round or a whole fight as text to paste into a forum post: BBCode or Markdown.

Built from the same event views the log shows (so a player's export hides what the log hides),
in the reader's language, with every die, each modifier and its source, and the rule section.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

FORMATS = ("bbcode", "markdown")
# Names, sides and notes are people's text: in the post they must stay text. BBCode has no
# escape, so its brackets become look-alikes; Markdown escapes its specials with a backslash.
_BBCODE = str.maketrans({"[": "［", "]": "］"})
_MARKDOWN_SPECIALS = set("\\`*_[]<>")


def escape(text: str, fmt: str) -> str:
    """`text` as plain text inside a post of format `fmt` (no tag, link or image of its own)."""
    if fmt == "bbcode":
        return str(text).translate(_BBCODE)
    return "".join("\\" + ch if ch in _MARKDOWN_SPECIALS else ch for ch in str(text))


def _sign(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def roll_line(roll: dict | None, lang: str) -> str:
    """ "d20: [12, 7] → 12 +8 = 20 (Superioridad: Punto de Héroe +1)"."""
    if not roll:
        return ""
    faces = ", ".join(str(f) for f in roll.get("faces") or [])
    text = f"d{roll.get('sides', 20)}: [{faces}] → {roll.get('kept')}"
    if roll.get("bonus") is not None:
        text += f" {_sign(roll['bonus'])} = {roll.get('total')}"
    sources = roll.get("sources") or []
    if sources:
        labels = ", ".join(
            f"{s.get('label_' + lang) or s.get('label_es') or s.get('slug')} {_sign(int(s.get('delta', 0)))}"
            for s in sources
        )
        text += f" ({labels})"
    return text


def _outcome(view: dict) -> str:
    parts = []
    if view.get("hit") is True:
        parts.append(_("crítico") if view.get("critical") else _("impacta"))
    elif view.get("hit") is False:
        parts.append(_("falla"))
    if view.get("type") == "skill_check" and view.get("success") is not None:
        if view["success"]:
            parts.append(_("éxito crítico") if view.get("critical") else _("éxito"))
        else:
            parts.append(_("fallo"))
    if view.get("damage"):
        parts.append(_("daño %(n)s") % {"n": view["damage"]})
    if view.get("defense_penalty"):
        parts.append(_("defensa −%(n)s") % {"n": view["defense_penalty"]})
    return ", ".join(parts)


def render(events: Iterable[dict], *, fmt: str, title: str, lang: str) -> str:
    """`events` are `selectors.event_view` dicts, oldest first; undone ones are left out."""
    lines: list[str] = []
    title = escape(title, fmt)
    if fmt == "bbcode":
        lines.append(f"[b]{title}[/b]")
    else:
        lines.append(f"**{title}**")
    current_round = None
    for view in events:
        if view.get("undone"):
            continue
        if view.get("round") != current_round:
            current_round = view.get("round")
            heading = _("Asalto %(n)s") % {"n": current_round} if current_round else _("Preparación")
            lines.append("")
            lines.append(f"[u]{heading}[/u]" if fmt == "bbcode" else f"### {heading}")
        text = escape(view.get("text") or "", fmt)
        roll = roll_line(view.get("roll"), lang)  # the engine's own words and numbers
        outcome = _outcome(view)
        rule = escape(view.get("rule") or "", fmt)
        if fmt == "bbcode":
            line = f"#{view['seq']} {text}"
            if roll:
                line += f" [i]{roll}[/i]"
            if outcome:
                line += f" — [b]{outcome}[/b]"
            if rule:
                line += f" [size=85]({rule})[/size]"
        else:
            line = f"- `#{view['seq']}` {text}"
            if roll:
                line += f" _{roll}_"
            if outcome:
                line += f" — **{outcome}**"
            if rule:
                line += f" ({rule})"
        lines.append(line)
    return "\n".join(lines) + "\n"

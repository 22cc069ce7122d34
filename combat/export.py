"""A round or a whole fight as text to paste into a forum post: BBCode or Markdown.

Built from the same lines of the log the pages show (`combat.lines`, through the reader's
privacy), so a player's export hides what the log hides: in the reader's language, each event
with who did what to whom, every roll as its system reads it, the outcome and the rule section,
under the headings the system counts time by.

Everything in a post but the export's own markup is people's text or the engines' words, and it
stays text: every character special to the format is escaped, and a name or a note cannot start
a line of its own (line breaks and other control characters fold to spaces), so nobody can forge
a line of the log in the post.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .lines import LogLine

FORMATS = ("bbcode", "markdown")
# BBCode has no escape: its brackets become look-alikes.
_BBCODE = str.maketrans({"[": "［", "]": "］"})
# What Markdown (CommonMark with the forums' table and strikethrough extensions) reads as markup
# inside a line: emphasis, code, links and images, HTML and entities (`&amp;`), table cells,
# strikethrough, headings. A name never starts a line of the post, so these are all it needs.
_MARKDOWN_SPECIALS = frozenset("\\`*_[]<>&!|~#")
# Line breaks and the other control characters (and the Unicode line and paragraph separators).
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u0085]+")


def single_line(text: str) -> str:
    """`text` on one line: each run of control characters becomes one space."""
    return _CONTROL.sub(" ", str(text)).strip()


def escape(text: str, fmt: str) -> str:
    """`text` as plain text on one line of a post of format `fmt` (no tag, link, image or line
    of its own)."""
    text = single_line(text)
    if fmt == "bbcode":
        return text.translate(_BBCODE)
    return "".join("\\" + ch if ch in _MARKDOWN_SPECIALS else ch for ch in text)


def _bbcode(line: LogLine) -> str:
    out = f"#{line.seq} {escape(line.text, 'bbcode')}"
    for roll in line.rolls:
        out += f" [i]{escape(roll.text, 'bbcode')}[/i]"
    if line.outcome:
        out += f" — [b]{escape(line.outcome, 'bbcode')}[/b]"
    if line.rule:
        out += f" [size=85]({escape(line.rule, 'bbcode')})[/size]"
    return out


def _markdown(line: LogLine) -> str:
    out = f"- `#{line.seq}` {escape(line.text, 'markdown')}"
    for roll in line.rolls:
        out += f" _{escape(roll.text, 'markdown')}_"
    if line.outcome:
        out += f" — **{escape(line.outcome, 'markdown')}**"
    if line.rule:
        out += f" ({escape(line.rule, 'markdown')})"
    return out


def render(lines: Iterable[LogLine], *, fmt: str, title: str) -> str:
    """`lines` oldest first; undone ones are left out."""
    title = escape(title, fmt)
    out = [f"[b]{title}[/b]" if fmt == "bbcode" else f"**{title}**"]
    draw = _bbcode if fmt == "bbcode" else _markdown
    heading = None
    for line in lines:
        if line.undone:
            continue
        if line.heading != heading:
            heading = line.heading
            shown = escape(heading, fmt)
            out += ["", f"[u]{shown}[/u]" if fmt == "bbcode" else f"### {shown}"]
        out.append(draw(line))
    return "\n".join(out) + "\n"


def encounter_text(reader, events, *, fmt: str, round_filter: int | None, lang: str) -> str:
    """The post for `events` as `reader` may read them, titled with the encounter's name (and the
    round's heading, for one round)."""
    title = reader.encounter.name
    if round_filter is not None:
        title = f"{title} · {reader.presentation.heading(round_filter, lang)}"
    return render(reader.lines(events, lang), fmt=fmt, title=title)

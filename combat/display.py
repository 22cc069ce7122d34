"""What every system's encounter pages show the same way: side names, texts in the page's
language, and an event as the log draws it (each die with its nonce and whether it was kept,
each modifier with its label)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from epic20site.errors import request_lang
from rules.core.section_names import rule_label as section_label

SIDE_LABELS = {"heroes": _("Héroes"), "villains": _("Villanos"), "neutral": _("Neutrales")}


def side_label(side: str) -> str:
    return str(SIDE_LABELS.get(side, side))


def _plain_rule(rule: str, lang: str) -> str:
    return rule or ""


def rule_labeler(presentation):
    """How the log names a system's rule tags in the reader's language: the presentation's own
    `rule_label` if it has one, else its system's table of section names
    (`rules/<slug>/section_names.py`, found by `rules.core.section_names`). A presentation is the
    module `combat.systems.<slug>` (`combat.systems.presentation`); `generic` has no table, so
    its tags stay as written."""
    own = getattr(presentation, "rule_label", None)
    if own is not None:
        return own
    slug = str(getattr(presentation, "__name__", "")).rpartition(".")[2]
    return (lambda rule, lang: section_label(rule, lang, slug)) if slug else _plain_rule


def _modifiers(sources, lang: str, rule_label=_plain_rule) -> list[dict]:
    return [
        {
            "label": s.get(f"label_{lang}") or s.get("label_es") or s.get("slug", ""),
            "delta": s.get("delta", 0),
            "rule": rule_label(s.get("rule", ""), lang),
        }
        for s in sources or []
    ]


def _faces(roll: dict) -> list[dict]:
    faces, kept_marked, nonces = [], False, roll.get("nonces") or []
    for index, face in enumerate(roll.get("faces") or []):
        kept = not kept_marked and face == roll.get("kept")
        kept_marked = kept_marked or kept
        faces.append({"face": face, "nonce": nonces[index] if index < len(nonces) else None, "kept": kept})
    return faces


def event_display(view: dict, presentation, lang: str | None = None) -> dict:
    """An event view with what the log template needs precomputed."""
    lang = lang or request_lang()
    # The system's document's sections in the reader's language; the API keeps the seed's names.
    rule_label = rule_labeler(presentation)
    display = dict(view)
    display["rule"] = rule_label(view.get("rule") or "", lang)
    roll = view.get("roll")
    display["outcome"] = "hit" in view
    display["difficulty_label"] = view.get(f"difficulty_label_{lang}") or ""
    first = roll.get("rerolled_from") if isinstance(roll, dict) else None
    display["first_roll"] = first if isinstance(first, dict) else None
    if isinstance(roll, dict):
        display["superiority_label"] = presentation.roll_label(roll)
        display["faces"] = _faces(roll)
        display["modifiers"] = _modifiers(roll.get("sources"), lang, rule_label)
    else:
        display["faces"] = []
        display["modifiers"] = _modifiers(view.get("sources"), lang, rule_label)
    # A system whose events differ in shape from the log's (Hero's damage is {stun, body}).
    adapt = getattr(presentation, "event_display", None)
    return adapt(display, lang) if adapt is not None else display


def stat(key: str, abbr, title, value, maximum=None) -> dict:
    """One number of a combatant's card: `value` (or "value / maximum"), None when hidden."""
    if value is None:
        shown = None
    elif maximum is not None:
        shown = f"{value} / {maximum}"
    else:
        shown = str(value)
    return {"key": key, "abbr": str(abbr), "title": str(title), "value": shown}


def declared_words(action: dict | None, presentation, system, cards: dict, lang: str) -> str:
    """A declared action in words ("Atacar → Matón · Porra"): the system's name for the action
    (`ACTION_LABELS`, else its action type's summary), whom it is aimed at, and what the
    system's `declared_details` says of it. "" when nothing is declared or it is hidden."""
    if not action:
        return ""
    kind = action.get("type", "")
    labels = getattr(presentation, "ACTION_LABELS", {})
    found = (getattr(getattr(system, "combat", None), "actions", None) or {}).get(kind)
    summary = found and (getattr(found, f"summary_{lang}", "") or found.summary_es)
    words = str(labels.get(kind) or (summary or "").rstrip(".") or kind)
    targets = [action["target"]] if action.get("target") is not None else list(action.get("targets") or ())
    names = [(cards.get(t) or {}).get("name") for t in targets]
    if any(names):
        words += " → " + ", ".join(n for n in names if n)
    details = getattr(presentation, "declared_details", None)
    extra = [str(d) for d in (details(action, lang) if details else []) if d]
    return " · ".join([words, *extra])

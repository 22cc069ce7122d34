"""What every system's encounter pages show the same way: side names, a card's numbers and a
declared action in words. (An event is drawn from its line of the log: `combat.lines`.)"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

SIDE_LABELS = {"heroes": _("Héroes"), "villains": _("Villanos"), "neutral": _("Neutrales")}


def side_label(side: str) -> str:
    return str(SIDE_LABELS.get(side, side))


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
    (`action_labels`, else its action type's summary), whom it is aimed at, and what the
    system's `declared_details` says of it. "" when nothing is declared or it is hidden."""
    if not action:
        return ""
    words = _action_name(action.get("type", ""), presentation, system, lang)
    names = _target_names(action, cards)
    if names:
        words += " → " + ", ".join(names)
    extra = [str(d) for d in presentation.declared_details(action, lang) if d]
    return " · ".join([words, *extra])


def _action_name(kind: str, presentation, system, lang: str) -> str:
    """The system's name for an action type (`action_labels`), else its action type's summary
    (without its full stop), else the type itself."""
    labels = presentation.action_labels
    found = system.combat.actions.get(kind)
    summary = found and ((found.summary_en if lang == "en" else "") or found.summary_es)
    return str(labels.get(kind) or (summary or "").rstrip(".") or kind)


def _target_names(action: dict, cards: dict) -> list[str]:
    """The names of whom an action is aimed at (its `target`, else its `targets`), as their
    cards show them; those without a name left out."""
    targets = [action["target"]] if action.get("target") is not None else list(action.get("targets") or ())
    names = [(cards.get(t) or {}).get("name") for t in targets]
    return [n for n in names if n]

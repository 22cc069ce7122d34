"""What the log says of a declaration (SECUENCIA DE COMBATE: "El bando defensor (menor
iniciativa) declara sus acciones", then the attackers).

While the declarations are open a combatant may change theirs (the second replaces the first,
`rules.core.declarations`). The log then says what changed, so a change never repeats the line
of the declaration it replaces: "Lobezno cambia su declaración: Atacar contra Matón → Esquivar."
When only a detail the short words leave out changed (the combat type, the weapon, Karma, a
circumstance), the line names the combat type and weapon on both sides of the arrow, or says the
details changed. Declaring again exactly what stands is refused (`declare.unchanged`, docs/
rules-notes-msh.md › Initiative and the round): it would change nothing.

Each text is `{"es", "en"}`; the public one (what the table reads of a hidden NPC) leaves the
Karma out, as `privacy.PRIVATE_DECLARED` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.encounter import ActionType, Table

from .attack_input import refuse
from .catalogue import COMBAT_TYPE
from .phase import SEQUENCE
from .texts import simple

Words = tuple[str, str]  # (es, en)


def _follow_up_words(action: Mapping) -> Words:
    """The other action declared with this one (follow_ups.py), as the log tells it."""
    if action.get("away"):
        return ", y si sale rojo se aleja", ", and on a red moves away"
    if not isinstance(action.get("then"), Mapping):
        return "", ""
    if action["type"] == "escape":
        return ", y si sale rojo ataca (−2)", ", and on a red attacks (−2)"
    return ", y además ataca", ", and also attacks"


def _summary(table: Table, action: Mapping, kinds: Mapping[str, ActionType]) -> Words:
    """ "Atacar (tabla universal) contra Matón, y además ataca"."""
    kind = kinds[action["type"]]
    target = action.get("target")
    whom = table.combatant(target) if isinstance(target, int) and not isinstance(target, bool) else None
    on_es = f" contra {whom['name']}" if whom else ""
    on_en = f" against {whom['name']}" if whom else ""
    more_es, more_en = _follow_up_words(action)
    return f"{kind.summary_es}{on_es}{more_es}", f"{kind.summary_en}{on_en}{more_en}"


def _attack_details(action: Mapping) -> Words:
    """The combat type and what it is made with: "Contundente, sin armas"."""
    inner = action.get("action") if action.get("type") == "hold" else action
    if not isinstance(inner, Mapping) or not inner.get("combat_type"):
        return "", ""
    kind = COMBAT_TYPE.get(str(inner["combat_type"]))
    es, en = (kind.name_es, kind.name_en) if kind else (str(inner["combat_type"]),) * 2
    weapon = inner.get("with") or "unarmed"
    if weapon == "unarmed":
        return f"{es}, sin armas", f"{en}, unarmed"
    return f"{es}, {weapon}", f"{en}, {weapon}"


def _with_notes(words: Words, notes: list[Words]) -> Words:
    notes = [note for note in notes if note[0]]
    if not notes:
        return words
    return (
        f"{words[0]} ({'; '.join(n[0] for n in notes)})",
        f"{words[1]} ({'; '.join(n[1] for n in notes)})",
    )


def _karma(action: Mapping) -> Words:
    karma = action.get("karma")
    return (f"Karma {karma}", f"Karma {karma}") if karma else ("", "")


def _described(table: Table, action: Mapping, kinds: Mapping[str, ActionType], *, karma: bool) -> Words:
    """The summary with the attack's combat type and weapon (and the Karma, for `karma`)."""
    notes = [_attack_details(action)] + ([_karma(action)] if karma else [])
    return _with_notes(_summary(table, action, kinds), notes)


def meaningful(value: Any) -> Any:
    """A declared action without the fields left at nothing (0, false, "", null, []), so the same
    declaration compares equal however its form or client spelled the defaults."""
    if isinstance(value, Mapping):
        return {k: meaningful(v) for k, v in value.items() if v not in (None, False, 0, "", [], {})}
    return value


def check_changed(prior: Mapping | None, action: Mapping) -> None:
    """Refuse declaring again exactly what the combatant has declared: it would change nothing."""
    if prior is not None and meaningful(prior) == meaningful(action):
        refuse(
            "declare.unchanged",
            "Ya ha declarado exactamente eso: no cambia nada.",
            "It has already declared exactly that: nothing changes.",
            kind="conflict",
            rule=SEQUENCE,
        )


def _change(table: Table, name: str, prior: Mapping, action: Mapping, kinds, *, karma: bool) -> dict:
    old = _described(table, prior, kinds, karma=karma)
    new = _described(table, action, kinds, karma=karma)
    if old != new:
        return simple(
            name,
            f"cambia su declaración: {old[0]} → {new[0]}.",
            f"changes their declaration: {old[1]} → {new[1]}.",
        )
    return simple(
        name,
        f"cambia los detalles de su declaración: {new[0]}.",
        f"changes the details of their declaration: {new[1]}.",
    )


def declaration_text(
    table: Table, actor: int, action: Mapping, *, prior: Mapping | None, kinds: Mapping[str, ActionType]
) -> tuple[dict, dict]:
    """(text, public text) of declaring `action`; `prior`: the declaration it replaces."""
    name = table.combatant(actor)["name"]
    if prior is None:
        words = _summary(table, action, kinds)
        public = simple(name, f"declara: {words[0]}.", f"declares: {words[1]}.")
        es, en = _with_notes(words, [_karma(action)])
        return simple(name, f"declara: {es}.", f"declares: {en}."), public
    return (
        _change(table, name, prior, action, kinds, karma=True),
        _change(table, name, prior, action, kinds, karma=False),
    )

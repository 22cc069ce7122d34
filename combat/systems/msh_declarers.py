"""Who declares in the Marvel Super Heroes-style game on the encounter page, and whom each
declarer's forms may name (`combat.systems.msh`'s declare forms)."""

from __future__ import annotations

from rules.msh import rounds


def declares_for(page, cid: int, card: dict) -> bool:
    """Whether this viewer declares for this combatant now: a player for their own characters,
    the GM for the NPCs (and their own), while it is in the fight and its side declares."""
    mine = cid in page.mine if not page.is_gm else (card["npc"] or cid in page.mine)
    return not (card["removed"] or not mine or not rounds.may_declare(page.folded, cid))


def form_partners(cards: dict, cid: int, side: str) -> dict:
    """Whom a declarer's forms may name, all still in the fight: anyone else ("others"), a
    partner on its own side ("allies"; Ataque combinado: the engine checks the Strengths), and
    anyone on another side ("defenders")."""
    others = [o for o in cards.values() if o["id"] != cid and not o["removed"]]
    return {
        "others": others,
        "allies": [o for o in others if o["side"] == side],
        "defenders": [o for o in others if o["side"] != side],
    }

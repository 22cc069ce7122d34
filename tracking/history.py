"""A character's history by partida: what the rules reset or changed (`HistoryEntry`), the GM's
awards and waivers. Awards and waivers carry no partida of their own; each belongs to the partida
that was open when it was given (between `opened_at` and `closed_at`)."""

from __future__ import annotations

from .models import HistoryEntry, Partida


def _partida_at(partidas, when):
    for partida in partidas:
        if partida.opened_at <= when and (partida.closed_at is None or when <= partida.closed_at):
            return partida
    return None


def character_history(character, lang: str = "es") -> list[dict]:
    """`[{"partida": number | None, "title", "items": [{"kind", "text", "rule", "at"}]}]`, oldest first."""
    partidas = list(Partida.objects.filter(campaign_id=character.campaign_id).order_by("number"))
    items: list[tuple] = []
    for entry in HistoryEntry.objects.filter(character=character).select_related("partida"):
        text = entry.text_en if lang == "en" else entry.text_es
        items.append((entry.partida, entry.created_at, entry.kind, text, entry.rule))
    for award in character.awards.all():
        text = f"+{award.amount} {award.get_category_display()} {award.note}".strip()
        items.append((_partida_at(partidas, award.created_at), award.created_at, "award", text, ""))
    for waiver in character.waivers.all():
        items.append(
            (
                _partida_at(partidas, waiver.created_at),
                waiver.created_at,
                "waiver",
                waiver.reason,
                waiver.code,
            )
        )
    groups: dict = {}
    for partida, at, kind, text, rule in sorted(items, key=lambda i: i[1]):
        key = partida.number if partida else None
        group = groups.setdefault(
            key, {"partida": key, "title": partida.title if partida else "", "items": []}
        )
        group["items"].append({"kind": kind, "text": text, "rule": rule, "at": at.isoformat()})
    return sorted(groups.values(), key=lambda g: (g["partida"] is not None, g["partida"] or 0))

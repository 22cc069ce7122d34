"""Every Superioridad/Inferioridad as an explicit, labelled item (RESOLVER ACCIONES).

"La superioridad y la inferioridad se contrarrestan": a roll uses the sum of its sources, and
the log lists each source so players see where every die came from.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    slug: str
    delta: int  # +1 Superioridad, -2 Doble Inferioridad…
    rule: str
    label_es: str
    label_en: str

    def as_dict(self) -> dict:
        return {
            "slug": self.slug,
            "delta": self.delta,
            "rule": self.rule,
            "label_es": self.label_es,
            "label_en": self.label_en,
        }


def net_superiority(sources: Iterable[Source]) -> int:
    """RESOLVER ACCIONES: "Superioridad más Doble Inferioridad, al final tira con Inferioridad"."""
    return sum(source.delta for source in sources)

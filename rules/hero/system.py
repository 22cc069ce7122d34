"""Hero System (seed 004) on the system seam: `SYSTEM` satisfies `rules.systems.GameSystem`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.fold import copy_json
from rules.systems import GameSystem, SheetCheck

from .catalogue import catalogue_json
from .combat import HeroCombat
from .derived import derive
from .sheet import KEYS, parse


class HeroSystem(GameSystem):
    slug = "hero"
    name_es = "Hero System"
    name_en = "Hero System"
    dice = "3d6"
    # One line for the campaign form (seed 004, "Combatiendo": phases, segments, STUN and BODY).
    summary_es = "Tiradas de 3d6 bajo el valor: fases según la Velocidad en 12 segmentos, daño de Aturdimiento y Cuerpo."
    summary_en = "3d6 rolled under a target: Speed phases across 12 segments, STUN and BODY damage."
    sheet_keys = KEYS

    def __init__(self):
        self.combat = HeroCombat()

    def catalogue(self) -> Mapping[str, Any]:
        return copy_json(catalogue_json())

    def check_sheet(self, sheet: Mapping, **history) -> SheetCheck:
        normal, problems = parse(sheet)
        if problems:
            return SheetCheck(valid=False, errors=tuple(problems), sheet=normal)
        return SheetCheck(valid=True, derived=derive(normal), sheet=normal)


SYSTEM = HeroSystem()

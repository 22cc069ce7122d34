"""The Anima-style system on the seam (`rules.systems.GameSystem`): found by the registry by this
file's name."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import CombatantFacts, Table, Viewer
from rules.systems import CombatRules, GameSystem, SheetCheck

from . import catalogue as data
from . import combatant, order, privacy, sheet
from . import odds as odds_module
from .actions import ACTIONS
from .derived import derived
from .results import DEFAULT_LEVELS, OPTIONS_SCHEMA, as_json, check_options


def catalogue() -> dict:
    """`GET /rules/anima/catalogue/` (docs/api.md): the four keys it names, and the other tables."""
    return {
        "weapon_sizes": [s.as_dict() for s in data.WEAPON_SIZES],
        "impact_levels": as_json(DEFAULT_LEVELS),
        "aimed_zones": [z.as_dict() for z in data.ZONES],
        "critical_consequences": [c.as_dict() for c in data.CRITICAL_CONSEQUENCES],
        "damage_zones": [
            {
                "faces": list(z.faces),
                "zone": z.slug,
                "slug": z.slug,
                "name_es": z.name_es,
                "name_en": z.name_en,
            }
            for z in data.ZONES
            if z.faces
        ],  # fmt: skip
        "capabilities": [c.as_dict() for c in data.CAPABILITIES],
        "combat_states": [s.as_dict() for s in data.COMBAT_STATES],
        "perception_ranges": [
            {
                "slug": f"perception-{r.min_perception}",
                "name_es": f"Percepción {r.min_perception}+",
                "name_en": f"Perception {r.min_perception}+",
                **r.as_dict(),
            }
            for r in data.PERCEPTION_RANGES
        ],  # fmt: skip
        "modifiers": [m.as_dict() for m in data.MODIFIERS],
        "attack_types": [a.as_dict() for a in data.ATTACK_TYPE_LIST],
        "power_kinds": [dict(k) for k in data.POWER_KINDS],
        "defense_kinds": [dict(k) for k in data.DEFENSE_KINDS],
        "statuses": [dict(s) for s in data.STATUSES],
    }


def check_sheet(submitted: Mapping) -> SheetCheck:
    checked = sheet.check(submitted)
    valid = not checked.errors
    return SheetCheck(
        valid=valid,
        errors=checked.errors,
        warnings=checked.warnings,
        budget={},
        derived=derived(checked.sheet) if valid else {},
        sheet=checked.sheet,
    )


class AnimaCombat(CombatRules):
    actions = ACTIONS
    # The odds read the campaign's results table: the site hands `options` to `odds`.
    odds_reads_options = True

    def build_combatant(self, *, cid: int, name: str, side: str, sheet: Mapping, options: Mapping) -> dict:
        return combatant.build_combatant(cid=cid, name=name, side=side, sheet=sheet, options=options)

    def join(self, table: Table, dice: DiceSource, cid: int) -> None:
        order.join(table, dice, cid)

    def clock(self, state: Mapping) -> dict:
        return order.clock(state)

    def may_act(self, state: Mapping, actor: int | None, action: Mapping) -> bool:
        return order.may_act(state, actor, action)

    def remove(self, table: Table, dice: DiceSource, cid: int) -> None:
        order.remove(table, dice, cid)

    def view_combatant(self, state: Mapping, facts: CombatantFacts, *, viewer: Viewer) -> dict:
        return privacy.view_combatant(state, facts, viewer=viewer)

    def view_event(self, event: Mapping, *, hidden: frozenset[int], viewer: Viewer) -> dict:
        return privacy.view_event(event, hidden=hidden, viewer=viewer)

    def odds(
        self, state: Mapping, request: Mapping, *, viewer: Viewer, hidden: frozenset[int], options=None
    ) -> dict:
        return odds_module.odds(state, request, viewer=viewer, hidden=hidden, options=options)


class AnimaSystem(GameSystem):
    slug = "anima"
    name_es = "Anima (d10)"
    name_en = "Anima (d10)"
    dice = "1d10"
    # One line for the campaign form (seed 003, "Las Acciones" and the combat results table).
    summary_es = "Fantasía con 1d10: ataque contra defensa, Tabla de Resultados de Combate y críticos."
    summary_en = "Fantasy on a d10: attack against defence, the Combat Results Table and criticals."
    sheet_keys = frozenset(sheet.KNOWN_KEYS)
    combat = AnimaCombat()

    def catalogue(self) -> dict:
        return catalogue()

    def check_sheet(self, sheet: Mapping, **history) -> SheetCheck:
        return check_sheet(sheet)

    # The rules options as a JSON schema (the API's `rules_options`).
    options_schema = OPTIONS_SCHEMA

    def check_options(self, options) -> list:
        """The campaign's rules options: the GM's results table (`results.check_options`)."""
        return check_options(options)


SYSTEM = AnimaSystem()

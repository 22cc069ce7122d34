"""Epic20 combat resolution: pure functions over frozen data, dice injected.

The encounter app builds `CombatantState`s, calls these and stores what they return:
- `roll_initiative`, `turn_order`, `surprise_round_order`, `mark_unaware`, `delay_action` (initiative)
- `start_turn` → `TurnStart(state, budget, events)`, `end_turn`, `new_round` (lifecycle)
- `ActionBudget.spend / convert / spend_costs` (turn)
- `AttackSpec`, `prepare_attack`, `apply_attack`, `resolve_attack`, `resolve_multi_attack`,
  `resolve_double_attack` → `AttackOutcome(attacker, target, events, …)` (attacks)
- `attack_odds` (exact odds), `escape`, `maintain` (progression), `dying_check`, `rest`
- `skill_check` → `SkillCheckOutcome(state, events, roll, success, …)`; `DIFFICULTIES` (skills)
- `hero_points.spend / reroll_roll / award`, `equipment.*`, `declarations.*` (maneuvers); a
  hero point reroll re-resolves the same action with `rerolling=` (`resolve_attack`,
  `skill_check`, `escape`)
- data for the catalogue API: `CIRCUMSTANCES`, `HERO_POINT_USES` (each has `as_dict()`)
- `healing_touch`, `regenerate`, `motivate`, `inspire`, `teamwork` → `SupportOutcome`, and
  `help_for_roll` (the Superioridad allies left for a roll) (support, allies)
- `use_power` (switch Camuflaje, Invisibilidad, Disminuirse, Crecer, running on or off; a Mago's
  spells; the Tecnificado's armour; Uso limitado's hero points) (powers_in_play)

- `success.check` (the one success check: natural 20 / natural 1, one success per full 5),
  `attack_turn.spend_for_attack` (what an attack takes from the turn; `attack_odds(budget=)`),
  `hit_effects` (one handler per effect of a hit), `equipment.equipment_states` (the fight's
  equipment from the sheet's), `needs.sleep` (Necesita un elemento), `inventions.invent` /
  `end_session` (the Inventor's reserve), `forms` (the gas forms)

Every function raises `Refused(code, rule, text_es, text_en)` for what the rules forbid.
"""

from rules.core.errors import Refused

from .allies import inspire, teamwork
from .attack import AttackSpec, PreparedAttack, prepare_attack
from .attack_effects import AttackOutcome, apply_attack, declare_defensive_attack
from .attack_roll import resolve_attack
from .circumstances import CIRCUMSTANCES, Circumstance
from .damage import heal, stun_threshold, take_damage
from .dying import dying_check, stabilize
from .hero_points import HERO_POINT_USES, HeroPointUse
from .initiative import delay_action, mark_unaware, roll_initiative, surprise_round_order, turn_order
from .lifecycle import TurnStart, end_turn, new_round, start_turn
from .multi_attack import resolve_double_attack, resolve_multi_attack
from .odds import attack_odds
from .progression import escape, maintain
from .recovery import rest
from .skills import DIFFICULTIES, SkillCheckOutcome, skill_check
from .sources import Source, net_superiority
from .state import (
    CombatantState,
    Condition,
    EquipmentState,
    Event,
    ProgressionEffect,
    SkillStat,
)
from .support import SupportOutcome, healing_touch, help_for_roll, motivate, regenerate
from .switching import use_power
from .turn import ActionBudget, budget_for_turn

__all__ = [
    "CIRCUMSTANCES",
    "DIFFICULTIES",
    "HERO_POINT_USES",
    "ActionBudget",
    "AttackOutcome",
    "AttackSpec",
    "Circumstance",
    "CombatantState",
    "Condition",
    "EquipmentState",
    "Event",
    "HeroPointUse",
    "PreparedAttack",
    "ProgressionEffect",
    "Refused",
    "SkillCheckOutcome",
    "SkillStat",
    "Source",
    "TurnStart",
    "apply_attack",
    "attack_odds",
    "budget_for_turn",
    "declare_defensive_attack",
    "delay_action",
    "dying_check",
    "end_turn",
    "escape",
    "heal",
    "maintain",
    "mark_unaware",
    "net_superiority",
    "new_round",
    "prepare_attack",
    "resolve_attack",
    "resolve_double_attack",
    "resolve_multi_attack",
    "rest",
    "skill_check",
    "roll_initiative",
    "stabilize",
    "start_turn",
    "stun_threshold",
    "surprise_round_order",
    "take_damage",
    # support
    "SupportOutcome",
    "healing_touch",
    "help_for_roll",
    "inspire",
    "motivate",
    "regenerate",
    "teamwork",
    "turn_order",
    "use_power",
]

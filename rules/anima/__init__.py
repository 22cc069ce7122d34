"""The Anima-style d10 engine (docs/rulebooks/003_da2bffa7b96cb44e.txt): the opposed roll
(Capacidad Ofensiva + 1D10) − (Capacidad Defensiva + 1D10), multiple attacks, counterattacks,
opportunity attacks, supernatural powers and critical consequences, over plain JSON state.

`rules.anima.system.SYSTEM` is what the registry finds; everything else is pure functions:
- `catalogue`: frozen tables (weapon sizes, impact levels, zones, consequences, states…);
- `results`: the results table of impact levels and a campaign's own version of it;
- `sheet`: validation and derived numbers of a sheet;
- `combatant`, `order`, `attack`, `sequences`, `powers`, `turn_actions`: the fight;
- `privacy`, `odds`: what a viewer may see and know.
Readings where the seed is silent are in docs/rules-notes-anima.md.
"""

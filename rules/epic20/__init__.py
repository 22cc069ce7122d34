"""Epic20: the d20 superhero system of `seeds/000_600e539ed550f0dc.txt`, as pure Python.

Public interface (the same small one every system offers, DESIGN.md "The rules engine"):
- `catalogue()`: every attribute, skill, power, archetype, advantage, maneuver, complication;
- `validate(sheet)`: every problem of a sheet at once, with the budget and the derived stats;
- resolution of actions with injected dice (`rules.epic20.dice`).
"""

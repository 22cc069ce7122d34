"""Epic20: the d20 superhero system of `seeds/000_600e539ed550f0dc.txt`, as pure Python.

The small interface every system offers (docs/design.md, "The rules engine"):
- the catalogue: `rules.epic20.catalogue.CATALOGUE` and `rules.epic20.archetypes.ARCHETYPES`;
- sheets: `rules.epic20.validation.validate_sheet(sheet, awards=…, waivers=…)` returns every
  problem at once with the budget and the derived stats (`rules.epic20.derived`);
- actions: `rules.epic20.resolution` resolves initiative, attacks, progression powers, maneuvers
  and hero points with dice injected from `rules.epic20.dice`.
"""

"""What every game system shares: dice sources, the fold of the turn log, problems and refusals,
the table an action resolves on, and exact odds. Pure Python: no Django."""

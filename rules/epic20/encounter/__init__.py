"""Epic20 in a fight, on the system seam: building a combatant from a sheet, the order of play,
every action type with its input schema, the hero point reroll, the privacy policy, the odds."""

from .rules import Epic20Combat

COMBAT = Epic20Combat()

__all__ = ["COMBAT", "Epic20Combat"]

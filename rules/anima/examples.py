"""Ready sheets on the seed's scale (capabilities in the tens, as its −2/−3/−4 and "cada 10
puntos" suggest), for demo data, the builder's starting points and tests. Every one is valid."""

from __future__ import annotations

SWORDSWOMAN = {
    "system": "anima", "name": "Celia", "concept": "espadachina de Abel",
    "attack": 32, "defense": 28, "defense_kind": "block", "magic_projection": 0, "psychic_projection": 0,
    "initiative": 12, "hit_points": 120, "dexterity_modifier": 2, "reflex_resistance": 14, "armor": 2,
    "perception": 6, "movement": 20,
    "weapons": [
        {"name": "Espada larga", "size": "medium", "damage": 50, "ranged": False, "reload": 0, "initiative": 0},
        {"name": "Daga", "size": "small", "damage": 30, "ranged": False, "reload": 0, "initiative": 2},
    ],
    "wielding": ["Espada larga"],
}  # fmt: skip

WIZARD = {
    "system": "anima", "name": "Darius", "concept": "hechicero de fuego",
    "attack": 8, "defense": 10, "defense_kind": "dodge", "magic_projection": 30, "psychic_projection": 0,
    "initiative": 8, "hit_points": 80, "dexterity_modifier": 1, "reflex_resistance": 12, "armor": 0,
    "perception": 8, "movement": 15, "magic_shield": True,
    "weapons": [{"name": "Bastón", "size": "large", "damage": 30, "ranged": False, "reload": 0, "initiative": -1}],
    "powers": [
        {"name": "Dardo de fuego", "kind": "attack", "capability": "magic", "damage": 50},
        {"name": "Bola de fuego", "kind": "area", "capability": "magic", "damage": 60, "difficulty": 22,
         "range": 60, "armor_value": True},
    ],
}  # fmt: skip

ARCHER = {
    "system": "anima", "name": "Nerea", "concept": "arquera de los bosques",
    "attack": 30, "defense": 22, "defense_kind": "dodge", "magic_projection": 0, "psychic_projection": 0,
    "initiative": 14, "hit_points": 100, "dexterity_modifier": 3, "reflex_resistance": 16, "armor": 1,
    "perception": 9, "movement": 20,
    "weapons": [{"name": "Arco largo", "size": "medium", "damage": 40, "ranged": True, "reload": 5, "initiative": 0}],
}  # fmt: skip

ORC = {
    "system": "anima", "name": "Orco", "concept": "bruto de las montañas",
    "attack": 26, "defense": 20, "defense_kind": "block", "magic_projection": 0, "psychic_projection": 0,
    "initiative": 6, "hit_points": 140, "dexterity_modifier": 0, "reflex_resistance": 10, "armor": 3,
    "weapons": [{"name": "Hacha", "size": "large", "damage": 70, "ranged": False, "reload": 0, "initiative": -2}],
}  # fmt: skip

PSYCHIC = {
    "system": "anima", "name": "Ismael", "concept": "mentalista",
    "attack": 5, "defense": 12, "defense_kind": "dodge", "magic_projection": 0, "psychic_projection": 28,
    "initiative": 10, "hit_points": 70, "dexterity_modifier": 1, "reflex_resistance": 11, "armor": 0,
    "perception": 7, "psychic_shield": True, "weapons": [],
    "powers": [
        {"name": "Impacto mental", "kind": "attack", "capability": "psychic", "damage": 40},
        {"name": "Terror", "kind": "passive", "capability": "psychic", "damage": 0, "difficulty": 18},
    ],
}  # fmt: skip

EXAMPLES = (SWORDSWOMAN, WIZARD, ARCHER, ORC, PSYCHIC)

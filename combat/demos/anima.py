"""The Anima-style demo table for `manage.py load_demo`: an Anima campaign run by `director` with
`jugadora` (Celia, a swordswoman) and `jugador` (Darius, a fire wizard behind a magic shield), and a
fight against two of the GM's NPCs set up for the GM to start. The sheets are the engine's
examples (`rules.anima.examples`). Safe to run twice: it finds what an earlier run made."""

from __future__ import annotations

from combat.demo_tables import DemoTable, load_table
from rules.anima.examples import ORC, PSYCHIC, SWORDSWOMAN, WIZARD

CAMPAIGN = "Crónicas de Gaïa"
ENCOUNTER = "Emboscada en el paso de montaña"
PLAYERS = (("jugadora", SWORDSWOMAN), ("jugador", WIZARD))
NPCS = ({**ORC, "name": "Orco de las cumbres"}, {**PSYCHIC, "name": "Ismael el Susurrante"})


def load(context) -> None:
    load_table(
        context,
        DemoTable(
            system="anima", label="Anima", campaign=CAMPAIGN, encounter=ENCOUNTER, players=PLAYERS, npcs=NPCS
        ),
    )

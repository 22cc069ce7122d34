"""The Hero System demo table for `manage.py load_demo`: a Hero campaign run by `director` with
`jugadora` and `jugador`, a character each, and a fight against two of the GM's NPCs set up for
the GM to start (SPD 2 to 5, so the chart has something to show). Safe to run twice: it finds
what an earlier run made."""

from __future__ import annotations

from combat.demo_tables import DemoTable, load_table

CAMPAIGN = "Campeones de Hero System"
ENCOUNTER = "Asalto al laboratorio"


def _sheet(name, *, dex, spd, str_=15, con=15, body=10, ego=11, pd=5, ed=5, rec=6, end=30, stun=30, **extra):
    return {
        "system": "hero",
        "name": name,
        "characteristics": {
            "str": str_,
            "dex": dex,
            "con": con,
            "body": body,
            "int": 10,
            "ego": ego,
            "pre": 10,
            "pd": pd,
            "ed": ed,
            "spd": spd,
            "rec": rec,
            "end": end,
            "stun": stun,
        },
        "resistant_defenses": extra.pop("resistant", {"pd": 0, "ed": 0}),
        "combat_levels": extra.pop("levels", []),
        "range_levels": extra.pop("range_levels", 0),
        "attacks": extra.pop("attacks", []),
        **extra,
    }


def _attack(name, kind, dice, *, killing=False, energy=False, **extra):
    return {"name": name, "kind": kind, "dice": dice, "killing": killing, "energy": energy, **extra}


# Whose character, and its sheet.
PLAYERS = (
    (
        "jugadora",
        _sheet(
            "Dragón",
            dex=18,
            spd=4,
            str_=20,
            levels=[{"levels": 2, "applies_to": "hth"}],
            attacks=[_attack("Puño de jade", "hth", 6)],
        ),
    ),
    (
        "jugador",
        _sheet(
            "Centella",
            dex=20,
            spd=5,
            str_=10,
            ed=10,
            range_levels=2,
            attacks=[
                _attack("Rayo de plasma", "ranged", 8, energy=True),
                _attack("Ráfaga", "ranged", 4, energy=True, autofire=5),
            ],
        ),
    ),
)
NPCS = (
    _sheet(
        "Mecanoide",
        dex=14,
        spd=3,
        str_=30,
        con=20,
        body=15,
        pd=12,
        ed=8,
        resistant={"pd": 6, "ed": 6},
        attacks=[_attack("Garra de acero", "hth", 2, killing=True)],
    ),
    _sheet(
        "Matón de la Serpiente",
        dex=11,
        spd=2,
        str_=15,
        attacks=[_attack("Pistola", "ranged", 1, killing=True)],
    ),
)


def load(context) -> None:
    load_table(
        context,
        DemoTable(
            system="hero",
            label="Hero System",
            campaign=CAMPAIGN,
            encounter=ENCOUNTER,
            players=PLAYERS,
            npcs=NPCS,
        ),
    )

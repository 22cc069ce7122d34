"""Sheets and set-up shared by the character tests (data through the real services)."""

from __future__ import annotations

import copy

from characters import services
from tests.factories import UserFactory, campaign_for

# A legal level-8 sheet without archetype: every budget spent exactly (docs/api.md's example hero).
NOVA = {
    "system": "epic20",
    "name": "Nova",
    "concept": "piloto con rayos de plasma",
    "level": 8,
    "archetype": None,
    "attributes": {"corpulencia": 0.5, "agilidad": 1, "percepcion": 1, "inteligencia": 0.5, "presencia": 0},
    "skills": [
        {"skill": "vehiculos", "value": 1},
        {"skill": "percepcion-visual", "value": 1},
        {"skill": "acrobacias", "value": 0.5},
        {"skill": "sigilo", "value": 0.5},
        {"skill": "conocimientos-de", "specialty": "Supervivencia", "value": 0.5},
        {"skill": "intuicion", "value": 0.5},
    ],
    "powers": [
        {"power": "ataque-especial-a-distancia", "modifiers": [], "detail": "rayo de plasma"},
        {"power": "volar", "modifiers": []},
        {"power": "superesquiva", "modifiers": []},
    ],
    "advantages": [{"advantage": "excelente-piloto", "points": 1}, {"advantage": "contactos", "points": 1}],
    "maneuvers": ["iniciativa-mejorada", "desenfunda-rapido"],
    "complications": [{"complication": "identidad-secreta"}],
    "equipment": [],
}


def nova(**changes) -> dict:
    sheet = copy.deepcopy(NOVA)
    sheet.update(changes)
    return sheet


def over_budget_powers() -> dict:
    """Nova with a fourth power: 4 power points spent of 3."""
    sheet = nova()
    sheet["powers"].append({"power": "superproteccion", "modifiers": []})
    return sheet


def make_character(owner=None, *, campaign=None, sheet=None):
    owner = owner or UserFactory()
    return services.character_create(owner=owner, sheet=sheet or nova(), campaign=campaign)


def table():
    """A GM, a player in their campaign, and the player's character attached to it."""
    gm = UserFactory(username="director")
    player = UserFactory(username="jugadora")
    campaign = campaign_for(gm)
    from campaigns.models import Membership

    Membership.objects.create(campaign=campaign, user=player, role=Membership.Role.PLAYER)
    character = make_character(player, campaign=campaign)
    return gm, player, campaign, character


# Epic20's builder with every catalogue list open (`shown`, as the page's buttons leave them).
EVERY_LIST = ["power", "advantage", "maneuver"]


def form_data(sheet: dict, **extra) -> dict:
    """The builder's POST fields for `sheet`, as the page would send them."""
    from characters.systems.epic20_form import BuilderForm

    form = BuilderForm.from_sheet(sheet)
    data: dict = dict(form.fields)
    for section, rows in form.rows.items():
        for row in rows:
            for name, value in row.values.items():
                if name == "modifiers":
                    data[f"{section}-{row.index}-modifiers"] = list(value)
                elif value not in ("", None):
                    data[f"{section}-{row.index}-{name}"] = value
    data["maneuvers"] = list(form.maneuvers)
    for slug, detail in form.maneuver_details.items():
        data[f"maneuver-detail-{slug}"] = detail
    for key, value in form.options.items():
        data[f"opt-{key}"] = value
    data.update(extra)
    return data

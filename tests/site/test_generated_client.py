"""A client generated from the published schema (openapi-python-client) plays a whole fight of
every system against a live server, with typed calls only: register, campaign, join, sheet,
encounter, combatants, start, actions (MSH declares and resolves its round; the others declare
ahead), state, a page of the log, undo, reveal and export. Every answer parses into the model
the schema names; the steps each system took are counted and reported."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.anima import examples as anima_examples
from tests.characters.helpers import nova
from tests.combat.encounters.conftest import THUG
from tests.rules.hero.helpers import sheet as hero_sheet
from tests.rules.msh.helpers import sheet as msh_sheet
from tests.schema_contract import CLIENT_STEPS as STEPS

pytestmark = pytest.mark.django_db(transaction=True)

PACKAGE = "epic20_generated_client"

# Each system's fighter (a player's character) and foe (a GM's NPC), and the attack each declares.
FIGHTS = {
    "epic20": (nova(), THUG, {"type": "attack", "kind": "melee", "with": "unarmed"}),
    "msh": (
        msh_sheet("Coloso", fighting=20, strength=50, endurance=40),
        msh_sheet("Matón", fighting=10, strength=20, endurance=20),
        {"type": "attack", "combat_type": "blunt"},
    ),
    "anima": (
        anima_examples.SWORDSWOMAN,
        anima_examples.ORC,
        {"type": "attack", "with": anima_examples.SWORDSWOMAN["weapons"][0]["name"]},
    ),
    "hero": (hero_sheet("Dragón"), hero_sheet("Sicario"), {"type": "attack", "attack": "strike"}),
}


@pytest.fixture(scope="session")
def generated(tmp_path_factory, django_db_blocker):
    """The client, generated once per session from the schema the site publishes (offline)."""
    from tests.schema_contract import published_schema

    folder = tmp_path_factory.mktemp("generated-client")
    with django_db_blocker.unblock():
        (folder / "schema.json").write_text(json.dumps(published_schema()))
    (folder / "config.yaml").write_text(f"post_hooks: []\npackage_name_override: {PACKAGE}\n")
    command = [
        str(Path(sys.executable).with_name("openapi-python-client")),
        "generate",
        "--path",
        str(folder / "schema.json"),
        "--config",
        str(folder / "config.yaml"),
        "--meta",
        "none",
        "--output-path",
        str(folder / PACKAGE),
        "--fail-on-warning",
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    sys.path.insert(0, str(folder))
    yield importlib.import_module(PACKAGE)
    sys.path.remove(str(folder))


class Typed:
    """The generated client's calls, counted, each answer checked to be the model expected."""

    def __init__(self, package, base_url: str, slug: str):
        self.package, self.base_url, self.slug = package, base_url, slug

    def call(self, module: str, client, expected: str, **kwargs):
        group, name = module.split(".")
        operation = importlib.import_module(f"{self.package.__name__}.api.{group}.{name}")
        answer = operation.sync_detailed(client=client, **kwargs)
        parsed = answer.parsed
        assert type(parsed).__name__ == expected, (module, answer.status_code, answer.content[:2000])
        STEPS[self.slug] = STEPS.get(self.slug, 0) + 1
        return parsed

    def model(self, name: str, data: dict):
        return getattr(importlib.import_module(f"{self.package.__name__}.models"), name).from_dict(data)

    def register(self, username: str):
        body = self.model("RegisterInputRequest", {"username": username, "password": "contraseña-larga-9"})
        answer = self.call(
            "auth.auth_register", self.package.Client(self.base_url), "RegisterOutput", body=body
        )
        return self.package.AuthenticatedClient(self.base_url, token=answer.token)


def _words(slug: str) -> str:
    return slug[:1].upper() + slug[1:]


@pytest.mark.parametrize("slug", list(FIGHTS))
def test_a_generated_client_plays_a_whole_fight(generated, live_server, slug):
    typed = Typed(generated, live_server.url, slug)
    name = _words(slug)
    gm, player = typed.register(f"gm-{slug}"), typed.register(f"player-{slug}")
    fighter, foe, attack = FIGHTS[slug]

    campaign = typed.call(
        "campaigns.campaigns_create",
        gm,
        "Campaign",
        body=typed.model("CampaignCreateInputRequest", {"name": f"Mesa {slug}", "system": slug}),
    )
    join = typed.model("CampaignJoinInputRequest", {"invite_code": campaign.invite_code})
    typed.call("campaigns.campaigns_join", player, "Campaign", id=campaign.id, body=join)
    sheet = typed.model(f"{name}CharacterInputRequest", {**fighter, "system": slug, "campaign": campaign.id})
    character = typed.call("characters.characters_create", player, f"{name}Character", body=sheet)

    encounter = typed.call(
        "encounters.campaigns_encounters_create",
        gm,
        "EncounterCreated",
        id=campaign.id,
        body=typed.model("EncounterCreateRequest", {"name": "Emboscada"}),
    )
    joining = {"character": character.id, "side": "heroes"}
    hero = typed.call(
        "encounters.encounters_combatants_create",
        player,
        f"{name}Combatant",
        id=encounter.id,
        body=typed.model("CombatantFromCharacterRequest", joining),
    )
    villain = typed.call(
        "encounters.encounters_combatants_create",
        gm,
        f"{name}Combatant",
        id=encounter.id,
        body=typed.model("CombatantNpcRequest", {"npc": {**foe, "system": slug}, "side": "villains"}),
    )

    def act(client, model: str, data: dict):
        body = typed.model(f"{name}{model}ActionRequest", data)
        return typed.call(
            "encounters.encounters_actions_create", client, "ActionResult", id=encounter.id, body=body
        )

    # MSH's round resolves when the GM says so; the others resolve once everyone has declared.
    started = act(
        gm, "Start", {"type": "start", "auto_resolve": False} if slug == "msh" else {"type": "start"}
    )
    assert type(started.state).__name__ == f"{name}EncounterState"
    if slug != "msh":  # MSH declares every round by its own rules; the others declare ahead
        act(gm, "DeclareAheadOn", {"type": "declare_ahead_on"})
    declaring = {"heroes": (player, hero, villain), "villains": (gm, villain, hero)}
    for _ in range(len(declaring)):
        # MSH: the side the clock names declares now; declaring ahead, anyone who has not yet.
        now = typed.call("encounters.encounters_retrieve", gm, f"{name}EncounterState", id=encounter.id)
        side = now.clock.side if slug == "msh" else next(iter(declaring))
        client, me, them = declaring.pop(side)
        act(client, "Declare", {"type": "declare", "actor": me.id, "action": {**attack, "target": them.id}})
    if slug == "msh":
        act(gm, "ResolveRound", {"type": "resolve_round"})
    state = typed.call("encounters.encounters_retrieve", player, f"{name}EncounterState", id=encounter.id)
    assert state.system == slug

    page = typed.call("encounters.encounters_events_list", player, "PaginatedEventList", id=encounter.id)
    models = {type(event).__name__ for event in page.results}
    assert {f"{name}DeclareEvent", f"{name}AttackEvent"} <= models, models
    assert all(model.startswith(name) for model in models)

    typed.call("encounters.encounters_undo_create", gm, "Undo", id=encounter.id)
    typed.call("encounters.encounters_reveal_create", gm, "Reveal", id=encounter.id)
    typed.call("encounters.encounters_export_retrieve", gm, "Export", id=encounter.id)
    assert STEPS[slug] >= 15

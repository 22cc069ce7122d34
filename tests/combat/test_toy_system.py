"""The seam holds: a toy system the suite registers itself (a coin-flip duel), engine and
presentation, runs a whole encounter through the API — start, act, out of turn, undo, reveal,
export — with no change to the generic code, and every reader reads its lines exactly as its
presentation writes them. Its only rule: heads hits, and a hit costs the target one of its 3 hit
points."""

from __future__ import annotations

import re
from dataclasses import MISSING, dataclass, fields
from pathlib import Path

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from combat.lines import LogLine, RollLine, commitment_of, dice_of, line_for
from combat.systems.generic import GenericPresentation
from rules import registration, systems
from rules.core.encounter import ActionType, CombatantFacts, Entry, Table, Viewer
from rules.core.errors import CONFLICT, Refused
from rules.core.schema import NoInput, param
from rules.core.texts import side_label
from rules.systems import CombatRules, GameSystem, SheetCheck
from tests.characters.html_parts import element
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db


def _text(es: str, en: str) -> dict:
    return {"es": es, "en": en}


def _flip(table: Table, dice, action, actor) -> None:
    target = table.combatant(action["target"])
    if target is None:
        raise Refused("target.not_found", "", "No está.", "Not there.", path="/target")
    face, nonce = dice.roll(2)
    hit = face == 2
    if hit:
        target["hit_points"] -= 1
    table.write(
        Entry(
            "flip",
            {
                "roll": {"sides": 2, "faces": [face], "nonces": [nonce], "total": face},
                "hit": hit,
                "text": _text("¡Cara!" if hit else "Cruz.", "Heads!" if hit else "Tails."),
                "rule": "MONEDA",
            },
            actor,
            action["target"],
            table.round,
        )
    )
    order = table.state["turn_order"]
    table.state["current"] = order[(order.index(actor) + 1) % len(order)]


def _start(table: Table, dice, action, actor) -> None:
    table.state.update(status="active", round=1, turn_order=sorted(int(c) for c in table.combatants()))
    table.state["current"] = table.state["turn_order"][0]
    table.write(Entry("coin_started", {"text": _text("¡A cara o cruz!", "Heads or tails!")}))


def _end(table: Table, dice, action, actor) -> None:
    table.state.update(status="ended", current=None)
    table.write(Entry("coin_ended", {"text": _text("Fin.", "The end.")}))


@dataclass(frozen=True, kw_only=True)
class Flip:
    target: int = param(min=1)


class CoinCombat(CombatRules):
    actions = {
        "start": ActionType("start", _start, NoInput, gm_only=True, needs_actor=False, phases=("setup",)),
        "flip": ActionType("flip", _flip, Flip),
        "end": ActionType("end", _end, NoInput, gm_only=True, needs_actor=False, phases=("setup", "active")),
    }

    def build_combatant(self, *, cid, name, side, sheet, options):
        return {"name": name, "side": side, "hit_points": 3, "hit_points_max": 3, "status": "active"}

    def join(self, table, dice, cid):
        pass

    def remove(self, table, dice, cid):
        table.state["combatants"][str(cid)]["removed"] = True

    def clock(self, state):
        return {"round": state.get("round", 0), "current": state.get("current")}

    def may_act(self, state, actor, action):
        return actor is None or state.get("current") == actor

    def view_combatant(self, state, facts: CombatantFacts, *, viewer: Viewer):
        inside = viewer.sees_inside(facts)
        return {
            "hit_points": state["hit_points"] if inside else None,
            "hit_points_max": state["hit_points_max"] if inside else None,
            "conditions": [],
            "status": state["status"],
            "initiative": None,
            "side_name": side_label(facts.side),
        }

    def view_event(self, event, *, hidden, viewer):
        payload = dict(event["payload"])
        text = payload.pop("text")
        return {**payload, "text_es": text["es"], "text_en": text["en"]}

    def odds(self, state, request, *, viewer, hidden):
        return {"p_hit": 0.5}


class Coin(GameSystem):
    slug, name_es, name_en, dice = "coin", "Moneda", "Coin", "1d2"
    combat = CoinCombat()

    def catalogue(self):
        return {"faces": [{"slug": "cara", "name_es": "Cara", "name_en": "Heads"}]}

    def check_sheet(self, sheet, **history):
        return SheetCheck(valid=True)


class CoinPresentation(GenericPresentation):
    """The toy's presentation: the generic forms, and its flip read as a coin is read."""

    def __init__(self):
        super().__init__("coin")

    def heading(self, round_number: int, lang: str) -> str:
        return f"Lanzamiento {round_number}" if round_number else "Antes de lanzar"

    def log_line(self, view, names, lang: str) -> LogLine:
        heading = self.heading(int(view.get("round") or 0), lang)
        if view.get("type") != "flip":
            return super().log_line(view, names, lang)
        roll = view["roll"]
        face = "cara" if roll["total"] == 2 else "cruz"
        coin = RollLine(
            label="Moneda",
            dice="d2",
            faces=dice_of(roll),
            total=roll["total"],
            reading=f"= {face}",
            commitment=commitment_of(roll),
        )
        return line_for(
            view,
            names,
            heading=heading,
            what="Lanzar la moneda",
            rolls=(coin,),
            outcome="impacta" if view["hit"] else "falla",
            rule=view.get("rule", ""),
            tone="hit" if view["hit"] else "miss",
        )


@pytest.fixture
def coin():
    registration.register(registration.SystemRegistration(engine=Coin(), presentation=CoinPresentation()))
    yield
    registration.unregister("coin")


def test_the_toy_system_satisfies_the_protocols(coin):
    assert isinstance(systems.get("coin"), systems.GameSystem)
    assert isinstance(systems.get("coin").combat, systems.CombatRules)


def test_a_toy_system_plays_a_whole_encounter_through_the_api(coin, settings):
    from rest_framework.test import APIClient

    from tests.combat.encounters import dice as scripted

    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    gm, player = UserFactory(), UserFactory()
    campaign = campaign_for(gm, system="coin")
    player_in(campaign, player)
    api = APIClient()
    api.force_authenticate(gm)
    assert api.get("/api/v1/rules/coin/catalogue/").json()["faces"][0]["name_en"] == "Heads"
    encounter = api.post(
        f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "Duelo"}, format="json"
    ).json()
    url = f"/api/v1/encounters/{encounter['id']}"
    a = api.post(f"{url}/combatants/", {"npc": {"name": "Ana"}, "side": "heroes"}, format="json").json()["id"]
    b = api.post(f"{url}/combatants/", {"npc": {"name": "Bea"}, "side": "villains"}, format="json").json()[
        "id"
    ]

    started = api.post(f"{url}/actions/", {"type": "start"}, format="json")
    assert started.status_code == 201, started.json()
    assert started.json()["state"]["system"] == "coin"
    assert started.json()["state"]["clock"] == {"round": 1, "current": a}

    scripted.QUEUE.append(2)
    flipped = api.post(f"{url}/actions/", {"type": "flip", "actor": a, "target": b}, format="json")
    assert flipped.status_code == 201, flipped.json()
    event = flipped.json()["events"][-1]
    assert event["hit"] is True and event["roll"]["commitment"] == encounter["dice"]["commitment"]
    assert {c["id"]: c["hit_points"] for c in flipped.json()["state"]["combatants"]}[b] == 2

    out_of_turn = api.post(f"{url}/actions/", {"type": "flip", "actor": a, "target": b}, format="json")
    assert out_of_turn.status_code == 409
    bad = api.post(f"{url}/actions/", {"type": "flip", "actor": b, "target": "x"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/target"

    undone = api.post(f"{url}/undo/")
    assert undone.status_code == 200
    assert {c["id"]: c["hit_points"] for c in undone.json()["state"]["combatants"]}[b] == 3

    player_api = APIClient()
    player_api.force_authenticate(player)
    hidden = player_api.get(url + "/").json()
    assert {c["id"]: c["hit_points"] for c in hidden["combatants"]}[b] is None  # the GM's NPC

    revealed = api.post(f"{url}/reveal/")
    assert revealed.status_code == 200 and len(revealed.json()["server_seed"]) == 64
    scripted.QUEUE.append(1)
    tails = api.post(f"{url}/actions/", {"type": "flip", "actor": a, "target": b}, format="json")
    assert tails.status_code == 201, tails.json()
    assert tails.json()["events"][-1]["line"] == {
        "seq": 5,
        "type": "flip",
        "heading": "Lanzamiento 1",
        "time": "Lanzamiento 1",
        "text": "Cruz.",
        "actor": "Ana",
        "target": "Bea",
        "what": "Lanzar la moneda",
        "rolls": [
            {
                "label": "Moneda",
                "dice": "d2",
                "faces": [{"face": 1, "nonce": 0, "kept": True}],
                "total": 1,
                "reading": "= cruz",
                "modifiers": [],
                "replaced": False,
                "hidden": False,
                "commitment": tails.json()["events"][-1]["roll"]["commitment"],
                "text": "Moneda d2: 1 = cruz",
            }
        ],
        "outcome": "falla",
        "rule": "MONEDA",
        "tone": "miss",
        "undone": False,
        "superseded_by": 0,
        "superseded_label": "",
    }
    export = api.get(f"{url}/export/", {"format": "markdown"})
    assert export.status_code == 200
    assert export.json()["text"] == (
        "**Duelo**\n"
        "\n"
        "### Antes de lanzar\n"
        "- `#1` Ana se une al combate (Héroes).\n"
        "- `#2` Bea se une al combate (Villanos).\n"
        "- `#3` ¡A cara o cruz\\!\n"
        "\n"
        "### Lanzamiento 1\n"
        "- `#5` Cruz. _Moneda d2: 1 = cruz_ — **falla** (MONEDA)\n"
    )
    bbcode = api.get(f"{url}/export/", {"format": "bbcode"}).json()["text"]
    assert (
        bbcode.splitlines()[-1]
        == "#5 Cruz. [i]Moneda d2: 1 = cruz[/i] — [b]falla[/b] [size=85](MONEDA)[/size]"
    )
    page = api.get(f"{url}/events/").json()["results"]
    assert [e["line"]["text"] for e in page] == [
        "Ana se une al combate (Héroes).",
        "Bea se une al combate (Villanos).",
        "¡A cara o cruz!",
        "¡Cara!",
        "Cruz.",
    ]
    assert page[3]["line"]["undone"] is True
    client = Client()
    client.force_login(gm)
    fight = client.get(f"/encounters/{encounter['id']}/").content.decode()
    entry = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", element(fight, "event-5"))).strip()
    assert entry == "#5 · Lanzamiento 1 Cruz. Lanzar la moneda Moneda: d2 1 = cruz falla Regla: MONEDA"
    assert 'data-seq="4"' in fight and "event-undone" in element(fight, "event-4")
    assert api.post(f"{url}/actions/", {"type": "end"}, format="json").status_code == 201


def test_a_campaign_refuses_a_system_nobody_registered(auth_client):
    response = auth_client.post("/api/v1/campaigns/", {"name": "X", "system": "coin"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "/system"


def test_refusals_of_the_toy_system_keep_their_kind():
    assert Refused("x", "", "a", "b", kind=CONFLICT).kind == "conflict"


ROOT = Path(__file__).resolve().parents[2]


def _documented_members() -> dict[str, str]:
    """The registration's members as docs/architecture.md's "Adding a system" lists them:
    member → its default column."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Adding a system", 1)[1].split("\n## ", 1)[0]
    table = section.split("| member | default | what it is |", 1)[1].split("\n\n", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \|", table, flags=re.M)
    return {name: default.strip() for name, default in rows}


def test_the_docs_list_every_member_of_a_registration_and_which_one_is_required():
    members = {f.name: f for f in fields(registration.SystemRegistration)}
    documented = _documented_members()
    assert list(documented) == list(members)
    required = {name for name, f in members.items() if f.default is MISSING and f.default_factory is MISSING}
    assert {name for name, default in documented.items() if default == "required"} == required == {"engine"}


def test_the_toy_is_built_from_the_documented_parts_alone(coin):
    found = registration.registration("coin")
    assert found.engine.slug == "coin" and isinstance(found.presentation, CoinPresentation)
    # The parts it leaves out fall back to their documented defaults.
    assert found.pages is None and found.sheet_schema is None and found.urls is None and found.demo is None
    assert dict(found.import_formats) == {} and found.standing_orders is None
    assert found.rule_texts("faces", "es") is None


def test_the_toy_system_without_pages_answers_no_pages_and_an_open_schema(coin, client):
    client.force_login(UserFactory())
    builder = client.get("/characters/new/?system=coin")
    assert builder.status_code == 404 and "coin" in builder.content.decode()
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    # Open objects that name their system: no `characters/systems/coin_schema.py` needed.
    system = components["CoinSheetRequest"]["properties"]["system"]
    if "$ref" in system:  # the enum's component, named once the settings' names are read
        system = components[system["$ref"].rsplit("/", 1)[1]]
    assert system["enum"] == ["coin"]
    assert components["CoinSheetRequest"]["additionalProperties"] is True
    assert components["CoinSheetRequest"]["required"] == ["system"]
    assert {"CoinCharacter", "CoinStoredSheet", "CoinDerived"} <= set(components)

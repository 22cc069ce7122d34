"""No JSON shape makes a 500: every system's sheet (validated, created, changed, fought as an NPC)
and every action type of every system, through the API, with one value swapped for JSON of the
wrong type or nesting. Each answer is a success or the error envelope, never a crash."""

from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from rules import systems
from rules.anima.examples import WIZARD
from tests.characters.helpers import nova
from tests.factories import UserFactory, campaign_for, player_in
from tests.rules.hero.helpers import attack_entry
from tests.rules.hero.helpers import sheet as hero_sheet
from tests.rules.msh.helpers import ATTACKER

pytestmark = pytest.mark.django_db

SHEETS = {
    "epic20": nova(),
    "msh": ATTACKER,
    "anima": {**WIZARD, "wielding": ["Bastón"]},
    "hero": hero_sheet(
        attacks=[attack_entry("Rayo"), attack_entry("Puño", kind="hth", energy=False)],
        levels=[{"applies_to": "all", "levels": 2}],
    ),
}
SLUGS = sorted(SHEETS)
FUZZ = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Words the sheets and actions use, so that a wrong nesting sometimes holds a right-looking value.
WORDS = st.sampled_from(
    ["", "all", "hth", "ranged", "mental", "energy", "blunt", "melee", "attack", "declare"]
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
    | WORDS
)
KEYS = st.text(max_size=5) | st.sampled_from(["name", "kind", "type", "rank", "dice", "value"])
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=6,
)


def _paths(value, prefix=()):
    """Every place in a JSON value: each key of each object, each item of each list."""
    yield prefix
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        yield from _paths(inner, (*prefix, key))


def _replaced(value, path, new):
    value = copy.deepcopy(value)
    node = value
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new
    return value


@st.composite
def wrong_sheets(draw, slug: str):
    base = SHEETS[slug]
    path = draw(st.sampled_from([p for p in _paths(base) if p and p != ("system",)]))
    return _replaced(base, path, draw(JSON))


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _assert_answered(response, *ok):
    assert response.status_code in (*ok, 400, 403, 404, 409), (response.status_code, response.content[:400])
    if response.status_code >= 400:
        errors = response.json()["errors"]
        assert errors and all(e["code"] and e["message"] for e in errors), errors


@pytest.mark.parametrize("slug", SLUGS)
def test_a_wrong_shape_in_any_sheet_is_validated_created_and_patched_without_a_crash(slug):
    owner = UserFactory()
    client = _client(owner)
    stored = client.post("/api/v1/characters/", SHEETS[slug], format="json")
    assert stored.status_code == 201, stored.json()
    url = f"/api/v1/characters/{stored.json()['id']}/"

    @FUZZ
    @given(sheet=wrong_sheets(slug))
    def probe(sheet):
        _assert_answered(client.post("/api/v1/characters/validate/", sheet, format="json"), 200)
        _assert_answered(client.post("/api/v1/characters/", sheet, format="json"), 201)
        changed = {key: value for key, value in sheet.items() if value != SHEETS[slug].get(key)}
        _assert_answered(client.patch(url, changed or sheet, format="json"), 200)
        _assert_answered(client.put(url, sheet, format="json"), 200)

    probe()


class Fight:
    """A started encounter of one system: the player's character against the GM's NPC."""

    def __init__(self, slug: str):
        gm, player = UserFactory(), UserFactory()
        campaign = campaign_for(gm, system=slug)
        player_in(campaign, player)
        self.gm, self.player = _client(gm), _client(player)
        character = self.player.post(
            "/api/v1/characters/", {**SHEETS[slug], "campaign": campaign.pk}, format="json"
        )
        assert character.status_code == 201, character.json()
        encounter = self.gm.post(
            f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "Muelle"}, format="json"
        )
        self.url = f"/api/v1/encounters/{encounter.json()['id']}"
        self.pc = self.player.post(
            f"{self.url}/combatants/", {"character": character.json()["id"], "side": "heroes"}, format="json"
        ).json()["id"]
        npc = {**SHEETS[slug], "name": "Sombra"}
        self.npc = self.gm.post(
            f"{self.url}/combatants/", {"npc": npc, "side": "villains"}, format="json"
        ).json()["id"]
        assert self.gm.post(f"{self.url}/actions/", {"type": "start"}, format="json").status_code == 201


def _action_bodies(slug: str):
    """A strategy of action bodies: one type of the system, each field of its schema (and
    `type`, `actor`, `target`) sometimes swapped for any JSON."""
    actions = systems.for_encounters(systems.get(slug)).combat.actions

    @st.composite
    def bodies(draw, pc: int, npc: int):
        name = draw(st.sampled_from(sorted(actions)))
        fields = [f.name for f in dataclasses.fields(actions[name].schema)]
        body = {"type": name, "actor": pc, "target": npc}
        for key in draw(st.lists(st.sampled_from([*fields, "type", "actor", "target"]), max_size=3)):
            body[key] = draw(JSON)
        if name == "declare" and draw(st.booleans()):
            inner = draw(st.sampled_from(sorted(actions)))
            body["action"] = {"type": inner, **draw(st.dictionaries(st.sampled_from(fields or ["x"]), JSON))}
        return body

    return bodies


@pytest.mark.parametrize("slug", SLUGS)
def test_a_wrong_shape_in_any_action_of_any_system_is_refused_without_a_crash(slug):
    fight = Fight(slug)
    bodies = _action_bodies(slug)

    @FUZZ
    @given(body=bodies(fight.pc, fight.npc), as_gm=st.booleans())
    def probe(body, as_gm):
        client = fight.gm if as_gm else fight.player
        _assert_answered(client.post(f"{fight.url}/actions/", body, format="json"), 201)

    probe()


@pytest.mark.parametrize("slug", SLUGS)
def test_a_wrong_shape_in_an_npc_sheet_is_refused_without_a_crash(slug):
    fight = Fight(slug)

    @FUZZ
    @given(sheet=wrong_sheets(slug))
    def probe(sheet):
        answer = fight.gm.post(f"{fight.url}/combatants/", {"npc": sheet, "side": "villains"}, format="json")
        _assert_answered(answer, 201)

    probe()


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("kind", [["attack"], {"type": "attack"}, 3, None, True])
def test_an_action_type_that_is_not_a_string_is_a_400(slug, kind):
    fight = Fight(slug)
    answer = fight.gm.post(f"{fight.url}/actions/", {"type": kind, "actor": fight.pc}, format="json")
    assert answer.status_code == 400, answer.content[:300]
    assert answer.json()["errors"][0]["code"] == "type.unknown"


NAMED = [
    ("hero", ("attacks", 0, "kind"), "/attacks/0/kind", "attacks.unknown_kind"),
    (
        "hero",
        ("combat_levels", 0, "applies_to"),
        "/combat_levels/0/applies_to",
        "combat_levels.unknown_scope",
    ),
    ("msh", ("powers", 0, "combat_type"), "/powers/0/combat_type", "item.combat_type_unknown"),
    ("msh", ("weapons", 0, "combat_type"), "/weapons/0/combat_type", "item.combat_type_unknown"),
]


@pytest.mark.parametrize("wrong", [["ranged"], {"kind": "hth"}], ids=["list", "object"])
@pytest.mark.parametrize("slug, place, path, code", NAMED, ids=[n[2] for n in NAMED])
def test_a_list_or_an_object_where_a_sheet_names_a_kind_is_a_400_at_its_path(slug, place, path, code, wrong):
    client = _client(UserFactory())
    sheet = _replaced(SHEETS[slug], place, wrong)
    created = client.post("/api/v1/characters/", sheet, format="json")
    assert created.status_code == 400, created.content[:300]
    assert (path, code) in {(e["path"], e["code"]) for e in created.json()["errors"]}
    report = client.post("/api/v1/characters/validate/", sheet, format="json").json()
    assert report["valid"] is False and path in {e["path"] for e in report["errors"]}

"""Epic20's action panel and the fight page's markup: the target defaults to an enemy, the weapon
list follows the kind of attack, a tab with no action left is closed with its reason, a sheet's
skill link preselects the skill, and the page carries no inline script for the strict CSP."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combat.systems import epic20_panel as panel
from combat.systems.epic20 import KIND_LABELS
from rules.epic20.resolution.state import READY


def _combatant(cid: int, side: str, status: str = "active") -> dict:
    return {"id": cid, "side": side, "status": status, "name": f"C{cid}"}


@pytest.mark.parametrize(
    ("actor_side", "other_side", "enemy"),
    [
        ("heroes", "villains", True),
        ("villains", "heroes", True),
        ("heroes", "heroes", False),
        ("heroes", "neutral", False),
        ("neutral", "heroes", True),
        ("neutral", "neutral", False),
    ],
)
def test_heroes_and_villains_are_each_others_enemies(actor_side, other_side, enemy):
    assert panel.is_enemy(actor_side, other_side) is enemy


def test_the_attack_target_defaults_to_the_first_enemy_still_standing():
    actor = _combatant(1, "heroes")
    ally, fallen, foe = (
        _combatant(2, "heroes"),
        _combatant(3, "villains", "unconscious"),
        _combatant(4, "villains"),
    )
    choices = panel.target_choices(actor, [actor, ally, fallen, foe])
    assert choices["default"] == foe["id"]
    assert [c["id"] for c in choices["enemies"]] == [3, 4]
    assert [c["id"] for c in choices["others"]] == [2]


sides = st.sampled_from(["heroes", "villains", "neutral"])


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(st.tuples(sides, st.sampled_from(["active", "unconscious"])), min_size=1, max_size=8), sides)
def test_the_default_target_is_never_the_attacker_and_an_enemy_whenever_there_is_one(others, actor_side):
    actor = _combatant(0, actor_side)
    combatants = [actor] + [_combatant(i + 1, side, status) for i, (side, status) in enumerate(others)]
    choices = panel.target_choices(actor, combatants)
    assert choices["default"] != actor["id"]
    if any(panel.is_enemy(actor_side, side) for side, _ in others):
        assert choices["default"] in {c["id"] for c in choices["enemies"]}


def _item(name, *, ranged=False, power=None, armor=False, status=READY):
    return SimpleNamespace(name=name, ranged=ranged, power=power, armor=armor, status=status)


@pytest.mark.parametrize(
    ("item", "kind"),
    [
        (_item("Cuchillo"), "melee"),
        (_item("Rifle", ranged=True), "ranged"),
        (_item("Bastón psíquico", power="ataque-mental-a-distancia"), "mental"),
    ],
)
def test_an_item_attacks_with_its_powers_kind_or_as_a_ranged_or_melee_weapon(item, kind):
    assert panel.weapon_kind(item) == kind


def test_the_weapon_list_pairs_each_weapon_with_one_kind_and_leaves_out_what_cannot_be_used():
    state = SimpleNamespace(
        powers={"ataque-especial-a-distancia": 1},
        equipment=[
            _item("Rifle", ranged=True),
            _item("Armadura", armor=True),
            _item("Pistola rota", ranged=True, status="broken"),
        ],
    )
    weapons = {w["value"]: w["kind"] for w in panel.weapons_for(state, "es")}
    # "Sin armas sólo se ataca cuerpo a cuerpo" (ATACAR EN COMBATE): never "A distancia + Sin armas".
    assert weapons["unarmed"] == "melee"
    assert weapons["ataque-especial-a-distancia"] == "ranged" and weapons["Rifle"] == "ranged"
    assert "Armadura" not in weapons and "Pistola rota" not in weapons
    kinds = [k["value"] for k in panel.kinds_for(panel.weapons_for(state, "es"), KIND_LABELS)]
    assert kinds == ["melee", "ranged"]  # no mental or emotional attack to offer


FULL = {"standard": 1, "move": 1, "object": 1, "communication": 2}


@pytest.mark.parametrize(
    ("left", "gm", "uses", "closed"),
    [
        (FULL, False, [], set()),
        ({**FULL, "standard": 0}, False, [], {"attack", "skill", "support"}),
        ({**FULL, "standard": 0}, True, [], {"attack", "support"}),  # the GM may call a free check
        ({**FULL, "standard": 0}, False, ["inspirar-a-otros"], {"attack", "skill"}),
        ({**FULL, "move": 0}, False, [], {"power"}),
        (
            {"standard": 0, "move": 0, "object": 0, "communication": 2},
            False,
            [],
            {"attack", "skill", "support", "power", "maneuver"},
        ),
    ],
)
def test_a_tab_closes_when_its_action_is_spent(left, gm, uses, closed):
    reasons = panel.closed_tabs(left, {"support_uses": uses}, gm=gm)
    assert set(reasons) == closed
    assert all(reason for reason in reasons.values())
    assert "hero" not in reasons  # hero points are never closed


def test_the_panel_opens_on_the_tab_asked_for_else_the_first_open_one():
    tabs = panel.tabs_for({"support": [1]}, {"attack": "no"})
    assert [t["key"] for t in tabs] == ["attack", "skill", "support", "hero"]
    assert panel.first_open_tab(tabs) == "skill"
    assert panel.first_open_tab(tabs, "support") == "support"
    assert panel.first_open_tab(tabs, "power") == "skill"  # not offered: ignored


# --- The page ---------------------------------------------------------------------------------


def _browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def started(table, faces):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thug = table.add_npc(encounter)["id"]
    faces.extend([15, 3])  # Nova first
    table.act(encounter, type="start")
    return SimpleNamespace(table=table, encounter=encounter, nova=nova, thug=thug)


@pytest.mark.django_db
def test_the_players_attack_form_aims_at_the_thug(started):
    page = (
        _browser(started.table.player)
        .get(reverse("encounters:detail", args=[started.encounter]))
        .content.decode()
    )
    target = re.search(r'<select[^>]*id="attack-target".*?</select>', page, re.S).group(0)
    assert f'<option value="{started.thug}" selected>' in target
    assert f'value="{started.nova}"' not in target  # never the attacker


@pytest.mark.django_db
def test_a_skill_link_preselects_its_skill_and_opens_the_skill_tab(started):
    url = reverse("encounters:detail", args=[started.encounter])
    page = _browser(started.table.player).get(url, {"skill": "atletismo"}).content.decode()
    skills = re.search(r'<select[^>]*id="skill-key".*?</select>', page, re.S).group(0)
    assert re.search(r'value="atletismo" selected', skills)
    assert re.search(r'id="tab-skill"[^>]*aria-selected="true"', page)
    unknown = _browser(started.table.player).get(url, {"skill": "<script>"}).content.decode()
    assert re.search(r'id="tab-attack"[^>]*aria-selected="true"', unknown)
    assert '<script>"' not in unknown and " selected>" in unknown


@pytest.mark.django_db
def test_after_the_attack_its_controls_are_disabled_with_the_reason(started, faces):
    faces.append(17)
    started.table.act(
        started.encounter,
        type="attack",
        actor=started.nova,
        target=started.thug,
        kind="melee",
        **{"with": "unarmed"},
    )
    page = (
        _browser(started.table.player)
        .get(reverse("encounters:detail", args=[started.encounter]))
        .content.decode()
    )
    assert 'id="attack-closed-reason"' in page and "acción estándar" in page
    assert re.search(r'<fieldset disabled aria-describedby="attack-closed-reason"', page)
    assert re.search(r'id="tab-attack"[^>]*data-closed="1"', page)


@pytest.mark.django_db
def test_the_fight_page_has_no_inline_script_style_or_handler(started):
    for user in (started.table.gm, started.table.player):
        page = _browser(user).get(reverse("encounters:detail", args=[started.encounter])).content.decode()
        assert not re.search(
            r"<script(?![^>]*\bsrc=)[^>]*>(?!</script>)", page.replace('type="application/json"', "src")
        )
        assert " style=" not in page and "hx-on" not in page and " onchange=" not in page


@pytest.mark.django_db
def test_a_live_update_never_swaps_into_an_element_that_may_be_gone(started):
    client = _browser(started.table.player)
    url = reverse("encounters:detail", args=[started.encounter])
    page = client.get(url).content.decode()
    seq = int(re.search(r'id="encounter-live"[^>]*data-seq="(\d+)"', page, re.S).group(1))
    version = int(re.search(r'data-version="(\d+)"', page).group(1))
    started.table.act(started.encounter, type="end_turn", actor=started.nova)
    body = client.get(
        reverse("encounters:log_after", args=[started.encounter, seq]), {"v": version}
    ).content.decode()
    assert 'hx-swap-oob="beforeend:#event-list"' in body
    assert "log-empty" not in body


@pytest.mark.django_db
def test_undo_asks_first_and_counts_its_events_in_words(started):
    gm = _browser(started.table.gm)
    page = gm.get(reverse("encounters:detail", args=[started.encounter])).content.decode()
    undo = re.search(r"<form[^>]*encounters/\d+/undo/[^>]*>", page, re.S).group(0)
    assert "hx-confirm=" in undo
    response = gm.post(reverse("encounters:undo", args=[started.encounter]), HTTP_HX_REQUEST="true")
    assert "evento(s)" not in response.content.decode()
    assert re.search(r"Deshecho: \d+ eventos?\.", response.content.decode())


@pytest.mark.parametrize(
    ("rule", "english"),
    [
        ("ATACAR EN COMBATE", "ATTACKING IN COMBAT"),
        ("INICIATIVA", "INITIATIVE"),
        ("Tipos de acciones en el turno", "Kinds of actions in the turn"),
        ("PREGUNTAS FRECUENTES SOBRE LAS REGLAS", "RULES FAQ"),
        ("LISTA DE PODERES: Invisibilidad", "LIST OF POWERS: Invisibilidad"),
        ("ATACAR EN COMBATE, MANIOBRAS DE COMBATE", "ATTACKING IN COMBAT, COMBAT MANEUVERS"),
        ("Una regla de la casa", "Una regla de la casa"),
    ],
)
def test_the_logs_rule_tags_name_the_documents_sections_in_english(rule, english):
    from combat.systems.epic20_sections import rule_label

    assert rule_label(rule, "en") == english
    assert rule_label(rule, "es") == rule


@pytest.mark.django_db
def test_the_english_log_says_which_rule_in_english(started):
    client = _browser(started.table.player)
    page = client.get(
        reverse("encounters:detail", args=[started.encounter]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "INITIATIVE" in page and "Regla: INICIATIVA" not in page


@pytest.mark.django_db
def test_out_of_turn_the_extra_attack_also_aims_at_an_enemy(table, faces):
    encounter = table.create()["id"]
    table.add_pc(encounter)
    thug = table.add_npc(encounter)["id"]
    faces.extend([3, 15])  # the thug first: Nova waits, with her out-of-turn forms
    table.act(encounter, type="start")
    page = _browser(table.player).get(reverse("encounters:detail", args=[encounter])).content.decode()
    counter = re.search(r'name="counter".*?</select>', page, re.S).group(0)
    assert f'<option value="{thug}" selected>' in counter

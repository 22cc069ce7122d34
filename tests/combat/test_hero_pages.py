"""The Hero System's encounter page through the test client: the SPD chart with the current
segment marked, STUN/BODY/END, the GM's start with hit locations, the action forms offering only
what the acting character can use now, acting from the page, the odds box, and the privacy of the
GM's NPCs on the page."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from characters import services as characters
from combat import services
from tests.characters.html_parts import element
from tests.combat.encounters import dice as scripted
from tests.factories import UserFactory, campaign_for, player_in
from tests.rules.hero.helpers import attack_entry, sheet

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def queued(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    yield scripted.QUEUE
    scripted.QUEUE.clear()


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


class HeroTable:
    """A Hero campaign: GM, player, the player's SPD 4 DEX 18 Dragón and the GM's SPD 3 DEX 14 robot."""

    def __init__(self):
        self.gm, self.player = UserFactory(), UserFactory()
        self.campaign = campaign_for(self.gm, system="hero")
        player_in(self.campaign, self.player)
        dragon = sheet("Dragón", attacks=[attack_entry("Rayo", dice=6)])
        self.character = characters.character_create(owner=self.player, sheet=dragon, campaign=self.campaign)
        self.encounter = services.encounter_create(campaign=self.campaign, user=self.gm, name="Laboratorio")
        self.pc = services.combatant_add(
            encounter=self.encounter, user=self.gm, side="heroes", character_id=self.character.pk
        )
        robot = sheet(
            "Robot", dex=14, spd=3, con=20, attacks=[attack_entry("Garra", kind="hth", dice=2, killing=True)]
        )
        self.npc = services.combatant_add(
            encounter=self.encounter, user=self.gm, side="villains", npc_sheet=robot
        )
        self.url = f"/encounters/{self.encounter.pk}/"

    def start(self, **options):
        services.encounter_act(encounter=self.encounter, user=self.gm, action={"type": "start", **options})

    def page(self, user) -> str:
        response = client_for(user).get(self.url)
        assert response.status_code == 200
        return response.content.decode()


def _ids(value) -> int:
    return value.pk if hasattr(value, "pk") else value["id"]


def test_the_page_draws_the_spd_chart_with_each_combatants_segments():
    t = HeroTable()

    chart = element(t.page(t.gm), "spd-chart")

    rows = dict(re.findall(r'data-combatant="(\d+)"(.*?)</tr>', chart, re.S))
    assert rows[str(_ids(t.pc))].count("hero-phase") == 4  # SPD 4: 3, 6, 9, 12
    assert rows[str(_ids(t.npc))].count("hero-phase") == 3  # SPD 3: 4, 8, 12
    assert "hero-now" not in chart  # nothing marked before the start


def test_the_gm_starts_on_segment_12_with_hit_locations_as_an_option():
    t = HeroTable()
    page = t.page(t.gm)
    start = element(page, "start-form")
    assert 'name="hit_locations"' in start
    assert "start-form" not in t.page(t.player)

    response = client_for(t.gm).post(f"{t.url}act/", {"type": "start", "hit_locations": "on"})

    assert response.status_code == 302
    t.encounter.refresh_from_db()
    assert t.encounter.state["segment"] == 12 and t.encounter.state["hit_locations"] is True
    page = t.page(t.gm)
    assert 'aria-current="step">12<' in element(page, "spd-chart")
    assert "Turno 1 · segmento 12" in element(page, "hero-clock-line")
    assert 'name="location"' in element(page, "attack-form")  # a placed shot, hit locations being on


def test_the_acting_player_gets_only_the_attacks_and_maneuvers_usable_now():
    t = HeroTable()
    t.start()
    page = t.page(t.player)  # segment 12: Dragón (DEX 18) acts before the robot (DEX 14)

    form = element(page, "attack-form")
    attacks = re.findall(r'name="attack".*?</select>', form, re.S)[0]
    assert 'value="strike"' in attacks and 'value="Rayo"' in attacks
    maneuvers = re.findall(r'name="maneuver".*?</select>', form, re.S)[0]
    assert 'value="strike"' in maneuvers and 'value="set"' in maneuvers
    assert 'value="block"' not in maneuvers and 'value="dodge"' not in maneuvers  # defensive: their own form
    assert 'name="location"' not in form  # hit locations are off
    assert 'data-action="recovery"' in element(page, "hero-buttons")


def test_after_a_half_move_the_full_phase_maneuvers_are_no_longer_offered():
    t = HeroTable()
    t.start()
    services.encounter_act(
        encounter=t.encounter, user=t.player, action={"type": "move", "actor": _ids(t.pc), "inches": 2}
    )

    page = t.page(t.player)

    maneuvers = re.findall(r'name="maneuver".*?</select>', element(page, "attack-form"), re.S)[0]
    assert 'value="strike"' in maneuvers
    assert 'value="set"' not in maneuvers and 'value="sweep"' not in maneuvers
    assert 'data-action="recovery"' not in element(page, "hero-buttons")
    assert "media fase gastada" in element(page, "hero-clock-line")


def _end_phase(t, combatant, user):
    services.encounter_act(
        encounter=t.encounter, user=user, action={"type": "end_turn", "actor": _ids(combatant)}
    )


def _aborts(page: str) -> list[str]:
    return re.findall(r'<form class="card card-body p-2 mb-2 hero-abort".*?</form>', page, re.S)


def test_a_player_out_of_phase_sees_no_attack_form_but_may_abort_to_a_defense():
    t = HeroTable()
    t.start()
    _end_phase(t, t.pc, t.player)  # segment 12
    _end_phase(t, t.npc, t.gm)
    _end_phase(t, t.pc, t.player)  # turn 2, segment 3: Dragón alone
    t.encounter.refresh_from_db()
    assert (t.encounter.state["segment"], t.encounter.state["current"]) == (4, _ids(t.npc))

    page = t.page(t.player)

    assert 'id="attack-form"' not in page
    assert "Es la fase de Robot" in element(page, "hero-waiting")
    abort = _aborts(page)
    assert len(abort) == 1 and 'name="abort" value="1"' in abort[0] and 'value="dodge"' in abort[0]


def test_one_who_acted_in_the_segment_is_offered_no_abort():
    t = HeroTable()
    t.start()
    _end_phase(t, t.pc, t.player)  # Dragón acted in segment 12; the robot acts now

    assert _aborts(t.page(t.player)) == []


def test_aborting_from_the_page_costs_the_next_phase():
    t = HeroTable()
    t.start()
    _end_phase(t, t.pc, t.player)
    _end_phase(t, t.npc, t.gm)
    _end_phase(t, t.pc, t.player)

    response = client_for(t.player).post(
        f"{t.url}act/",
        {"type": "defend", "actor": str(_ids(t.pc)), "maneuver": "dodge", "abort": "1"},
        **HTMX,
    )

    assert response.status_code == 200
    t.encounter.refresh_from_db()
    me = t.encounter.state["combatants"][str(_ids(t.pc))]
    assert me["lose_next_phase"] is True and me["effects"]["maneuver"] == "dodge"


def test_the_gm_acts_for_the_npc_in_its_phase(queued):
    t = HeroTable()
    t.start()
    services.encounter_act(
        encounter=t.encounter, user=t.player, action={"type": "end_turn", "actor": _ids(t.pc)}
    )
    queued.extend([3, 3, 3, 6, 6] + [3] * 10)  # 3d6 = 9 hits; 2d6 killing BODY 12; then multiplier, knockback

    response = client_for(t.gm).post(
        f"{t.url}act/",
        {
            "type": "attack",
            "actor": str(_ids(t.npc)),
            "target": str(_ids(t.pc)),
            "attack": "Garra",
            "maneuver": "strike",
            "range": "1",
        },
        **HTMX,
    )

    assert response.status_code == 200, response.content.decode()
    t.encounter.refresh_from_db()
    assert t.encounter.state["combatants"][str(_ids(t.pc))]["hit_points"] < 10


def test_the_player_attacks_from_the_page_and_the_log_shows_it(queued):
    t = HeroTable()
    t.start()
    queued.extend([1, 2, 3] + [6] * 6 + [1] * 10)  # 3d6 = 6 hits; 6d6 normal damage; then knockback

    response = client_for(t.player).post(
        f"{t.url}act/",
        {
            "type": "attack",
            "actor": str(_ids(t.pc)),
            "target": str(_ids(t.npc)),
            "attack": "Rayo",
            "maneuver": "strike",
            "range": "3",
            "modifiers": ["", "off-hand"],
        },
    )

    assert response.status_code == 302
    event = t.encounter.events.filter(type="attack").get()
    assert event.payload["hit"] is True and event.payload["stun_rolled"] == 36
    assert event.payload["ocv"] == 6 - 3  # DEX 18 → 6, off hand −3
    page = client_for(t.player).get(t.url).content.decode()
    log = element(page, "event-list")
    assert "Dragón ataca a Robot con Rayo, maniobra Golpear: 3d6 = 6, impacta; 36 ATU y 12 CUE tirados" in log
    assert "3d6" in log and "= 36 ATU" in log and "necesita" not in log  # the NPC's DCV is the GM's


def test_a_refused_action_from_the_page_changes_nothing():
    t = HeroTable()
    t.start()
    t.encounter.refresh_from_db()
    before = t.encounter.version

    response = client_for(t.player).post(
        f"{t.url}act/",
        {"type": "attack", "actor": str(_ids(t.pc)), "target": "999", "attack": "Rayo"},
        **HTMX,
    )

    assert response.status_code == 200  # htmx: the refusal in the feedback box
    assert "alert-danger" in response.content.decode()
    t.encounter.refresh_from_db()
    assert t.encounter.version == before and not t.encounter.events.filter(type="attack").exists()


def test_a_player_cannot_act_for_the_gms_npc_from_the_page():
    t = HeroTable()
    t.start()
    services.encounter_act(
        encounter=t.encounter, user=t.player, action={"type": "end_turn", "actor": _ids(t.pc)}
    )

    response = client_for(t.player).post(
        f"{t.url}act/", {"type": "end_turn", "actor": str(_ids(t.npc))}, **HTMX
    )

    assert "alert-danger" in response.content.decode()
    t.encounter.refresh_from_db()
    assert t.encounter.state["current"] == _ids(t.npc)


def test_the_player_sees_their_own_stun_body_end_but_not_the_npcs():
    t = HeroTable()
    t.start()

    health = element(t.page(t.player), "hero-health")
    rows = dict(re.findall(r'data-combatant="(\d+)"(.*?)</tr>', health, re.S))

    assert "30 / 30" in rows[str(_ids(t.pc))] and "10 / 10" in rows[str(_ids(t.pc))]
    assert "30 / 30" not in rows[str(_ids(t.npc))] and rows[str(_ids(t.npc))].count("—") == 3
    gm_rows = dict(
        re.findall(r'data-combatant="(\d+)"(.*?)</tr>', element(t.page(t.gm), "hero-health"), re.S)
    )
    assert "30 / 30" in gm_rows[str(_ids(t.npc))]


def test_the_odds_box_gives_the_exact_chance_against_a_pc_and_bands_against_a_hidden_npc():
    t = HeroTable()
    t.start()
    query = {"type": "attack", "actor": _ids(t.pc), "target": _ids(t.npc), "attack": "Rayo", "range": 1}

    player = client_for(t.player).get(f"{t.url}odds/", query).content.decode()
    gm = client_for(t.gm).get(f"{t.url}odds/", query).content.decode()

    assert 'data-odds="hit-band"' in player and 'data-odds="hit"' not in player
    assert "3d6 ≤" not in player  # the NPC's DCV stays the GM's
    assert 'data-odds="hit"' in gm and "3d6 ≤ 12" in gm  # 11 + 6 − 5 (DEX 18 against DEX 14)
    assert 'data-odds="stun"' in gm


def test_the_odds_box_is_refused_for_a_combatant_one_does_not_control():
    t = HeroTable()
    t.start()
    query = {"type": "attack", "actor": _ids(t.npc), "target": _ids(t.pc), "attack": "Garra"}

    page = client_for(t.player).get(f"{t.url}odds/", query).content.decode()

    assert "data-odds" not in page


def test_the_gm_console_has_condition_and_adjust_forms_and_the_player_view_does_not():
    t = HeroTable()
    t.start()

    assert 'value="adjust"' in element(t.page(t.gm), "hero-gm")
    assert 'id="hero-gm"' not in t.page(t.player)


def test_the_gm_reads_a_landed_hit_with_its_stun_and_body_in_the_log(queued):
    t = HeroTable()
    t.start()
    queued.extend([1, 2, 3] + [6] * 6 + [1] * 10)
    services.encounter_act(
        encounter=t.encounter,
        user=t.player,
        action={"type": "attack", "actor": _ids(t.pc), "target": _ids(t.npc), "attack": "Rayo", "range": 1},
    )

    log = element(t.page(t.gm), "event-list")

    assert "ATU y" in log and "CUE tras defensas" in log


def test_the_npcs_card_keeps_its_dcv_and_body_from_the_player():
    t = HeroTable()
    t.start()

    player_card = element(t.page(t.player), f"combatant-{_ids(t.npc)}")
    gm_card = element(t.page(t.gm), f"combatant-{_ids(t.npc)}")

    assert re.search(r'combatant-defense">\s*—', player_card)
    assert re.search(r'combatant-hit-points">\s*—', player_card)
    assert re.search(r'combatant-defense">\s*5', gm_card)  # DEX 14 → 5
    assert re.search(r'combatant-hit-points">\s*10 / 10', gm_card)


def test_when_the_gm_allows_exact_odds_the_player_sees_them_against_the_npc():
    t = HeroTable()
    t.start()
    services.encounter_settings_update(encounter=t.encounter, user=t.gm, exact_odds_for_players=True)
    query = {"type": "attack", "actor": _ids(t.pc), "target": _ids(t.npc), "attack": "Rayo", "range": 1}

    page = client_for(t.player).get(f"{t.url}odds/", query).content.decode()

    assert 'data-odds="hit"' in page and "3d6 ≤ 12" in page


def test_the_odds_box_shows_the_knockback_exactly_to_the_gm_and_as_a_band_to_a_player():
    t = HeroTable()
    t.start()
    query = {"type": "attack", "actor": _ids(t.pc), "target": _ids(t.npc), "attack": "Rayo", "range": 1}
    query["obstacle"] = "wall"
    gm = client_for(t.gm).get(f"{t.url}odds/", query).content.decode()
    player = client_for(t.player).get(f"{t.url}odds/", query).content.decode()

    assert 'data-odds="knockback"' in gm and 'data-odds="stun-with-knockback"' in gm
    assert 'data-odds="knockback-band"' in player and 'data-odds="knockback"' not in player


def test_the_gm_console_offers_the_last_attacks_knockback_obstacle_and_applies_it(queued):
    t = HeroTable()
    t.start()
    queued.extend([3, 3, 3] + [6] * 6 + [1, 1] + [1] * 5)  # hit; 12 BODY − 2 = 10" onto the ground: 5d6
    attack = {"type": "attack", "actor": _ids(t.pc), "target": _ids(t.npc), "attack": "Rayo", "range": 2}
    services.encounter_act(encounter=t.encounter, user=t.player, action=attack)
    form_id = f"knockback-obstacle-{_ids(t.npc)}"

    assert form_id not in t.page(t.player)
    offered = element(t.page(t.gm), form_id)
    assert 'value="knockback_obstacle"' in offered and '10"' in offered
    queued.extend([1] * 10)
    posted = client_for(t.gm).post(
        f"{t.url}act/", {"type": "knockback_obstacle", "target": str(_ids(t.npc)), "obstacle": "wall"}
    )

    assert posted.status_code in (200, 302)
    t.encounter.refresh_from_db()
    assert t.encounter.events.filter(type="knockback_obstacle").count() == 1
    assert form_id not in t.page(t.gm)  # once named, the offer goes


def _tied_table() -> HeroTable:
    """The HeroTable with a second robot as quick as the first (DEX 14): a DEX tie."""
    t = HeroTable()
    twin = sheet("Gemelo", dex=14, spd=3)
    t.twin = services.combatant_add(encounter=t.encounter, user=t.gm, side="villains", npc_sheet=twin)
    return t


def test_everyone_reads_how_dex_ties_are_broken_and_only_the_gm_gets_the_control():
    t = _tied_table()
    t.start()

    gm_page, player_page = t.page(t.gm), t.page(t.player)

    assert "quien entró antes en el combate" in element(gm_page, "hero-tie-note")
    assert "quien entró antes en el combate" in element(player_page, "hero-tie-note")
    assert 'value="reorder_tie"' in gm_page
    assert 'value="reorder_tie"' not in player_page  # equal DEX would tell the NPCs' DEX


def test_the_gm_reorders_a_dex_tie_from_the_page():
    t = _tied_table()
    npc, twin = _ids(t.npc), _ids(t.twin)
    chart_before = element(t.page(t.gm), "spd-chart")
    assert chart_before.index(f'data-combatant="{npc}"') < chart_before.index(f'data-combatant="{twin}"')

    posted = client_for(t.gm).post(
        f"{t.url}act/", {"type": "reorder_tie", "first": str(twin), "second": str(npc)}
    )

    assert posted.status_code in (200, 302)
    chart = element(t.page(t.gm), "spd-chart")
    assert chart.index(f'data-combatant="{twin}"') < chart.index(f'data-combatant="{npc}"')


def test_a_pair_not_tied_on_dex_is_refused_in_words_and_changes_nothing():
    t = _tied_table()
    t.encounter.refresh_from_db()
    version = t.encounter.version

    answer = client_for(t.gm).post(
        f"{t.url}act/", {"type": "reorder_tie", "first": str(_ids(t.pc)), "second": str(_ids(t.npc))}, **HTMX
    )

    assert "no empatan en DES" in answer.content.decode()
    t.encounter.refresh_from_db()
    assert t.encounter.version == version

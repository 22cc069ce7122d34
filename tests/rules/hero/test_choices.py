"""The action form's choices: only what the character can use now."""

from rules.hero.choices import choices

from .helpers import act, attack_entry, c, sheet, table_with

GUN = attack_entry("Metralleta", "ranged", 1, killing=True, energy=False, autofire=5)


def test_at_the_start_of_a_phase_every_fitting_action_and_maneuver_is_offered():
    t = table_with(sheet("A", dex=20, attacks=[GUN]), sheet("B"))
    offered = choices(t.state, 1)
    assert {"attack", "defend", "move", "recovery", "hold", "track", "suppress", "end_turn"} == set(
        offered["actions"]
    )
    assert offered["attacks"] == ["strike", "Metralleta"]
    assert {"set", "sweep", "brace"} <= set(offered["maneuvers"])
    assert "snap-shot" not in offered["maneuvers"]  # not in cover


def test_after_a_half_move_full_phase_actions_and_maneuvers_are_gone():
    t = table_with(sheet("A", dex=20), sheet("B"))
    act(t, {"type": "move", "inches": 2}, 1)
    offered = choices(t.state, 1)
    assert set(offered["actions"]) == {"attack", "defend", "move", "end_turn"}
    assert not {"set", "sweep"} & set(offered["maneuvers"]) and "haymaker" in offered["maneuvers"]


def test_out_of_phase_only_an_abort_is_offered():
    t = table_with(sheet("A", dex=20), sheet("B"))
    assert choices(t.state, 2) == {"actions": ["defend"], "attacks": [], "maneuvers": [], "end_needed": None}


def test_a_lost_weapon_or_an_unaffordable_attack_is_not_offered():
    t = table_with(sheet("A", dex=20, attacks=[GUN, attack_entry("Rayo", dice=10)]), sheet("B"))
    c(t, 1)["lost_attacks"] = ["Metralleta"]
    c(t, 1)["end"] = 2
    offered = choices(t.state, 1)
    assert offered["attacks"] == ["strike"] and "pick_up" in offered["actions"]


def test_prone_grabbed_and_covered_characters_are_offered_their_way_out():
    t = table_with(sheet("A", dex=20), sheet("B"))
    c(t, 1).update(conditions=["prone"], grabbed_by=2, covered_by={"by": 2})
    assert {"stand_up", "escape", "break_cover"} <= set(choices(t.state, 1)["actions"])


def test_a_mentalist_waiting_on_dex_is_offered_its_mental_attack_on_ego():
    mind = attack_entry("Golpe mental", "mental", 3, energy=False)
    t = table_with(sheet("Rival", dex=15), sheet("Mentalista", dex=10, ego=23, attacks=[mind]))
    offered = choices(t.state, 2)
    assert offered["attacks"] == ["Golpe mental"] and "attack" in offered["actions"]


def test_with_no_end_for_any_attack_the_least_end_one_s_cost_is_given():
    t = table_with(sheet("A", dex=20, attacks=[attack_entry("Rayo", dice=10)]), sheet("B"))
    c(t, 1)["end"] = 0
    offered = choices(t.state, 1)
    assert offered["attacks"] == [] and "attack" in offered["actions"]
    assert offered["end_needed"] == 1  # a STR 10 strike: 1 END (1 per 10 active points)
    c(t, 1)["end"] = 2
    assert choices(t.state, 1)["end_needed"] is None  # the strike is paid for

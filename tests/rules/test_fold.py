"""The fold of the turn log: pure functions, no database."""

from hypothesis import given
from hypothesis import strategies as st

from rules.core import fold


def test_a_new_encounter_is_in_setup_with_nobody_in_it():
    assert fold.replay([]) == fold.initial_state()


def test_combatants_enter_through_a_patch_and_merge_later_changes():
    s = fold.replay(
        [
            {"combatants": {"1": {"name": "Nova", "hit_points": 4}}},
            {"combatants": {"2": {"name": "Esbirro", "hit_points": 1}}},
            {"set": {"status": "active", "round": 1, "turn_order": [2, 1], "current": 2}},
            {"combatants": {"1": {"hit_points": 3}}},
        ]
    )
    assert s["combatants"]["1"] == {"name": "Nova", "hit_points": 3}
    assert (s["status"], s["round"], s["turn_order"], s["current"]) == ("active", 1, [2, 1], 2)


def test_removing_a_combatant_takes_it_out_of_the_order_but_keeps_it_listed():
    s = fold.replay(
        [
            {"combatants": {"1": {"name": "A"}, "2": {"name": "B"}}},
            {"set": {"turn_order": [1, 2], "current": 2}},
            {"remove": [2]},
        ]
    )
    assert s["turn_order"] == [1]
    assert s["current"] is None
    assert s["combatants"]["2"]["removed"] is True


def test_apply_never_changes_the_state_it_was_given():
    before = fold.replay([{"combatants": {"1": {"conditions": ["aturdido"]}}}])
    snapshot = repr(before)
    fold.apply(before, {"combatants": {"1": {"conditions": []}}, "set": {"round": 2}})
    assert repr(before) == snapshot


patches = st.lists(
    st.fixed_dictionaries(
        {
            "set": st.dictionaries(st.sampled_from(["round", "current", "status"]), st.integers(0, 9)),
            "combatants": st.dictionaries(
                st.sampled_from(["1", "2", "3"]),
                st.dictionaries(st.sampled_from(["hit_points", "hero_points"]), st.integers(-5, 5)),
            ),
        }
    ),
    max_size=8,
)


@given(patches)
def test_the_diff_of_two_folds_replays_from_the_first_to_the_second(ps):
    half = len(ps) // 2
    before = fold.replay(ps[:half])
    after = fold.replay(ps)
    assert fold.apply(before, fold.diff(before, after)) == after


@given(patches)
def test_merging_patches_folds_like_applying_them_one_by_one(ps):
    assert fold.replay([fold.merge_patches(*ps)]) == fold.replay(ps)

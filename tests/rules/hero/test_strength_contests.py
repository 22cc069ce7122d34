"""STR (and PRE) dice outside damage roll with the same 6E Strength Table as damage: STR/5 d6 and a
½d6 for a remainder of 3 or 4. Disarm, escaping a grab and breaking cover."""

from .helpers import act, attack_entry, c, last, make_current, sheet, table_with

SWORD = attack_entry("Espada", "hth", 1, killing=True, energy=False)
BLAST = attack_entry("Rayo", "ranged", 6)


def test_disarm_rolls_the_half_die_of_str_13_and_counts_its_body():
    # A: STR 13 is 2½d6; B: STR 10 is 2d6. A's 2, 2 are 2 BODY; the ½d6 on 4 is 1 more: 3 > 2.
    t = table_with(sheet("A", dex=20, str=13), sheet("B", str=10, attacks=[SWORD]))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "disarm", "weapon": "Espada", "fly_dice": 1},
        1,
        [3, 3, 3] + [2, 2] + [4] + [2, 2] + [3],
    )
    p = last(t)
    mine = p["strength_roll"]
    assert mine["faces"] == [2, 2] and mine["half_die_roll"]["faces"] == [4]
    assert mine["body"] == 3 and p["defender_strength_roll"]["half_die_roll"] is None
    assert p["disarmed"] and c(t, 2)["lost_attacks"] == ["Espada"]


def test_a_half_die_of_one_to_three_counts_no_body_in_the_contest():
    t = table_with(sheet("A", dex=20, str=13), sheet("B", str=10, attacks=[SWORD]))
    act(
        t,
        {"type": "attack", "target": 2, "maneuver": "disarm", "weapon": "Espada"},
        1,
        [3, 3, 3] + [2, 2] + [3] + [2, 2],
    )
    assert last(t)["strength_roll"]["body"] == 2 and not last(t)["disarmed"]  # 2 = 2: B keeps it


def test_escaping_a_grab_rolls_the_escapees_half_die():
    t = table_with(sheet("A", dex=20, str=10), sheet("B", str=8))
    act(t, {"type": "attack", "target": 2, "maneuver": "grab"}, 1, [3, 3, 3])
    make_current(t, 2)
    # B: STR 8 is 1½d6: 6 (2 BODY) and the ½d6 on 5 (1 BODY) = 3 against A's 2d6 of 2, 2 (2 BODY).
    act(t, {"type": "escape"}, 2, [6] + [5] + [2, 2])
    p = last(t, "escape")
    assert p["strength_roll"]["half_die_roll"]["faces"] == [5] and p["strength_roll"]["body"] == 3
    assert p["escaped"] and c(t, 2)["grabbed_by"] is None


def test_breaking_cover_rolls_pre_with_its_half_die_less_3d6():
    # PRE 23 is 4½d6; less 3d6, 1½d6: 6 and the ½d6 on 5 (3) = 9, short of the coverer's PRE 10.
    t = table_with(sheet("A", dex=20, pre=10, attacks=[BLAST]), sheet("B", dex=18, pre=23))
    act(t, {"type": "attack", "target": 2, "attack": "Rayo", "maneuver": "cover", "range": 3}, 1, [3, 3, 3])
    make_current(t, 2)
    act(t, {"type": "break_cover"}, 2, [6] + [5])
    p = last(t, "break_cover")
    assert p["presence_roll"]["faces"] == [6] and p["presence_roll"]["half_die_roll"]["faces"] == [5]
    assert p["presence_roll"]["total"] == 9 and not p["distracted"]

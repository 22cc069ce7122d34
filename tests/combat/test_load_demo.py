import pytest
from django.contrib.auth import authenticate
from django.core.management import CommandError, call_command

from campaigns.models import Campaign, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _local_debug(settings):
    settings.DEBUG = True


def test_load_demo_twice_leaves_one_table_and_prints_the_logins(capsys):
    call_command("load_demo")
    call_command("load_demo")
    out = capsys.readouterr().out
    campaign = Campaign.objects.get(system="epic20")  # each other system's demo adds its own
    assert campaign.name == "La Liga de la Noche"
    assert campaign.gm.username == "director"
    roles = dict(Membership.objects.filter(campaign=campaign).values_list("user__username", "role"))
    assert roles == {"director": "gm", "jugadora": "player", "jugador": "player"}
    for username in ("director", "jugadora", "jugador"):
        line = next(line for line in out.splitlines() if line.strip().startswith(f"{username} / "))
        password = line.split(" / ")[1].split()[0]
        assert authenticate(username=username, password=password) is not None


def test_load_demo_refuses_to_create_public_passwords_with_debug_off(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError):
        call_command("load_demo")
    assert not Campaign.objects.exists()


def test_load_demo_sets_up_one_fight_for_the_gm_to_start():
    call_command("load_demo")
    call_command("load_demo")
    from combat.models import Encounter

    encounter = Encounter.objects.get(campaign__system="epic20")
    assert encounter.name == "Emboscada en el muelle" and encounter.status == "setup"
    combatants = {c.name: c for c in encounter.combatants.all()}
    assert set(combatants) == {
        "Nova",
        "Profesor Albor",
        "Capataz Voltaico",
        "Matón del muelle 1",
        "Matón del muelle 2",
    }
    assert combatants["Nova"].character is not None and combatants["Capataz Voltaico"].is_npc
    state = encounter.state["combatants"]
    minion = state[str(combatants["Matón del muelle 1"].pk)]
    assert minion["minion"] is True and minion["hit_points"] == 2
    assert state[str(combatants["Capataz Voltaico"].pk)]["archetype"] == "energizado"


def _summary(out: str) -> list[str]:
    """The lines that describe what the demo holds (the invite code changes on a reset)."""
    return [line for line in out.splitlines() if not line.startswith(("Invite code:", "Demo reset:"))]


def test_a_second_run_prints_the_same_summary_as_the_first(capsys):
    call_command("load_demo")
    first = capsys.readouterr().out
    call_command("load_demo")
    second = capsys.readouterr().out
    assert _summary(second) == _summary(first)
    for fight in ("Emboscada en el muelle", "Emboscada en el paso de montaña", "Asalto al laboratorio"):
        assert any(fight in line and "(set up; the GM starts it)" in line for line in second.splitlines())


def test_the_summary_says_a_started_demo_fight_is_in_progress(capsys):
    from combat import services
    from combat.models import Encounter

    call_command("load_demo")
    encounter = Encounter.objects.get(name="Emboscada en el muelle")
    services.encounter_act(encounter=encounter, user=encounter.campaign.gm, action={"type": "start"})
    capsys.readouterr()
    call_command("load_demo")
    assert "Demo encounter: Emboscada en el muelle (in progress)" in capsys.readouterr().out


def test_the_second_demo_player_has_a_sheet_in_the_epic20_campaign():
    from characters.models import Character

    call_command("load_demo")
    call_command("load_demo")
    mine = Character.objects.filter(owner__username="jugador", campaign__system="epic20")
    assert list(mine.values_list("name", flat=True)) == ["Rastreador"]


def test_reset_puts_the_demo_back_as_new_and_leaves_everyone_else_alone(capsys):
    from characters.models import Character
    from combat import services
    from combat.models import Encounter
    from tests.factories import UserFactory, campaign_for

    call_command("load_demo")
    first = capsys.readouterr().out
    outsider = UserFactory(username="ajena")
    theirs = campaign_for(gm=outsider, name="La mesa de otra")
    encounter = Encounter.objects.get(name="Emboscada en el muelle")
    services.encounter_act(encounter=encounter, user=encounter.campaign.gm, action={"type": "start"})
    Character.objects.filter(owner__username="jugadora", name="Nova").delete()
    call_command("load_demo", "--reset")
    out = capsys.readouterr().out
    assert "Demo reset: the demo accounts and their 4 campaigns removed" in out
    assert _summary(out) == _summary(first)
    assert Encounter.objects.get(name="Emboscada en el muelle").status == "setup"
    assert Character.objects.filter(owner__username="jugadora", name="Nova").exists()
    assert (
        Campaign.objects.filter(pk=theirs.pk).exists()
        and Campaign.objects.filter(gm__username="director").count() == 4
    )


def test_every_registered_system_brings_its_own_demo_fight_and_the_command_names_none():
    from io import StringIO
    from pathlib import Path

    from combat.management.commands import load_demo
    from combat.models import Encounter
    from rules.registration import registrations

    call_command("load_demo", stdout=StringIO())
    fights = set(
        Encounter.objects.filter(campaign__gm__username="director").values_list("campaign__system", flat=True)
    )
    assert fights == set(registrations())
    assert all(found.demo is not None for found in registrations().values())
    command = Path(load_demo.__file__).read_text(encoding="utf-8").lower()
    assert [slug for slug in registrations() if slug in command] == []

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
    campaign = Campaign.objects.get(name="La Liga de la Noche")
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

    encounter = Encounter.objects.get(campaign__name="La Liga de la Noche")
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

"""`manage.py load_demo`: a table ready to play, for trying the site out.

Safe to run again: it finds what an earlier run created (and resets the demo passwords) instead
of adding duplicates. Each step is a function in `STEPS` taking the shared `DemoContext`; a later
app adds its own step to the list (characters add theirs through an optional `characters.demo`
module with a `load_demo(context)` function, picked up when it exists).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from campaigns import services
from campaigns.models import Campaign, Membership

# Fixed on purpose: the demo is for trying the site locally; the command prints them.
DEMO_USERS = [
    ("director", "liga-noche-director", "gm"),
    ("jugadora", "liga-noche-jugadora", "player"),
    ("jugador", "liga-noche-jugador", "player"),
]
DEMO_CAMPAIGN = "La Liga de la Noche"


@dataclass
class DemoContext:
    stdout: object
    users: dict = field(default_factory=dict)  # username -> User
    passwords: dict = field(default_factory=dict)  # username -> password
    campaign: Campaign | None = None


def load_users(context: DemoContext) -> None:
    User = get_user_model()
    for username, password, _role in DEMO_USERS:
        user, _created = User.objects.get_or_create(
            username=username, defaults={"email": f"{username}@example.org"}
        )
        user.set_password(password)
        user.save(update_fields=["password"])
        context.users[username] = user
        context.passwords[username] = password


def load_campaign(context: DemoContext) -> None:
    gm = context.users["director"]
    campaign = Campaign.objects.filter(gm=gm, name=DEMO_CAMPAIGN).first()
    if campaign is None:
        campaign = services.campaign_create(gm=gm, name=DEMO_CAMPAIGN)
    for username, _password, role in DEMO_USERS:
        if role == "player":
            Membership.objects.get_or_create(
                campaign=campaign, user=context.users[username], defaults={"role": Membership.Role.PLAYER}
            )
    context.campaign = campaign


def load_characters(context: DemoContext) -> None:
    # combat depends on characters (docs/design.md), so importing it here keeps the direction.
    from characters import demo

    demo.load_demo(context)


DEMO_ENCOUNTER = "Emboscada en el muelle"
# The fight waiting for the GM: two of jugadora's heroes against an Energizado foreman and his two
# minions, built from the pregenerated sheets. Its name and the sheet each one is made from.
DEMO_HEROES = ("Nova", "Profesor Albor")
DEMO_VILLAINS = (
    ("Capataz Voltaico", "Voltio", False),
    ("Matón del muelle 1", "Sargento Ortega", True),
    ("Matón del muelle 2", "Sargento Ortega", True),
)
DEMO_MINION_HIT_POINTS = 2


def load_encounter(context: DemoContext) -> None:
    """An encounter set up and not started: the GM opens it and rolls initiative."""
    from combat.demo_tables import encounter_state

    campaign, gm = context.campaign, context.users["director"]
    encounter = campaign.encounters.filter(name=DEMO_ENCOUNTER).first()
    if encounter is None:
        encounter = _set_up_encounter(campaign, gm)
    context.stdout.write(f"Demo encounter: {DEMO_ENCOUNTER} ({encounter_state(encounter)})")


def _set_up_encounter(campaign, gm):
    from characters.demo import demo_sheets
    from characters.models import Character
    from combat import services as encounters

    encounter = encounters.encounter_create(campaign=campaign, user=gm, name=DEMO_ENCOUNTER)
    for character in Character.objects.filter(campaign=campaign, name__in=DEMO_HEROES).order_by("name"):
        encounters.combatant_add(encounter=encounter, user=gm, side="heroes", character_id=character.pk)
    sheets = {sheet["name"]: sheet for sheet in demo_sheets()}
    for name, model, minion in DEMO_VILLAINS:
        encounters.combatant_add(
            encounter=encounter,
            user=gm,
            side="villains",
            npc_sheet={**sheets[model], "name": name},
            minion=minion,
            hit_points=DEMO_MINION_HIT_POINTS if minion else None,
        )
    return encounter


def load_other_systems(context: DemoContext) -> None:
    from combat.demos import loaders

    for load in loaders():
        load(context)


def reset_demo(context: DemoContext) -> None:
    """Forget the demo: its accounts, the campaigns its GM runs (their characters, fights,
    sessions and journals go with them) and every character of its players. Nothing else."""
    User = get_user_model()
    demo_users = User.objects.filter(username__in=[username for username, _password, _role in DEMO_USERS])
    campaigns = Campaign.objects.filter(gm__in=demo_users)
    count = campaigns.count()
    campaigns.delete()  # a campaign protects its GM from deletion: the campaigns go first
    demo_users.delete()
    context.stdout.write(f"Demo reset: the demo accounts and their {count} campaigns removed")


STEPS = [load_users, load_campaign, load_characters, load_encounter, load_other_systems]


class Command(BaseCommand):
    help = "Create the demo table (a GM, two players, one campaign); safe to run twice."

    def add_arguments(self, parser):
        parser.add_argument(
            "--allow-production",
            action="store_true",
            help="Load the demo even with DEBUG off (its passwords are public).",
        )
        parser.add_argument(
            "--reset",
            action="store_true",
            help="Delete the demo accounts and the campaigns their GM runs (with every character, "
            "fight and journal in them), then load the demo afresh.",
        )

    def handle(self, *args, **options):
        if not settings.DEBUG and not options["allow_production"]:
            raise CommandError(
                "DEBUG is off: the demo accounts have public passwords. "
                "Pass --allow-production to load them anyway."
            )
        context = DemoContext(stdout=self.stdout)
        with transaction.atomic():
            if options["reset"]:
                reset_demo(context)
            for step in STEPS:
                step(context)
        self.stdout.write(self.style.SUCCESS(f"Demo campaign: {context.campaign.name}"))
        self.stdout.write(f"Invite code: {context.campaign.invite_code}")
        self.stdout.write("Demo users (username / password):")
        for username, password, role in DEMO_USERS:
            self.stdout.write(f"  {username} / {password}   ({role})")

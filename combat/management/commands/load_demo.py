"""`manage.py load_demo`: a table ready to play, for trying the site out.

Safe to run again: it finds what an earlier run created (and resets the demo passwords) instead
of adding duplicates. Each step is a function in `STEPS` taking the shared `DemoContext`: the demo
accounts, the demo campaign (of the site's default system), then every registered system's demo
table (`combat/demos/<slug>.py`).
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


def load_systems(context: DemoContext) -> None:
    """Each registered system's demo table (`SystemRegistration.demo`) in the registry's order:
    the default system's first, which plays in the demo campaign above; the others make their own."""
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


STEPS = [load_users, load_campaign, load_systems]


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

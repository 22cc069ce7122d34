"""A scripted table for counting notices: a fight of one system with four players (each with a
character in it, the GM with an NPC), two of them with the fight's page open (a stream's
keep-alive marks it, `combat.open_pages`), played over several rounds by the services as people
would, on a clock the test moves: each action comes half an hour after the one before it, so a
turn's notice outlives its grace period unless its player was watching. Every notice is then
counted per person and channel (`count`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta

from characters import services as characters
from combat import open_pages, services
from combat.models import Encounter
from combat.waiting import waiting_on
from notifications import delivery, notices
from notifications.models import Outbox, PushSubscription
from notifications.preferences import new_account_defaults
from rules.anima.examples import ORC, SWORDSWOMAN
from tests.characters.helpers import nova
from tests.combat.encounters.conftest import THUG
from tests.factories import UserFactory, campaign_for, player_in
from tests.rules.hero.helpers import sheet as hero_sheet
from tests.rules.msh.helpers import sheet as msh_sheet

NAMES = ("Coloso", "Brisa", "Centella", "Roca")
PLAYERS = ("ana", "bea", "carla", "dani")
WATCHING = ("ana", "bea")  # their page of the fight stays open
WITH_A_DEVICE = ("ana", "carla")  # subscribed to Web Push
STEP = timedelta(minutes=30)


def character_sheet(system: str, name: str) -> dict:
    if system == "epic20":
        return nova(name=name)
    if system == "anima":
        return {**SWORDSWOMAN, "name": name}
    if system == "hero":
        return hero_sheet(name)
    return msh_sheet(name, fighting=10, strength=10, endurance=10, intuition=10)


def npc_sheet(system: str) -> dict:
    return {
        "epic20": THUG,
        "anima": {**ORC, "name": "Orco"},
        "hero": hero_sheet("Robot", dex=14, spd=3),
        "msh": msh_sheet("Matón", fighting=10, strength=20, endurance=20, intuition=10),
    }[system]


@dataclass
class MeasuredTable:
    system: str
    clock: object  # tests.notifications.clock
    languages: dict = field(default_factory=dict)
    players: dict = field(init=False, default_factory=dict)
    owners: dict = field(init=False, default_factory=dict)

    def __post_init__(self):
        self.gm = UserFactory(username=f"gm_{self.system}", email=f"gm_{self.system}@example.org")
        new_account_defaults(user=self.gm)
        self.campaign = campaign_for(self.gm, name=f"Campaña de {self.system}", system=self.system)
        self.encounter = services.encounter_create(
            campaign=self.campaign, user=self.gm, name="Emboscada en el puerto"
        )
        for username, name in zip(PLAYERS, NAMES, strict=True):
            self._seat(username, name)
        services.combatant_add(
            encounter=self.encounter, user=self.gm, side="villains", npc_sheet=npc_sheet(self.system)
        )
        self._keep_pages_open()
        self.act({"type": "start"}, self.gm)

    def _seat(self, username: str, name: str) -> None:
        from accounts.language import language_set

        user = UserFactory(
            username=f"{username}_{self.system}", email=f"{username}_{self.system}@example.org"
        )
        new_account_defaults(user=user)
        language_set(user=user, language=self.languages.get(username, "es"))
        player_in(self.campaign, user)
        character = characters.character_create(
            owner=user, sheet=character_sheet(self.system, name), campaign=self.campaign
        )
        row = services.combatant_add(
            encounter=self.encounter, user=user, side="heroes", character_id=character.pk
        )
        if username in WITH_A_DEVICE:
            PushSubscription.objects.create(
                user=user, endpoint=f"https://push.example.org/{username}", p256dh="key", auth="auth"
            )
        self.players[username] = user
        self.owners[row.pk] = user

    def _keep_pages_open(self) -> None:
        for username in WATCHING:
            if username in self.players:
                open_pages.mark(self.players[username].pk, self.encounter.pk)

    def act(self, action: dict, user) -> None:
        self.encounter.refresh_from_db()
        services.encounter_act(encounter=self.encounter, user=user, action=action)
        notices.expand_pending()
        self.clock.NOW[0] += STEP
        self._keep_pages_open()
        delivery.deliver_due()

    def play_one_step(self) -> None:
        """Whoever the fight waits for acts: a declaration (MSH, or declaring ahead) passes, any
        other turn ends."""
        encounter = Encounter.objects.get(pk=self.encounter.pk)
        state = encounter.state or {}
        waiting = waiting_on(encounter)
        cid = waiting[0]
        user = self.owners.get(cid, self.gm)
        if (state.get("declarations") or {}).get("open"):
            self.act({"type": "declare", "actor": cid, "action": {"type": "pass"}}, user)
        else:
            self.act({"type": "end_turn", "actor": cid}, user)

    def play_rounds(self, rounds: int) -> None:
        for _ in range(rounds * (len(self.owners) + 1)):
            self.play_one_step()
        self.clock.NOW[0] += timedelta(hours=1)
        delivery.deliver_due()

    def count(self) -> dict[str, Counter]:
        """`{username: Counter({channel: notices sent})}`, and `site` for what the notifications
        page lists (one entry per event, whatever channels carried it)."""
        counts = {}
        for username, user in self.players.items():
            sent = Counter(
                Outbox.objects.filter(user=user, status__in=[Outbox.Status.SENT]).values_list(
                    "channel", flat=True
                )
            )
            sent["site"] = Outbox.objects.filter(user=user).values("key").distinct().count()
            sent["dropped"] = Outbox.objects.filter(user=user, status=Outbox.Status.DROPPED).count()
            counts[username] = sent
        return counts

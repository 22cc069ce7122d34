"""The campaign journal: entries in Markdown, rendered by markdown-it-py (raw HTML off) and then
cleaned by nh3 (an allow-list sanitiser), so no script, handler or style ever reaches a page.
Entries are for the whole table, for the GM only, or for one player; an edit keeps the earlier
version (`JournalRevision`). A round of a fight can be quoted as the players' forum export."""

from __future__ import annotations

import nh3
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from markdown_it import MarkdownIt

from accounts.language import Message
from epic20site.errors import DomainError, NotAllowed
from notifications import outbox

from .models import JournalEntry, JournalRevision, Partida

BODY_MAX = 50_000
_MARKDOWN = (
    MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table").enable("strikethrough")
)
ALLOWED_TAGS = {
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "em", "del", "s", "code", "pre",
    "blockquote", "ul", "ol", "li", "a", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}, "th": {"align"}, "td": {"align"}}


def render_markdown(body: str) -> str:
    """Markdown → HTML that is safe to show to every member."""
    return nh3.clean(
        _MARKDOWN.render(body),
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
    )


def visible_to(user, campaign):
    """The entries of `campaign` that `user` (a member) may read."""
    entries = JournalEntry.objects.filter(campaign=campaign).select_related("author", "recipient", "partida")
    if campaign.gm_id == user.pk:
        return entries
    return entries.filter(
        Q(visibility=JournalEntry.Visibility.ALL)
        | Q(author=user)
        | Q(visibility=JournalEntry.Visibility.PLAYER, recipient=user)
    )


def search(entries, query: str):
    query = str(query or "").strip()
    return entries.filter(body__icontains=query) if query else entries


def _clean_body(body) -> str:
    if not isinstance(body, str) or not body.strip():
        raise DomainError("body.blank", _("La entrada necesita texto."), path="/body")
    if len(body) > BODY_MAX:
        raise DomainError("body.max_length", _("La entrada es demasiado larga."), path="/body")
    return body


def _is_id(value) -> bool:
    """A primary key the database can hold (64-bit, positive); anything else names nothing."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**63


def _plain_id(value) -> int | None:
    """A user id as the API sends it (a JSON integer) or a page's form does (ASCII digits);
    `2.9`, `true` and other scripts' digits (`"٢"`) name nobody."""
    if isinstance(value, str) and value.isascii() and value.isdecimal():
        return int(value)
    return value if _is_id(value) else None


def _audience(campaign, visibility):
    """("all" | "gm" | "player", recipient) from the API's `"all" | "gm" | <user id>`."""
    if visibility in (None, "all"):
        return JournalEntry.Visibility.ALL, None
    if visibility == "gm":
        return JournalEntry.Visibility.GM, None
    user_id = _plain_id(visibility)
    recipient = (
        get_user_model().objects.filter(pk=user_id, memberships__campaign=campaign).first()
        if _is_id(user_id)
        else None
    )
    if recipient is None:
        raise DomainError(
            "visibility.invalid",
            _("La visibilidad es «all», «gm» o el id de un miembro de la campaña."),
            path="/visibility",
        )
    return JournalEntry.Visibility.PLAYER, recipient


def _partida(campaign, partida_id):
    if partida_id is None:
        return Partida.objects.filter(campaign=campaign, status=Partida.Status.OPEN).first()
    partida = Partida.objects.filter(campaign=campaign, pk=partida_id).first() if _is_id(partida_id) else None
    if partida is None:
        raise DomainError("partida.invalid", _("Esa partida no es de esta campaña."), path="/partida")
    return partida


@transaction.atomic
def entry_create(*, campaign, author, body, visibility="all", partida=None, quote=None) -> JournalEntry:
    """A member posts an entry; it belongs to the given partida or to the one in progress.
    `quote` (`{"encounter": id, "round": n}`) adds that round as the players' forum export."""
    if quote is not None:
        body = f"{body or ''}\n\n{_quoted(campaign, quote)}".strip()
    body = _clean_body(body)
    kind, recipient = _audience(campaign, visibility)
    entry = JournalEntry.objects.create(
        campaign=campaign,
        author=author,
        body=body,
        html=render_markdown(body),
        visibility=kind,
        recipient=recipient,
        partida=_partida(campaign, partida),
    )
    _tell_readers(entry)
    return entry


def readers(entry: JournalEntry) -> list:
    """Who may read `entry`, besides its author: the same rule as `visible_to`."""
    campaign = entry.campaign
    if entry.visibility == JournalEntry.Visibility.ALL:
        users = [m.user for m in campaign.memberships.select_related("user")]
    elif entry.visibility == JournalEntry.Visibility.GM:
        users = [campaign.gm]
    else:
        users = [campaign.gm, entry.recipient]
    return [u for u in {u.pk: u for u in users}.values() if u.pk != entry.author_id]


# Who wrote, never what or to whom; each reader gets it in their language.
WROTE = gettext_noop("%(name)s ha escrito en el diario de «%(campaign)s».")


def _tell_readers(entry: JournalEntry) -> None:
    """Written in the entry's transaction; the text says only who wrote, never what or to whom."""
    link = reverse("tracking:journal", args=[entry.campaign_id]) + f"#entry-{entry.pk}"
    text = Message(WROTE, {"name": entry.author.username, "campaign": entry.campaign.name})
    if entry.visibility == JournalEntry.Visibility.ALL:  # the table's webhook: public entries only
        outbox.tell_table(
            campaign=entry.campaign, event="journal", key=f"journal:{entry.pk}", text=text, link=link
        )
    for user in readers(entry):
        outbox.notify(
            user=user,
            event="journal",
            key=f"journal:{entry.pk}",
            text=text,
            campaign=entry.campaign,
            link=link,
        )


@transaction.atomic
def entry_edit(*, entry: JournalEntry, user, body) -> JournalEntry:
    """Only its author edits an entry; the text it had is kept in its history."""
    if entry.author_id != user.pk:
        raise NotAllowed("journal.not_author", _("Solo quien la escribió puede editar la entrada."))
    body = _clean_body(body)
    if body == entry.body:
        return entry
    JournalRevision.objects.create(
        entry=entry, body=entry.body, written_at=entry.updated_at or timezone.now()
    )
    entry.body, entry.html = body, render_markdown(body)
    entry.save(update_fields=["body", "html", "updated_at"])
    return entry


def _quoted(campaign, quote) -> str:
    from combat.models import Encounter

    encounter_id = quote.get("encounter") if isinstance(quote, dict) else None
    round_number = quote.get("round") if isinstance(quote, dict) else None
    encounter = (
        Encounter.objects.filter(campaign=campaign, pk=encounter_id).first() if _is_id(encounter_id) else None
    )
    if encounter is None or not isinstance(round_number, int) or not 0 < round_number <= encounter.round:
        raise DomainError(
            "quote.invalid", _("Cita un asalto jugado de un encuentro de esta campaña."), path="/quote"
        )
    text = quote_round(encounter, round_number, "es")
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())


def quote_round(encounter, round_number: int, lang: str) -> str:
    """A round of a fight as the players' Markdown export (what any player may see), to quote."""
    from combat import export, selectors

    reader = selectors.players_reader(encounter)
    events = selectors.events_for(encounter, round=round_number)
    return export.encounter_text(reader, events, fmt="markdown", round_filter=round_number, lang=lang)

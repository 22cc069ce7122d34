"""Every new message, as a whole line, in Spanish and in English: the subjects of each event
(e-mail subject, push title), each notice's body, the deadline's, the journal's and the table
applications' texts, the digest's subject. Nothing is ever written in two languages at once."""

from __future__ import annotations

import pytest

from accounts.language import Message
from combat import deadline_tasks
from notifications import texts
from notifications.rows import SUBJECTS, subject_of
from tables import services as tables
from tracking import journal

SUBJECT_LINES = {
    "your_turn": ("Te toca", "Your turn"),
    "declarations_open": ("Declaraciones abiertas", "Declarations are open"),
    "round_resolved": ("Asalto resuelto", "Round resolved"),
    "attacked": ("Te han atacado", "You were attacked"),
    "deadline_near": ("Se acaba el plazo", "Your deadline is near"),
    "journal": ("Nueva entrada en el diario", "New journal entry"),
    "application": ("Solicitud de mesa", "Table application"),
}
FIGHT = {"name": "Coloso", "names": "Coloso, Brisa", "fight": "Emboscada en el puerto"}
TABLE = {"name": "ana", "campaign": "La Liga de la Noche"}
BODY_LINES = [
    (
        texts.YOUR_TURN,
        FIGHT,
        "Coloso: te toca en «Emboscada en el puerto».",
        "Coloso: it is your turn in «Emboscada en el puerto».",
    ),
    (
        texts.DECLARE,
        FIGHT,
        "Coloso: declara tu acción en «Emboscada en el puerto».",
        "Coloso: declare your action in «Emboscada en el puerto».",
    ),
    (
        texts.ATTACKED,
        FIGHT,
        "Coloso ha sido atacado en «Emboscada en el puerto».",
        "Coloso was attacked in «Emboscada en el puerto».",
    ),
    (
        texts.RESOLVED,
        FIGHT,
        "Asalto resuelto en «Emboscada en el puerto».",
        "The round was resolved in «Emboscada en el puerto».",
    ),
    (
        texts.TABLE_TURN,
        FIGHT,
        "Turno de Coloso, Brisa en «Emboscada en el puerto».",
        "Coloso, Brisa's turn in «Emboscada en el puerto».",
    ),
    (
        texts.TABLE_DECLARATIONS,
        FIGHT,
        "Declaraciones abiertas en «Emboscada en el puerto».",
        "Declarations are open in «Emboscada en el puerto».",
    ),
    (texts.DIGEST_SUBJECT, {}, "Resumen diario", "Daily digest"),
    (
        deadline_tasks.PASSED,
        FIGHT,
        "Ha vencido el plazo de Coloso en «Emboscada en el puerto»: decide tú.",
        "Coloso's deadline passed in «Emboscada en el puerto»: your call.",
    ),
    (
        deadline_tasks.DECLARATIONS_PASSED,
        FIGHT,
        "Ha vencido el plazo de las declaraciones en «Emboscada en el puerto»: decide tú.",
        "The declarations' deadline passed in «Emboscada en el puerto»: your call.",
    ),
    (
        deadline_tasks.NEAR_TEXT,
        {"name": "Coloso", "until": "2026-12-04 10:00"},
        "Coloso: el plazo acaba el 2026-12-04 10:00 UTC.",
        "Coloso: your deadline ends at 2026-12-04 10:00 UTC.",
    ),
    (
        journal.WROTE,
        TABLE,
        "ana ha escrito en el diario de «La Liga de la Noche».",
        "ana wrote in the journal of «La Liga de la Noche».",
    ),
    (
        tables.APPLIED,
        TABLE,
        "ana quiere jugar en «La Liga de la Noche».",
        "ana applied to play in «La Liga de la Noche».",
    ),
    (
        tables.ACCEPTED,
        TABLE,
        "Te han aceptado en «La Liga de la Noche».",
        "You were accepted in «La Liga de la Noche».",
    ),
    (
        tables.DECLINED,
        TABLE,
        "Tu solicitud a «La Liga de la Noche» no ha sido aceptada.",
        "Your application to «La Liga de la Noche» was declined.",
    ),
]


@pytest.mark.parametrize("event", sorted(SUBJECTS))
def test_each_event_s_subject_is_one_line_in_each_language(event):
    spanish, english = SUBJECT_LINES[event]
    assert (subject_of(event, "es"), subject_of(event, "en")) == (spanish, english)


@pytest.mark.parametrize(("source", "values", "spanish", "english"), BODY_LINES, ids=lambda v: str(v)[:30])
def test_each_notice_s_text_is_one_whole_line_in_each_language(source, values, spanish, english):
    message = Message(source, values)
    assert message.render("es") == spanish
    assert message.render("en") == english
    assert " / " not in message.render("en") + message.render("es")

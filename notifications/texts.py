"""Every notice's text, in Spanish with `%(name)s` slots (`accounts.language.Message`); the
English is in the app's catalogue (`notifications/locale/en`). Combat and the other apps give
theirs the same way, so a person reads each message whole in their own language."""

from django.utils.translation import gettext_noop

YOUR_TURN = gettext_noop("%(name)s: te toca en «%(fight)s».")
DECLARE = gettext_noop("%(name)s: declara tu acción en «%(fight)s».")
ATTACKED = gettext_noop("%(name)s ha sido atacado en «%(fight)s».")
RESOLVED = gettext_noop("Asalto resuelto en «%(fight)s».")
TABLE_TURN = gettext_noop("Turno de %(names)s en «%(fight)s».")
TABLE_DECLARATIONS = gettext_noop("Declaraciones abiertas en «%(fight)s».")
TABLE_ATTACKED = gettext_noop("%(name)s ha sido atacado en «%(fight)s».")
TABLE_RESOLVED = gettext_noop("Asalto resuelto en «%(fight)s».")
DIGEST_SUBJECT = gettext_noop("Resumen diario")
UNSUBSCRIBE = gettext_noop("Darte de baja")

"""What the kind of an attack does to its target: immunities, vulnerabilities, insubstantial beings.

- LISTA DE PODERES › Superdefensas: "Inmunidad a un elemento o tipo de energía no especial (…
  Ejemplo: el fuego)", "Inmunidad a un tipo de energía especial (… el plasma, el láser…)",
  "Inmunidad al daño físico no-energético", and the Nota: "los poderes de inmunidad se aplican a
  ataques de un nivel igual o menor que el poseedor … Igualmente si el ataque viene de un arma
  pesada (andador, nave espacial, etc) tampoco se aplicaría".
- ARQUETIPOS › Androide: "Gana inmunidad a daño mental (notar que sí puede ser afectado por daño
  emocional)".
- COMPLICACIONES: "Vulnerabilidad a «algo»: (le aplica doble daño o daño normal si era inmune)".
- LISTA DE PODERES › Superpoderes de utilidad, Insustancial: "no puede afectar a lo físico ni a lo
  mental, aunque sí comunicarse y por tanto afectar emocionalmente"; Ataque emocional a distancia
  "daña a seres insustanciales"; LISTA DE VENTAJAS, Cazador de espíritus: "puede dañar con su
  cuerpo o con armas (mundanas o especiales) a seres insustanciales. Esta ventaja se puede aplicar
  a un arma concreta".

Which element an immunity or a vulnerability covers is the free text of its sheet entry
(`CombatantState.details`); what an attack is made of is its declared `AttackSpec.element` plus
the weapon's or power's name and the power's own sheet detail. Texts are compared word by word
after `words()` (lowercase, no accents, no articles, a plural "s"/"es" dropped): every word of
the immunity's or vulnerability's text must be in the attack's. docs/rules-notes-combat.md has
the readings.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.core.errors import Refused

from . import forms
from .state import CombatantState, EquipmentState, Event

if TYPE_CHECKING:  # attack.py imports this module
    from .attack import PreparedAttack

IMMUNITY_RULE = "LISTA DE PODERES › Superdefensas"
ANDROID_RULE = "ARQUETIPOS › Androide"
VULNERABILITY_RULE = "COMPLICACIONES"
INSUBSTANTIAL_RULE = "LISTA DE PODERES › Superpoderes de utilidad"
SPIRIT_HUNTER_RULE = "LISTA DE VENTAJAS"

ELEMENT_IMMUNITIES = (
    "inmunidad-a-un-elemento-o-tipo-de-energia-no-especial",
    "inmunidad-a-un-tipo-de-energia-especial",
)
PHYSICAL_IMMUNITY = "inmunidad-al-dano-fisico-no-energetico"
VULNERABILITY = "vulnerabilidad-a-algo"
INSUBSTANTIAL = "insustancial"
SPIRIT_HUNTER = "cazador-de-espiritus"
ANDROID = "androide"
# Insustancial: what it "no puede afectar" (lo físico, lo mental) and so cannot be affected by.
PHYSICAL_OR_MENTAL = ("melee", "ranged", "mental")

# Words that never decide what something is made of ("el fuego", "rayos de plasma").
_STOPWORDS = frozenset(
    {"a", "al", "de", "del", "el", "la", "las", "lo", "los", "un", "una", "unos", "unas", "y", "e"}
    | {"o", "u", "en", "con", "por", "para", "the", "of", "an", "and", "or", "to", "with"}
)


def words(text: str) -> frozenset[str]:
    """The significant words of a free text: lowercase, accents and punctuation dropped."""
    plain = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode().lower()
    return frozenset(w for w in re.split(r"[^a-z0-9]+", plain) if w and w not in _STOPWORDS)


def _forms(word: str) -> set[str]:
    """A word and its singular guesses ("tasers" → "taser", "láseres" → "laser")."""
    out = {word}
    if len(word) > 3 and word.endswith("s"):
        out.add(word[:-1])
        if word.endswith("es") and len(word) > 4:
            out.add(word[:-2])
    return out


def matches(detail: str, text: Iterable[str]) -> bool:
    """Whether a sheet detail ("el fuego", "táser") names what the text's words describe."""
    wanted = words(detail)
    if not wanted:
        return False
    have: set[str] = set()
    for word in text:
        have |= _forms(word)
    return all(_forms(word) & have for word in wanted)


def is_insubstantial(state: CombatantState) -> bool:
    """Insustancial is a power the character is: whoever has it is insubstantial in combat."""
    return INSUBSTANTIAL in state.powers


def attack_words(prepared: PreparedAttack) -> frozenset[str]:
    """What the attack is made of, as words: the declared element, the weapon's or power's name
    and the attacker's sheet detail of that power."""
    spec, profile, attacker = prepared.spec, prepared.profile, prepared.attacker
    texts = [spec.element, spec.with_, profile.slug]
    for slug in {spec.with_, profile.slug}:
        texts += attacker.details.get(slug, ())
    out: set[str] = set()
    for text in texts:
        if text:  # no element declared, no weapon named
            out |= words(text.replace("-", " "))
    return frozenset(out)


def refuse_insubstantial_attacker(attacker: CombatantState, kind: str) -> None:
    """Insustancial: "no puede afectar a lo físico ni a lo mental" — only emotional attacks."""
    if is_insubstantial(attacker) and kind in PHYSICAL_OR_MENTAL:
        raise Refused(
            "attack.insubstantial_attacker",
            INSUBSTANTIAL_RULE,
            "Un personaje insustancial no puede afectar a lo físico ni a lo mental: sólo puede hacer "
            "ataques emocionales.",
            "An insubstantial character cannot affect the physical or the mental: it can only make "
            "emotional attacks.",
        )


def _spirit_hunter(attacker: CombatantState, equipment: str | None) -> bool:
    """Cazador de espíritus, on the whole character or "a un arma concreta": tied to a weapon when
    its sheet detail names one of the character's items."""
    if SPIRIT_HUNTER not in attacker.advantages:
        return False
    tied = [
        item.name
        for item in attacker.equipment
        for detail in attacker.details.get(SPIRIT_HUNTER, ())
        if matches(detail, words(item.name)) or matches(item.name, words(detail))
    ]
    return not tied or equipment in tied


def shield_immune(shield: EquipmentState, prepared: PreparedAttack) -> bool:
    """A shield "que tenga inmunidad contra ese tipo de ataques" (Defensa con escudo, seed l.741): an
    item reproducing an immunity power, whose detail names what the attack is made of (element
    immunities) or any non-energy physical attack (Inmunidad al daño físico no-energético)."""
    if shield.power in ELEMENT_IMMUNITIES:
        found = attack_words(prepared)
        return any(matches(detail, found) for detail in shield.immune_to)
    if shield.power == PHYSICAL_IMMUNITY:
        return prepared.profile.damage == "physical" and not words(prepared.spec.element)
    return False


@dataclass(frozen=True)
class Reading:
    """What the attack's kind does to this target, the same for every roll.

    `unaffected`: a hit changes nothing on the target (no hit points, no defense, no maneuver
    effect); `reason` says why ("immune", "insubstantial"). `factor` multiplies the damage (0, 1,
    2). `immunity` is the immunity that counted or was ignored, `ignored` why it was ignored
    ("level", "heavy", "vulnerable"), `vulnerability` the detail that matched.
    """

    unaffected: bool = False
    reason: str | None = None
    factor: int = 1
    immunity: str | None = None
    immunity_detail: str = ""
    ignored: str | None = None
    vulnerability: str | None = None
    data: dict = field(default_factory=dict)


def _immunity(prepared: PreparedAttack, found: frozenset[str]) -> tuple[str, str] | None:
    """The target's immunity that covers this attack, before the Nota's limits: (slug, detail)."""
    target, profile = prepared.target, prepared.profile
    if profile.damage is None:
        return None  # grabs, pushes, control, weakening: "los poderes de inmunidad" are to damage
    for slug in ELEMENT_IMMUNITIES:
        if slug in target.powers:
            for detail in target.details.get(slug, ()):
                if matches(detail, found):
                    return slug, detail
    energetic = bool(words(prepared.spec.element))
    if profile.damage == "physical" and not energetic and PHYSICAL_IMMUNITY in target.powers:
        return PHYSICAL_IMMUNITY, ""
    if profile.damage == "mental" and target.archetype == ANDROID:
        return ANDROID, ""  # "inmunidad a daño mental (… sí puede ser afectado por daño emocional)"
    return None


def _passes_through_insubstantial(prepared: PreparedAttack) -> bool:
    """Insustancial: only emotional attacks, and bodies or weapons of a Cazador de espíritus, reach it."""
    attacker, target, profile = prepared.attacker, prepared.target, prepared.profile
    if not is_insubstantial(target) or profile.kind not in PHYSICAL_OR_MENTAL:
        return False
    hunter = profile.kind != "mental" and _spirit_hunter(attacker, profile.equipment)
    return not hunter


def _vulnerability(prepared: PreparedAttack, found: frozenset[str]) -> str | None:
    """COMPLICACIONES › Vulnerabilidad a «algo»: the detail this damaging attack matches."""
    target = prepared.target
    if VULNERABILITY not in target.complications or prepared.profile.damage is None:
        return None
    return next((d for d in target.details.get(VULNERABILITY, ()) if matches(d, found)), None)


def _why_immunity_ignored(prepared: PreparedAttack, vulnerable: str | None) -> str | None:
    """The Nota's limits on an immunity, and Vulnerabilidad's "o daño normal si era inmune"."""
    if prepared.level > prepared.target.effective_level:
        return "level"  # "un enemigo de mayor nivel ignorará la inmunidad"
    if prepared.profile.artillery:
        return "heavy"  # "si el ataque viene de un arma pesada (andador, nave espacial, etc)"
    if vulnerable:
        return "vulnerable"  # "o daño normal si era inmune"
    return None


def read(prepared: PreparedAttack) -> Reading:
    """Immunity, vulnerability and insubstantiality of the target against this attack."""
    target, profile = prepared.target, prepared.profile
    if _passes_through_insubstantial(prepared):
        return Reading(unaffected=True, reason="insubstantial", factor=0, data={"insubstantial": True})
    found = attack_words(prepared)
    if forms.in_gas_form(target) and not forms.reaches_gas(profile.shape, prepared.spec.cone, found):
        return Reading(unaffected=True, reason="gas", factor=0, data={"gas_form": True})
    vulnerable = _vulnerability(prepared, found)
    immunity = _immunity(prepared, found)
    if immunity is None:
        if vulnerable:
            return Reading(factor=2, vulnerability=vulnerable, data={"vulnerable": vulnerable})
        return Reading()
    slug, detail = immunity
    ignored = _why_immunity_ignored(prepared, vulnerable)
    data = {"immunity": slug, "immunity_ignored": ignored}
    if ignored is None:
        return Reading(True, "immune", 0, slug, detail, data=data)
    factor = 2 if vulnerable and ignored != "vulnerable" else 1
    if vulnerable:
        data["vulnerable"] = vulnerable
    return Reading(False, None, factor, slug, detail, ignored, vulnerable, data)


_IGNORED = {
    "level": ("el atacante es de mayor nivel", "the attacker is of a higher level", IMMUNITY_RULE),
    "heavy": ("es un arma pesada", "it is a heavy weapon", IMMUNITY_RULE),
    "vulnerable": (
        "es vulnerable a ello: daño normal",
        "it is vulnerable to it: normal damage",
        VULNERABILITY_RULE,
    ),
}


def _immunity_rule(slug: str | None) -> str:
    return ANDROID_RULE if slug == ANDROID else IMMUNITY_RULE


def events(reading: Reading, attacker: CombatantState, target: CombatantState, damage: int) -> list[Event]:
    """The log entries that explain a hit's result (call only for hits)."""
    who, by = target.display_name, attacker.id
    out: list[Event] = []
    if reading.reason == "insubstantial":
        out.append(
            Event(
                "insubstantial",
                f"El ataque atraviesa a {who}, que es insustancial: no le afecta.",
                f"The attack passes through {who}, who is insubstantial: no effect.",
                INSUBSTANTIAL_RULE,
                actor=by,
                target=target.id,
            )
        )
    elif reading.reason == "gas":
        out.append(forms.gas_event(attacker, target))
    elif reading.reason == "immune":
        what = f" ({reading.immunity_detail})" if reading.immunity_detail else ""
        out.append(
            Event(
                "immune",
                f"{who} es inmune a este ataque{what}: no le afecta.",
                f"{who} is immune to this attack{what}: no effect.",
                _immunity_rule(reading.immunity),
                actor=by,
                target=target.id,
                data={"immunity": reading.immunity, "detail": reading.immunity_detail},
            )
        )
    elif reading.ignored:
        es, en, rule = _IGNORED[reading.ignored]
        out.append(
            Event(
                "immunity_ignored",
                f"La inmunidad de {who} no cuenta: {es}.",
                f"{who}'s immunity does not count: {en}.",
                rule,
                actor=by,
                target=target.id,
                data={"immunity": reading.immunity, "reason": reading.ignored},
            )
        )
    if reading.vulnerability and reading.factor == 2 and damage:
        out.append(
            Event(
                "vulnerable",
                f"{who} es vulnerable a «{reading.vulnerability}»: daño doble ({damage}).",
                f"{who} is vulnerable to “{reading.vulnerability}”: double damage ({damage}).",
                VULNERABILITY_RULE,
                actor=by,
                target=target.id,
                data={"vulnerability": reading.vulnerability, "damage": damage},
            )
        )
    return out

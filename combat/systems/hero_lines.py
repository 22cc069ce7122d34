"""The Hero System's events as lines of the log: who attacks whom with which attack and maneuver,
the 3d6 roll-under to hit (and the number it needed, when the viewer may know it), the damage
dice read as STUN and BODY, half dice, knockback and hit location rolls, and the outcome in
STUN and BODY after defenses (Valores de combate y tiradas de ataque; 6E Damage)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from ..lines import EventView, LogLine, Names, RollLine, commitment_of, dice_of, line_for


def _pick(lang: str, es: str, en: str) -> str:
    return en if lang == "en" else es


def attack_words(view: EventView, lang: str) -> str:
    """ "Golpe (FUE/5 d6) · Golpear", "Rayo de plasma · Disparo rápido": the attack and maneuver."""
    attack = str(view.get("attack") or "")
    words = [str(_("Golpe (FUE/5 d6)")) if attack == "strike" else attack]
    maneuver = view.get(f"maneuver_{lang}") or view.get("maneuver_es")
    if maneuver:
        words.append(str(maneuver))
    return " · ".join(w for w in words if w)


def _roll(roll: Any, label: str, reading: str = "", dice: str = "") -> RollLine | None:
    if not isinstance(roll, Mapping):
        return None
    count = len(roll.get("faces") or [])
    total = int(roll.get("total") or 0)
    return RollLine(
        label=label,
        dice=dice or f"{count}d{roll.get('sides', 6)}",
        faces=dice_of(roll),
        total=total,
        reading=reading or f"= {total}",
        commitment=commitment_of(roll),
    )


def _to_hit(view: EventView, roll: Mapping, label: str) -> RollLine | None:
    total = int(roll.get("total") or 0) if isinstance(roll, Mapping) else 0
    reading = f"= {total}"
    if view.get("to_hit") is not None:
        reading += ", " + _("necesita %(n)s o menos") % {"n": view["to_hit"]}
    return _roll(roll, label, reading)


def _damage(view: EventView, lang: str) -> RollLine | None:
    roll = view.get("damage_roll")
    if not isinstance(roll, Mapping):
        return None
    reading = f"= {roll.get('total')}"
    if view.get("stun_rolled") is not None and view.get("body_rolled") is not None:
        reading = _("= %(stun)s ATU, %(body)s CUE") % {
            "stun": view["stun_rolled"],
            "body": view["body_rolled"],
        }
    return _roll(roll, _("Daño"), reading, dice=str(view.get("dice_label") or ""))


def _knockback(view: EventView) -> list[RollLine]:
    knockback = view.get("knockback")
    if not isinstance(knockback, Mapping):
        return []
    out = []
    roll = knockback.get("roll")
    if isinstance(roll, Mapping):
        reading = f"= {roll.get('total')}"
        if knockback.get("inches") is not None:
            reading += ", " + _('retroceso %(n)s"') % {"n": knockback["inches"]}
        out.append(_roll(roll, _("Retroceso"), reading))
    taken = knockback.get("damage_taken")
    if isinstance(taken, Mapping) and isinstance(taken.get("damage_roll"), Mapping):
        out.append(_knockback_damage(taken))
    return [r for r in out if r is not None]


def _knockback_damage(taken: Mapping) -> RollLine:
    """The damage of being knocked back, its half die with its dice ("½d6: 4 = 2 ATU, 1 CUE"):
    the whole dice alone may be none ("0d6: = 0" read as a roll that never was)."""
    main, half = taken["damage_roll"], taken.get("half_die_roll")
    count = len(main.get("faces") or [])
    halves = half if isinstance(half, Mapping) and half.get("faces") else None
    dice = (f"{count}" if count else "") + ("½" if halves else "") + f"d{main.get('sides', 6)}"
    reading = f"= {main.get('total')}"
    if taken.get("stun_rolled") is not None and taken.get("body_rolled") is not None:
        reading = _("= %(stun)s ATU, %(body)s CUE") % {
            "stun": taken["stun_rolled"],
            "body": taken["body_rolled"],
        }
    return RollLine(
        label=_("Daño del retroceso"),
        dice=dice,
        faces=dice_of(main) + (dice_of(halves) if halves else ()),
        total=int(taken.get("stun_rolled") or main.get("total") or 0),
        reading=reading,
        commitment=commitment_of(main),
    )


def rolls(view: EventView, lang: str) -> tuple[RollLine, ...]:
    found: list[RollLine | None] = [_to_hit(view, view.get("roll"), _("Impactar"))]
    for index, shot in enumerate(view.get("autofire") or [], start=1):
        if isinstance(shot, Mapping):
            found.append(_to_hit(shot, shot.get("roll"), _("Disparo %(n)s") % {"n": index}))
    found.append(_damage(view, lang))
    found.append(_roll(view.get("half_die_roll"), _("Medio dado")))
    found.append(_roll(view.get("location_roll"), _("Localización")))
    found += _knockback(view)
    for key, label in (("block", _("Bloqueo")), ("rolled_with_punch", _("Rodar con el golpe"))):
        nested = view.get(key)
        if isinstance(nested, Mapping):
            found.append(_roll(nested.get("roll"), label))
    return tuple(r for r in found if r is not None)


def outcome(view: EventView) -> str:
    if view.get("hit") is None:
        return ""
    if not view["hit"]:
        return str(_("falla"))
    words = [str(_("impacta"))]
    damage = view.get("damage")
    if isinstance(damage, Mapping) and {"stun", "body"} <= set(damage):
        words.append(_("%(stun)s ATU y %(body)s CUE tras defensas") % damage)
    if view.get("stunned"):
        words.append(str(_("queda aturdido")))
    return ", ".join(words)


def _engine_rest(view: EventView, lang: str) -> str:
    """What the engine's attack sentence says after its head ("Ataque con strike (Golpear)"):
    the roll against the number needed, the result, the damage and the knockback."""
    text = str(view.get("text") or "").rstrip(".")
    maneuver = view.get(f"maneuver_{lang}") or view.get("maneuver_es") or ""
    head = ("Attack with {} ({})" if lang == "en" else "Ataque con {} ({})").format(
        view.get("attack"), maneuver
    )
    return text[len(head) :] if text.startswith(head) else f": {text}"


def _text(view: EventView, names: Names, lang: str, actor: str, target: str) -> str:
    """The engine's sentence, with the names it leaves out: Hero's texts speak of the one acting,
    and name an attack by its slug ("strike"), which the line says in words."""
    if view.get("type") == "attack" and actor and target:
        attack = str(view.get("attack") or "")
        maneuver = view.get(f"maneuver_{lang}") or view.get("maneuver_es") or ""
        words = {
            "actor": actor,
            "target": target,
            "attack": str(_("Golpe (FUE/5 d6)")) if attack == "strike" else attack,
            "maneuver": maneuver,
        }
        if maneuver:
            head = _("%(actor)s ataca a %(target)s con %(attack)s, maniobra %(maneuver)s.") % words
        else:
            head = _("%(actor)s ataca a %(target)s con %(attack)s.") % words
        return head.rstrip(".") + _engine_rest(view, lang) + "."
    text = str(view.get("text") or "")
    if actor and actor not in text:
        return f"{actor}: {text}"
    return text


def log_line(view: EventView, names: Names, lang: str, *, heading: str, time: str, rule: str) -> LogLine:
    base = line_for(view, names, heading=heading)
    hit = view.get("hit")
    return line_for(
        view,
        names,
        heading=heading,
        time=time,
        text=_text(view, names, lang, base.actor, base.target),
        what=attack_words(view, lang) if view.get("type") == "attack" else "",
        rolls=rolls(view, lang),
        outcome=outcome(view),
        rule=rule,
        tone="hit" if hit is True else "miss" if hit is False else "",
    )

"""How Epic20's builder and sheet write dice, catalogue names and equipment properties (es/en)."""

from __future__ import annotations

from functools import cache

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rules.epic20.sheet import EQUIPMENT_FLAGS

from ..page_format import signed


def dice_text(bonus: int, superiority: int) -> str:
    """RESOLVER ACCIONES: Superioridad rolls one more d20 and keeps the highest, Inferioridad
    one more and keeps the lowest; they cancel out, so only the net count matters."""
    count = abs(superiority) + 1
    params = {"count": count, "bonus": signed(bonus)}
    if superiority > 0:
        return _("%(count)sd20, el mayor, %(bonus)s") % params
    if superiority < 0:
        return _("%(count)sd20, el menor, %(bonus)s") % params
    return _("1d20, %(bonus)s") % params


def name_of(entry, lang: str) -> str:
    return entry.name_en if lang == "en" else entry.name_es


def description_of(entry, lang: str) -> str:
    return entry.description_en if lang == "en" else entry.description_es


def equipment_flag_label(key: str) -> str:
    """The name of an equipment property (`rules.epic20.sheet.EQUIPMENT_FLAGS`) as the builder
    and the sheet write it; the words are the document's (MANIOBRAS DE COMBATE, Reglas de equipo)."""
    return {
        "armor": _("Armadura"),
        "shield": _("Escudo"),
        "two_handed": _("A dos manos"),
        "reach": _("Alcance extendido"),
        "ranged": _("A distancia"),
        "burst": _("Ráfaga"),
        "heavy": _("Pesada"),
        "for_spaceship": _("Para la nave espacial"),
    }.get(key, key)


def equipment_flag_help(key: str) -> str:
    return {
        "armor": _("Equipo de protección: cuenta para la defensa."),
        "shield": _("Un escudo embrazado (Defensa con escudo)."),
        "two_handed": _("Arma de cuerpo a cuerpo a dos manos (Ataque brutal, Desarmar)."),
        "reach": _("Cuerpo a cuerpo con alcance extendido: lanzas largas, alabardas, látigos."),
        "ranged": _("Arma a distancia (Ataque sostenido, Ojo agudo)."),
        "burst": _("Arma de ráfaga, a distancia (Ataque brutal de ráfaga, Ataque doble)."),
        "heavy": _("Arma pesada (andador, nave espacial…): ignora inmunidades y escudos."),
        "for_spaceship": _("Comprado para la Nave espacial: no cuenta para el límite de equipo especial."),
    }.get(key, "")


def equipment_flag_fields() -> list[dict[str, str]]:
    """The builder's checkboxes of an equipment row, in the engine's order (made once per
    language: every render of the builder asks for them)."""
    return _flag_fields(get_language() or "es")


@cache
def _flag_fields(lang: str) -> list[dict[str, str]]:
    return [
        {"key": key, "label": str(equipment_flag_label(key)), "help": str(equipment_flag_help(key))}
        for key in EQUIPMENT_FLAGS
    ]

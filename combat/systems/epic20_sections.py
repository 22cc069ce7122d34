"""The fight log's Epic20 rule tags in English: the names live with the engine
(`rules.epic20.section_names`) and are read through the one path every system's tags take
(`rules.core.section_names`), so the log and the character pages translate a tag the same way."""

from rules.core.section_names import rule_label as _section_label
from rules.epic20.section_names import SECTIONS_EN

__all__ = ["SECTIONS_EN", "rule_label"]


def rule_label(rule: str, lang: str) -> str:
    return _section_label(rule, lang, "epic20")

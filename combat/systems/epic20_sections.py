"""The fight log's rule tags in English: the names live with the engine
(`rules.epic20.section_names`), so the character pages translate the same tags the same way."""

from rules.epic20.section_names import SECTIONS_EN, rule_label

__all__ = ["SECTIONS_EN", "rule_label"]

"""Parts of a campaign that other apps keep (the directory's listing, `tables`): each registers,
when its app is ready, one field that the campaign's GET carries and its PATCH may set. The
campaigns app calls them without importing those apps, so the layers keep pointing one way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rest_framework import serializers


@dataclass(frozen=True)
class CampaignPart:
    name: str
    # A read-only field (`source="*"`) that draws the part from the campaign.
    output: Callable[[], serializers.Field]
    # The PATCH body's field (not required), validated whole before anything is written.
    input: Callable[[], serializers.Field]
    # Writes the validated value; only the campaign's GM gets here.
    write: Callable[..., Any]


_PARTS: dict[str, CampaignPart] = {}


def register(part: CampaignPart) -> None:
    _PARTS[part.name] = part


def parts() -> list[CampaignPart]:
    return list(_PARTS.values())


def write_parts(*, campaign, data: dict, user) -> None:
    """Write every registered part the validated PATCH body names."""
    for part in parts():
        if part.name in data:
            part.write(campaign=campaign, value=data[part.name], user=user)

"""The campaign's `listing`, as the campaign's own endpoint carries it (`campaigns.extensions`):
its members read it in the campaign's GET, its GM sets it with PATCH."""

from campaigns.extensions import CampaignPart

from . import services
from .serializers import CampaignListingInputSerializer, CampaignListingSerializer


def _write(*, campaign, value: dict, user) -> None:
    services.listing_update(campaign=campaign, changes=value)


LISTING_PART = CampaignPart(
    name="listing",
    output=lambda: CampaignListingSerializer(read_only=True),
    input=lambda: CampaignListingInputSerializer(required=False),
    write=_write,
)

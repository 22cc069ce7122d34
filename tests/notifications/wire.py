"""A webhook call recorded instead of sent (`notifications.webhook_post.post` replaced), for the
tests that look at what would go on the wire rather than at the wire itself."""

from dataclasses import dataclass


@dataclass
class Recorded:
    target: object
    data: bytes
    headers: dict

    @property
    def full_url(self) -> str:
        return f"https://{self.target.host}{self.target.path}"

    def header_items(self):
        return self.headers.items()


def recording(seen: list, status: int = 204):
    def post(target, body, headers, *, seconds):
        seen.append(Recorded(target, body, headers))
        return status

    return post

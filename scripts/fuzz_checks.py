"""schemathesis hooks for `scripts/fuzz-api.sh`: valid data is accepted, and a 400 for a request
the schema calls valid is a failure, unless the refusal names something no schema can state.

The schema states every limit and requirement the server checks (lengths, ranges, required
fields, types: docs/api.md, "The schema's own rules"). What it cannot state is what
depends on stored data, on a secret, or on the rules of the game read across a whole sheet or
fight. A 400 is excused only when every error in its envelope is one of those:

- an error with a `rule`: a rule of the game the request broke (a sheet over its budget, a
  results table with a gap, an attack the rules do not allow now);
- an id naming nothing the user has (`<field>.not_found`), or a code in `STORED_STATE`: the
  right password, a live invite code, a member's id, an encounter of the campaign, a key the
  character's own system has, a round the encounter has played, a waiver for an error the sheet
  has, an address that resolves to a public host (a webhook's, a push service's), a system that
  reads the options given, a name nobody has taken, a fight with combatants to start, the system
  a stored character already has, a campaign that plays the sheet's system, a pitch the listing
  already has, a sheet with a level to raise, a skill the combatant has, an action that changes
  the fight; and the odds' parameters of another system (`BY_SYSTEM`);
- what an uploaded file holds (`FILE_CONTENTS`: empty, not JSON, not the format's XML);
- Django's password validators (`password.*`: too common, too like the username).

Every other 400 to a positive (schema-valid) request fails the run, as do the statuses the
built-in `positive_data_acceptance` refuses (its expected statuses, less 400, are kept here).
"""

from __future__ import annotations

import json

import schemathesis
from schemathesis.core.failures import Failure

ACCEPTED = {401, 403, 404, 409, 412, 429}
# What an uploaded file holds: the schema describes a file as bytes (`POST /characters/import/`).
FILE_CONTENTS = frozenset({"import.empty", "import.not_json", "import.unreadable"})
STORED_STATE = frozenset(
    {
        "credentials.invalid",
        "username.unique",
        "invite_code.invalid",
        "visibility.invalid",
        "quote.invalid",
        "sheet.unknown_key",
        "waiver.path_invalid",
        "waiver.code_invalid",
        "webhook_url.refused",
        "url.refused",
        "push.endpoint_refused",
        "listing.encounter_unknown",
        "listing.pitch_required",
        "rules_options.unsupported",
        "tracking.unsupported",
        "npc_from.other_system",
        "character.other_system",
        "campaign.other_system",
        "award.level_unknown",
        "skill.unknown",
        "action.no_effect",
        "partida.invalid",
        "start.no_combatants",
        "system.immutable",
    }
)
# An encounter's operations document every system's parameters and actions; the encounter's own
# system refuses those it does not read and requires those it needs (docs/api.md, "Query
# parameters"; an action body is one of *some* system's actions, `combat.schemas`).
ACTION_BY_SYSTEM = (".unknown_field", ".required", "type.unknown", "declare.unknown_type")
BY_SYSTEM = {
    # `kind`: its choices are those of the encounter's system (Epic20's four kinds of attack).
    "GET /api/v1/encounters/{id}/odds/": (".unknown", ".required", "kind.invalid"),
    "POST /api/v1/encounters/{id}/actions/": ACTION_BY_SYSTEM,
    # A standing order is one of the fight's own actions (`combat.order_serializers`).
    "PUT /api/v1/encounters/{id}/combatants/{cid}/standing-order/": ACTION_BY_SYSTEM,
}


class ValidRequestRefused(Failure):
    kind_title = "Schema-valid request refused"
    __slots__ = ("status_code", "codes")

    def __init__(self, *, operation: str, status: int, codes: list[str]) -> None:
        message = f"Valid data refused with {status}: {', '.join(codes) or 'no envelope'}"
        super().__init__(operation=operation, message=message)
        self.status_code = status
        self.codes = codes

    @property
    def _unique_key(self) -> str:
        return f"{self.operation}:{self.status_code}:{','.join(self.codes)}"


def _errors(response) -> list[dict]:
    try:
        body = json.loads(response.content or b"null")
    except ValueError:
        return []
    errors = body.get("errors") if isinstance(body, dict) else None
    return [e for e in errors or () if isinstance(e, dict)]


def _beyond_a_schema(error: dict, operation: str) -> bool:
    code = str(error.get("code", ""))
    return (
        bool(error.get("rule"))
        or code.endswith((".not_found", *BY_SYSTEM.get(operation, ())))
        or code in STORED_STATE
        or code in FILE_CONTENTS
        or code.startswith("password.")
    )


@schemathesis.check
def valid_data_accepted(ctx, response, case):
    """`positive_data_acceptance` without a blanket excuse for 400 (see the module's text)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    status = response.status_code
    if 200 <= status < 400 or status in ACCEPTED or status >= 500:
        return None  # 5xx: `not_a_server_error` reports it
    errors = _errors(response)
    if status == 400 and errors and all(_beyond_a_schema(e, case.operation.label) for e in errors):
        return None
    raise ValidRequestRefused(
        operation=case.operation.label, status=status, codes=[str(e.get("code")) for e in errors]
    )

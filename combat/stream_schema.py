"""The encounter stream in the OpenAPI schema: a plain async view (`combat.stream`), which
drf-spectacular does not see, so a postprocessing hook (settings.SPECTACULAR_SETTINGS) adds it,
with the same security as the other encounter operations."""

from __future__ import annotations

STREAM_PATH = "/api/v1/encounters/{id}/stream/"
_EVENTS_PATH = "/api/v1/encounters/{id}/events/"

_DESCRIPTION = """Server-Sent Events. The stream opens with a block of its own, `retry: 3000` and a blank
line: the reconnection delay (milliseconds) for the client's `EventSource`, no event. Then one
message per committed change of the encounter (an action, an undo,
a reveal, a settings change, a declaration):

    id: <version>
    event: changed
    data: {"version": <int>, "last_seq": <int>}

`version` is the encounter's version after the change, `last_seq` the newest event's `seq`;
read what changed from `/events/?after=` or the encounter. Nothing private travels here.
With `Last-Event-ID: <version>` a client that reconnects gets one message at once if the
encounter moved past that version. A comment line (`: keep-alive`) goes out at least every
20 s. The stream ends when the member leaves or is removed, or when the server loses its
fan-out (clients reconnect after the `retry` it sends, and meanwhile read `/events/`). While
the server cannot hold a stream it answers 204: read `/events/` and try again later."""

_MESSAGE_DATA = {
    "type": "object",
    "description": "The `data` line of a `changed` message.",
    "properties": {"version": {"type": "integer"}, "last_seq": {"type": "integer"}},
    "required": ["version", "last_seq"],
}


def _operation(security) -> dict:
    operation = {
        "operationId": "encounters_stream",
        "summary": "The encounter's changes, pushed (Server-Sent Events)",
        "description": _DESCRIPTION,
        "tags": ["Encounters"],
        "parameters": [
            {"in": "path", "name": "id", "required": True, "schema": {"type": "integer"}},
            {
                "in": "header",
                "name": "Last-Event-ID",
                "required": False,
                "description": "The `id` (a `version`) of the last message the client received; "
                "anything that is not a whole number counts as none.",
                "schema": {"type": "string"},
            },
        ],
        "responses": {
            "200": {
                "description": "An open stream of `changed` messages (text/event-stream).",
                "content": {
                    "text/event-stream": {
                        "schema": {"type": "string", "description": "Server-Sent Events."},
                        "x-message-data": _MESSAGE_DATA,
                    }
                },
            },
            "204": {"description": "No stream can be held now: read `/events/` and try again later."},
        },
    }
    if security:
        operation["security"] = security
    return operation


def document_stream(result, generator, request, public):
    """drf-spectacular postprocessing hook: runs before `document_error_answers`, which adds
    the shared refusals (401, 404, …) in the error envelope."""
    paths = result.setdefault("paths", {})
    events = paths.get(_EVENTS_PATH, {}).get("get", {})
    operation = _operation(events.get("security"))
    operation["tags"] = events.get("tags", operation["tags"])
    paths[STREAM_PATH] = {"get": operation}
    return result

"""Shared helpers of the tracking tests: JSON requests as a given user."""

import json

from rest_framework.test import APIClient


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def send(client, method, path, body=None):
    payload = body if isinstance(body, str) else json.dumps(body if body is not None else {})
    return client.generic(method, path, payload, content_type="application/json")


def codes(response):
    return {e["code"] for e in response.json()["errors"]}

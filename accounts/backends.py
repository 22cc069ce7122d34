"""The authentication backend: Django's `ModelBackend`, asked with the stored form of the name.

The login page's form already hands over the NFKC form (Django's `UsernameField`); the token
endpoint and the admin login do not. Normalising here means every door authenticates the same
account for the same typed name, the one the throttle counts failures for (`accounts.names`).
"""

from __future__ import annotations

from django.contrib.auth.backends import ModelBackend

from .names import canonical


class NormalisedNameBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is not None:
            username = canonical(username)
        return super().authenticate(request, username=username, password=password, **kwargs)

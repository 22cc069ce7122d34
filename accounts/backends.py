"""The authentication backend: Django's `ModelBackend`, with the per-request user lookup done in
one plain SQL statement (`epic20site.direct.select_one`).

`get_user` runs on every logged-in request (`AuthenticationMiddleware`), and the ORM's query
compilation costs several times the primary-key lookup itself. Everything else — password
checks, permissions, `is_active` — is Django's `ModelBackend`.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from epic20site.direct import quote, select_one


class UserBackend(ModelBackend):
    def get_user(self, user_id):
        model = get_user_model()
        try:
            pk = model._meta.pk.to_python(user_id)
        except Exception:  # a session with a malformed id: no user, as with Django's lookup
            return None
        if pk is None:
            return None
        user = select_one(model, f"{quote(model, model._meta.pk.column)} = %s", [pk])
        return user if user is not None and self.user_can_authenticate(user) else None

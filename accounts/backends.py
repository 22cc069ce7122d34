"""The authentication backend: Django's `ModelBackend`, with the per-request user lookup done in
one plain SQL statement.

`get_user` runs on every logged-in request (`AuthenticationMiddleware`). The ORM's query
compilation costs several times the primary-key lookup itself, so this builds the same `User`
instance from a direct `SELECT` of the model's concrete columns, with the converters the ORM
would apply and `Model.from_db`, as the ORM does. Everything else — password checks,
permissions, `is_active` — is Django's `ModelBackend`.
"""

from __future__ import annotations

from functools import cache

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db import connections, router


@cache
def _lookup(alias: str):
    """The SELECT, the attribute names and each column's converters, built once per database."""
    model = get_user_model()
    connection = connections[alias]
    ops = connection.ops
    fields = model._meta.concrete_fields
    table = model._meta.db_table
    converters = []
    for field in fields:
        col = field.get_col(table)
        converters.append((col, ops.get_db_converters(col) + col.get_db_converters(connection)))
    columns = ", ".join(ops.quote_name(f.column) for f in fields)
    sql = f"SELECT {columns} FROM {ops.quote_name(table)} WHERE {ops.quote_name(model._meta.pk.column)} = %s"
    return sql, tuple(f.attname for f in fields), converters


class UserBackend(ModelBackend):
    def get_user(self, user_id):
        model = get_user_model()
        try:
            pk = model._meta.pk.to_python(user_id)
        except Exception:  # a session with a malformed id: no user, as with Django's lookup
            return None
        alias = router.db_for_read(model)
        connection = connections[alias]
        sql, names, converters = _lookup(alias)
        with connection.cursor() as cursor:
            cursor.execute(sql, [pk])
            row = cursor.fetchone()
        if row is None:
            return None
        values = []
        for value, (col, functions) in zip(row, converters, strict=True):
            for convert in functions:
                value = convert(value, col, connection)
            values.append(value)
        user = model.from_db(alias, names, values)
        return user if self.user_can_authenticate(user) else None

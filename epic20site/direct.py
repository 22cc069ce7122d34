"""One model instance read with a plain SQL statement, for lookups on every request.

The ORM's query compilation costs several times a primary-key or unique-key lookup itself. For
the two reads every logged-in request makes (its session, its user: `epic20site/sessions/`,
`accounts/backends.py`) `select_one` runs the `SELECT` of the model's concrete columns directly
and builds the instance as the ORM does: the backend's and the fields' converters, then
`Model.from_db`.
"""

from __future__ import annotations

from functools import cache

from django.db import connections, router


@cache
def _columns(model, alias: str):
    """The column list, the attribute names and each column's converters, built once."""
    connection = connections[alias]
    ops = connection.ops
    table = model._meta.db_table
    fields = model._meta.concrete_fields
    converters = []
    for field in fields:
        col = field.get_col(table)
        converters.append((col, ops.get_db_converters(col) + col.get_db_converters(connection)))
    columns = ", ".join(ops.quote_name(f.column) for f in fields)
    return f"SELECT {columns} FROM {ops.quote_name(table)}", tuple(f.attname for f in fields), converters


def select_one(model, where: str, params: list):
    """The instance of `model` matching `where` (SQL with %s placeholders, column names only,
    never input), or None."""
    alias = router.db_for_read(model)
    connection = connections[alias]
    select, names, converters = _columns(model, alias)
    with connection.cursor() as cursor:
        cursor.execute(f"{select} WHERE {where}", params)
        row = cursor.fetchone()
    if row is None:
        return None
    values = []
    for value, (col, functions) in zip(row, converters, strict=True):
        for convert in functions:
            value = convert(value, col, connection)
        values.append(value)
    return model.from_db(alias, names, values)


def quote(model, column: str) -> str:
    """A column name of `model` quoted for its database."""
    return connections[router.db_for_read(model)].ops.quote_name(column)

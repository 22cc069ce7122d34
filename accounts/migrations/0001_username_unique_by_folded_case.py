"""One account per name up to case, enforced by the database: sign-ups that race past the form's
check (`accounts.names.name_taken`) cannot both be stored.

Accounts created before the constraint whose names differ only by case keep the oldest one's
name; each later one is renamed to its name followed by `-<id>` so the index can be built."""

from django.db import migrations
from django.db.models import UniqueConstraint
from django.db.models.functions import Lower

CONSTRAINT = "auth_user_username_folded_unique"
MAX_LENGTH = 150


def _constraint() -> UniqueConstraint:
    return UniqueConstraint(Lower("username"), name=CONSTRAINT)


def _suffixed(name: str, suffix: str) -> str:
    return name[: MAX_LENGTH - len(suffix)] + suffix


def _rename_clashes(User) -> None:
    seen: set[str] = set()
    taken = {name.lower() for name in User.objects.values_list("username", flat=True)}
    for user in User.objects.order_by("pk").only("pk", "username"):
        folded = user.username.lower()
        if folded not in seen:
            seen.add(folded)
            continue
        renamed, attempt = _suffixed(user.username, f"-{user.pk}"), 1
        while renamed.lower() in taken:
            attempt += 1
            renamed = _suffixed(user.username, f"-{user.pk}-{attempt}")
        taken.add(renamed.lower())
        seen.add(renamed.lower())
        User.objects.filter(pk=user.pk).update(username=renamed)


def forwards(apps, schema_editor):
    User = apps.get_model("auth", "User")
    _rename_clashes(User)
    schema_editor.add_constraint(User, _constraint())


def backwards(apps, schema_editor):
    schema_editor.remove_constraint(apps.get_model("auth", "User"), _constraint())


class Migration(migrations.Migration):
    dependencies = [("auth", "0012_alter_user_first_name_max_length")]

    operations = [migrations.RunPython(forwards, backwards)]

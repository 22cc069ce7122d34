"""Webhook secrets shown as Standard Webhooks does, `whsec_<base64>`: a secret made before (64 hex
digits) becomes the same 32 bytes written that way, so its key does not change."""

import base64

from django.db import migrations


def _as_whsec(secret: str) -> str:
    if secret.startswith("whsec_"):
        return secret
    return "whsec_" + base64.b64encode(bytes.fromhex(secret)).decode()


def forwards(apps, schema_editor):
    for model, field in (("Preference", "webhook_secret"), ("TableWebhook", "secret")):
        Model = apps.get_model("notifications", model)
        for row in Model.objects.exclude(**{f"{field}__startswith": "whsec_"}).only("pk", field):
            setattr(row, field, _as_whsec(getattr(row, field)))
            row.save(update_fields=[field])


class Migration(migrations.Migration):
    dependencies = [("notifications", "0003_inbox_mark_last_seen")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]

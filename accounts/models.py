"""What an account keeps beside Django's user: the language every message to its owner is
written in (`accounts.language`)."""

from django.conf import settings
from django.db import models


class Profile(models.Model):
    class Language(models.TextChoices):
        ES = "es", "Español"
        EN = "en", "English"

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    language = models.CharField(max_length=2, choices=Language.choices, default=Language.ES)

    def __str__(self):
        return f"profile of {self.user_id} ({self.language})"

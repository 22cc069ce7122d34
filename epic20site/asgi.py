"""ASGI entry point for Epic20 Site."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "epic20site.settings")

application = get_asgi_application()

"""WSGI entry point for Epic20 Site (gunicorn epic20site.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "epic20site.settings")

application = get_wsgi_application()

"""Settings for Epic20 Site, read from the environment.

Safe defaults serve local use only (SQLite, in-process cache, DEBUG on); production sets
`DEBUG=False` and must then provide `SECRET_KEY`. See `.env.example`.
"""

import hashlib
import tempfile
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.functional import SimpleLazyObject
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=True)
TESTING = env.bool("TESTING", default=False)

_INSECURE_LOCAL_KEY = "django-insecure-local-only-never-in-production"
SECRET_KEY = env("SECRET_KEY", default=None)
if not SECRET_KEY:
    if not DEBUG:
        # Production refuses to start without its own key (cookiecutter-django's habit).
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = _INSECURE_LOCAL_KEY

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "csp",
    "rules.apps.RulesConfig",
    "accounts.apps.AccountsConfig",
    "campaigns.apps.CampaignsConfig",
    "characters.apps.CharactersConfig",
    "combat.apps.CombatConfig",
    "tracking.apps.TrackingConfig",
    "django_tasks",
    "django_tasks_db",
    "notifications.apps.NotificationsConfig",
    "tables.apps.TablesConfig",
]

MIDDLEWARE = [
    # First: compresses every finished answer (pages, JSON), never the event stream.
    "epic20site.compression.CompressTextAnswers",
    "epic20site.middleware.APIErrorsAsEnvelope",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "epic20site.long_urls.RefuseLongURLs",
    "epic20site.middleware.CommonMiddleware",
    "epic20site.middleware.RefuseUnstorableText",
    "epic20site.middleware.RefuseUndocumentedQuery",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: keeps the chain in one thread per request under ASGI (see its docstring).
    "epic20site.middleware.SyncChain",
]

ROOT_URLCONF = "epic20site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "epic20site.site_links.site_links",
            ],
        },
    },
]

WSGI_APPLICATION = "epic20site.wsgi.application"
ASGI_APPLICATION = "epic20site.asgi.application"

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"].setdefault("ATOMIC_REQUESTS", False)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL and a busy timeout let the dev server and several gunicorn workers share the file.
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].setdefault("timeout", 20)
    DATABASES["default"]["OPTIONS"].setdefault(
        "init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
    )
    DATABASES["default"]["OPTIONS"].setdefault("transaction_mode", "IMMEDIATE")
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env.int("DB_POOL_SIZE", default=10):
    # Under the ASGI server each sync view runs in a thread of its own, and each thread would
    # hold its own connection: a pool per process bounds them (DB_POOL_SIZE each; a request
    # waits up to DB_POOL_TIMEOUT seconds for one). Size it so that every process's pool
    # together stays under PostgreSQL's max_connections. DB_POOL_SIZE=0 turns it off.
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].setdefault(
        "pool",
        {
            "min_size": 1,
            "max_size": env.int("DB_POOL_SIZE", default=10),
            "timeout": env.float("DB_POOL_TIMEOUT", default=10),
        },
    )
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps them; Django must not as well
else:
    # Persistent connections: opening one per request costs more than most of our queries.
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
DATABASES["default"].setdefault("CONN_HEALTH_CHECKS", True)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env("REDIS_URL", default="")
# A Redis outage degrades the site instead of failing it: reads miss, writes are dropped (and
# logged), sessions fall back to the database, throttles fail open, live updates read the
# database. Short timeouts keep a dead Redis from stalling every request.
REDIS_CACHE_OPTIONS = {
    "IGNORE_EXCEPTIONS": True,
    "SOCKET_CONNECT_TIMEOUT": env.float("REDIS_CONNECT_TIMEOUT", default=0.5),
    "SOCKET_TIMEOUT": env.float("REDIS_TIMEOUT", default=0.5),
}
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env("CACHE_KEY_PREFIX", default="epic20site"),
            "OPTIONS": REDIS_CACHE_OPTIONS,
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def _live_cache() -> dict:
    """Where open fight pages learn that their fight moved (`combat.live`): a cache every
    process of the site shares. Redis when configured. Without it, on SQLite (whose site is one
    machine), files in a folder of that machine, named after the database so two sites never
    share one; otherwise each process's own memory, and the polls ask the database."""
    if REDIS_URL:
        return CACHES["default"]
    if DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "live"}
    database = str(DATABASES["default"].get("NAME", ""))
    folder = (
        Path(tempfile.gettempdir()) / f"epic20site-live-{hashlib.sha256(database.encode()).hexdigest()[:16]}"
    )
    return {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": env("LIVE_CACHE_DIR", default=str(folder)),
        "OPTIONS": {"MAX_ENTRIES": 2000},
    }


CACHES["live"] = _live_cache()
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
DJANGO_REDIS_LOGGER = "epic20site.cache"

# Under the ASGI server (`epic20site.asgi`), the threads each process runs requests' sync parts
# on (reused; a request waits for a free one). Keep it at or under DB_POOL_SIZE.
WEB_THREADS = env.int("WEB_THREADS", default=10)

# An open encounter stream (`combat.stream`) sends a comment after this many idle seconds, so
# that no proxy in between closes it for silence (API.md asks for at least one every 20 s).
STREAM_KEEPALIVE_SECONDS = env.float("STREAM_KEEPALIVE_SECONDS", default=15)

# Open encounter streams one user, and one client address (`epic20site.net.client_ip`), may
# hold at once, counted across processes (`combat.stream_slots`); past either, 429.
STREAM_MAX_PER_USER = env.int("STREAM_MAX_PER_USER", default=8)
STREAM_MAX_PER_ADDRESS = env.int("STREAM_MAX_PER_ADDRESS", default=32)

# The `web` process's HTTP protocol (`epic20site.http_protocol`): seconds a request has to
# arrive whole from its first byte, and open connections per peer address and process (0: no
# bound; not applied behind proxies, TRUSTED_PROXY_COUNT > 0).
WEB_HEADER_TIMEOUT = env.float("WEB_HEADER_TIMEOUT", default=10)
WEB_MAX_CONNECTIONS_PER_ADDRESS = env.int("WEB_MAX_CONNECTIONS_PER_ADDRESS", default=100)

# Sessions are read on every logged-in request: with a shared cache in front of the database
# that read costs no query. Never with the per-process cache, where a logout in one process
# would leave the session alive in another's memory.
SESSION_ENGINE = (
    "django.contrib.sessions.backends.cached_db" if REDIS_URL else "django.contrib.sessions.backends.db"
)

# Django's ModelBackend, asked with the NFKC form of the name (accounts/names.py).
AUTHENTICATION_BACKENDS = ["accounts.backends.NormalisedNameBackend"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "campaigns:campaign_list"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "es"
LANGUAGES = [("es", _("Español")), ("en", _("English"))]
# The site's own words, then each game system's, in the catalogue beside its rules
# (`SystemRegistration.locale_dir`; tests/site/test_system_catalogues.py holds the two equal).
LOCALE_PATHS = [BASE_DIR / "locale", *sorted((BASE_DIR / "rules").glob("*/locale"))]
TIME_ZONE = "Europe/Madrid"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Requests larger than this are refused before any view sees them (huge bodies are bad input).
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=512 * 1024)
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "epic20site.authentication.TokenOrBearerAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["epic20site.parsers.JSONBodyParser"],
    "DEFAULT_RENDERER_CLASSES": ["epic20site.renderers.FastJSONRenderer"],
    "DEFAULT_PAGINATION_CLASS": "epic20site.api.Pagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "epic20site.api.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
# JSON only, with DEBUG on too: every /api/ answer is JSON (a browser asking for HTML gets 406);
# people read the API at /api/v1/docs/.

SPECTACULAR_SETTINGS = {
    "TITLE": "Epic20 Site API",
    "DESCRIPTION": "REST API of Epic20 Site: accounts, campaigns, the rules catalogue, character sheets and encounters.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Relative: the site that serves the schema serves the API.
    "SERVERS": [{"url": "/", "description": "This site."}],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # The directory's choices, named for what they are rather than after a field.
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    # Stable enum names: each choice set named once, never by a hash of its values.
    "ENUM_NAME_OVERRIDES": SimpleLazyObject(
        lambda: {
            "EncounterStatusEnum": ["setup", "active", "ended"],
            "PartidaStatusEnum": "tracking.models.Partida.Status",
            "TableLanguageEnum": "tables.models.Language",
            "AccountLanguageEnum": "accounts.models.Profile.Language",
            "TablePaceEnum": "tables.models.Pace",
            "LogToneEnum": ["hit", "miss", ""],
            **import_string("combat.schemas.action_enum_names")(),
            **import_string("characters.sheet_schemas.sheet_enum_names")(),
        }
    ),
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "epic20site.schema.nullable_references",
        "combat.stream_schema.document_stream",
        "epic20site.schema.document_error_answers",
        "epic20site.schema_precision.state_what_is_checked",
        "combat.schemas.any_system_action",
        "combat.system_schemas.describe_every_system",
        "combat.declared_schema.describe_declared_actions",
        "epic20site.schema_precision.type_every_nullable",
    ],
}

# Failed logins: this many per window, per username and per client address, before a 429.
LOGIN_FAILURE_RATE = env("LOGIN_FAILURE_RATE", default="5/5m")

# Sign-ups (page and API), accepted or not, per client address.
SIGNUP_RATE = env("SIGNUP_RATE", default="10/h")

# Applications to listed campaigns (page and API), sent or refused, per user.
TABLE_APPLICATION_RATE = env("TABLE_APPLICATION_RATE", default="10/h")

RATELIMIT_USE_CACHE = "default"
# When the cache cannot be reached, counters let requests through (django-redis logs why):
# a Redis outage must not lock every player out.
RATELIMIT_FAIL_OPEN = True
# Behind N reverse proxies, set TRUSTED_PROXY_COUNT=N so each player is counted by their own
# address, not the proxy's (see epic20site/net.py).
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
RATELIMIT_IP_META_KEY = "epic20site.net.client_ip"
RATELIMIT_VIEW = "epic20site.pages.ratelimited"

# Content-Security-Policy (django-csp): the site loads nothing from elsewhere, so everything is
# 'self' and nothing inline runs, with two named exceptions. Two inline handlers in templates
# others own are allowed by their hash ('unsafe-hashes'), and style attributes are allowed
# (`style-src-attr`; the builder's progress bars set their width in one) until those templates
# move them to static files. Inline <script> elements stay forbidden, and so do inline <style>
# elements but the one htmx writes.
_INLINE_HANDLERS = [
    "'sha256-osjxnKEPL/pQJbFk1dKsF7PYFmTyMWGmVSiL9inhxJY='",  # base.html: this.form.submit()
    "'sha256-MguIPR6qNR8D3B+eAlK+bIRTZe8t3wkOY4B/56Me9FU='",  # characters/sheet.html: window.print()
]
HTMX_INDICATOR_STYLE = "'sha256-faU7yAF8NxuMTNEwVmBz+VcYeIoBQ2EMHW3WaVxCvnk='"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'none'"],
        "script-src": ["'self'", "'unsafe-hashes'", *_INLINE_HANDLERS],
        # htmx adds one <style> of its own (its request indicator), allowed by its exact hash.
        "style-src": ["'self'", HTMX_INDICATOR_STYLE],
        "style-src-attr": ["'unsafe-inline'"],
        # Bootstrap draws its icons (menu, selects, checks) as data: SVG images.
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        # The installable site's manifest (`notifications.pwa`); its service worker, /sw.js, is
        # allowed by script-src, which worker-src falls back to.
        "manifest-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'none'"],
        "object-src": ["'none'"],
    }
}

# Production hardening: on whenever DEBUG is off, so `manage.py check --deploy` is clean.
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 30)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}

# Background work (notifications, turn deadlines): Django's Tasks API through django-tasks. The
# database backend by default (`manage.py db_worker` runs it); RQ on Redis when REDIS_URL is set
# (`manage.py rqworker`). docs/tracking.md says how to run either in production.
TASKS = (
    {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}
    if REDIS_URL
    else {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
)
if REDIS_URL:
    INSTALLED_APPS += ["django_rq"]
    # A Redis that drops packets must not hold a request's enqueue until the system gives up:
    # the queue's connection gets the cache's connect timeout (redis-py reads it from the URL).
    RQ_QUEUES = {
        "default": {
            "URL": REDIS_URL
            + ("&" if "?" in REDIS_URL else "?")
            + f"socket_connect_timeout={REDIS_CACHE_OPTIONS['SOCKET_CONNECT_TIMEOUT']}"
        }
    }
EMAIL_BACKEND = env("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
# A mail server that hangs must not hold a worker for ever.
EMAIL_TIMEOUT = env.float("EMAIL_TIMEOUT", default=10)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Epic20 Site <no-reply@localhost>")
# Webhooks must be https to a public address; the development server may allow loopback.
NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = env.bool("NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS", default=False)
# The whole of one webhook call (connection, TLS, request, answer), however slowly it answers.
NOTIFICATIONS_WEBHOOK_DEADLINE_SECONDS = env.float("NOTIFICATIONS_WEBHOOK_DEADLINE_SECONDS", default=10)
# A turn's e-mail or push waits this long, and is dropped if the person acts or opens the fight.
NOTIFY_GRACE_SECONDS = env.int("NOTIFY_GRACE_SECONDS", default=120)
# Web Push (VAPID, RFC 8292): the application server's P-256 private key, base64url of its 32
# bytes (`make run` makes a development one), and who runs it (mailto: or https:).
VAPID_PRIVATE_KEY = env("VAPID_PRIVATE_KEY", default="")
VAPID_SUBJECT = env("VAPID_SUBJECT", default="mailto:no-reply@localhost")
# The clock deadlines read: a dotted path to a function returning an aware datetime (tests).
TRACKING_CLOCK = "django.utils.timezone.now"
# Where links in e-mails and webhooks point (no trailing slash).
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000")

# Each game system's action types have their own `type`, `kind` and `status` choices; the
# OpenAPI generator names their enums with a hash suffix when two share a field name. The
# names are cosmetic: every enum is right and documented.
SILENCED_SYSTEM_CHECKS = ["drf_spectacular.W001"]

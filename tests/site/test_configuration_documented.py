"""Every setting the code reads from the environment is named in the README's configuration
table and in `.env.example`, and the README shows the Procfile as it is."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READ_FROM_ENV = re.compile(r"""\benv(?:\.\w+)?\(\s*"([A-Z][A-Z0-9_]*)\"""")


def names_read() -> set[str]:
    return set(READ_FROM_ENV.findall((ROOT / "epic20site" / "settings.py").read_text()))


def test_the_settings_read_some_names():
    assert {"DATABASE_URL", "REDIS_URL", "SITE_URL", "SECURE_SSL_REDIRECT", "EMAIL_HOST"} <= names_read()


def test_every_setting_read_is_in_the_readme_table():
    configuration = (ROOT / "README.md").read_text().split("## Configuration", 1)[1].split("\n## ", 1)[0]
    missing = sorted(name for name in names_read() if f"`{name}`" not in configuration)
    assert not missing, missing


def test_every_setting_read_is_in_the_env_example():
    example = (ROOT / ".env.example").read_text()
    missing = sorted(name for name in names_read() if not re.search(rf"^#? ?{name}=", example, re.M))
    assert not missing, missing


def test_the_readme_shows_the_procfile():
    production = (ROOT / "README.md").read_text().split("## Production", 1)[1]
    for line in (ROOT / "Procfile").read_text().splitlines():
        assert f"    {line}" in production, line
    assert [line.split(":", 1)[0] for line in (ROOT / "Procfile").read_text().splitlines()] == [
        "web",
        "worker",
        "clock",
    ]

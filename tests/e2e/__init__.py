"""Browser tests (Playwright driving Debian's chromium); `make e2e` runs them."""

"""Hero System (seed 004, translated): the pure engine behind `rules/hero/system.py`.

Readings where the seed is silent follow the published Hero System 6th Edition; each is
written down in `docs/rules-notes-hero.md` with the test that checks it."""

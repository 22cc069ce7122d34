"""The Epic20 Site benchmark: `make bench` (see bench/README.md)."""

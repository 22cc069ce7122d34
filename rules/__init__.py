"""The rules engine of Epic20 Site.

Everything below `rules/<system>/` is pure Python: it never imports Django. Only this app's
glue (`apps.py`, `urls.py`, `api.py`) does, to serve the catalogue over HTTP.
"""

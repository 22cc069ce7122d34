"""Pieces of a page's HTML, found by id, for tests that read what a page or a live answer shows."""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Finder(HTMLParser):
    def __init__(self, element_id: str):
        super().__init__(convert_charrefs=False)
        self.element_id = element_id
        self.start: int | None = None
        self.end: int | None = None
        self.depth = 0

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag, attrs):
        if self.end is not None:
            return
        if self.start is None:
            if dict(attrs).get("id") == self.element_id:
                self.start = self._offset()
                if tag in VOID:
                    self.end = self._offset() + len(self.get_starttag_text())
                else:
                    self.depth = 1
            return
        if tag not in VOID:
            self.depth += 1

    def handle_endtag(self, tag):
        if self.start is None or self.end is not None or tag in VOID:
            return
        self.depth -= 1
        if self.depth == 0:
            self.end = self._offset() + len(f"</{tag}>")


def element(page: str, element_id: str) -> str:
    """The outer HTML of the element with this id ('' when there is none)."""
    finder = _Finder(element_id)
    finder.line_starts = [0]
    for line in page.splitlines(keepends=True):
        finder.line_starts.append(finder.line_starts[-1] + len(line))
    finder.feed(page)
    if finder.start is None:
        return ""
    return page[finder.start : finder.end if finder.end is not None else len(page)]

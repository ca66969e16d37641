"""Diagnostics in compiler style, and the language's error family.

A :class:`Diagnostic` prints as::

    mods/frost/cards.dice:12:22: error: unknown status 'frostbyte' (did you mean 'frostbite'?)
            on use { inflict(frostbyte, 2) }
                             ^^^^^^^^^

>>> d = Diagnostic("x.dice", 1, 5, "unknown name 'foo'", end_column=8)
>>> print(d.render("let foo = 1"))
x.dice:1:5: error: unknown name 'foo'
    let foo = 1
        ^^^
"""
from __future__ import annotations

import dataclasses
import difflib
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from .ast import Pos, make_id


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a file (``line``/``column`` are 1-based; 0 means "the whole file").
    ``note``: a second place the problem involves (the ``{`` a missing ``}`` leaves open),
    rendered after it as a location line of its own with its caret."""

    path: str
    line: int
    column: int
    message: str
    severity: str = "error"
    end_column: int = 0
    note: "Diagnostic | None" = None

    @classmethod
    def at(cls, path: str, pos: Pos, message: str, severity: str = "error") -> "Diagnostic":
        end = pos.end_column if pos.end_line == pos.line else 0
        return cls(path, pos.line, pos.column, message, severity, end)

    @property
    def location(self) -> str:
        if self.line <= 0:
            return self.path
        return f"{self.path}:{self.line}:{self.column}"

    def render(self, source: str | None = None) -> str:
        """The message, and under it the source line with a caret under the spot. What a
        terminal would act on (an escape sequence, a carriage return, a change of writing
        direction) is shown escaped, and the caret counts the cells the terminal gives
        each character (two for a wide one, none for a combining mark)."""
        head = str(self)
        if self.note is not None:
            return f"{dataclasses.replace(self, note=None).render(source)}\n" \
                   f"{self.note.render(source)}"
        if source is None or self.line <= 0:
            return head
        lines = source_lines(source)
        if self.line > len(lines):
            return head
        text = lines[self.line - 1].rstrip("\r")
        before = after = ""
        if len(text) > 160:   # (only the part shown is copied: a line may be megabytes long)
            start = max(0, self.column - 60)
            before, after = ("…" if start else ""), ("…" if start + 120 < len(text) else "")
            text, col = text[start:start + 120], self.column - start
        else:
            col = self.column
        text = text.replace("\t", " ")   # a tab is one column, as the parser counts it
        col = max(1, min(col, len(text) + 1))
        width = max(1, (self.end_column - self.column) if self.end_column > self.column else 1)
        span = text[col - 1:col - 1 + width]
        carets = max(1, sum(map(_cells, span)))
        # a line cut short says so with '…' at its cut ends (the carets stop at the cut)
        return (f"{head}\n    {before}{printable(text)}{after}\n"
                f"    {' ' * (len(before) + sum(map(_cells, text[:col - 1])))}{'^' * carets}")

    def __str__(self) -> str:
        return printable(f"{self.location}: {self.severity}: {self.message}")


#: Characters that change how a terminal shows what follows them: Unicode's controls of
#: writing direction (a line that reads one way and runs another).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


#: Unicode's line and paragraph separators: a line end to some programs, not to others.
SEPARATORS = frozenset("\u2028\u2029")
#: Unicode's noncharacters (U+FDD0–U+FDEF, and the last two of each plane: U+FFFE, U+FFFF,
#: U+1FFFE …): never text, and refused by XML, which the graphs are written in.
NONCHARACTERS = frozenset([*map(chr, range(0xFDD0, 0xFDF0)),
                           *(chr(plane + end) for plane in range(0, 0x110000, 0x10000)
                             for end in (0xFFFE, 0xFFFF))])
_OTHERS = "".join(sorted(_BIDI | SEPARATORS | NONCHARACTERS))
#: The unprintable characters: Unicode's controls (category Cc: U+0000–U+001F and
#: U+007F–U+009F), :data:`_BIDI`, :data:`SEPARATORS` and :data:`NONCHARACTERS`. One search
#: finds them in a whole text: every string of every file loaded is looked through.
UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f" + _OTHERS + "]")
#: The same, but for the line end, which text may hold.
_UNPRINTABLE_IN_TEXT = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f" + _OTHERS + "]")


def is_unprintable(char: str) -> bool:
    """Whether a terminal would act on ``char`` rather than show it: a control character
    (an escape, a bell, a carriage return…) or a control of writing direction; or whether
    it is no character to show at all (a line separator, a noncharacter)."""
    return UNPRINTABLE.match(char) is not None


def unprintable_kind(char: str) -> str:
    """An unprintable character named and shown, for a message.

    >>> unprintable_kind("\\ufffe"), unprintable_kind("\\x1b")
    ("the noncharacter '\\\\ufffe'", "the control character '\\\\x1b'")
    """
    what = "noncharacter" if char in NONCHARACTERS else \
        {"\u2028": "line separator", "\u2029": "paragraph separator"}.get(char,
                                                                         "control character")
    return f"the {what} '{printable(char)}'"


def _escaped(char: str) -> str:
    """How an unprintable character is shown: ``\\x1b``, ``\\r``, ``\\u202e``."""
    return repr(char)[1:-1]


def printable(text: str) -> str:
    """``text`` with every unprintable character escaped (line ends kept).

    >>> print(printable("a\\x1b[2Jb\\rc"))
    a\\x1b[2Jb\\rc
    """
    if _UNPRINTABLE_IN_TEXT.search(text) is None:
        return text
    return _UNPRINTABLE_IN_TEXT.sub(lambda m: _escaped(m.group()), text)


def _cells(char: str) -> int:
    """The cells a terminal gives ``char`` as :func:`printable` shows it."""
    if is_unprintable(char):
        return len(_escaped(char))
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


@lru_cache(maxsize=4)
def source_lines(source: str) -> list[str]:
    """A file's lines as the parser counts them: only "\\n" ends one (splitlines would also
    split at form feeds and Unicode separators inside strings and comments). Kept for the
    last few files, so that rendering every problem of a file splits it once, not once per
    problem (a file of 20,000 broken declarations). Callers must not change the list."""
    return source.split("\n")


class DiceError(ValueError):
    """Base of every error the language raises on purpose."""


class DiceSyntaxError(DiceError):
    """A file could not be parsed; carries every diagnostic found."""

    def __init__(self, diagnostics: Sequence[Diagnostic], source: str | None = None):
        self.diagnostics = list(diagnostics)
        self.source = source
        super().__init__("\n".join(str(d) for d in self.diagnostics))

    def render(self) -> str:
        return "\n".join(d.render(self.source) for d in self.diagnostics)


class ScriptError(DiceError):
    """A runtime fault inside a script; the card fizzles and the fight goes on."""

    def __init__(self, message: str, pos: Pos | None = None, path: str = "<script>"):
        self.message = message
        self.pos = pos
        self.path = path
        where = f"{path}:{pos.line}:{pos.column}: " if pos and pos.line else ""
        super().__init__(f"{where}{message}")


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A "(did you mean …?)" suffix for a misspelt name, or "".

    >>> did_you_mean("frostbyte", ["frostbite", "poison"])
    " (did you mean 'frostbite'?)"
    >>> did_you_mean("xyzzy", ["poison"])
    ''
    """
    close = difflib.get_close_matches(word, sorted(set(choices)), n=1, cutoff=0.7)
    return f" (did you mean '{close[0]}'?)" if close else ""


def did_you_mean_named(word: str, table: Mapping[str, Any]) -> str:
    """:func:`did_you_mean` against declarations kept by id (each with a ``name``, or a
    name itself, as the checker keeps them): the word is matched as an id, and the
    suggestion is the name a player knows it by.

    >>> class Card: name = "Pea Shooter"
    >>> did_you_mean_named("pea shoter", {"pea_shooter": Card()})
    " (did you mean 'Pea Shooter'?)"
    >>> did_you_mean_named("ice wrath", {"ice_wraith": "Ice Wraith"})
    " (did you mean 'Ice Wraith'?)"
    """
    close = difflib.get_close_matches(make_id(word), sorted(table), n=1, cutoff=0.7)
    if not close:
        return ""
    found = table[close[0]]
    return f" (did you mean '{found if isinstance(found, str) else found.name}'?)"


def did_you_mean_upgrade(name: str, table: Mapping[str, Any]) -> str:
    """:func:`did_you_mean_named` for a card's upgrade misspelt (``"Swrod+"``, ``name`` its
    base): the upgrade meant, among the cards of ``table`` (those that have one).

    >>> did_you_mean_upgrade("Swrod", {"sword": "Sword"})
    " (did you mean 'Sword+'?)"
    """
    meant = did_you_mean_named(name, table)
    return f"{meant[:-3]}+'?)" if meant else ""


def render_all(diagnostics: Iterable[Diagnostic], sources: dict[str, str]) -> str:
    """Render diagnostics sorted by file and position, each with its source line."""
    ordered = sorted(diagnostics, key=lambda d: (d.path, d.line, d.column))
    return "\n".join(d.render(sources.get(d.path)) for d in ordered)

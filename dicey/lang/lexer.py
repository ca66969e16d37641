"""The card language's lexer: the tokens of Lark's contextual lexer, from one pattern.

Built from the grammar's own terminals (``grammar.lark`` stays the one place they are
written): one master regular expression of named groups, in the order Lark's lexers try
them, compiled once; a keyword is a ``NAME`` looked up in a dict.

Lark's contextual lexer, which this replaces, tries in each parser state only the
terminals that state can take. So ``in`` is a keyword after ``for x`` but a field name after
``.``, ``status`` is a name inside a property's value, and where only ``=`` may come ``==``
is read as two of them. This lexer gives exactly the same tokens, positions and errors: the
master pattern's token is kept when the current state takes it (nearly always); when it
does not, the state's own terminals are tried one by one, in the same order Lark would.

It also does what the grammar's post-lexer did, in the same pass: a line end inside
``(…)`` or ``[…]``, or after a comma, is dropped (so calls, lists and property lists may
span lines), and ``elif``/``else`` stay keywords where a name could stand, so a stray one
is reported as what it is.

>>> from dicey.lang.parser import tokens
>>> [(t.type, str(t)) for t in tokens('status "S" { on turn start { for x in [1,\\n2] {} } }')
...  if t.type in ("ON", "NAME", "FOR", "IN", "_NL")]
[('ON', 'on'), ('NAME', 'turn'), ('NAME', 'start'), ('FOR', 'for'), ('NAME', 'x'), ('IN', 'in')]
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from lark import Token
from lark.common import LexerConf
from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.lexer import BasicLexer, Lexer, LexerState, PatternRE, PatternStr, TerminalDef

#: The line end terminal. It is lexed in every parser state, though the parser takes it in
#: few: it may stand anywhere, since inside brackets and after a comma it is dropped.
LINE_END = "_NL"
#: Brackets inside which line ends are dropped, and the terminal after which one is.
OPENERS, CLOSERS, CONTINUES = ("LPAR", "LSQB"), ("RPAR", "RSQB"), "COMMA"
#: Words that are keywords even where the parser state would read a name.
ALWAYS_KEYWORDS = frozenset({"elif", "else"})

# What the lexer does with a terminal it reads (a context's ``how``).
_PLAIN, _SKIP, _WORD, _OPEN, _CLOSE, _LINE_END = range(6)


@dataclass(frozen=True, slots=True)
class _Context:
    """What the lexer reads in one set of parser states (those taking the same terminals)."""

    how: dict[str, int]                        # terminal lexed here -> what to do with it
    words: dict[str, dict[str, str]]           # a pattern's name -> {word: keyword read}
    allowed: frozenset[str]                    # what an error says could have come
    in_order: tuple[tuple[str, re.Pattern[str]], ...]   # each terminal tried alone, in order


class _Contexts(dict):
    """The lexer's contexts by parser state, for one LALR table (each made when first met)."""

    def __init__(self, lexer: "DiceLexer", states: dict[int, dict[str, Any]]) -> None:
        super().__init__()
        self.lexer, self.states = lexer, states

    def __missing__(self, state: int) -> _Context:
        found = self[state] = self.lexer.context(self.states[state].keys())
        return found


def lark_order(conf: LexerConf) -> list[TerminalDef]:
    """The grammar's terminals in the order Lark's own lexers try them (first match wins)."""
    plain = copy.copy(conf)
    plain.skip_validation = True
    return list(BasicLexer(plain).terminals)


def embedded_keywords(terminals: list[TerminalDef]) -> dict[str, dict[str, str]]:
    """For each pattern terminal, the string terminals it matches whole (as Lark decides
    them): a ``NAME`` reading ``if`` is the keyword ``IF`` where ``IF`` may stand."""
    found: dict[str, dict[str, str]] = {}
    for pattern in (t for t in terminals if isinstance(t.pattern, PatternRE)):
        regex = re.compile(pattern.pattern.to_regexp())
        for word in (t for t in terminals if isinstance(t.pattern, PatternStr)):
            text = word.pattern.value
            m = regex.match(text)
            if word.priority == pattern.priority and m and m.group() == text and \
                    word.pattern.flags <= pattern.pattern.flags:
                found.setdefault(pattern.name, {})[text] = word.name
    return found


class DiceLexer(Lexer):
    """A Lark lexer class (``Lark(..., lexer=DiceLexer)``): see the module's docstring."""

    __future_interface__ = 2

    def __init__(self, conf: LexerConf) -> None:
        self.order = lark_order(conf)
        self.keywords = embedded_keywords(self.order)
        words = {w for table in self.keywords.values() for w in table.values()}
        # Each terminal's name is an empty group at the end of its alternative: a branch
        # then starts with a character or a class, which the regex engine tests before
        # it enters the branch (a group at the start would be entered every time).
        self.master = re.compile("|".join(
            f"(?:{_uncaptured(t.pattern.to_regexp())})(?P<{t.name}>)"
            for t in self.order if t.name not in words))
        self.alone = {t.name: re.compile(t.pattern.to_regexp()) for t in self.order}
        self.ignore = frozenset(conf.ignore)
        self.terminals_by_name = conf.terminals_by_name
        self._by_takes: dict[frozenset[str], _Context] = {}
        self._contexts = _Contexts(self, {})

    # -------------------------------------------------------------- contexts

    def contexts(self, states: dict[int, dict[str, Any]]) -> _Contexts:
        """The contexts of the parser states of ``states`` (Lark's LALR table)."""
        if self._contexts.states is not states:
            self._contexts = _Contexts(self, states)
        return self._contexts

    def context(self, accepts: Iterable[str]) -> _Context:
        """The context of a parser state taking the terminals ``accepts``, built once per
        set of terminals."""
        takes = frozenset(n for n in (*accepts, *self.ignore, LINE_END)
                          if n in self.terminals_by_name)
        found = self._by_takes.get(takes)
        if found is None:
            found = self._by_takes[takes] = self._make_context(takes)
        return found

    def _make_context(self, takes: frozenset[str]) -> _Context:
        words = {name: {text: kw for text, kw in table.items()
                        if kw in takes or text in ALWAYS_KEYWORDS}
                 for name, table in self.keywords.items() if name in takes}
        embedded = {kw for name, table in words.items() for text, kw in table.items()
                    if kw in takes}
        in_order = tuple((t.name, self.alone[t.name]) for t in self.order
                         if t.name in takes and t.name not in embedded)
        allowed = frozenset(name for name, _ in in_order) - self.ignore
        how = {name: _SKIP if name in self.ignore else _WORD if words.get(name) else
               _OPEN if name in OPENERS else _CLOSE if name in CLOSERS else
               _LINE_END if name == LINE_END else _PLAIN for name in takes}
        return _Context(how, words, allowed, in_order)

    # ----------------------------------------------------------------- lexing

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        """Lark's entry point: the tokens of the lexer state's text for Lark's parser."""
        return self.read(_whole_text(lexer_state), parser_state.state_stack,
                         parser_state.parse_conf.states)

    def read(self, text: str, stack: list[int], states: dict[int, dict[str, Any]],
             end: bool = False) -> Iterator[Token]:
        """The tokens of ``text`` for an LALR parser whose state stack is ``stack`` (read
        before each token, so a token is lexed in the state that will take it); ``end``:
        then the ``$END`` token Lark's parser ends with, placed at the last token."""
        contexts, match, new_str = self.contexts(states), self.master.match, str.__new__
        pos, size, line, line_start = 0, len(text), 1, 0
        depth, previous, last = 0, "", None
        while pos < size:
            context = contexts[stack[-1]]
            found = match(text, pos)
            if found is None:
                raise self._no_terminal(text, pos, line, line_start, context, last)
            kind = found.lastgroup
            how = context.how.get(kind)
            if how is None:   # not a terminal this state takes: read as its own lexer would
                kind, found = self._in_context(text, pos, line, line_start, found, context,
                                               last)
                how = context.how[kind]
            start, start_line, column = pos, line, pos - line_start + 1
            pos = found.end()
            value = text[start:pos]
            if "\n" in value:
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
            if how:
                if how == _SKIP:
                    continue
                if how == _WORD:   # a keyword where one may stand (or elif/else anywhere)
                    kind = context.words[kind].get(value, kind)
                elif how == _OPEN:   # the post-lexer's work: no line ends inside brackets
                    depth += 1
                elif how == _CLOSE:
                    depth -= depth > 0
                elif how == _LINE_END and (depth or previous == CONTINUES):   # nor after ,
                    continue
            previous = kind
            # Token(...) by hand: the hottest line of the parser, at half the cost
            last = new_str(Token, value)
            last.type, last.value, last.start_pos, last.end_pos = kind, value, start, pos
            last.line, last.column, last.end_line = start_line, column, line
            last.end_column = pos - line_start + 1
            yield last
        if end:
            yield Token.new_borrow_pos("$END", "", last) if last else Token("$END", "", 0, 1, 1)

    def _in_context(self, text: str, pos: int, line: int, line_start: int, found: re.Match,
                    context: _Context, last: Token | None) -> tuple[str, re.Match]:
        """The terminal the current state's own lexer would read, tried one by one in
        Lark's order; none: the error Lark's contextual lexer raises (the token read
        without context, and what the state would have taken)."""
        for name, regex in context.in_order:
            m = regex.match(text, pos)
            if m:
                return name, m
        kind = found.lastgroup
        value = found.group()
        kind = self.keywords.get(kind, {}).get(value, kind)
        end_line = line + value.count("\n")
        end_start = pos + value.rindex("\n") + 1 if "\n" in value else line_start
        token = Token(kind, value, pos, line, pos - line_start + 1, end_line,
                      found.end() - end_start + 1, found.end())
        raise UnexpectedToken(token, set(context.allowed), token_history=[last],
                              terminals_by_name=self.terminals_by_name)

    def _no_terminal(self, text: str, pos: int, line: int, line_start: int,
                     context: _Context, last: Token | None) -> UnexpectedCharacters:
        return UnexpectedCharacters(text, pos, line, pos - line_start + 1,
                                    allowed=set(context.allowed),
                                    token_history=last and [last],
                                    terminals_by_name=self.terminals_by_name)


def _whole_text(lexer_state: LexerState) -> str:
    """The text Lark hands over (a plain string, or a slice of one that must be whole)."""
    text = lexer_state.text
    whole = getattr(text, "text", text)
    if getattr(text, "start", 0) != 0 or getattr(text, "end", len(whole)) != len(whole):
        raise TypeError("DiceLexer reads whole texts only")
    return whole


def _uncaptured(regexp: str) -> str:
    """``regexp`` with its capturing groups made non-capturing: the same matches, without
    the bookkeeping of groups nobody reads (the master pattern reads only its named ones).

    >>> print(_uncaptured('"(x|[()])*"(?=(a|b))'))
    "(?:x|[()])*"(?=(?:a|b))
    """
    out, i, in_class = [], 0, False
    while i < len(regexp):
        c = regexp[i]
        if c == "\\":
            out.append(regexp[i:i + 2])
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            close_at = i + 1 + (regexp[i + 1:i + 2] == "^")
            if regexp[close_at:close_at + 1] == "]":   # a leading ] is a member, not the end
                out.append(regexp[i:close_at + 1])
                i = close_at + 1
                continue
        elif c == "(" and regexp[i + 1:i + 2] != "?":
            c = "(?:"
        out.append(c)
        i += 1
    return "".join(out)

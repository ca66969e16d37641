"""Helpers for the card-language tests: run scripts, evaluate expressions, check snippets.

Scripts run through the real interpreter (:func:`dicey.lang.interp.compile_stmts`) against
:class:`~dicey.lang.effects.RecordingEffects` and a :class:`~dicey.lang.chance.FixedChance`,
so a test reads as ``(source, expected value or error)``. Snippets are checked by the real
checker against the base game's names, as a mod's files would be.
"""
from __future__ import annotations

from typing import Any, Sequence

from dicey.lang import checker
from dicey.lang.chance import Chance, FixedChance
from dicey.lang.effects import CardRef, RecordingEffects
from dicey.lang.errors import DiceSyntaxError, Diagnostic, ScriptError
from dicey.lang.interp import CORE_STATUSES, RunResult, Scope, compile_expr, compile_stmts
from dicey.lang.parser import parse, parse_expr, parse_stmts

#: The context an equipment hook sees in these tests (``d`` = 4, two dice placed).
NAMES: dict[str, Any] = {"d": 4, "dice": (1, 3), "card": CardRef(None), "turn": 2,
                         "simulation": False}
#: The card's own variables.
CARD_VARS: dict[str, Any] = {"hits": 0}
SCOPE = Scope(frozenset(NAMES), frozenset(CARD_VARS), CORE_STATUSES)


def value(source: str, path: Sequence[int] = (), **names: Any) -> Any:
    """The value of one expression; chance points take the outcomes at ``path``."""
    script = compile_expr(parse_expr(source), path="<expr>", scope=SCOPE)
    return script.evaluate(RecordingEffects(), FixedChance(path), {**NAMES, **names})


def run(source: str, chance: Chance | None = None, *, card_vars: dict | None = None,
        fx: RecordingEffects | None = None, **names: Any) -> tuple[RunResult, RecordingEffects]:
    """Run a script body; what it returned and every effect it asked for."""
    fx = RecordingEffects() if fx is None else fx
    script = compile_stmts(parse_stmts(source), scope=SCOPE)
    context = {**NAMES, **names}
    result = script.run(fx, chance or FixedChance(),
                        context, dict(CARD_VARS) if card_vars is None else card_vars)
    return result, fx


def calls(source: str, chance: Chance | None = None, **names: Any) -> list[tuple]:
    """The effects a script body asked for, in order."""
    return run(source, chance, **names)[1].calls


def said(source: str, chance: Chance | None = None, **names: Any) -> list[str]:
    """The lines a script body said (``say(x)``)."""
    return [c[1] for c in calls(source, chance, **names) if c[0] == "say"]


def fault(source: str, **names: Any) -> ScriptError:
    """The runtime fault a script body raises (fails the test if it raises none)."""
    try:
        run(source, **names)
    except ScriptError as err:
        return err
    raise AssertionError(f"no ScriptError from {source!r}")


def symbols_of(library: Any) -> checker.Symbols:
    """The ids a loaded library declares, as a checker symbol table."""
    def names(table: dict) -> dict[str, str]:
        return {ident: defn.name for ident, defn in table.items()}

    return checker.Symbols(
        statuses=names(library.statuses), equipment=names(library.equipment),
        enemies=names(library.enemies), heroes=names(library.heroes),
        dungeons=names(library.dungeons),
        sizes={ident: card.size for ident, card in library.equipment.items()},
        upgrades={ident: card.upgraded is not None
                  for ident, card in library.equipment.items()})


def problems(source: str, symbols: checker.Symbols | None = None,
             path: str = "t.dice") -> list[Diagnostic]:
    """Every diagnostic of a file checked on top of ``symbols`` (syntax errors included)."""
    try:
        module = parse(source, path)
    except DiceSyntaxError as err:
        return err.diagnostics
    unit = checker.collect_symbols(module.decls, symbols)
    out: list[Diagnostic] = []
    for decl in module.decls:
        out += checker.check_decl(decl, path, unit)[1]
    return out


def errors(source: str, symbols: checker.Symbols | None = None) -> list[Diagnostic]:
    """The errors (not the warnings) of :func:`problems`."""
    return [p for p in problems(source, symbols) if p.severity == "error"]


def only_error(source: str, symbols: checker.Symbols | None = None) -> Diagnostic:
    """The one error of a snippet (fails the test if there are more or none)."""
    found = errors(source, symbols)
    assert len(found) == 1, "\n".join(map(str, found)) or "no error"
    return found[0]


def card(body: str, head: str = "") -> str:
    """An equipment declaration whose ``on use`` body is ``body`` (line 2 of the file)."""
    return f'equipment "Probe" {{{head}\n    on use {{ {body} }}\n}}\n'


def body_column(body: str, needle: str) -> int:
    """The column of ``needle`` inside ``body`` as :func:`card` lays it out (1-based)."""
    return len("    on use { ") + body.index(needle) + 1


def marked(source: str) -> tuple[str, int, int, int]:
    """A source with one span marked ``«like this»``: the clean source and the span's line,
    column and end column (1-based, end exclusive), as a diagnostic should report them."""
    start = source.index("«")
    end = source.index("»") - 1
    clean = source.replace("«", "").replace("»", "")
    line = clean.count("\n", 0, start) + 1
    column = start - (clean.rfind("\n", 0, start) + 1) + 1
    return clean, line, column, column + (end - start)


def expect_error(source: str, words: str, symbols: checker.Symbols | None = None
                 ) -> Diagnostic:
    """The first error of a snippet whose message holds ``words``, checked to point at the
    span the source marks ``«like this»`` (line, column and the caret's end)."""
    clean, line, column, end = marked(source)
    found = [p for p in errors(clean, symbols) if words in p.message]
    assert found, "\n".join(map(str, problems(clean, symbols))) or "no problems at all"
    diag = found[0]
    assert (diag.path, diag.line, diag.column) == ("t.dice", line, column), str(diag)
    assert diag.end_column == end, f"caret {diag.column}..{diag.end_column}, want ..{end}"
    return diag

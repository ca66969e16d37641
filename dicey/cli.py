"""The ``dicey`` command: one sub-command per module of :mod:`dicey.commands`.

``dicey`` with no arguments starts the game (``dicey play``). Every sub-command takes
``--mods DIR…`` and ``--no-mods``, before or after its name. Bad input never shows a Python
traceback: argparse reports wrong flags (exit 2), commands report bad files in
``file:line:col`` form, and anything unexpected is one line on stderr (``DICEY_DEBUG=1``
shows the traceback).
"""
from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import re
import sys
from typing import Sequence

from . import __version__, commands
from .commands._shared import CommandError, fail, mods_took

#: Sub-commands in the order ``dicey --help`` lists them (others follow by name).
ORDER = ("play", "fight", "plan", "graph", "check", "cards", "sim", "bench")


def _command_modules() -> list:
    names = [m.name for m in pkgutil.iter_modules(commands.__path__) if not m.name.startswith("_")]
    names.sort(key=lambda n: (ORDER.index(n) if n in ORDER else len(ORDER), n))
    return [importlib.import_module(f"{commands.__name__}.{n}") for n in names]


class _Parser(argparse.ArgumentParser):
    """A sub-command's parser: when a required argument is missing and ``--mods`` took
    words that are no folders, the error says that is where the argument went."""

    #: Words the ``--mods`` lists of the command line hold that are not folders.
    not_folders: Sequence[str] = ()

    def __init__(self, *args, **kwargs) -> None:
        if kwargs.get("description"):
            kwargs["description"] = plain(kwargs["description"])
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # type: ignore[override]
        if self.not_folders and message.startswith("the following arguments are required"):
            message += f" ({mods_took(self.not_folders[-1])})"
        super().error(message)


def plain(text: str) -> str:
    """A command module's docstring as ``--help`` shows it: without the markup of the
    code's documentation (double backquotes, ``:func:`` and the like).

    >>> plain("``dicey plan`` calls :func:`plan_turn` (see :mod:`dicey.ai`).")
    'dicey plan calls plan_turn (see dicey.ai).'
    """
    return _ROLE.sub(r"\1", text).replace("``", "")


#: A Sphinx role in a docstring: ``:func:`name```, ``:class:`~dicey.x.Y```.
_ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")


def _mods_words(argv: Sequence[str]) -> list[str]:
    """The words of every ``--mods`` list in ``argv`` that are not folders.

    >>> _mods_words(["fight", "--mods", "no/such/dir", "Evil Rat", "--seed", "3"])
    ['no/such/dir', 'Evil Rat']
    """
    words, taking = [], False
    for word in argv:
        if word.startswith("-"):
            taking = word == "--mods"
        elif taking and not os.path.isdir(word):
            words.append(word)
    return words


def path_word(word: str) -> str:
    """A path as typed, for argparse: not empty (Python reads "" as the current folder).

    >>> path_word("mods/frost")
    'mods/frost'
    """
    if not word:
        raise argparse.ArgumentTypeError("an empty path (write '.' for the current folder)")
    return word


def _add_content_flags(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("content").add_mutually_exclusive_group()
    group.add_argument("--mods", nargs="+", action="extend", metavar="DIR", default=None,
                       type=path_word,
                       help="load these mod folders (instead of the bundled mods/; the flag "
                            "may be given more than once)")
    group.add_argument("--no-mods", action="store_true", help="load the base game only")


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The ``dicey`` parser and its sub-commands' parsers, by name."""
    parser = argparse.ArgumentParser(
        prog="dicey", description="A moddable dice deckbuilder for the terminal.",
        epilog="Run 'dicey COMMAND --help' for a command's options. With no command: play.")
    parser.add_argument("--version", action="version", version=f"dicey {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in _command_modules():
        module.register(sub)
    for command in sub.choices.values():
        _add_content_flags(command)
    return parser, dict(sub.choices)


def command_first(argv: list[str], commands: Sequence[str]) -> list[str]:
    """The arguments with the sub-command first, as argparse needs them.

    ``--mods`` and ``--no-mods`` may come before the command too (``dicey --mods mine
    fight frog``): ``--mods`` takes every word after it, so the first word that names a
    command (and is not a folder of that name) ends the list. With no command: ``play``.

    >>> command_first(["--mods", "mods/mine", "fight", "frog"], ["fight", "play"])
    ['fight', 'frog', '--mods', 'mods/mine']
    >>> command_first(["--no-mods"], ["fight", "play"])
    ['play', '--no-mods']
    >>> command_first(["fight", "frog"], ["fight", "play"])
    ['fight', 'frog']
    >>> command_first([], ["fight", "play"])   # 'dicey' alone starts the game
    ['play']
    >>> command_first(["--version"], ["fight", "play"])
    ['--version']
    """
    if not argv:
        return ["play"]
    if not argv[0].startswith("-") or argv[0] in ("-h", "--help", "--version"):
        return argv
    for at, word in enumerate(argv):
        if word in commands and not os.path.isdir(word):
            return [word, *argv[at + 1:], *argv[:at]]
    return ["play", *argv]


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except KeyboardInterrupt:   # Ctrl-C at any point, the start-up included
        print("interrupted", file=sys.stderr)
        return 130


def _main(argv: list[str]) -> int:
    parser, commands = build_parser()
    not_folders = _mods_words(argv)
    for command in commands.values():
        command.not_folders = not_folders
    ordered = command_first(argv, list(commands))
    args, extra = parser.parse_known_args(ordered)
    if extra and ordered[0] not in argv:   # no command was given: 'play' was assumed
        parser.error(f"unrecognized arguments: {' '.join(extra)} (with no command, dicey "
                     "plays the game; 'dicey --help' lists the commands)")
    if extra:    # said by the command's own parser, with its usage, not by dicey's
        commands[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except CommandError as err:
        return fail(str(err), err.code)
    except BrokenPipeError:
        return 0
    except Exception as err:  # the last line of defence: one line, not a traceback
        if os.environ.get("DICEY_DEBUG"):
            raise
        if isinstance(err, OSError) and err.filename is not None:
            # a path the system refuses: a name too long, a folder not ours, a full disk
            return fail(f"{os.fsdecode(err.filename)}: {err.strerror or err}")
        print(f"dicey: internal error: {type(err).__name__}: {err} "
              "(set DICEY_DEBUG=1 for details)", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""Load the game's content and mods into one checked :class:`Library`.

Order: every ``.dice`` file under ``content/`` (the base game), then each mod folder under
``mods/`` in dependency order, then by id. A mod is a folder with a ``mod.toml`` (``name``,
``version``, ``api``, ``description``, ``authors``, optional ``requires = ["other>=1.0"]``)
and ``.dice`` files. A mod with any error — a bad ``mod.toml``, a syntax or check error in
any file, a duplicate id without ``override``, a missing or cyclic dependency, another API
version — is reported and skipped whole; the rest loads. Loading never raises for bad
content: every problem becomes a :class:`~dicey.lang.errors.Diagnostic`. Two mods that
override the same declaration both load (the later one wins) with a warning, unless the
later one requires the earlier: then the order is meant.

An ``extend dungeon { … }`` block adds enemies and rewards to floors of the dungeon a run
walks (the last loaded), whether that dungeon loads before or after it; once everything is
loaded, every extension is applied to it in load order, so whatever reads the dungeon sees
the extended floors. An extension of a floor that dungeon lacks fails its mod: at the mod's
load when the dungeon is already known, else once every mod is loaded, and then the mods
are loaded again without it (see :func:`load_library`).
"""
from __future__ import annotations

import dataclasses
import errno
import os
import re
import stat
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache, reduce
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from .lang import ast as A
from .lang import checker
from .lang.defs import DungeonDef, DungeonExtension, EquipmentDef, FighterDef, StatusDef
from .lang.errors import (UNPRINTABLE, Diagnostic, did_you_mean, did_you_mean_named, printable,
                          unprintable_kind)
from .lang.interp import Scope, compile_expr, compile_hook
from .lang.parser import MAX_SOURCE_BYTES, UNKNOWN_HEAD, not_utf8, parse_file

#: The language's major version; a mod's ``api`` must equal it.
API_VERSION = 1

ROOT = Path(__file__).resolve().parent.parent
CONTENT_DIR = ROOT / "content"
MODS_DIR = ROOT / "mods"

Def = EquipmentDef | StatusDef | FighterDef | DungeonDef | DungeonExtension

_KIND_SPACE = {"equipment": "equipment", "status": "status", "enemy": "fighter",
               "hero": "fighter", "dungeon": "dungeon"}


@dataclass
class ModInfo:
    """A mod's ``mod.toml``, read and checked."""

    id: str
    path: Path
    name: str
    version: tuple[int, ...]
    api: int
    description: str = ""
    authors: tuple[str, ...] = ()
    requires: tuple[tuple[str, tuple[int, ...]], ...] = ()   # (mod id, minimum version)

    @property
    def version_text(self) -> str:
        return ".".join(map(str, self.version))


@dataclass
class Library:
    """Everything loaded: definitions by id, plus what went wrong on the way."""

    equipment: dict[str, EquipmentDef] = field(default_factory=dict)
    statuses: dict[str, StatusDef] = field(default_factory=dict)
    enemies: dict[str, FighterDef] = field(default_factory=dict)
    heroes: dict[str, FighterDef] = field(default_factory=dict)
    dungeons: dict[str, DungeonDef] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    mods: list[ModInfo] = field(default_factory=list)
    skipped_mods: dict[str, str] = field(default_factory=dict)   # mod id → why
    #: Mods loaded only because a mod checked on its own requires them: id → the mod
    #: that requires it (see ``single_mods`` of :func:`load_library`).
    required_mods: dict[str, str] = field(default_factory=dict)
    #: Declarations a mod's ``override`` replaced: (kind space, id) → that mod's id.
    overrides: dict[tuple[str, str], str] = field(default_factory=dict)
    #: The ``extend dungeon`` blocks loaded, in load order (applied to :attr:`dungeon`).
    extensions: list[DungeonExtension] = field(default_factory=list)
    #: The texts of the ``mod.toml`` files read, by shown path: their problems quote them.
    toml_sources: dict[str, str] = field(default_factory=dict)
    #: Each path given as mods (``--mods``) that holds no mod, as given → why: not there,
    #: not a folder, or a folder with no mod in it. A command stops on any (see
    #: :func:`dicey.commands._shared.library_from`).
    unusable_mod_paths: dict[str, str] = field(default_factory=dict)
    #: The problems of files that did not parse (syntax errors, unreadable files): shown
    #: before the rest, which they may cause (see :meth:`in_order`).
    syntax_problems: set[Diagnostic] = field(default_factory=set)
    #: What it was loaded with: the ``mod_dirs`` given (None: the mods folder) and
    #: ``use_mods`` (a command's hint at an unknown name says which flag to change).
    mod_flags: tuple[list[str] | None, bool] = (None, True)

    @property
    def dungeon(self) -> DungeonDef | None:
        """The dungeon a run walks (the last one loaded, so a mod's dungeon wins). Once
        loading is done, it has every extension's enemies and rewards on its floors, here
        and in :attr:`dungeons`."""
        return walked_dungeon(self.dungeons)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def card(self, name: str) -> EquipmentDef:
        return _lookup(self.equipment, name, "card", (self.enemies, "an enemy"),
                       (self.heroes, "a hero"), (self.statuses, "a status"))

    def status(self, name: str) -> StatusDef:
        return _lookup(self.statuses, name, "status")

    def fighter(self, name: str) -> FighterDef:
        return _lookup({**self.heroes, **self.enemies}, name, "fighter")

    def enemy(self, name: str) -> FighterDef:
        return _lookup(self.enemies, name, "enemy", (self.heroes, "a hero"))

    def hero(self, name: str) -> FighterDef:
        return _lookup(self.heroes, name, "hero", (self.enemies, "an enemy"))

    def in_order(self, problems: Iterable[Diagnostic]) -> list[Diagnostic]:
        """``problems`` as a compiler shows them: the syntax errors first (the errors of a
        name a broken file declares follow from them), then by file, line and column."""
        return sorted(problems, key=lambda d: (d not in self.syntax_problems, d.path, d.line,
                                               d.column))

    def render(self, problem: Diagnostic) -> str:
        """``problem`` with the line it is at and a caret under the spot, whether in a
        ``.dice`` file or a mod's ``mod.toml`` (both are kept as read)."""
        return problem.render(self.sources.get(problem.path,
                                               self.toml_sources.get(problem.path)))

    def render_diagnostics(self) -> str:
        return "\n".join(map(self.render, self.in_order(self.diagnostics)))

    def _table(self, kind: str) -> dict[str, Any]:
        return {"equipment": self.equipment, "status": self.statuses, "enemy": self.enemies,
                "hero": self.heroes, "dungeon": self.dungeons}[kind]


def walked_dungeon(dungeons: Mapping[str, DungeonDef]) -> DungeonDef | None:
    """The dungeon a run walks among ``dungeons`` (in load order): the last."""
    return next(reversed(dungeons.values()), None)


def heroes_not_offered(lib: Library) -> tuple[list[Diagnostic], list[FighterDef]]:
    """The heroes the dungeon a run walks does not offer (it lists its ``heroes`` and not
    them: a run cannot start with them), as whose fault it is. A mod's dungeon that
    replaces the base game's (``override dungeon``) drops the heroes declared outside that
    mod: one warning at that dungeon names them (their files are no modder's to change).
    The others, a hero of the dungeon's own mod or a mod's new hero the base dungeon does
    not list, are returned for a warning at each (``extend dungeon`` adds them)."""
    dungeon = lib.dungeon
    if dungeon is None or not dungeon.heroes:   # (no list: every hero is offered)
        return [], []
    left = [hero for hero in lib.heroes.values()
            if hero.id not in dungeon.heroes and hero.origin is not None]
    mod = dungeon.origin.mod if dungeon.origin is not None else None
    if mod is None:
        return [], left
    dropped = [hero for hero in left if hero.origin.mod != mod]
    if not dropped:
        return [], left
    names = [hero.name for hero in dropped]
    one = len(names) == 1
    them, they = ("it", "it") if one else ("them", "they")
    blamed = Diagnostic.at(
        dungeon.origin.path, dungeon.origin.pos,
        f"dungeon '{dungeon.name}' of mod '{mod}', the one a run walks, does not offer "
        f"{'hero' if one else 'the heroes'} {_listed(names)}, declared outside this mod: "
        f"a run cannot start with {them}; list {them} in its 'heroes' if {they} should be "
        "offered", "warning")
    return [blamed], [hero for hero in left if hero.origin.mod == mod]


def _listed(words: list[str]) -> str:
    """``a, b and c``."""
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def _lookup(table: dict[str, Any], name: str, what: str,
            *elsewhere: tuple[Mapping[str, Any], str]) -> Any:
    """``table``'s entry for ``name`` (by id); KeyError saying why not, and what ``name``
    is when a table of ``elsewhere`` holds it (an enemy where a hero was asked for: each
    table with its words, ``"an enemy"``)."""
    key = A.make_id(name)
    if key in table:
        return table[key]
    for others, other in elsewhere:
        if key in others:
            raise KeyError(f"unknown {what} '{name}' ({others[key].name} is {other})")
    # statuses are written by id (``poison``); the others by name (``"Pea Shooter"``)
    close = did_you_mean(key, table) if what == "status" else did_you_mean_named(name, table)
    raise KeyError(f"unknown {what} '{name}'{close}")


# ------------------------------------------------------------------- mod.toml

#: A version: numbers of at most 9 digits joined by dots, at most 16 of them.
_VERSION = r"[0-9]{1,9}(?:\.[0-9]{1,9}){0,15}"
#: What a mod's id, its folder's name, may be: what ``requires`` can name.
MOD_ID = re.compile(r"[A-Za-z0-9_\-]+")
_REQUIRE = re.compile(rf"^\s*({MOD_ID.pattern})\s*(?:>=\s*({_VERSION}))?\s*$")
#: The keys a ``mod.toml`` may hold.
MOD_TOML_KEYS = ("name", "version", "api", "description", "authors", "requires")
#: Largest ``mod.toml`` read, in bytes (a real one is a few hundred).
MAX_MOD_TOML_BYTES = 100_000


def _version(text: Any) -> tuple[int, ...] | None:
    if not isinstance(text, str) or not re.fullmatch(_VERSION, text.strip()):
        return None
    return tuple(int(p) for p in text.strip().split("."))


#: Why a path that exists cannot be read as a file.
NOT_A_FILE = "not a regular file (a folder, a device or a pipe)"


def read_toml(path: Path, limit: int) -> dict[str, Any]:
    """A TOML file's table. Raises OSError when it cannot be read, ValueError (with the
    reason, and the line and column where TOML has them) for anything else: larger than
    ``limit`` bytes, not UTF-8, not TOML, or TOML that Python cannot hold (nested too
    deeply, a number of thousands of digits)."""
    return parse_toml(toml_text(path, limit))


def toml_text(path: Path, limit: int) -> str:
    """A TOML file's text. OSError when it cannot be read: it is not there, it is a link
    that leads nowhere, or it is no regular file (a folder, a device, a pipe: opening a
    named pipe would wait forever); ValueError when it is larger than ``limit`` bytes or
    not UTF-8."""
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
    except OSError as err:
        if err.errno == errno.ENOENT and os.path.islink(path):
            raise OSError(err.errno, "a link to a file that is not there") from None
        raise
    if not regular:
        raise OSError(0, NOT_A_FILE)
    with path.open("rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"file too large (more than {limit:,} bytes)")
    try:
        return data.decode("utf-8-sig")   # (a byte order mark, as some editors write, is fine)
    except UnicodeDecodeError as err:   # (kept as the cause: it says where)
        raise ValueError("not valid UTF-8 text") from err


def parse_toml(text: str) -> dict[str, Any]:
    """A TOML text's table; ValueError saying why not (tomllib's words end with the line
    and column: see :func:`toml_error`)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ValueError(str(err)) from None
    except RecursionError:
        raise ValueError("arrays or tables nested too deeply") from None
    except ValueError:   # Python refuses integers of more than 4,300 digits
        raise ValueError("a number has too many digits") from None


def read_mod_toml(folder: Path, sources: dict[str, str] | None = None
                  ) -> tuple[ModInfo | None, list[Diagnostic]]:
    """Read and check ``folder/mod.toml``; problems come back as diagnostics, at the line
    of the key at fault where there is one. The file's text goes into ``sources`` (by its
    shown path), so that the problems quote their line with a caret under the spot."""
    path = folder / "mod.toml"
    shown = display_path(path)
    if not has_mod_toml(folder):
        return None, [Diagnostic(shown, 0, 0, "missing mod.toml (every mod folder needs one)")]
    try:
        text = toml_text(path, MAX_MOD_TOML_BYTES)
    except OSError as err:
        return None, [Diagnostic(shown, 0, 0, f"cannot read mod.toml: {err.strerror or err}")]
    except ValueError as err:
        if not isinstance(err.__cause__, UnicodeDecodeError):
            return None, [Diagnostic(shown, 0, 0, f"invalid mod.toml: {err}")]
        found = not_utf8(err.__cause__, shown)   # at the first bad bytes, as for .dice
        if sources is not None:
            sources[shown] = found.source
        return None, [dataclasses.replace(d, message=f"invalid mod.toml: {d.message}")
                      for d in found.diagnostics]
    if sources is not None:
        sources[shown] = text
    try:
        data = parse_toml(text)
    except ValueError as err:
        return None, [toml_error(shown, str(err), "invalid mod.toml: ")]
    problems: list[Diagnostic] = []

    def bad(key: str, message: str, severity: str = "error", value: str = "") -> None:
        line, column, end = _string_position(text, key, value) if value else \
            _key_position(text, key)
        problems.append(Diagnostic(shown, line, column, message, severity, end))

    for key in data:
        if key not in MOD_TOML_KEYS:
            bad(key, f"unknown key {key!r}{did_you_mean(key, MOD_TOML_KEYS)}; the keys are "
                f"{', '.join(MOD_TOML_KEYS)}", "warning")
    name = data.get("name")
    if "name" not in data:
        bad("", "'name' is missing: write name = \"My Mod\"")
    elif not isinstance(name, str) or not name.strip() or has_controls(name):
        bad("name", f"'name' must be a non-empty string without control characters, line "
            f"separators or noncharacters{_held(name)}")
    elif len(name) > checker.MAX_NAME:
        bad("name", f"'name' may be at most {checker.MAX_NAME} characters long (this one "
            f"has {len(name):,})")
    version = _version(data.get("version"))
    if "version" not in data:
        bad("", "'version' is missing: write version = \"1.0.0\"")
    elif version is None:
        bad("version", "'version' must be a string like \"1.0.0\"")
    api = data.get("api")
    if "api" not in data:
        bad("", f"'api' is missing: write api = {API_VERSION} (the language's major version)")
    elif not isinstance(api, int) or isinstance(api, bool):
        bad("api", "'api' must be an integer (the language's major version, "
            f"{API_VERSION})")
    elif api != API_VERSION:
        bad("api", f"this mod is written for api {api}, but this game speaks api "
            f"{API_VERSION}")
    requires = []
    raw = data.get("requires", [])
    if not isinstance(raw, list) or not all(isinstance(r, str) for r in raw):
        bad("requires", "'requires' must be a list of strings like \"frost>=1.0\"")
        raw = []
    for req in raw:
        m = _REQUIRE.match(req)
        if not m:
            shown_req = req if len(req) <= 60 else req[:57] + "…"
            bad("requires", f"cannot read requirement {shown_req!r} (write \"modname>=1.0\")",
                value=req)
            continue
        requires.append((m.group(1), _version(m.group(2)) if m.group(2) else ()))
    description = data.get("description", "")
    if not isinstance(description, str) or has_controls(description, "\n\t"):
        bad("description", "'description' must be a string without control characters, "
            f"line separators or noncharacters{_held(description, chr(10) + chr(9))}")
    authors = data.get("authors", [])
    if isinstance(authors, str):   # one author, written without the list
        authors = [authors]
    if not isinstance(authors, list) or not all(isinstance(a, str) and not has_controls(a)
                                                for a in authors):
        held = next((_held(a) for a in authors if _held(a)), "") \
            if isinstance(authors, list) else ""
        bad("authors", "'authors' must be a list of strings like [\"Ann\", \"Bo\"]" + held)
    if _has_errors(problems):
        return None, problems
    info = ModInfo(folder.name, folder, str(name), version or (0,), int(api),
                   str(description), tuple(authors), tuple(requires))
    return info, problems


def has_mod_toml(folder: Path) -> bool:
    """Whether ``folder`` holds an entry named ``mod.toml``, whatever it is (a file, or a
    folder, a pipe or a broken link, which reading it reports): it is a mod folder."""
    return os.path.lexists(folder / "mod.toml")


#: tomllib's position at the end of its messages: ``(at line 4, column 11)``.
_TOML_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
#: tomllib's words that say less than they could, in the project's words.
_TOML_WORDS = {"Cannot overwrite a value": "a key given twice (or a table and a key of the "
                                           "same name)",
               "Illegal character '\\n'": "the line ends inside a string (a closing quote "
                                            "is missing)"}


def toml_error(shown: str, message: str, prefix: str = "") -> Diagnostic:
    """A TOML file's syntax error (``message``: tomllib's, or a limit's) as a diagnostic at
    its line and column, without the ``(at line …)`` tomllib ends it with; rendered with
    the file's text, it quotes the line with a caret under the spot, as for ``.dice``."""
    m = _TOML_AT.search(message)
    line, column = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    words = message[:m.start()] if m else message
    return Diagnostic(shown, line, column, prefix + _TOML_WORDS.get(words, words))


def _key_position(text: str, key: str) -> tuple[int, int, int]:
    """Where the top-level ``key`` of a TOML text is written: its line, and the columns
    its key starts at and ends before (1-based). The key may be quoted, dotted
    (``name.first = …``: a table) or a table's header (``[authors]``, ``[[authors]]``);
    zeros when it cannot be found (no ``key``, or one written in another way): the
    message then names the file."""
    if not key:
        return 0, 0, 0
    quoted = re.escape(key)
    name = rf"({quoted}|\"{quoted}\"|'{quoted}')"
    pair = re.compile(rf"^[ \t]*{name}[ \t]*[=.]")
    header = re.compile(rf"^[ \t]*\[\[?[ \t]*{name}[ \t]*[\].]")
    top = True
    for number, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("["):
            top = False         # (the keys under a table's header are the table's)
            m = header.match(line)
        else:
            m = pair.match(line) if top else None
        if m:
            return number, m.start(1) + 1, m.end(1) + 1
    return 0, 0, 0


def _string_position(text: str, key: str, value: str) -> tuple[int, int, int]:
    """Where the string ``value`` is written in the top-level ``key``'s value (a list's
    item: ``requires = ["frost>=1.0", "bad one"]``, perhaps over lines), quotes and all;
    where the key is when it is not found written as it reads (with escapes, say)."""
    line, column, end = _key_position(text, key)
    lines = text.split("\n")
    for number in range(line, len(lines) + 1) if line else ():
        row = lines[number - 1]
        if number > line and re.match(r"[ \t]*\[|[ \t]*[\w\"'.-]+[ \t]*=", row):
            break               # (the next key or table: the value has ended)
        for quote in "\"'":
            at = row.find(f"{quote}{value}{quote}", column - 1 if number == line else 0)
            if at >= 0:
                return number, at + 1, at + len(value) + 3
    return line, column, end


def has_controls(text: str, allowed: str = "") -> bool:
    """Whether ``text`` holds a character not in ``allowed`` that a terminal would act on
    (an escape sequence, say, or a control of writing direction: see
    :func:`~dicey.lang.errors.is_unprintable`)."""
    return any(m.group() not in allowed for m in UNPRINTABLE.finditer(text))


def _held(text: Any, allowed: str = "") -> str:
    """`` (it holds the noncharacter '\\ufffe')``: the first character of string ``text``
    not in ``allowed`` that :func:`has_controls` refuses, named; "" when there is none."""
    found = next((m.group() for m in UNPRINTABLE.finditer(text) if m.group() not in allowed),
                 None) if isinstance(text, str) else None
    return "" if found is None else f" (it holds {unprintable_kind(found)})"


def order_mods(mods: list[ModInfo], broken: Mapping[str, str] | None = None,
               nearby: Iterable[str] = ()) -> tuple[list[ModInfo], dict[str, str]]:
    """Dependency order (then by id); mods whose requirements fail, with the reason.
    ``broken`` names the mods found but not read (id → why), so a mod that requires one
    says so rather than that it is not installed; ``nearby``, the mods beside them not
    loaded, which a misspelt requirement may have meant."""
    broken = broken or {}
    by_id = {m.id: m for m in mods}
    beside = set(nearby)
    spelt = [*by_id, *beside]
    failed: dict[str, str] = {}
    ordered: list[ModInfo] = []
    state: dict[str, str] = {}

    def visit(mod: ModInfo, chain: list[str]) -> bool:
        if state.get(mod.id) == "done":
            return mod.id not in failed
        if state.get(mod.id) == "active":
            cycle = " → ".join(chain[chain.index(mod.id):] + [mod.id])
            for member in chain[chain.index(mod.id):]:
                failed.setdefault(member, f"requirement cycle: {cycle}")
            return False
        state[mod.id] = "active"
        why: list[str] = []          # every requirement that fails, not just the first
        for dep, minimum in mod.requires:
            if dep in broken and dep not in by_id:
                why.append(f"requires mod '{dep}', which did not load ({broken[dep]})")
            elif dep not in by_id and dep in beside:
                why.append(f"requires mod '{dep}', which is beside it but not loaded (give "
                           "the folder that holds both, or each of them)")
            elif dep not in by_id and (bundled := _bundled_not_loaded(dep, minimum)):
                why.append(bundled)
            elif dep not in by_id:
                meant = did_you_mean(dep, spelt) or did_you_mean(dep.lower(), spelt)
                why.append(f"requires mod '{dep}', which is not installed{meant}")
            elif not visit(by_id[dep], chain + [mod.id]):
                why.append(f"requires mod '{dep}', which did not load")
            elif by_id[dep].version < minimum:
                why.append(f"requires {dep}>={'.'.join(map(str, minimum))}, but {dep} is "
                           f"version {by_id[dep].version_text}")
        ok = not why
        if why:
            failed.setdefault(mod.id, "; ".join(why))
        state[mod.id] = "done"
        if ok and mod.id not in failed:
            ordered.append(mod)
        return ok and mod.id not in failed

    for mod in sorted(mods, key=lambda m: m.id):
        visit(mod, [])
    return ordered, failed


def _bundled_not_loaded(dep: str, minimum: tuple[int, ...]) -> str:
    """What is said of a required mod that is not loaded but is in the bundled ``mods/``
    (mods given as paths or with --mods replace those): that it is there, and how to load
    it (or that its version is too low); "" if it is not there."""
    folder = MODS_DIR / dep
    if not has_mod_toml(folder):
        return ""
    info, _ = read_mod_toml(folder)
    shown = _path_from_here(folder)
    if info is not None and info.version < minimum:
        return (f"requires {dep}>={'.'.join(map(str, minimum))}, which is not loaded here; "
                f"the one in the bundled mods/ ({shown}) is version {info.version_text}")
    return (f"requires mod '{dep}', which is in the bundled mods/ but not loaded with these "
            f"paths: add {shown} to the paths or to --mods")


# -------------------------------------------------------------------- loading

def display_path(path: Path) -> str:
    """Paths in messages as a command run here can name them: relative to the working
    folder when below it (``content/cards.dice``, ``mods/frostbite/cards.dice`` in the
    project), else whole (never relative to the project from elsewhere, which names
    another file, nor a relative path that climbs out of the working folder); a name that
    is not UTF-8 shows its bytes as ``\\xe9`` (never a lone surrogate, which no UTF-8
    output can hold). A link is named as given, not as what it leads to."""
    whole = os.path.abspath(path)
    try:
        here = os.getcwd()
    except OSError:           # (the working folder was removed)
        return _printable(whole)
    below = whole.startswith(here.rstrip(os.sep) + os.sep)
    return _printable(os.path.relpath(whole, here) if below else whole)


def _path_from_here(path: Path) -> str:
    """``path`` as a command run here can name it: relative to the working folder when
    it is below it (``mods/frostbite`` in the project), else whole."""
    try:
        here = resolved(Path.cwd())
    except OSError:           # (the working folder was removed)
        here = None
    return _printable((here and _below(path, here)) or str(resolved(path)))


def _below(path: Path, base: Path) -> str:
    """``path`` relative to ``base`` ("" when it is not below it)."""
    try:
        return str(resolved(path).relative_to(base))
    except ValueError:
        return ""


def _printable(shown: str) -> str:
    """A path for a message: a name that is not UTF-8 shows its bytes as ``\\xe9``."""
    return os.fsencode(shown).decode("utf-8", "backslashreplace")


def resolved(path: Path) -> Path:
    """``path`` made absolute with its links followed, as far as they lead (a link in a
    loop is left as it is: ``Path.resolve`` raises for it)."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        return Path(os.path.abspath(path))


def dice_files(folder: Path) -> list[Path]:
    """The ``.dice`` files under ``folder``, in order (a folder named ``x.dice`` is none;
    a broken link named so is one, so that reading it reports it). A file or folder below
    ``folder`` whose name starts with ``.`` or ``_`` is passed over, as in a mods folder
    (:func:`is_skipped`): what an unzip or a tool leaves in a mod (``__MACOSX/``,
    ``._cards.dice``, ``.git/``, an editor's ``.cards.dice.swp``) is not the mod's."""
    return sorted(p for p in folder.rglob("*.dice")
                  if not any(map(is_skipped, p.relative_to(folder).parts)) and not p.is_dir())


def is_skipped(folder: Path | str) -> bool:
    """Whether a file or folder in a mods folder or in a mod is passed over (its name
    starts with ``.`` or ``_``) rather than read."""
    name = folder if isinstance(folder, str) else folder.name
    return name.startswith((".", "_"))


@dataclass
class _Unit:
    """A batch of files loaded together: the base game, or one mod (all or nothing)."""

    name: str
    mod: str | None
    files: list[Path]
    decls: list[tuple[A.TopLevel, str]] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    needs: frozenset[str] = frozenset()   # the mods it requires, directly or through others
    quiet: bool = False                   # a requirement only: its problems shown if it fails
    broken: list[tuple[A.TopLevel, Def]] = field(default_factory=list)
    """Extensions with errors: never applied, but their floors are checked all the same."""
    unparsed: list[tuple[str, str]] = field(default_factory=list)
    """``(kind, name)`` of the declarations that did not parse."""
    unparsed_in: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    """``(kind, id)`` of each declaration that did not parse -> its name and file."""
    unreadable: list[str] = field(default_factory=list)
    """The files a part of which did not parse with no head to say what it declares."""
    outside: Any = None
    """For a mod: what a name it does not know is in the other mods (Symbols.outside)."""
    others: "_OtherMods | None" = None
    """For a mod: the other mods, for the hint at a floor the dungeon lacks."""


def _parse_unit(unit: _Unit, lib: Library) -> None:
    for path in unit.files:
        shown = display_path(path)
        module, text, problems = parse_file(path, shown)
        lib.sources[shown] = text
        unit.problems.extend(problems)
        lib.syntax_problems.update(problems)
        unit.decls.extend((d, shown) for d in module.decls)
        unit.unparsed.extend(module.unparsed)
        for kind, name in module.unparsed:
            if (kind, name) == UNKNOWN_HEAD:
                unit.unreadable.append(shown)
            else:
                unit.unparsed_in.setdefault((kind, A.make_id(name)), (name, shown))


def _fix_first(unit: _Unit) -> Callable[[str, str], str] | None:
    """Symbols.outside for ``unit``: a name it does not know, which a file of it that did
    not parse declares (or may), is said to follow from that file's syntax error (fix it
    first); else what the unit's own hint says (:attr:`_Unit.outside`)."""
    outside = unit.outside
    if not unit.unparsed_in and not unit.unreadable:
        return outside

    def hint(kind: str, ident: str) -> str:
        if (kind, ident) in unit.unparsed_in:
            name, path = unit.unparsed_in[kind, ident]
            return f" ({name} is declared in {path}, which did not parse: fix that first)"
        if unit.unreadable:   # (its own file comes before another mod: a backup beside it)
            files = " and ".join(dict.fromkeys(unit.unreadable))
            return f" ({files} did not parse and may declare it: fix that first)"
        return outside(kind, ident) if outside is not None else ""
    return hint


def scope_for(defn: Def, event: str, statuses: frozenset[str]) -> Scope:
    """What names a hook of ``defn`` can see when it runs."""
    if isinstance(defn, EquipmentDef):
        return checker.hook_scope("equipment", event, [name for name, _ in defn.vars],
                                  statuses, button=defn.button)
    if isinstance(defn, StatusDef):
        kind = "status"
    else:
        kind = getattr(defn, "kind", "enemy")
    return checker.hook_scope(kind, event, [], statuses)


def _compile(defn: Def, statuses: frozenset[str], path: str) -> Def:
    """The same definition with its hooks (and variants') compiled to scripts."""
    if not getattr(defn, "hooks", None) and not isinstance(defn, EquipmentDef):
        return defn
    hooks = {event: compile_hook(hook, path=path, scope=scope_for(defn, event, statuses))
             for event, hook in defn.hooks.items()}
    changes: dict[str, Any] = {"hooks": hooks}
    if isinstance(defn, EquipmentDef) and (defn.ready is not None or
                                           defn.progress is not None):   # (checked ASTs)
        scope = Scope(checker.READY_NAMES, frozenset(name for name, _ in defn.vars),
                      statuses)
        if defn.ready is not None:
            changes["ready"] = compile_expr(defn.ready, path=path, scope=scope)
        if defn.progress is not None:
            changes["progress"] = tuple(compile_expr(e, path=path, scope=scope)
                                        for e in defn.progress)
    if isinstance(defn, EquipmentDef):
        for variant in ("upgraded", "weakened"):
            sub = getattr(defn, variant)
            if sub is not None:
                changes[variant] = _compile(sub, statuses, path)
    return dataclasses.replace(defn, **changes)


def _load_unit(unit: _Unit, lib: Library, before: "checker.Symbols") -> "checker.Symbols":
    """Parse, check and add one unit; on any error in a mod, add nothing.

    Returns the symbol table the next unit checks against (``before`` if skipped)."""
    _parse_unit(unit, lib)
    symbols = checker.collect_symbols([d for d, _ in unit.decls], before)
    # A name whose declaration did not parse is known while this unit is checked (its
    # syntax error is the problem, not every use of it), never to the units after it.
    # In a mod, which a syntax error skips whole, a status too (nothing of it runs); in the
    # base game or loose files, a use of one stays an error, said to follow from the file.
    checking = checker.with_unparsed(symbols, unit.unparsed, statuses=unit.mod is not None)
    checking.outside = _fix_first(unit)
    places = _existing_places(lib)
    staged: list[tuple[A.TopLevel, Def]] = []
    seen: dict[tuple[str, str], str] = {}
    for decl, path in unit.decls:
        if isinstance(decl, A.Extension):   # it declares no id: nothing to duplicate
            extension, problems = checker.check_extension(decl, path, checking, unit.mod)
            unit.problems.extend(problems)
            if extension is not None:   # with errors too: its missing floors are reported
                (unit.broken if _has_errors(problems) else staged).append((decl, extension))
            continue
        defn, problems = checker.check_decl(decl, path, checking, unit.mod)
        unit.problems.extend(problems)
        if checker.refused_name(decl.name):   # it declares no id: nothing to duplicate
            continue
        key = (_KIND_SPACE[decl.kind], A.make_id(decl.name))
        duplicate = _duplicate_problems(decl, path, key, seen, places, before, unit.outside)
        unit.problems.extend(duplicate)
        seen.setdefault(key, f"{path}:{decl.pos.line}")
        if defn is not None and not duplicate:   # the first declaration keeps its id
            staged.append((decl, defn))
            unit.problems.extend(_override_clash(decl, path, key, unit, lib))
    if unit.mod is None:   # a mod with errors is skipped whole: nothing can dangle
        staged = _without_dangling(staged, lib, unit)
    else:
        unit.problems.extend(_overfilled_grids(staged, lib))
    staged = _on_the_dungeon(staged, lib, unit)
    errors = [p for p in unit.problems if p.severity == "error"]
    if errors or not unit.quiet:
        lib.diagnostics.extend(unit.problems)
    if unit.mod is not None and errors:
        lib.skipped_mods[unit.mod] = f"{len(errors)} error{'s' * (len(errors) != 1)}"
        return before
    statuses = frozenset(symbols.statuses)
    for decl, defn in staged:
        if isinstance(defn, DungeonExtension):
            lib.extensions.append(defn)
            continue
        lib._table(decl.kind)[defn.id] = _compile(defn, statuses, defn.origin.path
                                                  if defn.origin else "<content>")
        if decl.override and unit.mod is not None:
            lib.overrides[(_KIND_SPACE[decl.kind], defn.id)] = unit.mod
    return symbols


def _override_clash(decl: A.Decl, path: str, key: tuple[str, str], unit: _Unit,
                    lib: Library) -> list[Diagnostic]:
    """A warning when a mod overrides what another mod's override already replaced, and
    does not require that mod: which of the two wins is then an accident of load order."""
    earlier = lib.overrides.get(key)
    if not decl.override or unit.mod is None or earlier in (None, unit.mod, *unit.needs):
        return []
    where = getattr(lib._table(decl.kind).get(key[1]), "origin", None)
    return [Diagnostic.at(path, decl.name_pos, (
        f"{decl.kind} '{decl.name}' is overridden by mod '{earlier}' too"
        f"{f' ({where})' if where else ''}; this one, from mod '{unit.mod}', wins as it "
        "loads later (mods load after those they require, then by id, and neither of these "
        "requires the other)"), "warning")]


def _overfilled_grids(staged: list[tuple[A.TopLevel, Def]], lib: Library
                      ) -> list[Diagnostic]:
    """An error at each card override of a mod that makes a hero loaded before it (and
    not redeclared by the mod) start with more cards than its grid holds."""
    cards = {defn.id: (decl, defn) for decl, defn in staged
             if isinstance(defn, EquipmentDef) and decl.override}
    heroes = {defn.id for _, defn in staged if isinstance(defn, FighterDef)}
    problems = []
    for hero in lib.heroes.values():
        grown = [ref for ref in hero.equipment if ref.rstrip("+") in cards]
        if hero.id in heroes or not grown:
            continue

        def size(ref: str) -> int:
            ident = ref.rstrip("+")
            card = cards[ident][1] if ident in cards else lib.equipment.get(ident)
            if card is None:
                return 1
            if ref.endswith("+") and card.upgraded is not None:
                card = card.upgraded
            return card.size

        used = sum(size(ref) for ref in hero.equipment)
        if used > hero.grid:
            decl, card = cards[grown[0].rstrip("+")]
            where = f" (declared at {hero.origin})" if hero.origin else ""
            problems.append(Diagnostic.at(
                card.origin.path if card.origin else "", decl.name_pos,
                f"this override makes hero '{hero.name}'{where} carry {used} grid spaces, "
                f"but its grid is {hero.grid} wide"))
    return problems


def _references(defn: Def) -> list[tuple[str, str]]:
    """The (kind, id) of every declaration a fighter, a dungeon or an extension names."""
    if isinstance(defn, FighterDef):
        return [("equipment", ident.rstrip("+")) for ident in defn.equipment]
    if isinstance(defn, DungeonExtension):
        return [(kind, ident) for floor in defn.floors
                for kind, idents in (("enemy", floor.enemies), ("equipment", floor.rewards))
                for ident in idents]
    if not isinstance(defn, DungeonDef):
        return []
    refs = [("hero", ident) for ident in defn.heroes]
    for floor in defn.floors:
        refs += [("enemy", ident) for ident in (*floor.enemies, *filter(None, [floor.boss]))]
        refs += [("equipment", ident) for ident in floor.rewards]
    return refs


def _without_dangling(staged: list[tuple[A.TopLevel, Def]], lib: Library, unit: _Unit
                      ) -> list[tuple[A.TopLevel, Def]]:
    """The staged definitions, less those naming one that failed its check (a fighter
    with a broken card would load holding a card that does not exist), each reported;
    repeated, since dropping an enemy can leave a dungeon dangling in turn."""
    kept = list(staged)
    while True:
        loaded = {(decl.kind, defn.id) for decl, defn in kept if isinstance(decl, A.Decl)}
        dangling = [(decl, defn, ref) for decl, defn in kept
                    if (ref := _missing_reference(defn, loaded, lib)) is not None]
        if not dangling:
            return kept
        for decl, defn, (kind, ident) in dangling:
            where = defn.origin.path if defn.origin else unit.name
            head, at = (("this extension", decl.kind_pos) if isinstance(decl, A.Extension)
                        else (f"{decl.kind} '{decl.name}'", decl.name_pos))
            unit.problems.append(Diagnostic.at(
                where, at, f"{head} names {kind} '{ident}', which did not load (see its "
                "errors)"))
            kept.remove((decl, defn))


def _missing_reference(defn: Def, loaded: set[tuple[str, str]], lib: Library
                       ) -> tuple[str, str] | None:
    """The first declaration ``defn`` names that is neither staged nor loaded before."""
    return next(((kind, ident) for kind, ident in _references(defn)
                 if (kind, ident) not in loaded and ident not in lib._table(kind)), None)


def _on_the_dungeon(staged: list[tuple[A.TopLevel, Def]], lib: Library, unit: _Unit
                    ) -> list[tuple[A.TopLevel, Def]]:
    """The staged definitions, less each extension of a floor that the dungeon a run walks
    once they load lacks, with an error at that floor. While no dungeon is loaded, every
    extension stays: a later one may have its floors (:func:`load_library` sees)."""
    walked = walked_dungeon({**lib.dungeons, **{defn.id: defn for _, defn in staged
                                                if isinstance(defn, DungeonDef)}})
    if walked is None:
        return staged
    for _, defn in unit.broken:
        unit.problems.extend(_missing_floor_problems(defn, walked, unit.others))
    kept = []
    for decl, defn in staged:
        problems = _missing_floor_problems(defn, walked, unit.others) \
            if isinstance(defn, DungeonExtension) else []
        unit.problems.extend(problems)
        kept += [] if problems else [(decl, defn)]
    return kept


def _has_errors(problems: list[Diagnostic]) -> bool:
    return any(p.severity == "error" for p in problems)


def _missing_floor_problems(extension: DungeonExtension, dungeon: DungeonDef,
                            others: "_OtherMods | None" = None) -> list[Diagnostic]:
    """An error at each floor ``extension`` adds to that ``dungeon``, the one a run walks,
    does not have (with the hint at a dungeon of another mod that has them all, through
    ``others``)."""
    origin = dungeon.origin
    where = "" if origin is None else \
        f" ({origin}{f', mod {origin.mod}' if origin.mod else ''})"
    count = len(dungeon.floors)
    path = extension.origin.path if extension.origin else ""
    missing = extension.missing_floors(dungeon)
    hint = _fitting_hint(extension, others) if missing else ""
    return [Diagnostic.at(path, floor.pos, f"floor {floor.number} is not in {dungeon.name}"
                          f"{where}, the dungeon a run walks: it has {count} "
                          f"floor{'s' * (count != 1)}{hint}")
            for floor in missing]


def _fitting_hint(extension: DungeonExtension, others: "_OtherMods | None") -> str:
    """The hint at an extension of a mod that has no dungeon to extend, or not one with its
    floors: a dungeon another mod declares that has every floor it adds, when that mod is
    not loaded or did not load (one that loads later would be the dungeon a run walks)."""
    mod = extension.origin.mod if extension.origin else None
    if others is None or mod is None:
        return ""
    return others.fitting(mod, {floor.number for floor in extension.floors})


def _existing_places(lib: Library) -> dict[tuple[str, str], str]:
    places = {}
    for kind in _KIND_SPACE:
        for ident, defn in lib._table(kind).items():
            origin = getattr(defn, "origin", None)
            places[(_KIND_SPACE[kind], ident)] = str(origin) if origin else "the base game"
    return places


def _duplicate_problems(decl: A.Decl, path: str, key: tuple[str, str],
                        seen: dict[tuple[str, str], str],
                        places: dict[tuple[str, str], str],
                        before: "checker.Symbols", outside: Any = None) -> list[Diagnostic]:
    """A duplicate declaration, or an 'override' with nothing to replace: for that, the
    hint :func:`checker.unknown_hint` gives any unknown name (a near one, another kind's,
    or, through ``outside`` (the unit's Symbols.outside), another mod's that loads later or
    not at all)."""
    what = f"{decl.kind} '{decl.name}'"
    if key in seen:
        return [Diagnostic.at(path, decl.name_pos, f"duplicate {what}: also declared at "
                              f"{seen[key]}")]
    if key in places and not decl.override:
        return [Diagnostic.at(path, decl.name_pos, f"duplicate {what}: already declared at "
                              f"{places[key]} (write 'override {decl.kind} \"{decl.name}\"' "
                              "to replace it)")]
    # (an enemy and a hero share one space of ids: an override replaces one of its kind)
    if decl.override and (key not in places or key[1] not in before.table(decl.kind)):
        known = dataclasses.replace(before, outside=outside)   # (same tables, so 'is' holds)
        hint = checker.unknown_hint(decl.name, known.table(decl.kind), known)
        return [Diagnostic.at(path, decl.name_pos, f"'override' of {what}, but there is no "
                              f"such {decl.kind} to replace{hint}")]
    return []


def load_library(content_dir: Path | str | None = None,
                 mod_dirs: Iterable[Path | str] | None = None,
                 use_mods: bool = True, extra_files: Iterable[Path | str] = (),
                 single_mods: Iterable[Path | str] = ()) -> Library:
    """Load the base game, then the mods (all folders with a mod.toml under ``mods/`` by
    default, or exactly ``mod_dirs``: each a mod folder or a folder of mod folders), then
    ``extra_files`` (loose ``.dice`` files checked on top of everything, as ``dicey check
    FILE`` does; their good declarations load even when others in them fail).

    ``single_mods`` are mod folders checked on their own (``dicey check mods/embers``):
    each is one mod even without a ``mod.toml`` (reported missing, as the game reports it),
    loaded with the mods it requires, found beside it as the game finds them in the mods
    folder they share (listed in :attr:`Library.required_mods`; their problems are
    reported only when they fail to load).

    Last, every extension is applied to the dungeon a run walks. A mod's extension of a
    floor that dungeon lacks, when a mod loaded after it brought the dungeon, is found
    only then: everything is loaded again with that mod failing at the floor (so it is
    reported, and the mods requiring it left out, as for any error in a mod)."""
    base = Path(content_dir) if content_dir is not None else CONTENT_DIR
    mods = None if mod_dirs is None else list(mod_dirs)
    singles, extra = [Path(p) for p in single_mods], [Path(p) for p in extra_files]
    late: dict[str, list[Diagnostic]] = {}
    while True:   # each round fails one mod more, or is the last
        lib, others = _load_all(base, use_mods, mods, singles, extra, late)
        off = _off_the_walked_dungeon(lib, others)
        failing = [(ext.origin.mod, problems) for ext, problems in off if ext.origin.mod]
        if not failing:
            break
        for mod, problems in failing:
            late.setdefault(mod, []).extend(problems)
    lib.mod_flags = (None if mods is None else [str(m) for m in mods], use_mods)
    for ext, problems in off:   # the base game's or loose files': left out, not fatal
        lib.extensions.remove(ext)
        lib.diagnostics.extend(problems)
    _extend_the_walked_dungeon(lib, others)
    return lib


def _load_all(base: Path, use_mods: bool, mod_dirs: list[Path | str] | None,
              single_mods: list[Path], extra: list[Path],
              late: Mapping[str, list[Diagnostic]]) -> tuple[Library, "_OtherMods | None"]:
    """The base game, the mods and the loose files loaded (see :func:`load_library`),
    each mod of ``late`` failing with its problems there; and what the mods found declare
    (None when no mods were read), for the hints at the end."""
    lib = Library()
    symbols = checker.collect_symbols([], None)
    others = None
    if base.is_dir():
        symbols = _load_unit(_Unit("content", None, dice_files(base)), lib, symbols)
    else:
        lib.diagnostics.append(Diagnostic(str(base), 0, 0, "content folder not found"))
    if use_mods:
        symbols, others = _load_mods(lib, symbols, mod_dirs, single_mods, late)
    if extra:
        _load_unit(_Unit("files", None, extra), lib, symbols)
    return lib, others


def _off_the_walked_dungeon(lib: Library, others: "_OtherMods | None"
                            ) -> list[tuple[DungeonExtension, list[Diagnostic]]]:
    """Each extension loaded that adds to a floor the dungeon a run walks lacks, with an
    error at each such floor."""
    walked = lib.dungeon
    if walked is None:
        return []
    return [(ext, problems) for ext in lib.extensions
            if (problems := _missing_floor_problems(ext, walked, others))]


def _extend_the_walked_dungeon(lib: Library, others: "_OtherMods | None") -> None:
    """The dungeon a run walks, in :attr:`Library.dungeons`, with every extension applied
    in load order; a warning at each extension when no dungeon is loaded (with the hint at
    another mod's dungeon that has its floors)."""
    walked = lib.dungeon
    if walked is not None:
        lib.dungeons[walked.id] = reduce(lambda dungeon, ext: ext.apply(dungeon),
                                         lib.extensions, walked)
        return
    for ext in lib.extensions:
        if ext.origin is not None:
            lib.diagnostics.append(Diagnostic.at(
                ext.origin.path, ext.origin.pos, "no dungeon is loaded: this extension "
                f"extends nothing{_fitting_hint(ext, others)}", "warning"))


def _load_mods(lib: Library, symbols: "checker.Symbols",
               mod_dirs: Iterable[Path | str] | None, single_mods: list[Path],
               late: Mapping[str, list[Diagnostic]]
               ) -> tuple["checker.Symbols", "_OtherMods"]:
    roots = [MODS_DIR] if mod_dirs is None else [Path(p) for p in mod_dirs]
    infos = _read_mods([*single_mods, *_mod_folders(roots, lib, mod_dirs is not None)],
                       lib, set())
    singles = {resolved(folder) for folder in single_mods}
    infos += _requirements([m for m in infos if resolved(m.path) in singles], infos, lib)
    nearby = {folder.name for parent in {info.path.parent for info in infos}
              for folder in _mod_folders_in(parent)}
    ordered, failed = order_mods(infos, lib.skipped_mods, nearby)
    for mod_id, why in sorted(failed.items()):
        info = next(m for m in infos if m.id == mod_id)
        lib.diagnostics.append(Diagnostic(display_path(info.path / "mod.toml"), 0, 0,
                                          f"mod '{mod_id}' not loaded: {why}"))
        lib.skipped_mods[mod_id] = why
    needs: dict[str, frozenset[str]] = {}
    others = _OtherMods(infos, [folder for parent in {info.path.parent for info in infos}
                                for folder in _mod_folders_in(parent)], ordered, lib)
    for info in ordered:
        direct = [dep for dep, _ in info.requires]
        needs[info.id] = frozenset(direct).union(*(needs.get(dep, ()) for dep in direct))
        if any(dep in lib.skipped_mods for dep in direct):
            lib.skipped_mods[info.id] = "a required mod did not load"
            lib.diagnostics.append(Diagnostic(display_path(info.path / "mod.toml"), 0, 0,
                                              f"mod '{info.id}' not loaded: a required mod "
                                              "did not load"))
            continue
        unit = _Unit(info.id, info.id, dice_files(info.path),
                     problems=list(late.get(info.id, ())), needs=needs[info.id],
                     quiet=info.id in lib.required_mods, outside=others.hints(info.id),
                     others=others)
        if not unit.files:
            lib.diagnostics.append(Diagnostic(display_path(info.path / "mod.toml"), 0, 0,
                                              f"mod '{info.id}' has no .dice files: it adds "
                                              "nothing", "warning"))
        symbols = _load_unit(unit, lib, symbols)
        if info.id not in lib.skipped_mods:
            lib.mods.append(info)
    return symbols, others


#: A declaration's head, as a quick look at a mod's files finds it (no parse).
_DECLARED = re.compile(r'^[ \t]*(?:override[ \t]+)?(equipment|status|enemy|hero|dungeon)'
                       r'[ \t]+"([^"\\\n]+)"', re.M)


def declared_names(folder: Path) -> list[tuple[str, str]]:
    """The ``(kind, name)`` of each declaration in the ``.dice`` files of mod folder
    ``folder`` (``("equipment", "Tinderbox")``), as a quick look at their text finds them:
    nothing is parsed or checked, and a file that cannot be read (or is no regular file:
    a pipe) adds nothing."""
    try:
        paths = dice_files(folder)
    except OSError:
        return []
    found = []
    for path in paths:
        try:    # (no more than the parser would read: see parse_file)
            if not stat.S_ISREG(os.stat(path).st_mode):
                continue        # (opening a named pipe would wait forever)
            with path.open("rb") as file:
                text = file.read(MAX_SOURCE_BYTES).decode("utf-8", "replace")
        except OSError:
            continue
        found += _DECLARED.findall(text)
    return found


class _OtherMods:
    """What the mods found (loaded or not: those given, and the mods beside them) declare,
    for the hint at a name a mod does not know because another mod declares it: one that
    loads later, or that is not loaded. Their files are read at the first such name
    only."""

    def __init__(self, infos: list[ModInfo], beside: list[Path], ordered: list[ModInfo],
                 lib: Library):
        folders = {info.id: info.path for info in infos}
        for folder in beside:
            folders.setdefault(folder.name, folder)
        self.folders = folders
        self.rank = {info.id: i for i, info in enumerate(ordered)}
        self.lib = lib
        self._index: dict[tuple[str, str], list[tuple[str, str]]] | None = None
        self._dungeons: list[tuple[str, str, frozenset[int]]] | None = None

    def index(self) -> dict[tuple[str, str], list[tuple[str, str]]]:
        """``(kind, id)`` -> the ``(mod id, name)`` of each mod that declares it."""
        if self._index is None:
            self._index = {}
            for mod_id, folder in sorted(self.folders.items()):
                for kind, name in declared_names(folder):
                    self._index.setdefault((kind, A.make_id(name)), []).append(
                        (mod_id, name))
        return self._index

    def hints(self, mod: str):
        """Symbols.outside for mod ``mod``'s unit."""
        def hint(kind: str, ident: str) -> str:
            for other, name in self.index().get((kind, ident), ()):
                if other != mod and (why := self._why(mod, other)):
                    return self._said(mod, other, name, why)
            return ""
        return hint

    def _why(self, mod: str, other: str, later: bool = True) -> str:
        """Why mod ``mod`` does not see what mod ``other`` declares ("" when it does, or
        ``other`` loads after it and not ``later``)."""
        rank = self.rank.get(other)
        if rank is None or other in self.lib.skipped_mods:
            return "which is not loaded" if rank is None and \
                other not in self.lib.skipped_mods else "which did not load"
        return "which loads after this one" if later and rank > self.rank.get(mod, -1) else ""

    @staticmethod
    def _said(mod: str, other: str, name: str, why: str) -> str:
        return (f" ({name} is declared in mod '{other}', {why}: add \"{other}\" to "
                f"'requires' in {mod}'s mod.toml)")

    def dungeons(self) -> list[tuple[str, str, frozenset[int]]]:
        """``(mod id, name, floor numbers)`` of each dungeon the mods found declare (their
        files parsed, not checked), read at the first ask."""
        if self._dungeons is None:
            self._dungeons = []
            declaring = sorted({m for (kind, _), found in self.index().items()
                                if kind == "dungeon" for m, _ in found})
            for mod_id in declaring:
                try:
                    paths = dice_files(self.folders[mod_id])
                except OSError:
                    continue
                for path in paths:
                    module, _, _ = parse_file(path, display_path(path))
                    self._dungeons += [
                        (mod_id, decl.name, frozenset(
                            m.number for m in decl.members if isinstance(m, A.Section)
                            and m.title == "floor" and m.number is not None))
                        for decl in module.decls
                        if isinstance(decl, A.Decl) and decl.kind == "dungeon"]
        return self._dungeons

    def fitting(self, mod: str, floors: set[int]) -> str:
        """The hint at an extension of mod ``mod`` adding to ``floors`` the dungeon a run
        walks lacks (or with no dungeon loaded): a dungeon of a mod it does not see, not
        loaded or failed, that has them all. (One that loads after it would be the dungeon
        a run walks, were it the last: not the hint.)"""
        for other, name, has in self.dungeons():
            if other != mod and floors <= has and (why := self._why(mod, other, False)):
                shown = ", ".join(map(str, sorted(floors)))
                return self._said(mod, other, f"{name}, a dungeon with floor"
                                  f"{'s' * (len(floors) != 1)} {shown},", why)
        return ""


def _read_mods(folders: Iterable[Path], lib: Library, seen: set[Path]) -> list[ModInfo]:
    """The ``mod.toml`` of each folder not in ``seen`` (each read once); problems reported."""
    infos: list[ModInfo] = []
    for folder in map(_named, folders):
        if resolved(folder) in seen:
            continue
        seen.add(resolved(folder))
        if not MOD_ID.fullmatch(folder.name):
            shown = mod_id_text(folder.name)
            lib.diagnostics.append(Diagnostic(display_path(folder / "mod.toml"), 0, 0,
                                              f"mod '{shown}' not loaded: {BAD_MOD_ID}"))
            lib.skipped_mods[shown] = "its folder's name is not a mod id"
            continue
        info, problems = read_mod_toml(folder, lib.toml_sources)
        lib.diagnostics.extend(problems)
        first = next((m for m in infos if info and m.id == info.id), None)
        if first is not None:   # (from another folder of mods: an id is a folder's name)
            lib.diagnostics.append(Diagnostic(display_path(folder / "mod.toml"), 0, 0,
                                              f"mod '{folder.name}' not loaded: a mod of that "
                                              f"id (its folder's name) is loaded from "
                                              f"{display_path(first.path)}"))
        elif info is None:
            lib.skipped_mods[folder.name] = "invalid mod.toml"
        else:
            infos.append(info)
    return infos


BAD_MOD_ID = ("a mod's id is its folder's name, so that 'requires' can name it: rename the "
              "folder with letters A-Z and a-z, digits, '_' and '-' only (no spaces, dots "
              "or accents)")


def mod_id_text(name: str) -> str:
    """A folder's name as messages and reports show it: a byte that is not UTF-8 as
    ``\\xe9`` (as in a file's text), never a lone surrogate, and what a terminal would act
    on escaped."""
    return printable(os.fsencode(name).decode("utf-8", "backslashreplace"))


def _requirements(singles: list[ModInfo], infos: list[ModInfo], lib: Library
                  ) -> list[ModInfo]:
    """The mods ``singles`` require, directly or through each other, that ``infos`` lacks:
    each from the folder of its id beside the mod that requires it, as the game finds it
    in the mods folder they share; recorded in ``lib.required_mods``."""
    known = {m.id for m in infos} | set(lib.skipped_mods)
    seen = {resolved(m.path) for m in infos}
    found: list[ModInfo] = []
    todo = list(singles)
    while todo:
        mod = todo.pop(0)
        for dep, _ in mod.requires:
            folder = mod.path.parent / dep
            if dep in known or not has_mod_toml(folder):
                continue
            known.add(dep)
            lib.required_mods[dep] = mod.id
            new = _read_mods([folder], lib, seen)
            found += new
            todo += new
    return found


def _mod_folders_in(parent: Path) -> list[Path]:
    """The mod folders in ``parent`` (none if it cannot be listed)."""
    try:
        return [p for p in parent.iterdir() if has_mod_toml(p)]
    except OSError:
        return []


def _named(folder: Path) -> Path:
    """The folder as given, or resolved when it has no name of its own (``.``, ``..``):
    a mod's id is its folder's name, and its requirements are found beside it."""
    return resolved(folder) if folder.name in ("", "..") else folder


#: What is said of a folder of mods (``--mods DIR``) that is not one.
NOT_A_MOD_FOLDER = "not a mod folder (a mod is a folder with a mod.toml and .dice files)"
MOD_FOLDER_NOT_FOUND = "mod folder not found"


def _mod_folders(roots: list[Path], lib: Library, given: bool = True) -> list[Path]:
    """The mod folders ``roots`` name (each a mod, or a folder of mods); each root that
    names none is reported, and recorded in :attr:`Library.unusable_mod_paths` when the
    roots were ``given`` (not the bundled ``mods/``)."""
    folders: list[Path] = []
    for root in roots:
        if has_mod_toml(root):
            folders.append(root)
            continue
        if root.is_dir():
            inside = sorted(p for p in root.iterdir() if p.is_dir() and not is_skipped(p))
            folders.extend(inside)
            problem = None if inside else _no_mods_in(root)
        else:
            problem = Diagnostic(str(root), 0, 0, NOT_A_MOD_FOLDER if root.exists()
                                 else MOD_FOLDER_NOT_FOUND)
        if problem is not None:
            lib.diagnostics.append(problem)
            if given:
                lib.unusable_mod_paths[str(root)] = problem.message
    return folders


def _no_mods_in(root: Path) -> Diagnostic:
    """What is said of a folder given as mods that holds none: a mod without its
    ``mod.toml`` (it has ``.dice`` files), an error; an empty folder of mods, a warning."""
    if any(p.suffix == ".dice" for p in root.iterdir()):
        return Diagnostic(display_path(root / "mod.toml"), 0, 0,
                          "missing mod.toml (every mod folder needs one): the .dice files "
                          "beside it were not loaded")
    return Diagnostic(display_path(root), 0, 0, "no mods here (a mod is a folder with a "
                      "mod.toml and .dice files)", "warning")


@lru_cache(maxsize=2)
def default_library(use_mods: bool = True) -> Library:
    """The base game and the bundled mods, loaded once per process (shared; do not mutate)."""
    return load_library(use_mods=use_mods)

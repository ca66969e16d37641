"""Saving and loading a run: atomic, versioned, and never losing the last good save.

The save is one JSON file, ``save.json``, in the data folder (:func:`data_dir`)::

    {"format": "dicey-save", "version": 1, "checksum": "sha256:…", "run": {…}}

Writing goes to a temporary file in the same folder, which is flushed, synced and renamed
over the old save, so a crash leaves either the old save or the new one, never half of
one. Before that, the old save, if it reads cleanly, is copied to ``save.json.bak``. A save
that does not read (an empty file, not text, bad JSON, a wrong checksum, a newer version, a
run that does not hang together, content it names that is not loaded, a file far too
large) is reported with the reason, and the backup is offered instead; the damaged file is
kept as ``save.damaged.json`` (``save.damaged.2.json``… when that is taken) when the next
save is written. When a run ends it is kept as ``last_run.json`` and the save is cleared.

A save records the mods loaded when it was written (``run.mods``: ids and versions; none in
a save from before runs recorded them), so a run of content not loaded now names the mods
it was played with that are missing, or loaded in another version.
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

from dicey.lang.interp import MAX_INT
from dicey.library import NOT_A_FILE
from dicey.rules.state import MAX_DICE

from .inventory import grid_width, upgradable, width_of
from .state import (RunState, SaveFormatError, loaded_mods, split_ref, state_from_json,
                    state_to_json)

#: What a save's ``format`` says, and the version this code writes and reads.
SAVE_FORMAT = "dicey-save"
SAVE_VERSION = 1
#: The largest file read as a save (a whole run's save is a few kilobytes; anything near
#: this is not a save, and is not read into memory).
MAX_SAVE_BYTES = 4 * 1024 * 1024


class SaveError(OSError):
    """A save that could not be written (the message says why; nothing was lost)."""


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """Where saves go: ``$DICEY_HOME``, else ``$XDG_DATA_HOME/dicey``, else
    ``~/.local/share/dicey``.

    >>> str(data_dir({"DICEY_HOME": "/tmp/d"})), str(data_dir({"XDG_DATA_HOME": "/x"}))
    ('/tmp/d', '/x/dicey')
    """
    env = os.environ if env is None else env
    if env.get("DICEY_HOME"):
        return Path(env["DICEY_HOME"]).expanduser()
    if env.get("XDG_DATA_HOME"):
        return Path(env["XDG_DATA_HOME"]).expanduser() / "dicey"
    return Path.home() / ".local" / "share" / "dicey"


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once (temp file, flush, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def nearest_existing(path: Path) -> Path:
    """``path`` itself, or the nearest folder above it that exists (where it would be made)."""
    while not os.path.lexists(path) and path.parent != path:
        path = path.parent
    return path


def folder_unusable(folder: Path) -> str:
    """Why no file can be written in the data folder ``folder`` ('' when one can): a file
    where it, or a folder above it, should be (``DICEY_HOME`` set to a file); a folder no
    file can be written in. A folder not made yet is judged by the one it would be made in.
    The title and the records screen say it, each in its own words."""
    place = nearest_existing(folder)
    if not place.is_dir():
        return f"{place} is a file, not a folder" + (
            " (is DICEY_HOME set to a file?)" if place == folder else "")
    if not can_write_in(place):      # (tried for real: os.access says yes for /proc)
        return f"{place} is a folder no file can be written in"
    return ""


def can_write_in(folder: Path) -> bool:
    """Whether a file can be made in ``folder`` (an existing folder), tried for real: a
    small temp file made and removed. Permission bits alone (os.access) say yes to root
    everywhere and to folders such as /proc, where the system refuses every new file."""
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".dicey-write-test.", suffix=".tmp")
    except OSError:
        return False
    os.close(fd)
    try:
        os.unlink(tmp)
    except OSError:
        pass
    return True


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the platform allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ------------------------------------------------------------- encoding

def _checksum(run: Any) -> str:
    text = json.dumps(run, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def encode(state: RunState) -> bytes:
    """The bytes of a save holding ``state``."""
    run = state_to_json(state)
    envelope = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "checksum": _checksum(run),
                "run": run}
    return (json.dumps(envelope, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def decode(data: bytes, library: Any = None) -> RunState:
    """The run in a save's bytes; SaveFormatError saying what is wrong. With a
    ``library``, the heroes, cards and enemies the save names must be loaded."""
    envelope = read_json(data, "a dicey save")
    if not isinstance(envelope, dict) or envelope.get("format") != SAVE_FORMAT:
        raise SaveFormatError("not a dicey save")
    version = envelope.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
        raise SaveFormatError(f"it was written by a newer dicey (save version {version}; "
                              f"this one reads version {SAVE_VERSION})")
    if version != SAVE_VERSION:
        said = "none" if version is None else f"{json.dumps(version)[:40]}"
        kind = "" if isinstance(version, int) and not isinstance(version, bool) else \
            ", not a whole number"
        raise SaveFormatError(f"its save version is {said}{kind}; this dicey reads version "
                              f"{SAVE_VERSION}")
    run = envelope.get("run")
    if envelope.get("checksum") != _checksum(run):
        raise SaveFormatError("its checksum does not match (the file was changed or cut short)")
    state = state_from_json(run)
    _check_sizes(state)
    if library is not None:
        check_content(state, library)
    return state


def read_json(data: bytes, what: str) -> Any:
    """The JSON document in a file's bytes (a byte order mark, as an editor may leave, is
    fine); SaveFormatError saying why not, ``what`` naming what the file should be.

    >>> for data in (b"", b"\\n ", b"{\\x9c}", b"{\\x00}", b"\\xff\\xfe{", b"{"):
    ...     try:
    ...         read_json(data, "a save")
    ...     except SaveFormatError as err:
    ...         print(err)
    the file is empty
    the file is empty (blank space only)
    not a text file (byte 2 is not UTF-8 text)
    not a text file (byte 2 is a zero byte)
    not a UTF-8 text file (it is UTF-16 text: save it as UTF-8)
    not readable JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):   # as an editor may save text
        raise SaveFormatError("not a UTF-8 text file (it is UTF-16 text: save it as UTF-8)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise SaveFormatError(f"not a text file (byte {err.start + 1:,} is not UTF-8 "
                              "text)") from None
    if "\0" in text:   # UTF-8 all the same (zeros, say), but no text holds one
        raise SaveFormatError(f"not a text file (byte {data.index(0) + 1:,} is a zero "
                              "byte)")
    if not text.strip():
        raise SaveFormatError("the file is empty" + (" (blank space only)" if text else ""))
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveFormatError(f"not readable JSON ({err})") from None
    except RecursionError:
        raise SaveFormatError(f"not {what} (its JSON is nested too deeply)") from None
    except ValueError:   # Python refuses integers of more than 4,300 digits
        raise SaveFormatError(f"not {what} (a number in it has too many digits)") from None


def _check_sizes(state: RunState) -> None:
    """SaveFormatError when the hero holds a number no run reaches (the card language's
    integer limit): scripts read these, and would fault on every use."""
    for name in ("hp", "max_hp", "xp", "level", "dice"):
        if getattr(state.hero, name) > MAX_INT:
            raise SaveFormatError(f"run.hero.{name} should be at most {MAX_INT:,}")
    if state.hero.dice > MAX_DICE:   # (a fight would roll 24 of them, saying nothing)
        raise SaveFormatError(f"run.hero.dice should be at most {MAX_DICE} (the most dice a "
                              "fighter rolls)")
    gained = sum(f.xp for f in state.history)
    if state.hero.xp > gained:   # (experience comes from fights won, and only from them)
        raise SaveFormatError(f"run.hero.xp is {state.hero.xp:,}, more than the {gained:,} "
                              "its fights won gave")
    if state.hero.hp == 0 and not state.finished:
        raise SaveFormatError(f"its hero has 0 HP in a run at stage '{state.stage}' (a run "
                              "ends when the hero falls)")


#: Said of a save that names content not loaded: most likely a mod's.
UNLOADED_HINT = " (was a mod removed?)"
#: Said of a save that does not fit the content loaded: most likely a mod's new version.
CHANGED_HINT = " (was a mod changed?)"


def of_mods_not_loaded(problem: str | None) -> bool:
    """Whether a save's ``problem`` is that it names content not loaded now (a mod
    missing): the run in it is whole, and goes on in a game started with its mods."""
    return UNLOADED_HINT in (problem or "")


def check_content(state: RunState, library: Any) -> None:
    """SaveFormatError when the run names a dungeon, hero, card or enemy not loaded, or
    does not fit the loaded dungeon (its floors, its levels, the upgrades it offers); when
    the mods the run was played with are not all loaded now (or not in those versions), the
    message names them."""
    try:
        _check_content(state, library)
    except SaveFormatError as err:
        raise SaveFormatError(f"{err}{_mods_hint(state, library)}") from None


def _mods_hint(state: RunState, library: Any) -> str:
    """The mods the run was played with, when they are not what is loaded now; else ''.

    >>> from types import SimpleNamespace as NS
    >>> def hint(played, loaded):
    ...     lib = NS(mods=[NS(id=i, version_text=v) for i, v in loaded])
    ...     print(_mods_hint(RunState(1, "d", None, (), mods=played), lib))
    >>> hint((("embers", "1.0.0"),), ())
    ; it was played with mods: embers 1.0.0 (not loaded now)
    >>> hint((("embers", "1.0.0"), ("frostbite", "1.0.0")), (("frostbite", "1.1.0"),))
    ; it was played with mods: embers 1.0.0 (not loaded now), frostbite 1.0.0 (1.1.0 loaded now)
    >>> hint((("embers", "1.0.0"),), (("embers", "1.0.0"), ("frostbite", "1.0.0")))
    <BLANKLINE>
    """
    loaded = dict(loaded_mods(library))
    if all(loaded.get(mod) == version for mod, version in state.mods):
        return ""
    said = [f"{mod} {version}" + ("" if loaded.get(mod) == version else
                                  " (not loaded now)" if mod not in loaded else
                                  f" ({loaded[mod]} loaded now)")
            for mod, version in state.mods]
    return "; it was played with mods: " + ", ".join(said)


def _check_content(state: RunState, library: Any) -> None:
    hint = UNLOADED_HINT
    if state.dungeon not in library.dungeons:
        raise SaveFormatError(f"it is a run of dungeon '{state.dungeon}', not loaded{hint}")
    if state.hero.id not in library.heroes:
        raise SaveFormatError(f"its hero '{state.hero.id}' is not loaded{hint}")
    _check_kit(state, library)
    for offer in state.offers:
        if offer.kind != "heal" and not offer.card:
            raise SaveFormatError(f"it offers a{'n' * (offer.kind == 'upgrade')} "
                                  f"{offer.kind} reward that names no card")
    cards = state.hero.equipment + state.hero.backpack + tuple(
        r.card for r in state.offers if r.kind != "heal")
    for ref in cards:
        if split_ref(ref)[0] not in library.equipment:
            raise SaveFormatError(f"its card '{ref}' is not loaded{hint}")
    for enemy in [e for floor in state.schedule for e in floor] + [
            f.enemy for f in state.history]:
        if enemy not in library.enemies:
            raise SaveFormatError(f"its enemy '{enemy}' is not loaded{hint}")
    for ref in cards:
        card_id, upgraded = split_ref(ref)
        if upgraded and library.equipment[card_id].upgraded is None:
            raise SaveFormatError(f"its card '{ref}' is an upgrade of "
                                  f"'{library.equipment[card_id].name}', which has none"
                                  f"{CHANGED_HINT}")
    width, grid = width_of(library, state.hero.equipment), grid_width(library, state.hero)
    if width > grid:
        raise SaveFormatError(f"its hero's equipment takes {width} grid spaces; the hero "
                              f"'{state.hero.id}' has {grid}{CHANGED_HINT}")
    floors = len(library.dungeons[state.dungeon].floors)
    if len(state.schedule) != floors:
        raise SaveFormatError(f"it lists {len(state.schedule)} floors; the dungeon "
                              f"'{state.dungeon}' has {floors}{hint}")
    _check_level(state, library)
    _check_fights(state)
    can_upgrade = upgradable(library, state.hero)
    for offer in state.offers:
        if offer.kind == "upgrade" and offer.card not in can_upgrade:
            raise SaveFormatError(f"it offers an upgrade of '{offer.card}', which the hero "
                                  "cannot upgrade")


def _check_kit(state: RunState, library: Any) -> None:
    """SaveFormatError when the hero holds no card, or rolls no die, where its declaration
    starts it with some: a run keeps one card equipped at least (the inventory says so),
    and its levels only add dice. (A mod's hero declared with none may have none.)"""
    hero, declared = state.hero, library.heroes[state.hero.id]
    if not hero.equipment and declared.equipment:
        raise SaveFormatError("its hero has no card equipped (a run keeps one equipped at "
                              "least)")
    if hero.dice == 0 and declared.dice > 0:
        raise SaveFormatError(f"run.hero.dice is 0, but the hero '{hero.id}' starts with "
                              f"{declared.dice} and no level takes dice away{CHANGED_HINT}")


def _check_level(state: RunState, library: Any) -> None:
    """SaveFormatError when the hero's level is past the dungeon's last one. (Not checked
    against the experience each level needs: a mod may change that after a run has
    begun, which is no reason to refuse the run.)"""
    hero, dungeon = state.hero, library.dungeons[state.dungeon]
    start = library.heroes[hero.id].level
    top = max([start] + [lv.level for lv in dungeon.levels])
    if hero.level > top:
        raise SaveFormatError(f"run.hero.level is {hero.level:,}; the dungeon "
                              f"'{state.dungeon}' has levels up to {top}{CHANGED_HINT}")


def _check_fights(state: RunState) -> None:
    """SaveFormatError when a fight of the history that was not won gave experience (only
    a win gives any). How much a win gave is the enemy's as it was then: a mod may have
    changed it since, which is no reason to refuse the run; nor are the hero's max HP and
    dice checked against its level, which a card of a mod may raise."""
    for i, fight in enumerate(state.history):
        if fight.result != "won" and fight.xp > 0:
            raise SaveFormatError(f"run.history[{i}].xp is {fight.xp:,}, but a fight not won "
                                  f"gives none (it was {fight.result})")


def read_limited(path: Path, what: str = "a save") -> bytes:
    """A save file's bytes; SaveFormatError when it cannot be read or is far too large to
    be ``what`` (such a file is never read into memory)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):   # a named pipe would block the read
            raise SaveFormatError(f"cannot be read ({NOT_A_FILE})")
        with open(path, "rb") as file:
            data = file.read(MAX_SAVE_BYTES + 1)
    except OSError as err:
        raise SaveFormatError(f"cannot be read ({err.strerror or err})") from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveFormatError(f"it is too large to be {what} (over {MAX_SAVE_BYTES:,} bytes)")
    return data


def _present(path: Path) -> bool:
    """Whether something is at ``path``; SaveFormatError when that cannot even be known (a
    folder on the way that may not be entered, a name longer than the system takes), which
    ``Path.exists`` would raise as it is."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as err:
        raise SaveFormatError(f"cannot be read ({err.strerror or err})") from None
    return True


def free_name(path: Path) -> Path:
    """``path`` if nothing is there, else the first of ``NAME.2.json``, ``NAME.3.json``…
    that is free: where a damaged file is kept aside beside any kept before.

    >>> free_name(Path("/nowhere/save.damaged.json")).name
    'save.damaged.json'
    """
    return free_names(path, 1)[0]


def free_names(path: Path, count: int) -> list[Path]:
    """The ``count`` names :func:`free_name` gives, in turn, to as many files kept aside
    one after another (the names to tell a player before any is taken).

    >>> [p.name for p in free_names(Path("/nowhere/save.damaged.json"), 2)]
    ['save.damaged.json', 'save.damaged.2.json']
    """
    found: list[Path] = []
    name, n = path, 1
    while len(found) < count:
        if not os.path.lexists(name):
            found.append(name)
        n += 1
        name = path.with_name(f"{path.stem}.{n}{path.suffix}")
    return found


# ---------------------------------------------------------------- store

@dataclass(frozen=True)
class Loaded:
    """What :meth:`SaveStore.load` found: a run to continue (or None) and, when the save
    was damaged, why (``problem``), whether ``state`` is the backup and which files do not
    read (``unread``)."""

    state: RunState | None
    problem: str | None = None
    from_backup: bool = False
    #: the damaged files, in the order saves to come move them aside (save.json first)
    unread: tuple[Path, ...] = ()


class SaveStore:
    """The save files of one data folder."""

    def __init__(self, folder: Path | str | None = None, library: Any = None):
        """``library``: the content the game loaded. A save that does not fit it (a run of
        a mod not loaded now) is set aside as a damaged one is, never written over."""
        self.folder = Path(folder) if folder is not None else data_dir()
        self.library = library
        self.path = self.folder / "save.json"
        self.backup = self.folder / "save.json.bak"
        self.damaged = self.folder / "save.damaged.json"
        self.last_run = self.folder / "last_run.json"

    def _read(self, path: Path, library: Any) -> RunState:
        """The run in a save file that is to be continued (so not one that is over)."""
        state = decode(read_limited(path), library)
        if state.finished:
            raise SaveFormatError(f"the run in it is over ({state.stage})")
        return state

    def load(self, library: Any = None) -> Loaded:
        """The run to continue, if any; a damaged save is reported and the backup offered."""
        try:
            if not _present(self.path):
                return Loaded(None)
            return Loaded(self._read(self.path, library))
        except SaveFormatError as err:
            problem = f"{self.path} does not read: {err}"
        both = (self.path, self.backup)
        try:
            if not _present(self.backup):
                return Loaded(None, problem + "; there is no earlier save to fall back on",
                              unread=both[:1])
        except SaveFormatError as err:
            return Loaded(None, f"{problem}; the backup does not read either: {err}",
                          unread=both)
        try:
            state = self._read(self.backup, library)
        except SaveFormatError as err:
            return Loaded(None, f"{problem}; the backup does not read either: {err}",
                          unread=both)
        return Loaded(state, problem + "; the previous save is offered instead", True,
                      unread=both[:1])

    def kept_as(self, loaded: Loaded) -> list[Path]:
        """Where saves to come keep ``loaded``'s damaged files aside, in their order (the
        first name free of ``save.damaged.json``, ``save.damaged.2.json``…)."""
        return free_names(self.damaged, len(loaded.unread))

    def _encode(self, state: RunState) -> bytes:
        """A save of ``state``, naming the mods loaded now (those it is played with)."""
        if self.library is not None:
            state = replace(state, mods=loaded_mods(self.library))
        return encode(state)

    def write(self, state: RunState) -> Path:
        """Save ``state``, keeping the old good save as the backup; SaveError on failure."""
        data = self._encode(state)
        try:
            self._keep_previous()
            atomic_write(self.path, data)
        except OSError as err:
            raise SaveError(f"could not save to {self.path}: {self._why(err)}") from None
        return self.path

    def _why(self, err: OSError) -> str:
        """Why a save could not be written, in words: the folder's own problem first (a
        file where the folder should be said only 'File exists')."""
        if os.path.lexists(self.folder) and not self.folder.is_dir():
            return f"{self.folder} is a file, not a folder (is DICEY_HOME set to a file?)"
        place = nearest_existing(self.folder)    # (a folder not made yet: its parent)
        if place.is_dir() and not can_write_in(place):
            # (the system's own words for /proc are 'No such file or directory')
            return f"{place} is a folder no file can be written in"
        return err.strerror or str(err)

    def _keep_previous(self) -> None:
        old = self._readable(self.path)
        if old is None:
            return
        self._readable(self.backup)     # a damaged backup is kept aside, not written over
        atomic_write(self.backup, old)

    def _readable(self, path: Path) -> bytes | None:
        """The bytes of a save that decodes; a damaged one is moved aside, kept for the
        curious (never as the backup) beside any kept before, and None returned."""
        if not os.path.lexists(path):
            return None
        try:
            data = read_limited(path)
            decode(data, self.library)
        except SaveFormatError:
            os.replace(path, free_name(self.damaged))
            return None
        return data


    def finish(self, state: RunState) -> Path:
        """A run that ended: kept as ``last_run.json``; nothing is left to continue."""
        try:
            atomic_write(self.last_run, self._encode(state))
            for path in (self.path, self.backup):     # a damaged one is kept aside
                if self._readable(path) is not None:
                    path.unlink(missing_ok=True)
        except OSError as err:
            raise SaveError(f"could not save to {self.last_run}: {self._why(err)}") \
                from None
        return self.last_run

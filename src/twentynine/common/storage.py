"""The player's files on disk: where they live, how they are written so that a crash never
leaves half of one, and how a damaged one is put out of the way.

Every front end (the terminal table, the browser table, the table server, the coach's
history and commands) writes through :func:`write_atomic` and sets damaged files aside
with :func:`set_aside`; nothing here knows what the files hold.

The data directory is ``platformdirs.user_data_dir("twentynine")`` unless the environment
variable ``TWENTYNINE_DATA_DIR`` (or an explicit ``data_dir``) says otherwise.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from contextlib import suppress
from pathlib import Path

import platformdirs

ENV_DIR = "TWENTYNINE_DATA_DIR"
"""The environment variable that moves the data directory (tests, several profiles)."""

PRIVATE_MODE = 0o600
"""Permissions of a private file (saves, preferences, a server's tables): the owner's
alone."""


def data_dir(explicit: Path | str | None = None) -> Path:
    """Where the player's files live: ``explicit`` if given, else ``TWENTYNINE_DATA_DIR``,
    else the platform's user data directory.

    >>> data_dir("/somewhere")
    PosixPath('/somewhere')
    """
    if explicit is not None:
        return Path(explicit)
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    return Path(platformdirs.user_data_dir("twentynine", appauthor=False))


def private_folder(path: Path) -> Path:
    """Make ``path`` (and its missing parents) and leave it readable by its owner alone
    (``0700``), also when it was made before with wider permissions: it holds tokens, the
    history and the saves.

    >>> d = Path(tempfile.mkdtemp()) / "data"
    >>> d.mkdir(mode=0o755); d.chmod(0o755)
    >>> oct(private_folder(d).stat().st_mode & 0o777)
    '0o700'
    """
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    with suppress(OSError):
        if path.stat().st_mode & 0o077:
            path.chmod(0o700)
    return path


def private_file(path: Path) -> None:
    """Create ``path`` empty for its owner alone (``0600``) if it is not there, and take
    the group's and others' permissions from it if it is (a database about to be
    opened: SQLite gives its journal files the database file's permissions)."""
    with suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE))
    with suppress(OSError):
        if path.stat().st_mode & 0o077:
            path.chmod(PRIVATE_MODE)


def _umask() -> int:
    """The process's umask, read without changing it (``os.umask`` can only be read by
    setting it, which would race with other threads creating files)."""
    with suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    return 0o022


def _mode_for(path: Path, private: bool) -> int:
    """The permissions the new file gets: the owner's alone for a private file; else those
    of the file it replaces, or for a new file what the umask allows."""
    if private:
        return PRIVATE_MODE
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def write_atomic(path: Path, text: str, *, private: bool = True) -> None:
    """Replace ``path`` with ``text`` (UTF-8) so that a reader, or a crash at any moment,
    finds either the old file or the new one, whole: a temporary file in the same
    directory, flushed and fsynced, renamed over ``path``, and the directory fsynced so
    that the rename itself survives a power cut.  The directory is created if needed.

    A ``private`` file (the default) is readable by its owner alone (``0600``); any other
    keeps the permissions of the file it replaces, or the umask's for a new one.  Raises
    OSError if the file cannot be written; the temporary file is then removed.

    >>> d = Path(tempfile.mkdtemp())
    >>> write_atomic(d / "a" / "note.json", "{}")
    >>> (d / "a" / "note.json").read_text(), oct((d / "a" / "note.json").stat().st_mode & 0o777)
    ('{}', '0o600')
    >>> sorted(p.name for p in (d / "a").iterdir())  # no temporary file left behind
    ['note.json']
    """
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700 if private else 0o777)
    mode = _mode_for(path, private)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            os.fchmod(fh.fileno(), mode)
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    with suppress(OSError):  # not every system can open a directory to fsync it
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def set_aside(path: Path) -> Path:
    """Rename a damaged file out of the way (never delete or overwrite it): to
    ``<name>.damaged-<time>`` beside it (``-2``, ``-3`` ... if that exists).  Returns where
    it went; raises OSError if it cannot be moved.

    >>> d = Path(tempfile.mkdtemp())
    >>> (d / "prefs.json").write_text("{")
    1
    >>> moved = set_aside(d / "prefs.json")
    >>> moved.name.startswith("prefs.json.damaged-"), (d / "prefs.json").exists()
    (True, False)
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    path.rename(target)
    return target


def damage_words(exc: BaseException) -> str:
    """Why a file could not be used, in a player's words rather than Python's: the
    reason a notice about a damaged file gives.  The game's own errors (a record, rules or
    preferences that break a rule) already speak a player's words and are kept; Python's,
    the operating system's and SQLite's are told by kind.

    >>> damage_words(b"\\xff".decode("utf-8", errors="strict") if False else
    ...              UnicodeDecodeError("utf-8", b"\\xff", 0, 1, "invalid start byte"))
    'it is not text: it holds bytes no file of the game has'
    >>> import json
    >>> try:
    ...     json.loads('{"seed": ')
    ... except ValueError as e:
    ...     damage_words(e)
    'its text is garbled or cut short at line 1'
    >>> damage_words(KeyError("rules"))
    'it does not hold what this version of the game writes'
    """
    import json
    import sqlite3

    if type(exc).__module__.startswith("twentynine"):
        return str(exc)
    if isinstance(exc, UnicodeError):
        return "it is not text: it holds bytes no file of the game has"
    if isinstance(exc, json.JSONDecodeError):
        return f"its text is garbled or cut short at line {exc.lineno}"
    if isinstance(exc, RecursionError):
        return "its text is nested too deeply to read"
    if isinstance(exc, IsADirectoryError):
        return "it is a folder, not a file"
    if isinstance(exc, PermissionError):
        return "this account may not read it"
    if isinstance(exc, OSError):
        why = (exc.strerror or "").lower()
        return f"the disk could not read it ({why})" if why else "the disk could not read it"
    if isinstance(exc, sqlite3.DatabaseError):
        return "it is not a database the game can read: damaged, or another kind of file"
    return "it does not hold what this version of the game writes"

"""Writing the player's files: whole or not at all, durable, private when they should be."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from twentynine.common.storage import ENV_DIR, data_dir, set_aside, write_atomic


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    write_atomic(path, '{"old": 1}')
    with pytest.raises(UnicodeEncodeError):  # a lone surrogate cannot be written as UTF-8
        write_atomic(path, '{"new": "\ud800"}')
    assert path.read_text(encoding="utf-8") == '{"old": 1}'
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_the_file_and_then_its_directory_are_fsynced(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append("dir" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    write_atomic(tmp_path / "sub" / "tables.json", "[]")
    assert synced == ["file", "dir"]  # the rename itself is made durable too


def test_private_files_are_the_owners_alone_even_over_a_wider_file(tmp_path: Path) -> None:
    path = tmp_path / "prefs.json"
    path.write_text("{}")
    path.chmod(0o644)
    write_atomic(path, "{}")
    assert _mode(path) == 0o600


def test_other_files_keep_their_mode_or_follow_the_umask(tmp_path: Path) -> None:
    kept = tmp_path / "deal.json"
    kept.write_text("{}")
    kept.chmod(0o640)
    write_atomic(kept, "[]", private=False)
    assert _mode(kept) == 0o640 and kept.read_text() == "[]"
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.json", "[]", private=False)
    finally:
        os.umask(old)
    assert _mode(tmp_path / "new.json") == 0o640


def test_set_aside_never_overwrites_an_earlier_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    moved = []
    for text in ("first", "second", "third"):
        path.write_text(text)
        moved.append(set_aside(path))
    assert not path.exists()
    assert sorted(p.read_text() for p in moved) == ["first", "second", "third"]
    assert all(p.name.startswith("save.json.damaged-") for p in moved)
    with pytest.raises(OSError):
        set_aside(path)  # nothing there to move: the caller hears of it


def test_the_data_directory_follows_the_environment(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    assert data_dir() == tmp_path
    assert data_dir(tmp_path / "x") == tmp_path / "x"
    monkeypatch.delenv(ENV_DIR)
    assert data_dir().name == "twentynine"

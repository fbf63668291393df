"""Faults of ``kb build`` and ``kb render`` (issue 16, « Commands »): a
read-only data directory or ``builds/``, a file in the way, a full disk while
writing the index or SQLite, an unwritable ``--out``, colliding input names,
one bad MTGJSON set file.  Each is a one-line error with cause and fix (never
« damaged »), exit code 1, and the previous knowledge base stays current.

The tests run as root here, where chmod does not stop writes: read-only
directories are simulated by making the writing call raise PermissionError,
and the chmod variants skip as root."""
from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli.main import main
from kb.store import db as store
from tests.cli.test_faults import assert_one_line_error
from tests.conftest import SEEDS, SOMBRELANDE, require_shared

ROOT_BYPASSES_CHMOD = pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file modes: "
                                         "the monkeypatched variant of this test covers it")


def run(*args, data_dir: Path):
    return CliRunner().invoke(main, [*args, "--data-dir", str(data_dir)])


@pytest.fixture
def built(tmp_path) -> Path:
    """A data directory holding one published build of the seeds."""
    data_dir = tmp_path / "kb"
    assert run("build", "-q", data_dir=data_dir).exit_code == 0
    return data_dir


def assert_previous_kept(data_dir: Path, before: Path) -> None:
    """The build that was current is still current, whole, and the failed
    build left no directory behind."""
    assert store.current_dir(data_dir) == before
    assert sorted((data_dir / "builds").iterdir()) == [before]
    assert run("rule", "702.92a", data_dir=data_dir).exit_code == 0


def _deny_under(directory: Path, monkeypatch) -> None:
    """Writes (open for writing, mkdir, mkdtemp) below ``directory`` raise
    PermissionError, as on a read-only directory for a non-root user."""
    real_open, real_mkdir, real_mkdtemp = open, Path.mkdir, __import__("tempfile").mkdtemp
    directory = directory.absolute()

    def denied(path) -> bool:
        return Path(path).absolute().is_relative_to(directory)

    def fake_open(file, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+") and denied(file):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, mode, *args, **kwargs)

    def fake_mkdir(self, *args, **kwargs):
        if denied(self) and not self.is_dir():
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_mkdir(self, *args, **kwargs)

    def fake_mkdtemp(*args, dir=None, **kwargs):
        if dir is not None and denied(dir):
            raise PermissionError(errno.EACCES, "Permission denied", str(Path(dir) / ".site-tmp"))
        return real_mkdtemp(*args, dir=dir, **kwargs)

    monkeypatch.setattr("builtins.open", fake_open)
    monkeypatch.setattr(Path, "mkdir", fake_mkdir)
    monkeypatch.setattr("tempfile.mkdtemp", fake_mkdtemp)


# ----------------------------------------------------------------- data directory

def test_build_read_only_data_dir(built, monkeypatch):
    before = store.current_dir(built)
    _deny_under(built, monkeypatch)
    line = assert_one_line_error(run("build", "-q", data_dir=built), "build failed, previous knowledge base kept",
                                 "permission denied", "choose another --data-dir")
    assert str(built) in line and "damaged" not in line
    monkeypatch.undo()
    assert_previous_kept(built, before)


def test_build_read_only_builds_dir(built, monkeypatch):
    before = store.current_dir(built)
    _deny_under(built / "builds", monkeypatch)
    line = assert_one_line_error(run("build", "-q", data_dir=built), "permission denied", str(built / "builds"))
    assert "damaged" not in line
    monkeypatch.undo()
    assert_previous_kept(built, before)


@ROOT_BYPASSES_CHMOD
def test_build_read_only_data_dir_chmod(built):
    os.chmod(built, 0o555)
    try:
        assert_one_line_error(run("build", "-q", data_dir=built), "permission denied")
    finally:
        os.chmod(built, 0o755)


def test_build_builds_is_a_file(tmp_path):
    data_dir = tmp_path / "kb"
    data_dir.mkdir()
    (data_dir / "builds").write_text("not a directory")
    line = assert_one_line_error(run("build", "-q", data_dir=data_dir), str(data_dir / "builds"),
                                 "a file is in the way", "choose another --data-dir")
    assert "damaged" not in line
    assert (data_dir / "builds").read_text() == "not a directory"


def test_build_data_dir_is_a_file(tmp_path):
    from kb.build import BuildError, build

    data_dir = tmp_path / "kb"
    data_dir.write_text("x")
    with pytest.raises(BuildError, match="a file is in the way"):
        build(data_dir)
    result = run("build", "-q", data_dir=data_dir)   # click's own check of --data-dir
    assert result.exit_code == 2 and "is a file" in result.stderr and "Traceback" not in result.output


# ----------------------------------------------------------------- full disk

def test_build_disk_full_while_writing_the_index(built, monkeypatch):
    before = store.current_dir(built)

    def no_space(directory, docs, *args, **kwargs):
        Path(directory).mkdir(parents=True, exist_ok=True)
        raise OSError(errno.ENOSPC, "No space left on device", str(Path(directory) / "MAIN_x.seg"))

    monkeypatch.setattr("kb.build.build_index", no_space)
    line = assert_one_line_error(run("build", "-q", data_dir=built), "build failed, previous knowledge base kept",
                                 "no space left on the device", "free some disk space")
    assert "damaged" not in line
    monkeypatch.undo()
    assert_previous_kept(built, before)


def test_build_disk_full_while_writing_sqlite(built, monkeypatch):
    """SQLite itself reports SQLITE_FULL: the database may not grow past a few pages."""
    before = store.current_dir(built)
    real_create = store.create

    def tiny(path):
        conn = real_create(path)
        conn.execute("PRAGMA max_page_count = 30")
        return conn

    monkeypatch.setattr(store, "create", tiny)
    line = assert_one_line_error(run("build", "-q", data_dir=built), "build failed, previous knowledge base kept",
                                 "no space left on the device", "free some disk space")
    assert "damaged" not in line
    monkeypatch.undo()
    assert_previous_kept(built, before)


# ----------------------------------------------------------------- kb render

def test_render_out_under_unwritable_directory(seed_kb, tmp_path, monkeypatch):
    parent = tmp_path / "locked"
    parent.mkdir()
    _deny_under(parent, monkeypatch)
    line = assert_one_line_error(run("render", "--out", str(parent / "site"), data_dir=seed_kb),
                                 "permission denied", str(parent), "choose another --out")
    assert "damaged" not in line
    monkeypatch.undo()
    assert list(parent.iterdir()) == []


def _mtgjson(folder: Path, sets: dict) -> Path:
    folder.mkdir()
    for code, cards in sets.items():
        (folder / f"{code}.json").write_text(json.dumps({"data": {"code": code, "name": code, "releaseDate":
                                                                  "2008-01-01", "type": "expansion",
                                                                  "cards": cards}}), encoding="utf-8")
    return folder


def _card(name: str) -> dict:
    return {"name": name, "manaCost": "{1}{G}", "manaValue": 2, "type": "Creature — Elf", "types": ["Creature"],
            "colors": ["G"], "text": "", "power": "1", "toughness": "1", "number": "1", "layout": "normal"}


def test_render_all_cards_with_a_10000_character_name(tmp_path):
    mtgjson = _mtgjson(tmp_path / "mtgjson", {"LNG": [_card("Elf"), _card("A" * 10_000)]})
    assert run("build", "-q", "--mtgjson", str(mtgjson), data_dir=tmp_path / "kb").exit_code == 0
    result = run("render", "--all-cards", "--out", str(tmp_path / "site"), data_dir=tmp_path / "kb")
    if result.exit_code == 0:   # long page names shortened (kb/site/urls.py)
        return
    line = assert_one_line_error(result, "file name too long", "remove that name from the input data")
    assert len(line) < 400      # the 10,000 characters are not printed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kb", "mtgjson"]  # no half-written site


# ----------------------------------------------------------------- inputs

def test_faq_and_cr_of_the_same_file_name(tmp_path):
    (tmp_path / "faq").mkdir()
    (tmp_path / "cr").mkdir()
    shutil.copy(SEEDS / f"{SOMBRELANDE}.txt", tmp_path / "faq" / "2026-01-16.txt")
    (tmp_path / "cr" / "2026-01-16.txt").write_text("100.1. Rules.\n", encoding="utf-8")
    result = run("build", "-q", "--docs", str(tmp_path / "faq" / "2026-01-16.txt"),
                 "--cr", str(tmp_path / "cr" / "2026-01-16.txt"), data_dir=tmp_path / "kb")
    assert_one_line_error(result, "would both be stored as '2026-01-16'", "rename one of them")
    assert not (tmp_path / "kb" / "current").exists()


@pytest.mark.corpus
def test_same_cr_edition_under_two_file_names_warns(tmp_path):
    edition = require_shared("cr", "en", "2003-03-15.txt")
    cr = tmp_path / "cr"
    cr.mkdir()
    shutil.copy(edition, cr / "2003-03-15.txt")
    shutil.copy(edition, cr / "MagicCompRules-2003-03-15.txt")
    result = run("build", "-q", "--cr", str(cr), "--json", data_dir=tmp_path / "kb")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert any("edition 2003-03-15 (en) is stored twice" in w and "give one file per edition" in w
               for w in report["warnings"])


def test_one_bad_mtgjson_set_file_is_named_and_the_others_ingested(tmp_path):
    mtgjson = _mtgjson(tmp_path / "mtgjson", {"GOOD": [_card("Elf")], "BAD": "notalist"})
    result = run("build", "-q", "--mtgjson", str(mtgjson), "--json", data_dir=tmp_path / "kb")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["cards"]["cards"] == 1
    assert any(str(mtgjson / "BAD.json") in e and "'cards' is str" in e for e in report["errors"])
    assert run("card", "Elf", data_dir=tmp_path / "kb").exit_code == 0

"""Faults, round 3 (issue 26): ``kb build --docs`` never reads a FIFO, a
device or a link loop, and says so: an error for a path given, a warning
for a directory entry."""
from __future__ import annotations

import os
import shutil

import pytest

from kb.build import collect_files
from tests.cli.test_faults import assert_one_line_error, run
from tests.conftest import SEEDS


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    shutil.copy(SEEDS / "000_a77091c15e8840d5.txt", folder)
    (folder / "zero.txt").symlink_to("/dev/zero")
    (folder / "loop.txt").symlink_to("loop.txt")
    (folder / "dangling.txt").symlink_to("nowhere.txt")
    os.mkfifo(folder / "fifo.txt")
    return folder


def test_special_entries_of_a_docs_folder_are_reported(docs):
    skipped: list[str] = []
    assert collect_files([docs], skipped=skipped) == [docs / "000_a77091c15e8840d5.txt"]
    assert skipped == [f"{docs / 'dangling.txt'}: skipped: a dangling symbolic link, not a regular file",
                       f"{docs / 'fifo.txt'}: skipped: a FIFO, not a regular file",
                       f"{docs / 'loop.txt'}: skipped: a symbolic link loop, not a regular file",
                       f"{docs / 'zero.txt'}: skipped: a character device (/dev/zero), not a regular file"]


@pytest.mark.parametrize("name, kind", [("zero.txt", "a character device (/dev/zero)"),
                                        ("loop.txt", "a symbolic link loop"), ("fifo.txt", "a FIFO")])
def test_a_special_file_given_is_a_one_line_error(docs, tmp_path, name, kind):
    assert_one_line_error(run("build", "-q", "--docs", str(docs / name), data_dir=tmp_path / "kb"),
                          f"{docs / name} is {kind}, not a regular file")


def test_a_folder_of_special_files_only_says_why(docs, tmp_path):
    (docs / "000_a77091c15e8840d5.txt").unlink()
    assert_one_line_error(run("build", "-q", "--docs", str(docs), data_dir=tmp_path / "kb"),
                          f"no *.txt file in directory {docs}", "a FIFO, not a regular file")

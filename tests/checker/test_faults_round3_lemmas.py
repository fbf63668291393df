"""Faults, round 3 (issue 26): the lemma cache is validated, rebuilt when
wrong, and a non-regular file in its place is never read."""
from __future__ import annotations

import json
import os
import signal

import pytest

from kb.checker import lemmas

GRAMMAR = frozenset({"revient", "arrive", "returns"})


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    lemmas.lemma_index.cache_clear()
    signal.alarm(60)  # a read that blocks (a FIFO) fails the test instead of hanging it
    yield lemmas._cache_path(GRAMMAR)
    signal.alarm(0)
    lemmas.lemma_index.cache_clear()


def _index_is_right(index) -> None:
    assert index["fr"]["reviennent"][0] == "revient"
    assert index["en"]["returned"][0] == "returns"


def test_a_cache_of_the_wrong_shape_is_rebuilt(cache):
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps({"fr": {"reviennent": ["a", "b", "c"]}, "en": {}}), encoding="utf-8")
    _index_is_right(lemmas.lemma_index(GRAMMAR))
    assert json.loads(cache.read_text(encoding="utf-8"))["fr"]["reviennent"][0] == "revient"


def test_a_fifo_in_place_of_the_cache_is_not_read(cache):
    cache.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(cache)
    _index_is_right(lemmas.lemma_index(GRAMMAR))
    assert cache.is_file()  # replaced by a regular file


def test_dev_zero_in_place_of_the_cache_is_not_read(cache):
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.symlink_to("/dev/zero")
    assert lemmas._read_cache(cache) is None
    _index_is_right(lemmas.lemma_index(GRAMMAR))
    assert not cache.is_symlink() and cache.is_file()

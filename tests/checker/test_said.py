"""The sentences a claim may restate (kb/checker/said.py): their gists kept on disk between processes, and a
cache file that does not fit read again from the sentences."""
from __future__ import annotations

from kb.checker import said
from kb.checker.gist import gist
from kb.store.db import database_path


def test_the_gists_of_the_french_sentences_are_kept_on_disk(seed_conn, tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    path = database_path(seed_conn)
    sentences = said.sources_of(path, "fr")
    first = said._cached_gists(path, "fr", "fr", sentences)
    files = list(tmp_path.glob("gists-*.json"))
    assert len(files) == 1
    assert first == tuple(gist(s.wording, (), "fr") for s in sentences)
    note = next(k for k, s in enumerate(sentences) if s.sentence.startswith("Si le permanent est déjà dégagé"))
    assert first[note].atoms[:3] == ("permanent", "dégager", "vous")       # « déjà » carries nothing
    assert said._cached_gists(path, "fr", "fr", sentences) == first        # read back from the file
    files[0].write_text('[["not", "a gist"]]', encoding="utf-8")           # damaged: made again
    assert said._cached_gists(path, "fr", "fr", sentences) == first

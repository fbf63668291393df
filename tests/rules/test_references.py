"""Every reference resolved once, at build time, in the edition its document
belongs to (kb/rules/resolver.py), stored in ``references`` with typed,
located warnings (kb/rules/references.py), read by the site and the CLI."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from kb.cli.main import main
from kb.model import Edition, GlossaryEntry, Rule
from kb.rules.alignment import document_editions
from kb.rules.references import reference_warnings, references_of
from kb.rules.resolver import check_references
from kb.store import db as store


def _kb(tmp_path):
    conn = store.create(tmp_path / "kb.sqlite")
    ed = Edition(date="2008-05-01", path="x.txt", source="2008-05-01",
                 chapters={"502": "Keyword Abilities"}, sections={"5": "Additional Rules"})
    ed.rules = [Rule("502.79", "en", "2008-05-01", text="Persist", title="Persist", edition="2008-05-01", line=10),
                Rule("502.79a", "en", "2008-05-01", edition="2008-05-01", line=11,
                     text="Persist is a triggered ability. See rule 502.80, “Persist.” and rule 502.99."),
                Rule("502.79b", "en", "2008-05-01", edition="2008-05-01", line=12,
                     text="See rules 502.79a–c and section 5."),
                Rule("502.80", "en", "2008-05-01", text="Wither", title="Wither", edition="2008-05-01", line=13)]
    ed.glossary = [GlossaryEntry("Undying", "See Persistence.", "2008-05-01", source="2008-05-01", line=20)]
    store.save_edition(conn, ed)
    return conn


def _rows(conn, number):
    return {(r.cited, r.target, r.status) for r in references_of(conn, "2008-05-01", number)}


def test_every_reference_is_stored_with_its_resolution(tmp_path):
    conn = _kb(tmp_path)
    report = check_references(conn, store=True)
    assert report.stored == report.checked
    # a title carried by another rule of the edition: resolved to that rule, with a warning
    assert _rows(conn, "502.79a") == {("502.80", "502.79", "title_mismatch"), ("502.99", None, "missing")}
    # a range with a missing member is a range warning; a section resolves
    assert _rows(conn, "502.79b") == {("502.79a", "502.79a", "resolved"), ("502.79b", "502.79b", "resolved"),
                                      ("502.79c", None, "range"), ("5", "5", "resolved")}
    ref = next(r for r in references_of(conn, "2008-05-01", "502.79a") if r.cited == "502.80")
    text = conn.execute("SELECT text FROM rules WHERE number='502.79a'").fetchone()[0]
    assert text[ref.start:ref.end] == ref.phrase == "rule 502.80" and ref.title == "Persist"
    assert ref.target_source == ref.target_edition == "2008-05-01"


def test_typed_located_warnings(tmp_path):
    conn = _kb(tmp_path)
    check_references(conn, store=True)
    found = {(w["type"], w["rule"], w["cited"], w["line"]) for w in reference_warnings(conn)}
    assert found == {("ref.title_mismatch", "502.79a", "502.80", 11), ("ref.missing", "502.79a", "502.99", 11),
                     ("ref.range", "502.79b", "502.79c", 12), ("ref.missing", "glossary:Undying", "Persistence", 20)}
    mismatch = reference_warnings(conn, type="ref.title_mismatch")[0]
    assert mismatch["target"] == "502.79" and mismatch["expected"] == "Wither" and mismatch["file"] == "x.txt"
    assert "resolved to 502.79" in mismatch["message"] and mismatch["col"] > 1
    assert reference_warnings(conn, source="2008-05-01") and not reference_warnings(conn, source="1999-01-01")


# ---------------------------------------------------------------- full corpus


def _ref(conn, source, number, cited):
    return next(r for r in references_of(conn, source, number) if r.cited == cited)


@pytest.mark.corpus
def test_french_references_resolve_in_their_editions(full_kb_conn):
    conn = full_kb_conn
    faq, rules607 = "001_b5a1e1d9799bc96e", "002_f6a566c3e70ee678"
    cleanup = _ref(conn, faq, "212.3g", "314.2")           # the 2008 Shadowmoor FAQ: the cleanup step
    assert (cleanup.target, cleanup.target_edition, cleanup.now) == ("314.2", "2008-05-01", ["514.2"])
    eds = document_editions(conn, rules607)
    for number, cited, title in (("607.2g", "702.30", "Kicker"), ("607.2i", "702.69", "Champion")):
        ref = _ref(conn, rules607, number, cited)
        assert ref.target_edition in eds and ref.status == "resolved"
        assert conn.execute("SELECT title FROM rules WHERE source=? AND number=?",
                            (ref.target_source, ref.target)).fetchone()[0] == title
    own = _ref(conn, faq, "104.5", "212.3f")              # a rule the document quotes itself
    assert own.target_source == faq and own.target_edition is None


@pytest.mark.corpus
def test_the_dangling_references_are_listed(full_kb_conn, full_kb):
    found = reference_warnings(full_kb_conn)
    assert len(found) == 44
    assert all(w["file"] and w["line"] and w["type"] in ("ref.missing", "ref.title_mismatch", "ref.range",
                                                         "ref.ambiguous") for w in found)
    out = CliRunner().invoke(main, ["warnings", "--json", "--type", "ref.title_mismatch",
                                    "--data-dir", str(full_kb)])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["count"] == len(data["warnings"]) > 5
    endure = [w for w in data["warnings"] if w["rule"] == "glossary:Endure"][0]
    assert endure["target"] == "701.62" and endure["editions"][0] == "2025-04-04"
    text = CliRunner().invoke(main, ["warnings", "--data-dir", str(full_kb)]).output
    parse_problems = len(store.parse_warnings(store.connect(full_kb)))   # listed after the references
    assert f"{44 + parse_problems} warnings" in text and "2023-11-17.txt" in text


def _names(phrase: str, number: str) -> bool:
    """The phrase cites ``number`` itself or a range or list covering it."""
    if number in phrase:
        return True
    base = re.match(r"\d{3}(?:\.\d+)?", number).group(0)
    return base in phrase or number[:3] in phrase


@pytest.mark.corpus
def test_every_cited_by_is_a_true_citation(full_kb):
    """Walk every « Cité par » of the site: the citing rule's stored
    reference is in its text, names that rule, and reaches it in the edition
    its document belongs to."""
    from kb.site.links import LinkRegistry

    conn = store.connect(full_kb)
    links = LinkRegistry.plan(conn)
    assert links.cited
    for (target_source, target), citing in links.cited.items():
        for label, _path in citing:
            number = label.split(" ")[0]
            refs = [r for src in _sources_of(links, label) for r in references_of(conn, src, number)
                    if r.target_source == target_source and r.target == target]
            assert refs, (target_source, target, label)
            for r in refs:
                text = conn.execute("SELECT text, examples FROM rules WHERE source=? AND number=?",
                                    (r.source, r.number)).fetchone()
                full = text[0] if r.kind == "rule" else json.loads(text[1])[r.example]
                assert full[r.start:r.end] == r.phrase and (_names(r.phrase, r.cited))
                allowed = {r.source} | set(document_editions(conn, r.source))
                assert r.target_source in allowed, (r, allowed)
    latest = links.latest["source"]
    # the false backlinks of the 2026 Echo and Gravestorm are gone
    assert not [c for c in links.cited_by(latest, "702.30") + links.cited_by(latest, "702.69") if "607.2" in c[0]]


def _sources_of(links, label):
    if "(" not in label:
        return [d.row["id"] for d in links.documents] + [e["source"] for e in links.editions]
    title = label[len(label.split(" ")[0]) + 2:-1]
    return [d.row["id"] for d in links.documents if d.row["title"] == title] or [title]

"""``kb build``: parse the documents, fill the knowledge base, index it.

:func:`build` runs the whole pipeline into a fresh build directory and
publishes it atomically (see :mod:`kb.store.db`): raw text -> parsers ->
model -> SQLite -> Whoosh index.  If anything fails, the build directory is
removed and the previous knowledge base stays current.

One broken document does not stop the others: its error is recorded in the
report (and in the ``warnings`` table) and the build goes on.
"""
from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional, Sequence

from kb.store import db as store
from kb.search.index import build_index
from kb.search.documents import index_docs
from kb.data import seeds_dir
from kb.model import ParseWarning
from kb.progress import Progress, no_progress
from parser.faq import parse_document


@dataclass
class BuildReport:
    """What ``kb build`` prints: counts of what was stored, the problems
    met (each a one-line string with file:line:column), timings in seconds."""

    data_dir: str
    build_dir: str = ""
    counts: dict = field(default_factory=dict)
    documents: list[dict] = field(default_factory=list)
    editions: list[dict] = field(default_factory=list)
    cards: dict = field(default_factory=dict)
    history: dict = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    lost_quotes: int = 0
    indexed: int = 0
    seconds: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return self.__dict__.copy()


class BuildError(RuntimeError):
    """The build could not complete; the previous knowledge base is kept."""


def collect_files(paths: Iterable[Path], pattern: str = "*.txt",
                  skipped: Optional[list[str]] = None) -> list[Path]:
    """Expand files and directories (their ``pattern`` files, sorted).
    A directory entry that is not a regular file (a FIFO, a device, a
    symbolic link to one, a link loop or a dangling link) is never read:
    it is appended to ``skipped`` with why.  Raises BuildError naming a
    path that does not exist or is given and not a regular file."""
    files: list[Path] = []
    for p in paths:
        p = Path(p)
        kind = _file_kind(p)
        if kind == "directory":
            found, left = [], []
            for x in sorted(p.glob(pattern)):
                what = _file_kind(x)
                if what == "file":
                    found.append(x)
                elif what != "directory":
                    left.append(f"{x}: skipped: {what}, not a regular file")
            if skipped is not None:
                skipped.extend(left)
            if not found:
                raise BuildError(f"no {pattern} file in directory {p}" + (f" ({'; '.join(left)})" if left else ""))
            files.extend(found)
        elif kind == "file":
            files.append(p)
        elif kind == "missing":
            raise BuildError(f"no such file or directory: {p}")
        else:
            raise BuildError(f"{p} is {kind}, not a regular file: give a text file or a directory of them")
    return files


def _file_kind(path: Path) -> str:
    """``file``, ``directory``, ``missing`` or what else ``path`` is (« a FIFO »,
    « a character device (/dev/zero) », « a symbolic link loop », « a dangling symbolic link »)."""
    import errno
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError as err:
        if err.errno == errno.ELOOP:
            return "a symbolic link loop"
        if os.path.islink(path):
            return "a dangling symbolic link"
        return "missing"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "directory"
    target = f" ({os.path.realpath(path)})" if os.path.islink(path) else ""
    kinds = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
             (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "a special file") + target


def build(data_dir: Path, docs: Optional[Sequence[Path]] = None, cr: Sequence[Path] = (),
          mtgjson: Optional[Path] = None, progress: Progress = no_progress) -> BuildReport:
    """Build a new knowledge base in ``data_dir`` and make it current.

    ``docs``: French FAQ / rules-excerpt files or directories (default: the
    embedded ``seeds/``); ``cr``: Comprehensive Rules files or directories;
    ``mtgjson``: a directory of MTGJSON set files or an AllPrintings /
    AtomicCards file.  Returns a BuildReport; raises BuildError (nothing
    published) when an input path is missing or a stage fails as a whole.
    """
    data_dir = Path(data_dir)
    skipped: list[str] = []
    doc_files = collect_files(docs if docs else [seeds_dir()], skipped=skipped)
    cr_files = collect_files(cr, skipped=skipped) if cr else []
    if mtgjson is not None and not Path(mtgjson).exists():
        raise BuildError(f"no such file or directory: {mtgjson}")
    check_names(doc_files, cr_files)
    report = BuildReport(data_dir=str(data_dir), warnings=skipped)
    try:
        store.ensure_data_dir(data_dir)
        with store.build_lock(data_dir):
            return _build_locked(data_dir, doc_files, cr_files, mtgjson, report, progress)
    except OSError as err:  # read-only or full disk, a file in the way: never "damaged"
        raise BuildError(store.describe_os_error(err, data_dir)) from err
    except sqlite3.DatabaseError as err:
        raise BuildError(store.describe_write_error(err, data_dir)) from err


def check_names(doc_files: list[Path], cr_files: list[Path]) -> None:
    """Raise BuildError when a document and an edition would be stored under
    one id: both are file stems, so ``faq/2026-01-16.txt`` and
    ``cr/2026-01-16.txt`` would mix their rules."""
    seen = {path.stem: path for path in reversed(doc_files)}
    for path in cr_files:
        other = seen.get(path.stem)
        if other is not None and other.resolve() != path.resolve():  # the same file: parse_cr judges it
            raise BuildError(f"--docs {other} and --cr {path} would both be stored as '{path.stem}': "
                             "rename one of them (document ids and edition sources come from file names)")


def _warn_same_editions(conn, report: BuildReport) -> None:
    """Warn when one Comprehensive Rules edition (one effective date and
    language) came from two files: it is stored twice."""
    first: dict[tuple, str] = {}
    for ed in store.editions(conn):
        key = (ed["date"], ed["lang"])
        if key not in first:
            first[key] = ed["path"]
            continue
        msg = (f"edition {ed['date']} ({ed['lang']}) is stored twice (also read from {first[key]}): "
               "give one file per edition")
        report.warnings.append(f"{ed['path']}: {msg}")
        store.save_warnings(conn, ed["source"], [ParseWarning(ed["path"], 1, 1, "", msg, "duplicate_edition")])


def _build_locked(data_dir: Path, doc_files: list[Path], cr_files: list[Path], mtgjson: Optional[Path],
                  report: BuildReport, progress: Progress) -> BuildReport:
    build_dir = store.new_build_dir(data_dir)
    report.build_dir = str(build_dir)
    try:
        conn = store.create(build_dir / store.DB_NAME)
        with conn:
            _ingest_documents(conn, doc_files, report, progress)
            if not report.documents:
                raise BuildError("no document could be read: " + "; ".join(report.errors))
            if cr_files:
                _ingest_cr(conn, cr_files, report, progress)
                if not report.editions:
                    raise BuildError("no Comprehensive Rules edition could be read: " + "; ".join(report.errors))
                _warn_same_editions(conn, report)
                _build_history(conn, report, progress)
            _resolve_references(conn, report)
            store.fill_rule_references(conn)
            if mtgjson is not None:
                _ingest_cards(conn, Path(mtgjson), report, progress)
                _link_cards(conn, report, progress)
            store.set_meta(conn, "built_at", time.strftime("%Y-%m-%dT%H:%M:%S"))
        t0 = time.perf_counter()
        report.indexed = build_index(build_dir / store.INDEX_NAME, index_docs(conn))
        report.seconds["index"] = round(time.perf_counter() - t0, 3)
        report.counts = store.counts(conn)
        conn.close()
        store.publish(data_dir, build_dir)
    except BaseException:
        store.discard(build_dir)
        raise
    return report


def _ingest_documents(conn, files: list[Path], report: BuildReport, progress: Progress) -> None:
    """Parse and store every document.  Two files with the same stem get
    distinct ids (« faq », « faq-2 ») and a ``duplicate_id`` warning; a
    document that cannot be parsed or stored is named (file and line) in the
    report and the others go on."""
    t0 = time.perf_counter()
    step = progress("Parsing documents", len(files))
    ids: dict[str, Path] = {}
    for path in files:
        source, dup = _unique_id(path, ids)
        try:
            doc = parse_document(path, source=source)
        except Exception as err:  # an unreadable document must not stop the others
            line = getattr(err, "line", 0) or 0
            report.errors.append(f"{path}:{line}: cannot parse: {err}")
            store.save_warnings(conn, source, [ParseWarning(str(path), line, 0, "", f"cannot parse: {err}",
                                                            "unreadable_document")])
            step(1)
            continue
        if dup is not None:
            doc.warnings.insert(0, dup)
        if not (doc.rules or doc.cards or doc.notes or doc.sections or doc.paragraphs):
            report.errors.append(f"{path}: empty document (no rule, card record, note or text)")
            step(1)
            continue
        if len(doc.rules) > 300 and not doc.cards:
            doc.warnings.append(ParseWarning(str(path), 1, 1, "", "this looks like a whole Comprehensive Rules "
                                             "edition: give it with --cr to store it as an edition (dated, "
                                             "with its chapters)", "whole_edition"))
        if _store_document(conn, doc, path, report):
            report.documents.append({"id": doc.id, "path": str(path), "title": doc.title, "kind": doc.kind,
                                     "rules": len(doc.rules), "card_records": len(doc.cards),
                                     "notes": len(doc.notes), "sections": len(doc.sections),
                                     "warnings": len(doc.warnings)})
            report.warnings.extend(str(w) for w in doc.warnings)
        step(1)
    report.seconds["documents"] = round(time.perf_counter() - t0, 3)


def _unique_id(path: Path, ids: dict[str, Path]) -> tuple[str, Optional[ParseWarning]]:
    """The document id of ``path``: its stem, made unique with a warning."""
    source, n = path.stem, 1
    while source in ids:
        n += 1
        source = f"{path.stem}-{n}"
    ids[source] = path
    if n == 1:
        return source, None
    return source, ParseWarning(str(path), 1, 1, "", f"another document is named {path.stem} "
                                f"({ids[path.stem]}): this one's id is {source}", "duplicate_id")


def _store_document(conn, doc, path: Path, report: BuildReport) -> bool:
    """Store ``doc``; a failure is named (file and line) and whatever was
    written of the document is removed (the build database has no journal to
    roll back)."""
    try:
        store.save_document(conn, doc)
    except sqlite3.Error as err:
        for table, key in _DOCUMENT_TABLES:
            conn.execute(f"DELETE FROM {table} WHERE {key} = ?", (doc.id,))
        report.errors.append(f"{path}:1: cannot store document {doc.id}: {err}")
        return False
    return True


#: Where :func:`kb.store.db.save_document` writes a document: table, key column.
_DOCUMENT_TABLES = (("documents", "id"), ("sections", "source"), ("rules", "source"),
                    ("card_records", "source"), ("notes", "source"), ("warnings", "source"))


def _ingest_cr(conn, files: list[Path], report: BuildReport, progress: Progress) -> None:
    from parser.cr import parse_cr  # imported here: only builds with --cr pay for it

    t0 = time.perf_counter()
    step = progress("Parsing Comprehensive Rules", len(files))
    seen_sources: set[str] = set()
    for path in files:
        try:
            edition = parse_cr(path)
        except Exception as err:
            report.errors.append(f"{path}: {err}")
            step(1)
            continue
        if not edition.date:
            report.errors.append(f"{path}: not a Comprehensive Rules edition (no effective date in the text "
                                 f"or the file name); French FAQ and rules excerpts go to --docs")
            step(1)
            continue
        if edition.source in seen_sources:
            report.errors.append(f"{path}: edition {edition.source} given twice; kept the first")
            step(1)
            continue
        seen_sources.add(edition.source)
        store.save_edition(conn, edition)
        report.lost_quotes += edition.lost_quotes
        report.editions.append({"date": edition.date, "source": edition.source, "path": str(path),
                                "rules": len(edition.rules), "glossary": len(edition.glossary),
                                "lost_quotes": edition.lost_quotes, "warnings": len(edition.warnings)})
        report.warnings.extend(str(w) for w in edition.warnings)
        step(1)
    report.seconds["cr"] = round(time.perf_counter() - t0, 3)


def _link_cards(conn, report: BuildReport, progress: Progress) -> None:
    """Find card names in rules, examples, notes and card records once
    (table ``card_mentions``, see kb.cards.mentions)."""
    from kb.cards.mentions import index_card_mentions, index_document_links

    t0 = time.perf_counter()
    report.cards["mentions"] = index_card_mentions(conn, progress=progress)
    index_document_links(conn)
    report.seconds["card_links"] = round(time.perf_counter() - t0, 3)


def _build_history(conn, report: BuildReport, progress: Progress) -> None:
    """Versioned rule store, edition-to-edition maps and lineages
    (kb.rules.history); the CR editions' references, resolved in themselves
    and stored (kb.rules.resolver); then French rules aligned with English
    editions (kb.rules.alignment, reading those stored references).
    :func:`_resolve_references` resolves the documents' references after it,
    in the editions the alignment chose."""
    from kb.rules import alignment
    from kb.rules import history
    from kb.rules.resolver import store_edition_references

    t0 = time.perf_counter()
    report.history = history.build_history(conn, progress=progress).to_dict()
    t1 = time.perf_counter()
    _count_references(report, store_edition_references(conn), time.perf_counter() - t1)
    t2 = time.perf_counter()
    alignment.align_french(conn)
    report.seconds["history"] = round(t1 - t0 + time.perf_counter() - t2, 3)


def _resolve_references(conn, report: BuildReport) -> None:
    """The documents' references, resolved once in the editions their
    alignment chose (after :func:`_build_history`), stored with their typed
    warnings next to the editions' ones (kb.rules.resolver)."""
    from kb.rules.resolver import store_document_references

    t0 = time.perf_counter()
    refs = store_document_references(conn)
    _count_references(report, refs, time.perf_counter() - t0)


def _count_references(report: BuildReport, refs, seconds: float) -> None:
    """Add one resolver phase's counts and time to the report."""
    if report.history:
        for key, n in (("references_checked", refs.checked), ("references_stored", refs.stored),
                       ("dangling_references", len(refs.dangling))):
            report.history[key] = report.history.get(key, 0) + n
    report.seconds["references"] = round(report.seconds.get("references", 0.0) + seconds, 3)


def _ingest_cards(conn, path: Path, report: BuildReport, progress: Progress) -> None:
    from kb.cards.ingest import ingest_mtgjson

    t0 = time.perf_counter()
    try:
        result = ingest_mtgjson(conn, path, progress=progress)
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise BuildError(f"{path}: not MTGJSON card data ({type(err).__name__}: {err})") from err
    report.cards = result.to_dict()
    report.errors.extend(f"MTGJSON: {e}" for e in report.cards.get("errors", []))
    if not report.cards.get("cards"):
        raise BuildError(f"{path}: no card could be read")
    report.seconds["cards"] = round(time.perf_counter() - t0, 3)

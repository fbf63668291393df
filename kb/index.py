"""Full-text index of the knowledge base (Whoosh).

This is the only module that imports ``whoosh``: swapping the engine means
rewriting this file alone.  It offers:

* :func:`french_analyzer` / :func:`english_analyzer` -- the text analysis;
* :func:`build_index` -- write an index from :class:`IndexDoc` records;
* :class:`Index` -- open an index and run a query (:meth:`Index.search`).

French analysis, applied identically when indexing and querying:
tokenize (keeping game notation such as ``{2/B}``, ``-1/-1``, ``+1/+1`` and
rule numbers ``702.19c`` whole) -> lowercase -> elision (l', d', qu', j',
jusqu', n', s', c', m', t', with ' or ’) -> ligatures (æ -> ae, œ -> oe) and
accents folded -> French stop words -> Snowball French stemming.  English:
the same tokenizer, lowercase, folding, English stop words, Porter-style
stemming.  Each document is indexed in its own language field (``body_fr``
or ``body_en``); a query is parsed against both, so it is analysed both ways
and the results are combined.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from whoosh import index as windex
from whoosh import qparser, query as wquery
from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.highlight import ContextFragmenter, Formatter, get_text
from whoosh.lang import stopwords_for_language

from kb.folding import fold

#: Tokens: notation first ({2/B}, -1/-1, +1/+1, 702.19c), then words with
#: inner apostrophes or hyphens (« d'âmes », « non-bloquée »), then numbers.
TOKEN_PATTERN = (r"\{[^{}\s]+\}"
                 r"|[+-]?(?:\d+|[*X])/[+-]?(?:\d+|[*X])"
                 r"|\d{3}\.\d+[a-z]?"
                 r"|\w+(?:['’]\w+)*"
                 r"|\d+")

ELISIONS = ("l", "d", "j", "qu", "jusqu", "lorsqu", "puisqu", "n", "s", "c", "m", "t")
_ELISION_RE = re.compile(r"^(?:%s)['’](?=\w)" % "|".join(ELISIONS))
class ElisionFilter(Filter):
    """Strips French elided articles and pronouns: « l'association » ->
    ``association``, « qu’une » -> ``une``."""

    def __call__(self, tokens):
        for t in tokens:
            t.text = _ELISION_RE.sub("", t.text)
            yield t


class FoldFilter(Filter):
    """Applies :func:`fold` to each token (accents, ligatures, ’)."""

    def __call__(self, tokens):
        for t in tokens:
            t.text = fold(t.text)
            yield t


def _stoplist(lang: str) -> frozenset:
    return frozenset(fold(w) for w in stopwords_for_language(lang))


def french_analyzer():
    """Analyzer for French text (see module docstring)."""
    return (RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | ElisionFilter() | FoldFilter()
            | StopFilter(stoplist=_stoplist("fr"), minsize=1) | StemFilter(lang="fr"))


def english_analyzer():
    """Analyzer for English text (see module docstring)."""
    return (RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | FoldFilter()
            | StopFilter(stoplist=_stoplist("en"), minsize=1) | StemFilter(lang="en"))


def make_schema() -> Schema:
    fr, en = french_analyzer(), english_analyzer()
    return Schema(
        key=ID(stored=True, unique=True),
        kind=ID(stored=True),
        ident=ID(stored=True),          # rule number, card name, note id, section id
        number=ID(stored=True),         # rule number (rules only)
        lang=ID(stored=True),
        edition=ID(stored=True),
        source=ID(stored=True),
        title_fr=TEXT(analyzer=fr, stored=True, field_boost=2.0),
        title_en=TEXT(analyzer=en, stored=True, field_boost=2.0),
        body_fr=TEXT(analyzer=fr, stored=True, chars=True),
        body_en=TEXT(analyzer=en, stored=True, chars=True),
        extra=STORED,
    )


@dataclass
class IndexDoc:
    """One searchable unit: a rule, card record, note, section or glossary entry.

    ``kind`` is ``rule``, ``card``, ``note``, ``section`` or ``glossary``;
    ``ident`` is what a user would type to get it (rule number, card name);
    ``title`` and ``body`` are indexed in ``lang``; ``extra`` is any
    JSON-able payload returned with hits (e.g. the card a note is about).
    """

    key: str
    kind: str
    ident: str
    lang: str
    source: str
    body: str
    title: str = ""
    edition: Optional[str] = None
    number: Optional[str] = None
    extra: dict = field(default_factory=dict)


def build_index(directory: Path, docs: Iterable[IndexDoc]) -> int:
    """Create a new index in ``directory`` (created if needed) holding
    ``docs``; returns the number of documents written."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    ix = windex.create_in(str(directory), make_schema())
    writer = ix.writer(limitmb=256, procs=1)
    n = 0
    for d in docs:
        fields = dict(key=d.key, kind=d.kind, ident=d.ident, lang=d.lang, source=d.source,
                      edition=d.edition or "", extra=dict(d.extra))
        if d.number:
            fields["number"] = d.number
        suffix = "fr" if d.lang == "fr" else "en"
        fields["title_" + suffix] = d.title
        fields["body_" + suffix] = d.body
        writer.add_document(**fields)
        n += 1
    writer.commit()
    return n


class _BoldFormatter(Formatter):
    """Wraps matched words, as written in the text, in ``<b>…</b>``."""

    between = " … "

    def _text(self, text):
        return html.escape(text, quote=False)

    def format_token(self, text, token, replace=False):
        return "<b>%s</b>" % html.escape(get_text(text, token, replace), quote=False)


@dataclass
class Hit:
    """A search result: ``snippet`` is HTML-safe text with ``<b>`` around
    the matched words as written; ``score`` is Whoosh's BM25F score."""

    kind: str
    ident: str
    lang: str
    edition: Optional[str]
    source: str
    score: float
    snippet: str
    title: str
    number: Optional[str]
    key: str
    extra: dict


class QuerySyntaxError(ValueError):
    """The query could not be parsed as written."""


class Index:
    """An opened index.  ``Index(path).search("marqueurs")`` -> list of Hit."""

    FIELDS = ["title_fr", "body_fr", "title_en", "body_en"]

    def __init__(self, directory: Path):
        self.ix = windex.open_dir(str(directory))
        self.searcher = self.ix.searcher()
        # One parser per language: the query is analysed the French way against
        # French fields and the English way against English fields, then OR-ed,
        # so a French stop word (« la ») does not sink the English side.
        self.parsers = []
        for fields in (["title_fr", "body_fr"], ["title_en", "body_en"]):
            p = qparser.MultifieldParser(fields, schema=self.ix.schema, group=qparser.AndGroup)
            p.remove_plugin_class(qparser.FieldsPlugin)
            p.remove_plugin_class(qparser.WildcardPlugin)
            self.parsers.append(p)

    def parse(self, text: str):
        """The Whoosh query for ``text``: French reading OR English reading."""
        return wquery.Or([p.parse(text) for p in self.parsers]).normalize()

    def close(self) -> None:
        self.searcher.close()

    def search(self, text: str, limit: int = 10, kind: Optional[str] = None,
               lang: Optional[str] = None, exclude_keys: Iterable[str] = ()) -> list[Hit]:
        """Run ``text`` against titles and bodies in both languages.

        ``kind`` and ``lang`` restrict the hits; ``exclude_keys`` drops hits
        already shown (exact rule-number matches).  Returns at most ``limit``
        hits, best first."""
        q = self.parse(text)
        filters = []
        if kind:
            filters.append(wquery.Term("kind", kind))
        if lang:
            filters.append(wquery.Term("lang", lang))
        filt = wquery.And(filters) if len(filters) > 1 else (filters[0] if filters else None)
        excluded = set(exclude_keys)
        results = self.searcher.search(q, limit=limit + len(excluded), filter=filt, terms=True)
        results.fragmenter = ContextFragmenter(maxchars=240, surround=70)
        results.formatter = _BoldFormatter()
        hits = []
        for r in results:
            if r["key"] in excluded:
                continue
            hits.append(self._hit(r, r.score))
            if len(hits) >= limit:
                break
        return hits

    def get(self, key: str, snippet_len: int = 240) -> Optional[Hit]:
        """The stored document with that key, as a Hit with score 0."""
        doc = self.searcher.document(key=key)
        if doc is None:
            return None
        body = doc.get("body_fr") or doc.get("body_en") or ""
        return self._from_fields(doc, 0.0, _plain_snippet(body, snippet_len))

    def _hit(self, r, score: float) -> Hit:
        snippet = ""
        for name in ("body_fr", "body_en", "title_fr", "title_en"):
            if r.get(name):
                snippet = r.highlights(name, top=2)
                if snippet:
                    break
        if not snippet:
            snippet = _plain_snippet(r.get("body_fr") or r.get("body_en") or "", 240)
        return self._from_fields(r.fields(), score, snippet)

    @staticmethod
    def _from_fields(f: dict, score: float, snippet: str) -> Hit:
        return Hit(kind=f["kind"], ident=f["ident"], lang=f["lang"], edition=f.get("edition") or None,
                   source=f["source"], score=round(float(score), 3), snippet=snippet,
                   title=f.get("title_fr") or f.get("title_en") or "", number=f.get("number"),
                   key=f["key"], extra=f.get("extra") or {})


def _plain_snippet(text: str, length: int) -> str:
    text = " ".join(text.split())
    return html.escape(text if len(text) <= length else text[:length].rsplit(" ", 1)[0] + " …")

"""The full-text index of the knowledge base (Whoosh).

This is the only module that imports ``whoosh``: swapping the engine means rewriting this file
alone.  It holds:

* the text analysis (:func:`analyze`), the schema and :func:`build_index`;
* :class:`Index`: translates :mod:`kb.search.query` trees and :class:`kb.search.scope.Scope`
  into Whoosh queries (:meth:`Index.run`), looks up rules by number and cards by name, tells
  indexed words.

Analysis, the same when indexing and querying: tokenize (:data:`kb.search.words.TOKEN_PATTERN`:
``{2/B}``, ``-1/-1``, ``702.19c`` kept whole) -> lowercase -> French elision -> ligatures and
accents folded -> stop words -> Snowball stemming, in one cached :class:`TermFilter`.

Fields: :mod:`kb.search.fields`.  A query is compiled per language and the two readings OR-ed;
BM25F scores with a boost per kind; the side-by-side bonus is added to the best :data:`RESCORED`
documents only; the any-order pass is bounded by the rarest words (:mod:`kb.search.narrowing`);
Whoosh scores only the documents a first pass over arrays bounds high enough
(:mod:`kb.search.firstpass`).  The index directory also holds the expansion table, the spelling
vocabulary and the postings arrays of the first pass.
"""
from __future__ import annotations

import html
from functools import lru_cache, partial
from pathlib import Path
from typing import Iterable, Optional

from whoosh import index as windex, query as wq, scoring
from whoosh.analysis import Filter, IDTokenizer, RegexTokenizer
from whoosh.codec.whoosh3 import LENGTHS_COLUMN, _lenfield
from whoosh.collectors import TopCollector
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.highlight import ContextFragmenter, Formatter, get_text
from whoosh.lang import stemmer_for_language, stopwords_for_language
from whoosh.matching import ListMatcher
from whoosh.searching import Searcher
from whoosh.util.numeric import byte_to_length, length_to_byte

from kb.model import rule_sort_key
from kb.search import firstpass
from kb.search.budget import BoundedWeighting, run_bounded
from kb.search.bulk import BulkPostings, add_in_one, analysed_documents
from kb.search.documents import IndexDoc
from kb.search.expansions import write_table
from kb.search.fields import TEXT_FIELDS, WEIGHTS, text_fields
from kb.search.lengths import NormTables, NormWeighting, WriterLengths, length_bytes
from kb.search.narrowing import narrowed
from kb.search.phrases import phrase_check
from kb.search.query import All, Any, Not, Phrase, Word, plain_words
from kb.search.results import SNIPPET_LENGTH, Result, hit_result, neg_date
from kb.search.scope import Scope
from kb.search.spelling import VocabularyCounter, is_known
from kb.search.split import add_by_fields, default_procs
from kb.search.words import LANGS, TOKEN_PATTERN, TOKEN_RE, WordTerms
from parser.collector import collector_paused
from parser.textkeys import fold

#: Full-text hits given the side-by-side bonus (and fetched at the least: the
#: engine's pruning cuts ties by the limit, and pages must agree).
RESCORED = 50

#: Stop words missing from Whoosh's (NLTK's) French list.
EXTRA_STOPWORDS = {"fr": {"les"}, "en": set()}


# ------------------------------------------------------------------ analysis

class TermFilter(Filter):
    """Lowercase -> elision (French) -> folding -> stop words -> stemming, in one
    pass cached per surface word (:class:`kb.search.words.WordTerms`).
    Stop words are dropped and positions renumbered, or kept with ``stopped=True``
    when asked not to remove them (highlighting), as Whoosh's StopFilter does.
    « l'Association » -> ``associ`` (fr); « Persisted » -> ``persist`` (en)."""

    def __init__(self, lang: str, stem: bool = True):
        self.lang = lang
        self.stem = stem
        self.words = WordTerms(lang, _stoplist(lang), stemmer_for_language(lang) if stem else None)

    def __eq__(self, other):
        return isinstance(other, TermFilter) and (self.lang, self.stem) == (other.lang, other.stem)

    def __getstate__(self):       # the index's schema keeps the analysis, not its cache of words
        return {"lang": self.lang, "stem": self.stem}

    def __setstate__(self, state):   # (an index written before keeps more: only these two count)
        self.__init__(state["lang"], state.get("stem", True))

    def __call__(self, tokens):
        cache, cached = self.words.cache, self.words.cached
        pos = None
        for t in tokens:
            text = t.text
            term = cache.get(text, "")
            if term == "":
                term = cached(text)
            if term is not None:
                if t.positions:
                    if pos is None:
                        pos = t.pos
                    else:
                        pos += 1
                        t.pos = pos
                t.text = term
                t.stopped = False
                yield t
            elif not t.removestops:
                t.text = fold(text.lower())
                t.stopped = True
                yield t


def _stoplist(lang: str) -> frozenset:
    return frozenset(fold(w) for w in stopwords_for_language(lang)) | EXTRA_STOPWORDS[lang]


@lru_cache(maxsize=None)
def french_analyzer(stem: bool = True):
    """Analyzer for French text (see module docstring); ``stem=False``
    gives the folded words."""
    return RegexTokenizer(TOKEN_PATTERN) | TermFilter("fr", stem)


@lru_cache(maxsize=None)
def english_analyzer(stem: bool = True):
    """Analyzer for English text (see module docstring)."""
    return RegexTokenizer(TOKEN_PATTERN) | TermFilter("en", stem)


def analyzer_for(lang: str, stem: bool = True):
    return french_analyzer(stem) if lang == "fr" else english_analyzer(stem)


def analyze(text: str, lang: str, stem: bool = True) -> list[str]:
    """The index terms of ``text`` read as ``lang`` (``fr``/``en``):
    ``analyze("Association d’âmes", "fr")`` -> ``["associ", "ame"]``; with
    ``stem=False`` the folded words (``["association", "ames"]``)."""
    return [t.text for t in analyzer_for(lang, stem)(text)]


def index_terms(text: str, lang: str) -> list[str]:
    """:func:`analyze` (stemmed) without the analyzer's token objects: the
    words of :data:`kb.search.words.TOKEN_RE` through the same cached
    :class:`TermFilter` (what the index is given to store)."""
    return analyzer_for(lang).items[-1].words.terms(TOKEN_RE.findall(text))


def tokens_with_stops(text: str, lang: str) -> list[tuple[str, bool]]:
    """Every word of ``text`` as ``(term, stopped)``: stop words kept, folded (the analyzer's
    tokens with ``removestops=False``, read without its token objects, as :func:`index_terms`)."""
    return analyzer_for(lang).items[-1].words.with_stops(TOKEN_RE.findall(text))


# ------------------------------------------------------------------ writing

def make_schema() -> Schema:
    fr, en = french_analyzer(), english_analyzer()
    return Schema(
        key=ID(stored=True, unique=True),
        kind=ID(stored=True),
        ident=STORED,                   # rule number, card name, note id, section id, term
        number=ID(stored=True),         # rule number (rules only)
        card=ID,                        # English card name (cards and card records)
        lang=ID(stored=True),
        scope=ID(stored=True),          # "current" (default search scope) or "old"
        editions=KEYWORD(stored=True),  # every edition (date) the text holds in
        edition=STORED,                 # the latest of them
        source=STORED,
        title=STORED,
        body=STORED,
        text_fr=TEXT(analyzer=fr), text_en=TEXT(analyzer=en),
        old_fr=TEXT(analyzer=fr), old_en=TEXT(analyzer=en),
        name_fr=TEXT(analyzer=fr), name_en=TEXT(analyzer=en),   # weighed NAME_BOOST at query time
        ruling_en=TEXT(analyzer=en), rname_en=TEXT(analyzer=en),
        extra=STORED,
    )


@collector_paused()   # (the other process forked with it paused too)
def build_index(directory: Path, docs: Iterable[IndexDoc], expansions: Optional[list] = None,
                procs: Optional[int] = None, bulk: bool = True) -> int:
    """A new index of ``docs`` in ``directory`` (created if needed), with its expansion table (``expansions``:
    term pairs, :func:`kb.search.expansions.load_pairs`; default: the project's term files) and spelling
    vocabulary; returns the number of documents.  Written in bulk (:mod:`kb.search.bulk`), in two processes
    with ``procs`` > 1 (the default on several cores, :mod:`kb.search.split`); ``bulk=False``: by Whoosh."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    procs = (default_procs() if bulk else 1) if procs is None else procs
    ix = windex.create_in(str(directory), make_schema())
    writer, bulk = _writer(ix, procs, bulk)
    vocabulary, impacts, n = VocabularyCounter(), firstpass.ImpactWriter(), 0
    side_files = [partial(write_table, directory, analyze, expansions), partial(vocabulary.write, directory)]
    if bulk is not None and procs > 1:   # (the side files written while the other process ends)
        n = add_by_fields(bulk, list(docs), index_terms, vocabulary, impacts, side_files, lambda n: byte_to_length(length_to_byte(n)))
    elif bulk is not None:
        n = add_in_one(bulk, docs, index_terms, vocabulary, impacts)
    else:
        for n, fields in enumerate(analysed_documents(docs, index_terms, vocabulary, impacts), 1):
            writer.add_document(**fields)
    writer.commit()
    impacts.write(directory)
    while side_files:
        side_files.pop(0)()
    return n


def _writer(ix, procs: int, bulk: bool):
    """A segment writer, and the :class:`kb.search.bulk.BulkPostings` in its pool's place (or None)."""
    if procs > 1 and not bulk:
        return ix.writer(limitmb=256, procs=procs, multisegment=True), None
    writer = ix.writer(limitmb=512)
    WriterLengths.install(writer, {name for name, field in ix.schema.items() if field.scorable})
    whole = {n for n, f in ix.schema.items() if isinstance(f, ID) and isinstance(f.analyzer, IDTokenizer)}  # the value, one term
    return writer, BulkPostings(dict(ix.schema.items()), set(TEXT_FIELDS), whole).install(writer) if bulk else None


# ------------------------------------------------------------------ query trees

def _compile_text(node, lang: str, fields: list):
    """A word or phrase: one term, or the terms side by side (slop 1)."""
    if node.lang and node.lang != lang:
        return None
    terms = analyze(node.text, lang)
    if not terms:
        return None
    boost = node.boost if isinstance(node, Phrase) else 1.0
    weight = {f: boost * WEIGHTS.get(f, 1.0) for f in fields}
    if len(terms) == 1:
        parts = [wq.Term(f, terms[0], boost=weight[f]) for f in fields]
    else:
        parts = [wq.Phrase(f, terms, slop=1, boost=weight[f]) for f in fields]
    return parts[0] if len(parts) == 1 else wq.Or(parts)


def _compile_any(node: Any, lang: str, fields: list, bonus: Optional[list]):
    """OR; glossary alternatives score as their best member, without the
    side-by-side bonus."""
    parts = [q for q in (compile_tree(n, lang, fields, near=not node.alt, bonus=bonus) for n in node.nodes)
             if q is not None]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return wq.DisjunctionMax(parts, tiebreak=0.1) if node.alt else wq.Or(parts)


def _near_bonus(q, words: list, lang: str, fields: list, bonus: Optional[list]):
    """``q`` with a bonus for the plain words side by side, as typed; with
    ``bonus`` (a list), ``q`` alone, the bonus query appended to it."""
    typed = plain_words(words)  # a notion in both languages competes with its translation: not in it
    if typed is None:
        return q
    terms = [t for n in typed for t in analyze(n.text, lang)]
    if len(terms) < 2:
        return q
    near = [wq.Phrase(f, terms, slop=2) for f in fields]
    near_q = near[0] if len(near) == 1 else wq.Or(near)
    if bonus is not None:
        bonus.append(near_q)
        return q
    return wq.AndMaybe(q, near_q)


def _compile_all(node: All, lang: str, fields: list, loose: bool, near: bool, bonus: Optional[list]):
    """AND of the positive children (OR preferring more of them when
    ``loose``), minus the excluded ones."""
    positive = [n for n in node.nodes if not isinstance(n, Not)]
    pos = [q for q in (compile_tree(n, lang, fields, bonus=bonus) for n in positive) if q is not None]
    neg = [q for q in (compile_tree(n, lang, fields) for n in node.nodes if isinstance(n, Not)) if q is not None]
    if not pos:
        return None
    if len(pos) == 1:
        q = pos[0]
    elif loose:
        q = wq.Or(pos, scale=0.9)
    else:
        q = wq.And(pos)
        if near:
            q = _near_bonus(q, positive, lang, fields, bonus)
    if neg:
        q = wq.AndNot(q, wq.Or(neg) if len(neg) > 1 else neg[0])
    return q


def compile_tree(node, lang: str, fields: list, loose: bool = False, near: bool = True,
                 bonus: Optional[list] = None):
    """The Whoosh query for a :mod:`kb.search.query` tree read as ``lang``
    (that language's analysis) over ``fields``, or None when nothing in it
    applies to ``lang``.  ``loose`` turns the top-level AND into an OR that
    prefers documents matching more words; ``near`` gives a bonus to words
    found side by side.  Glossary alternatives (``Any(alt=True)``) score as
    their best member, so a document is not counted twice for the same
    notion, and get no side-by-side bonus (a French card that prints
    « contact mortel » should not outrank the Deathtouch rule for that
    query).  With ``bonus`` (a list) the side-by-side bonuses are not part of the query
    but appended to ``bonus``, to score the best documents only (:meth:`Index.run`)."""
    if isinstance(node, (Word, Phrase)):
        return _compile_text(node, lang, fields)
    if isinstance(node, Not):
        return compile_tree(node.node, lang, fields)
    if isinstance(node, Any):
        return _compile_any(node, lang, fields, bonus)
    if isinstance(node, All):
        return _compile_all(node, lang, fields, loose, near, bonus)
    raise TypeError(f"not a query node: {node!r}")


def _one_or_all(parts: list):
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else wq.And(parts)


def scope_filter(scope: Scope):
    """Whoosh query for kinds and editions (languages, the default scope and
    rulings are handled by the choice of fields), or None."""
    parts = []
    if scope.kinds and scope.kinds != ["ruling"]:
        parts.append(wq.Or([wq.Term("kind", k) for k in scope.kinds]) if len(scope.kinds) > 1
                     else wq.Term("kind", scope.kinds[0]))
    eds = scope.dated_editions
    if eds:
        parts.append(wq.Or([wq.Term("editions", e) if len(e) == 10 else wq.Prefix("editions", e)
                            for e in eds]))
    return _one_or_all(parts)


def lookup_filter(scope: Scope):
    """Whoosh filter for look-ups by field (numbers, cards): kinds,
    languages, editions and the default scope; None if everything goes."""
    parts = [p for p in (scope_filter(scope),) if p is not None]
    if scope.langs:
        parts.append(wq.Or([wq.Term("lang", x) for x in scope.langs]))
    if not scope.wide:
        parts.append(wq.Term("scope", "current"))
    return _one_or_all(parts)


def whoosh_query(node, scope: Optional[Scope] = None, loose: bool = False, bonus: Optional[list] = None):
    """Both readings of ``node`` OR-ed (see module docstring), over the text
    fields of ``scope``, with its kind and edition filters; None when
    nothing applies.  ``bonus``: see :func:`compile_tree`."""
    scope = scope or Scope()
    parts = []
    for lang in LANGS:
        fields = text_fields(scope, lang)
        if fields:
            q = compile_tree(node, lang, fields, loose, bonus=bonus)
            if q is not None:
                parts.append(q)
    if not parts:
        return None
    q = parts[0] if len(parts) == 1 else wq.Or(parts)
    filt = scope_filter(scope)
    if filt is not None:
        q = wq.And([q, filt])
    return q.normalize()


# ------------------------------------------------------------------ reading

class _BoldFormatter(Formatter):
    """Wraps matched words, as written in the text, in ``<b>…</b>``."""
    between = " … "

    def _text(self, text):
        return html.escape(text, quote=False)

    def format_token(self, text, token, replace=False):
        return "<b>%s</b>" % html.escape(get_text(text, token, replace), quote=False)


class Index:
    """An opened index: ``Index(path).run(tree, Scope())`` -> (results, total)."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.ix = windex.open_dir(str(directory))
        self.searcher = self.ix.searcher(weighting=BoundedWeighting(NormWeighting(scoring.BM25F(), NormTables(partial(length_bytes, _lenfield, LENGTHS_COLUMN), byte_to_length))))  # every search bounded
        self.reader = self.searcher.reader()
        self.first_pass = firstpass.FirstPass(self.searcher, firstpass.Impacts.open(self.directory),
                                              self._score_candidates, self._list_matcher)

    def close(self) -> None:
        self.searcher.close()
    def doc_count(self) -> int:
        return self.searcher.doc_count()

    def known(self, word: str) -> bool:
        """True if ``word`` is an indexed term or only stop words (:func:`kb.search.spelling.is_known`)."""
        return is_known(word, analyze, self.reader.doc_frequency)

    def run(self, node, scope: Scope, limit: int = 10, exclude_keys: Iterable[str] = (),
            loose: bool = False) -> tuple[list[Result], int]:
        """The best ``limit`` results for a query tree within ``scope``
        (``exclude_keys`` left out), and about how many documents match."""
        bonus: list = []
        q = whoosh_query(node, scope, loose=loose, bonus=bonus)
        if q is None:
            return [], 0
        narrow = narrowed(node, lambda n: self._frequency(n, scope)) if loose else None
        narrow = None if narrow is None else whoosh_query(narrow, scope, loose=True)
        excluded, read = set(exclude_keys), {}     # read: the postings the first pass reads, for the bonus
        check = phrase_check(node, tokens_with_stops,   # phrases with stop words: word for word (their terms alone, faster)
                             lambda text, lang: analyzer_for(lang).items[-1].words.sequence(TOKEN_RE.findall(text)))
        best = max(limit + len(excluded), RESCORED)   # at least 50: the engine's pruning cuts ties by the limit
        full = q if narrow is None else wq.Require(q, narrow)
        first = None if check else self.first_pass.run(full, best, walks=not loose, read=read)
        if first is not None:
            results, found = first
        else:
            results = run_bounded(self.searcher, full, limit=None if check else best,  # (block-quality
                                  optimize=narrow is None)                            # skips fail there)
            found = results.estimated_length()     # narrowed: only what the pass can return
        self._add_bonus(results, bonus, best, read)
        results.fragmenter = ContextFragmenter(maxchars=SNIPPET_LENGTH, surround=70)
        results.formatter = _BoldFormatter()
        hits, seen, dropped = [], 0, 0
        for r in results:
            seen += 1
            if r["key"] in excluded or (check and not check(r["lang"], r["title"], r["body"])):
                dropped += 1
                continue
            hits.append(hit_result(r.fields(), r.score, r.highlights))
            if len(hits) >= limit:
                break
        kept = (seen - dropped) / seen if check and seen else 1.0
        overlap = len(excluded & {r["key"] for r in results}) if excluded and not check else 0
        total = max(int(found * kept) - overlap, len(hits))
        if len(hits) < limit and (check or results.scored_length() < best):
            total = len(hits)       # every matching document was read: the count is exact
        return hits, total

    def _score_candidates(self, reader, q, best: int):
        """Whoosh's search of ``q`` over a first pass's candidates: each scored, no block skipping."""
        collector = TopCollector(limit=best, usequality=False, replace=0)
        Searcher(reader, weighting=self.searcher.weighting, closereader=False).search_with_collector(q, collector)
        return collector.results()

    def _list_matcher(self, ids, weights, values, field, btext, scorer):   # (block qualities unused)
        return ListMatcher(ids, weights, values, format=self.searcher.schema[field].format, scorer=scorer,
                           term=(field, btext))

    def _frequency(self, node, scope: Scope) -> int:
        """Documents holding ``node`` within ``scope``, about (an upper bound)."""
        q, texts = whoosh_query(node, scope), {f for lang in LANGS for f in text_fields(scope, lang)}
        return 0 if q is None else sum(self.reader.doc_frequency(f, t) for f, t in q.iter_all_terms() if f in texts)

    def _add_bonus(self, results, bonus: list, n: int, read: Optional[dict] = None) -> None:
        """Add the side-by-side bonus (:func:`compile_tree`) to the best ``n``
        of ``results`` and sort them again (score, then index order)."""
        top = results.top_n[:n]
        if not bonus or not top:
            return
        q, docs = (bonus[0] if len(bonus) == 1 else wq.Or(bonus)).normalize(), sorted(d for _s, d in top)
        reader = self.first_pass.restricted(q, docs, read)   # the phrases matched on those documents alone
        m = q.matcher(Searcher(reader, weighting=self.searcher.weighting, closereader=False) if reader else self.searcher)
        extra = {}
        for docnum in docs:
            if not m.is_active():
                break
            if m.id() < docnum:
                m.skip_to(docnum)
            if m.is_active() and m.id() == docnum:
                extra[docnum] = m.score()
        results.top_n[:n] = sorted(((s + extra.get(d, 0.0), d) for s, d in top), key=lambda sd: (-sd[0], sd[1]))

    def filter_only(self, scope: Scope, limit: int = 10) -> tuple[list[Result], int]:
        """Documents within ``scope`` when the query has filters only."""
        results = self.searcher.search(lookup_filter(scope) or wq.Every(), limit=limit)
        return [hit_result(r.fields(), r.score, r.highlights) for r in results], len(results)

    def _stored(self, q, scope: Scope) -> list[dict]:
        return [f for f in (self.searcher.stored_fields(d) for d in self.searcher.docs_for_query(q))
                if scope.accepts(f)]

    def by_number(self, numbers: Iterable[str], scope: Scope, prefix: bool = False) -> list[Result]:
        """Rule versions numbered exactly ``numbers`` (or starting with them
        when ``prefix``) within ``scope``, in the order of ``numbers``, latest
        edition first; score 0, snippet the start of the text."""
        out = []
        for n in numbers:
            docs = self._stored(wq.Prefix("number", n) if prefix else wq.Term("number", n), scope)
            docs.sort(key=lambda f: (rule_sort_key(f.get("number") or ""), f.get("lang") != "en",
                                     neg_date(f.get("edition") or "")))
            out.extend(Result.from_fields(f, 0.0) for f in docs)
        return out

    def by_card(self, name: str, scope: Scope) -> list[Result]:
        """Card documents of the card whose English name is ``name``
        (English first, then French wordings, latest first), within ``scope``."""
        docs = self._stored(wq.Term("card", name), scope)
        docs.sort(key=lambda f: (f.get("lang") != "en", neg_date(f.get("edition") or "")))
        return [Result.from_fields(f, 0.0) for f in docs]

    def get(self, key: str) -> Optional[Result]:
        """The stored document with that key, with score 0."""
        doc = self.searcher.document(key=key)
        return None if doc is None else Result.from_fields(doc, 0.0)

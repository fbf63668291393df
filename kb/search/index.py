"""Full-text index of the knowledge base (Whoosh).

This is the only module that imports ``whoosh``: swapping the engine means
rewriting this file alone.  It offers:

* :func:`french_analyzer` / :func:`english_analyzer` / :func:`analyze` -- the
  text analysis;
* :func:`build_index` -- write an index from :class:`IndexDoc` records;
* :class:`Index` -- open an index, run a parsed query (:meth:`Index.run`),
  look rules up by number (:meth:`Index.by_number`), check and correct words
  (:meth:`Index.known`, :meth:`Index.correct`).

French analysis, applied identically when indexing and querying:
tokenize (keeping game notation such as ``{2/B}``, ``-1/-1``, ``+1/+1`` and
rule numbers ``702.19c`` whole) -> lowercase -> elision (l', d', qu', j',
jusqu', n', s', c', m', t', with ' or ’) -> ligatures (æ -> ae, œ -> oe) and
accents folded -> French stop words -> Snowball French stemming.  English:
the same tokenizer, lowercase, folding, English stop words, Snowball English
stemming.  Both run as one cached filter (:class:`TermFilter`).

Fields: each document's title and body are indexed in one field of its
language -- ``text_fr`` / ``text_en`` when it is in the default search scope
(latest English edition, French documents, current card wordings),
``old_fr`` / ``old_en`` otherwise -- so the default scope costs no filter at
query time.  A query is compiled once per language against that language's
fields with that language's analysis, and the two readings are OR-ed, so a
French stop word (« la ») does not sink the English side and vice versa.
Scores are Whoosh's BM25F with a document boost per kind
(:data:`KIND_BOOST`: a rule outranks a card text saying the same words).

The index directory also holds the vocabulary of each language
(``vocab_fr.txt``, ``vocab_en.txt``: folded words with their counts):
:meth:`Index.correct` proposes the nearest frequent word for a misspelt one
(« associaton » -> ``association``, « persit » -> ``persist``) with
rapidfuzz's Damerau-Levenshtein distance.
"""
from __future__ import annotations

import html
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Optional

from whoosh import index as windex
from whoosh import query as wq
from whoosh.analysis import Filter, RegexTokenizer
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.highlight import ContextFragmenter, Formatter, get_text
from whoosh.lang import stemmer_for_language, stopwords_for_language

from parser.textkeys import fold
from kb.search.query import All, Any, Not, Phrase, Word

#: Tokens: notation first ({2/B}, -1/-1, +1/+1, 702.19c), then words with
#: inner apostrophes or hyphens (« d'âmes », « non-bloquée »), then numbers.
TOKEN_PATTERN = (r"\{[^{}\s]+\}"
                 r"|[+-]?(?:\d+|[*X])/[+-]?(?:\d+|[*X])"
                 r"|\d{3}\.\d+[a-z]?"
                 r"|\w+(?:['’]\w+)*"
                 r"|\d+")

ELISIONS = ("l", "d", "j", "qu", "jusqu", "lorsqu", "puisqu", "n", "s", "c", "m", "t")
_ELISION_RE = re.compile(r"^(?:%s)['’](?=\w)" % "|".join(ELISIONS))

LANGS = ("fr", "en")
#: Indexed text (title + body) per language: ``text_*`` for the default
#: scope, ``old_*`` for the texts outside it (older editions and wordings), so
#: that the default scope needs no filter at query time.
CURRENT_FIELDS = {lang: f"text_{lang}" for lang in LANGS}
OLD_FIELDS = {lang: f"old_{lang}" for lang in LANGS}

#: Document boosts by kind: a rule or glossary entry that says the same as a
#: card text should rank above it.
KIND_BOOST = {"rule": 1.5, "glossary": 1.3, "section": 1.3, "note": 1.1, "card": 1.0}

#: Name of the file, inside the index directory, holding the analysed
#: French/English query expansions (see :func:`build_index`).
EXPANSIONS_FILE = "expansions.json"

#: Words of the spelling vocabulary: letters only, 3 or more.
_VOCAB_WORD = re.compile(r"[^\W\d_]{3,}")


class TermFilter(Filter):
    """Lowercase -> elision (French) -> folding -> stop words -> stemming,
    in one pass with a cache per surface word (the analysis of a word never
    depends on its neighbours).  Stop words are dropped and positions
    renumbered, or kept with ``stopped=True`` when the tokenizer is asked not
    to remove them (highlighting), as Whoosh's StopFilter does.
    « l'Association » -> ``associ`` (fr); « Persisted » -> ``persist`` (en)."""

    def __init__(self, lang: str, stem: bool = True):
        self.lang = lang
        self.stem = stem
        self.stops = _stoplist(lang)
        self.stemfn = stemmer_for_language(lang) if stem else None
        self.cache: dict[str, Optional[str]] = {}

    def __eq__(self, other):
        return isinstance(other, TermFilter) and (self.lang, self.stem) == (other.lang, other.stem)

    def _term(self, text: str) -> Optional[str]:
        word = text.lower()
        if self.lang == "fr":
            word = _ELISION_RE.sub("", word)
        word = fold(word)
        if word in self.stops:
            return None
        return self.stemfn(word) if self.stemfn else word

    def __call__(self, tokens):
        cache = self.cache
        pos = None
        for t in tokens:
            text = t.text
            term = cache.get(text, "")
            if term == "":
                term = cache[text] = self._term(text)
                if len(cache) > 200000:
                    cache.clear()
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


#: Stop words missing from Whoosh's (NLTK's) French list.
EXTRA_STOPWORDS = {"fr": {"les"}, "en": set()}


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
        extra=STORED,
    )


@dataclass
class IndexDoc:
    """One searchable unit: a rule version, card, note, section or glossary entry.

    ``kind`` is ``rule``, ``card``, ``note``, ``section`` or ``glossary``;
    ``ident`` is what a user would type to get it (rule number, card name);
    ``title`` and ``body`` are indexed in ``lang``; ``editions`` lists every
    edition (ISO date) whose text this is, ``edition`` the latest of them;
    ``scope`` is ``current`` for what a search shows by default (latest
    English Comprehensive Rules, every French document, current card
    wordings) and ``old`` otherwise; ``extra`` is any JSON-able payload
    returned with hits (e.g. the card a note is about).
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
    editions: list = field(default_factory=list)
    scope: str = "current"
    extra: dict = field(default_factory=dict)


def build_index(directory: Path, docs: Iterable[IndexDoc], expansions: Optional[list] = None,
                procs: int = 1) -> int:
    """Create a new index in ``directory`` (created if needed) holding
    ``docs``; returns the number of documents written.

    ``expansions`` are French/English term pairs (:func:`kb.search.expansions.load_pairs`;
    default: the project's term files); they are stored analysed in
    :data:`EXPANSIONS_FILE` so that queries need not re-analyse them.
    ``procs`` > 1 indexes with that many processes."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    ix = windex.create_in(str(directory), make_schema())
    if procs > 1:
        writer = ix.writer(limitmb=256, procs=procs, multisegment=True)
    else:
        writer = ix.writer(limitmb=512)
    n = 0
    words = {lang: Counter() for lang in LANGS}
    for d in docs:
        words["fr" if d.lang == "fr" else "en"].update(_VOCAB_WORD.findall(f"{d.title} {d.body}".lower()))
        fields = dict(key=d.key, kind=d.kind, ident=d.ident, lang=d.lang, source=d.source,
                      scope=d.scope, edition=d.edition or "", extra=dict(d.extra),
                      title=d.title, body=d.body, _boost=KIND_BOOST.get(d.kind, 1.0))
        if d.number:
            fields["number"] = d.number
        if d.kind == "card" and d.extra.get("card"):
            fields["card"] = d.extra["card"]
        editions = d.editions or ([d.edition] if d.edition else [])
        if editions:
            fields["editions"] = " ".join(editions)
        lang = "fr" if d.lang == "fr" else "en"
        text = d.body if not d.title or d.title == d.body else f"{d.title}\n{d.body}"
        fields[(CURRENT_FIELDS if d.scope == "current" else OLD_FIELDS)[lang]] = text
        writer.add_document(**fields)
        n += 1
    writer.commit()
    write_expansions(directory, expansions)
    write_vocabulary(directory, words)
    return n


def write_vocabulary(directory: Path, words: dict) -> None:
    """Write ``vocab_<lang>.txt`` (folded word, tab, count; most frequent
    first) from {lang: Counter of lowercase words}."""
    for lang, counter in words.items():
        folded: Counter = Counter()
        for w, c in counter.items():
            folded[fold(w)] += c
        lines = [f"{w}\t{c}" for w, c in folded.most_common()]
        (Path(directory) / f"vocab_{lang}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_expansions(directory: Path, pairs: Optional[list] = None) -> int:
    """Store the analysed expansion table in ``directory`` (see
    :func:`kb.search.expansions.compile_table`); returns the number of pairs."""
    from kb.search import expansions as exp

    if pairs is None:
        pairs = exp.load_pairs()
    table = exp.compile_table(pairs, analyze)
    (Path(directory) / EXPANSIONS_FILE).write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")
    return len(pairs)


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
    the matched words as written; ``score`` is Whoosh's BM25F score;
    ``editions`` every edition (ISO date) the text holds in."""

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
    editions: list = field(default_factory=list)


@dataclass
class Scope:
    """Which documents a query may return: ``kinds``/``langs``/``editions``
    (None = any; an edition is a date or a date prefix such as ``2008``);
    ``all_editions`` lifts the default scope (latest English edition, every
    French document, current card wordings)."""

    kinds: Optional[list] = None
    langs: Optional[list] = None
    editions: Optional[list] = None
    all_editions: bool = False

    @property
    def wide(self) -> bool:
        """True when texts outside the default scope may be returned."""
        return self.all_editions or bool(self.editions and any(e != "latest" for e in self.editions))

    def text_fields(self, lang: str) -> list[str]:
        """The indexed text fields to search in ``lang`` ([] if excluded)."""
        if self.langs and lang not in self.langs:
            return []
        return [CURRENT_FIELDS[lang], OLD_FIELDS[lang]] if self.wide else [CURRENT_FIELDS[lang]]

    def filter(self):
        """Whoosh query for kinds and editions (languages and the default
        scope are handled by the choice of fields), or None."""
        parts = []
        if self.kinds:
            parts.append(wq.Or([wq.Term("kind", k) for k in self.kinds]) if len(self.kinds) > 1
                         else wq.Term("kind", self.kinds[0]))
        eds = [e for e in (self.editions or []) if e not in ("all", "latest")]
        if eds:
            parts.append(wq.Or([wq.Term("editions", e) if len(e) == 10 else wq.Prefix("editions", e)
                                for e in eds]))
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else wq.And(parts)

    def accepts(self, f: dict) -> bool:
        """Does a document's stored fields fall within this scope?"""
        if self.kinds and f.get("kind") not in self.kinds:
            return False
        if self.langs and f.get("lang") not in self.langs:
            return False
        eds = [e for e in (self.editions or []) if e not in ("all", "latest")]
        if eds:
            held = (f.get("editions") or "").split()
            return any(h.startswith(e) for e in eds for h in held)
        return self.wide or f.get("scope", "current") == "current"

    def query(self):
        """Whoosh filter for look-ups by field (numbers, cards): kinds,
        languages, editions and the default scope; None if everything goes."""
        parts = [p for p in (self.filter(),) if p is not None]
        if self.langs:
            parts.append(wq.Or([wq.Term("lang", x) for x in self.langs]))
        if not self.wide:
            parts.append(wq.Term("scope", "current"))
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else wq.And(parts)


class Index:
    """An opened index: ``Index(path).run(tree, Scope())`` -> (hits, total)."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.ix = windex.open_dir(str(directory))
        self.searcher = self.ix.searcher()
        self.reader = self.searcher.reader()
        self._expansions = None
        self._vocab: dict = {}

    def close(self) -> None:
        self.searcher.close()

    def doc_count(self) -> int:
        return self.searcher.doc_count()

    # ------------------------------------------------------------ vocabulary

    def expansions(self) -> dict:
        """The analysed expansion table written by :func:`build_index`
        (an empty table for an index built without one)."""
        if self._expansions is None:
            path = self.directory / EXPANSIONS_FILE
            self._expansions = (json.loads(path.read_text(encoding="utf-8")) if path.exists()
                                else {"fr": {}, "en": {}, "pairs": []})
        return self._expansions

    def known(self, word: str) -> bool:
        """True if ``word`` (analysed either way) is an indexed term, or is
        only stop words / notation (nothing to correct)."""
        any_term = False
        for lang in LANGS:
            terms = analyze(word, lang)
            if not terms:
                return True  # a stop word in this language
            any_term = True
            for t in terms:
                for fname in (CURRENT_FIELDS[lang], OLD_FIELDS[lang]):
                    if self.reader.doc_frequency(fname, t):
                        return True
        return not any_term

    def vocabulary(self, lang: str) -> tuple[list, list]:
        """(words, counts) of ``lang``, most frequent first (empty lists for
        an index built without a vocabulary)."""
        if lang not in self._vocab:
            words, counts = [], []
            path = self.directory / f"vocab_{lang}.txt"
            if path.exists():
                for line in path.read_text(encoding="utf-8").splitlines():
                    w, _, c = line.partition("\t")
                    words.append(w)
                    counts.append(int(c or 0))
            self._vocab[lang] = (words, counts)
        return self._vocab[lang]

    def correct(self, word: str) -> Optional[str]:
        """The vocabulary word nearest ``word`` (Damerau-Levenshtein distance
        1, or 2 for words of 7 letters or more), preferring the same first
        letter, then the most frequent; None if there is none or ``word`` is
        too short (< 4 letters) or not a plain word.  « associaton » ->
        ``association``, « persit » -> ``persist``."""
        from rapidfuzz import process
        from rapidfuzz.distance import DamerauLevenshtein

        text = fold(word)
        text = _ELISION_RE.sub("", text)
        if len(text) < 4 or not text.isalpha():
            return None
        maxdist = 2 if len(text) >= 7 else 1
        best = None
        for lang in LANGS:
            words, counts = self.vocabulary(lang)
            if not words:
                continue
            for sug, dist, i in process.extract(text, words, scorer=DamerauLevenshtein.distance,
                                                score_cutoff=maxdist, limit=None):
                if sug == text:
                    continue
                rank = (dist, sug[0] != text[0], -counts[i], sug)
                if best is None or rank < best:
                    best = rank
        return best[3] if best else None

    # ------------------------------------------------------------ queries

    def compile(self, node, lang: str, fields: list, loose: bool = False, near: bool = True):
        """The Whoosh query for a :mod:`kb.search.query` tree read as
        ``lang`` (that language's analysis) over ``fields``, or None when
        nothing in it applies to ``lang``.  ``loose`` turns the top-level AND
        into an OR that prefers documents matching more words; ``near``
        gives a bonus to words found side by side.  Glossary alternatives
        (``Any(alt=True)``) score as their best member, so a document is not
        counted twice for the same notion, and get no side-by-side bonus (a
        French card that prints « contact mortel » should not outrank the
        Deathtouch rule for that query)."""
        if isinstance(node, (Word, Phrase)):
            if node.lang and node.lang != lang:
                return None
            terms = analyze(node.text, lang)
            if not terms:
                return None
            boost = getattr(node, "boost", 1.0)
            if len(terms) == 1:
                parts = [wq.Term(f, terms[0], boost=boost) for f in fields]
            else:
                parts = [wq.Phrase(f, terms, slop=1, boost=boost) for f in fields]
            return parts[0] if len(parts) == 1 else wq.Or(parts)
        if isinstance(node, Not):
            return self.compile(node.node, lang, fields)
        if isinstance(node, Any):
            parts = [q for q in (self.compile(n, lang, fields, near=not node.alt) for n in node.nodes)
                     if q is not None]
            if not parts:
                return None
            if len(parts) == 1:
                return parts[0]
            return wq.DisjunctionMax(parts, tiebreak=0.1) if node.alt else wq.Or(parts)
        if isinstance(node, All):
            pos = [q for q in (self.compile(n, lang, fields) for n in node.nodes if not isinstance(n, Not))
                   if q is not None]
            neg = [q for q in (self.compile(n, lang, fields) for n in node.nodes if isinstance(n, Not))
                   if q is not None]
            if not pos:
                return None
            if len(pos) == 1:
                q = pos[0]
            elif loose:
                q = wq.Or(pos, scale=0.9)
            else:
                q = wq.And(pos)
                words = [n for n in node.nodes if not isinstance(n, Not)]
                if near and all(isinstance(n, Word) and not n.lang for n in words):
                    # The words side by side, as typed, score a bonus.
                    terms = [t for n in words for t in analyze(n.text, lang)]
                    if len(terms) > 1:
                        near = [wq.Phrase(f, terms, slop=2) for f in fields]
                        q = wq.AndMaybe(q, near[0] if len(near) == 1 else wq.Or(near))
            if neg:
                q = wq.AndNot(q, wq.Or(neg) if len(neg) > 1 else neg[0])
            return q
        raise TypeError(f"not a query node: {node!r}")

    def whoosh_query(self, node, scope: Optional[Scope] = None, loose: bool = False):
        """Both readings of ``node`` OR-ed (see module docstring), over the
        text fields of ``scope``, with its kind and edition filters."""
        scope = scope or Scope()
        parts = []
        for lang in LANGS:
            fields = scope.text_fields(lang)
            if fields:
                q = self.compile(node, lang, fields, loose)
                if q is not None:
                    parts.append(q)
        if not parts:
            return None
        q = parts[0] if len(parts) == 1 else wq.Or(parts)
        filt = scope.filter()
        if filt is not None:
            q = wq.And([q, filt])
        return q.normalize()

    def run(self, node, scope: Scope, limit: int = 10, exclude_keys: Iterable[str] = (),
            loose: bool = False) -> tuple[list[Hit], int]:
        """The best ``limit`` hits for a query tree within ``scope``
        (``exclude_keys`` left out), and about how many documents match."""
        q = self.whoosh_query(node, scope, loose=loose)
        if q is None:
            return [], 0
        excluded = set(exclude_keys)
        results = self.searcher.search(q, limit=limit + len(excluded))
        results.fragmenter = ContextFragmenter(maxchars=240, surround=70)
        results.formatter = _BoldFormatter()
        hits = []
        for r in results:
            if r["key"] in excluded:
                continue
            hits.append(self._hit(r, r.score))
            if len(hits) >= limit:
                break
        total = max(results.estimated_length() - len(excluded & {r["key"] for r in results}), len(hits))
        return hits, total

    def filter_only(self, scope: Scope, limit: int = 10) -> tuple[list[Hit], int]:
        """Documents within ``scope`` when the query has filters only."""
        filt = scope.query() or wq.Every()
        results = self.searcher.search(filt, limit=limit)
        return [self._hit(r, r.score) for r in results], len(results)

    def by_number(self, numbers: Iterable[str], scope: Scope, prefix: bool = False) -> list[Hit]:
        """Rule versions numbered exactly ``numbers`` (or starting with them
        when ``prefix``) within ``scope``, in the order of ``numbers``, latest
        edition first; score 0, snippet the start of the text."""
        out = []
        for n in numbers:
            q = wq.Prefix("number", n) if prefix else wq.Term("number", n)
            docs = [f for f in (self.searcher.stored_fields(d) for d in self.searcher.docs_for_query(q))
                    if scope.accepts(f)]
            docs.sort(key=lambda f: (_number_key(f.get("number") or ""), f.get("lang") != "en",
                                     _neg_date(f.get("edition") or "")))
            out.extend(self._from_fields(f, 0.0, _plain_snippet(_body(f), 240)) for f in docs)
        return out

    def by_card(self, name: str, scope: Scope) -> list[Hit]:
        """Card documents of the card whose English name is ``name``
        (English first, then French wordings, latest first), within ``scope``."""
        q = wq.Term("card", name)
        docs = [f for f in (self.searcher.stored_fields(d) for d in self.searcher.docs_for_query(q))
                if scope.accepts(f)]
        docs.sort(key=lambda f: (f.get("lang") != "en", _neg_date(f.get("edition") or "")))
        return [self._from_fields(f, 0.0, _plain_snippet(_body(f), 240)) for f in docs]

    def get(self, key: str, snippet_len: int = 240) -> Optional[Hit]:
        """The stored document with that key, as a Hit with score 0."""
        doc = self.searcher.document(key=key)
        if doc is None:
            return None
        return self._from_fields(doc, 0.0, _plain_snippet(_body(doc), snippet_len))

    def _hit(self, r, score: float) -> Hit:
        f = r.fields()
        lang = "fr" if f.get("lang") == "fr" else "en"
        field_name = (CURRENT_FIELDS if f.get("scope", "current") == "current" else OLD_FIELDS)[lang]
        snippet = ""
        for text in (f.get("body"), f.get("title")):
            if text:
                try:
                    snippet = r.highlights(field_name, text=text, top=2)
                except Exception:  # highlighting is a nicety: never fail a search on it
                    snippet = ""
                if snippet:
                    break
        if not snippet:
            snippet = _plain_snippet(_body(f), 240)
        return self._from_fields(f, score, snippet)

    @staticmethod
    def _from_fields(f: dict, score: float, snippet: str) -> Hit:
        return Hit(kind=f["kind"], ident=f["ident"], lang=f["lang"], edition=f.get("edition") or None,
                   source=f["source"], score=round(float(score), 3), snippet=snippet,
                   title=f.get("title") or "", number=f.get("number"),
                   key=f["key"], extra=f.get("extra") or {},
                   editions=(f.get("editions") or "").split())


def _body(f: dict) -> str:
    return f.get("body") or f.get("title") or ""


def _number_key(number: str) -> tuple:
    m = re.match(r"(\d+)(?:\.(\d+)([a-z]?))?", number)
    if not m:
        return (0, 0, "")
    return (int(m.group(1)), int(m.group(2) or 0), m.group(3) or "")


def _neg_date(date: str) -> tuple:
    return tuple(-ord(c) for c in date)


def _plain_snippet(text: str, length: int) -> str:
    text = " ".join(text.split())
    return html.escape(text if len(text) <= length else text[:length].rsplit(" ", 1)[0] + " …",
                       quote=False)

"""The schema of the knowledge base: every table, index and view, in one place.

:func:`create_all` runs at the start of every build (:func:`kb.store.db.create`),
so every table exists in every knowledge base, empty when its stage had no
input (no card data, one edition only...).  Readers query the tables
directly; none asks whether a table exists.  :data:`SCHEMA_VERSION` is kept in
``meta``; a knowledge base written under another version is refused with the
advice to rebuild it (:func:`kb.store.db.connect`).
"""
from __future__ import annotations

import sqlite3

#: Bumped whenever a table, column, index or view changes.
SCHEMA_VERSION = "5"

#: Parsed documents: French FAQ / rules excerpts (``documents``, ``sections``,
#: ``rules``, ``card_records``, ``notes``) and Comprehensive Rules editions
#: (``editions``, ``rules``, ``glossary``); parse problems (``warnings``).
DOCUMENTS = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS documents (
    id TEXT PRIMARY KEY, path TEXT, lang TEXT, kind TEXT, title TEXT, edition TEXT,
    metadata TEXT, paragraphs TEXT);
CREATE TABLE IF NOT EXISTS sections (
    source TEXT, id TEXT, title TEXT, heading TEXT, text TEXT, line INTEGER, position INTEGER,
    PRIMARY KEY (source, id));
CREATE TABLE IF NOT EXISTS rules (
    rid INTEGER PRIMARY KEY, number TEXT NOT NULL, lang TEXT, edition TEXT, source TEXT,
    title TEXT, text TEXT, examples TEXT, parent TEXT, children TEXT, refs TEXT,
    line INTEGER, section TEXT, position INTEGER, pair_of INTEGER);
CREATE INDEX IF NOT EXISTS rules_number ON rules (number);
CREATE INDEX IF NOT EXISTS rules_source ON rules (source, position);
CREATE TABLE IF NOT EXISTS card_records (
    cid INTEGER PRIMARY KEY, source TEXT, name TEXT, mana_cost TEXT, type_line TEXT,
    power TEXT, toughness TEXT, text TEXT, section TEXT, line INTEGER, position INTEGER,
    mana_value INTEGER);
CREATE INDEX IF NOT EXISTS card_records_name ON card_records (name);
CREATE TABLE IF NOT EXISTS notes (
    nid INTEGER PRIMARY KEY, source TEXT, card_record INTEGER, card TEXT, section TEXT,
    text TEXT, subitems TEXT, line INTEGER, position INTEGER);
CREATE TABLE IF NOT EXISTS warnings (
    source TEXT, file TEXT, line INTEGER, col INTEGER, text TEXT, message TEXT, type TEXT);
CREATE TABLE IF NOT EXISTS editions (
    source TEXT PRIMARY KEY, date TEXT, path TEXT, lang TEXT, encoding TEXT,
    rule_count INTEGER, glossary_count INTEGER, lost_quotes INTEGER, warning_count INTEGER,
    sections TEXT, chapters TEXT, credits TEXT);
CREATE TABLE IF NOT EXISTS glossary (
    gid INTEGER PRIMARY KEY, edition TEXT, source TEXT, lang TEXT, term TEXT, definition TEXT,
    refs TEXT, line INTEGER);
CREATE INDEX IF NOT EXISTS glossary_term ON glossary (term COLLATE NOCASE);
"""

#: The MTGJSON card database (:mod:`kb.cards.db`): one row per card, face,
#: printing, French printing, ruling; folded names and the card-text vocabulary.
CARDS = """
CREATE TABLE IF NOT EXISTS mtg_meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS mtg_sets (
    code TEXT PRIMARY KEY, name TEXT, release_date TEXT, type TEXT
);
CREATE TABLE IF NOT EXISTS mtg_cards (
    name TEXT PRIMARY KEY, layout TEXT, mana_cost TEXT, mana_value REAL,
    colors TEXT, color_identity TEXT, keywords TEXT, oracle_id TEXT,
    face_count INTEGER
);
CREATE TABLE IF NOT EXISTS mtg_faces (
    card TEXT NOT NULL, side TEXT NOT NULL, face_name TEXT, mana_cost TEXT,
    mana_value REAL, colors TEXT, color_indicator TEXT, supertypes TEXT,
    types TEXT, subtypes TEXT, type_line TEXT, power TEXT, toughness TEXT,
    loyalty TEXT, text TEXT,
    PRIMARY KEY (card, side)
);
CREATE TABLE IF NOT EXISTS mtg_printings (
    card TEXT NOT NULL, set_code TEXT NOT NULL, number TEXT, release_date TEXT,
    uuid TEXT, rarity TEXT, multiverse_id TEXT
);
CREATE INDEX IF NOT EXISTS mtg_printings_card ON mtg_printings(card);
CREATE TABLE IF NOT EXISTS mtg_french (
    card TEXT NOT NULL, side TEXT NOT NULL, set_code TEXT NOT NULL, number TEXT,
    release_date TEXT, name TEXT, face_name TEXT, type_line TEXT, text TEXT,
    multiverse_id TEXT, doubtful TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS mtg_french_card ON mtg_french(card);
CREATE TABLE IF NOT EXISTS mtg_rulings (
    card TEXT NOT NULL, date TEXT, text TEXT
);
CREATE INDEX IF NOT EXISTS mtg_rulings_card ON mtg_rulings(card);
CREATE TABLE IF NOT EXISTS mtg_names (
    fold TEXT NOT NULL, name TEXT NOT NULL, lang TEXT NOT NULL,
    surface TEXT NOT NULL, kind TEXT NOT NULL, loose TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (fold, name, lang, surface)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS mtg_names_loose ON mtg_names(loose);
CREATE TABLE IF NOT EXISTS mtg_words (
    lang TEXT NOT NULL, word TEXT NOT NULL, count INTEGER,
    PRIMARY KEY (lang, word)
) WITHOUT ROWID;
"""

#: Card names found in rules texts, examples, notes and card records (:mod:`kb.cards.mentions`);
#: ``document_links``: every card link and unresolved name of each French document, as
#: ``kb links --json`` prints it (JSON), found once at build time.
CARD_MENTIONS = """
CREATE TABLE IF NOT EXISTS card_mentions (
    card TEXT NOT NULL, source TEXT, kind TEXT, number TEXT, example INTEGER, line INTEGER,
    record TEXT, surface TEXT, start INTEGER, "end" INTEGER, lang TEXT
);
CREATE INDEX IF NOT EXISTS card_mentions_card ON card_mentions(card);
CREATE TABLE IF NOT EXISTS document_links (
    source TEXT PRIMARY KEY, links TEXT NOT NULL);
"""

#: Rule history across editions (:mod:`kb.rules.history`): distinct versions,
#: where each occurs, and the maps between consecutive editions.
HISTORY = """
CREATE TABLE IF NOT EXISTS history_editions (
    edition TEXT PRIMARY KEY, source TEXT, lang TEXT, position INTEGER);
CREATE TABLE IF NOT EXISTS rule_versions (
    vid INTEGER PRIMARY KEY, number TEXT NOT NULL, lang TEXT, title TEXT, text TEXT,
    examples TEXT, text_hash TEXT, first_edition TEXT, last_edition TEXT, edition_count INTEGER);
CREATE UNIQUE INDEX IF NOT EXISTS rule_versions_key ON rule_versions (number, lang, text_hash);
CREATE TABLE IF NOT EXISTS rule_occurrences (
    vid INTEGER NOT NULL, edition TEXT NOT NULL, position INTEGER,
    PRIMARY KEY (edition, vid)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rule_occurrences_vid ON rule_occurrences (vid);
CREATE TABLE IF NOT EXISTS rule_maps (
    from_edition TEXT NOT NULL, from_number TEXT, to_edition TEXT NOT NULL, to_number TEXT,
    relation TEXT NOT NULL, score REAL, change TEXT);
CREATE INDEX IF NOT EXISTS rule_maps_from ON rule_maps (from_edition, from_number);
CREATE INDEX IF NOT EXISTS rule_maps_to ON rule_maps (to_edition, to_number);
CREATE VIEW IF NOT EXISTS edition_rules AS
    SELECT o.edition AS edition, o.position AS position, v.vid AS vid, v.number AS number,
           v.lang AS lang, v.title AS title, v.text AS text, v.examples AS examples
    FROM rule_occurrences o JOIN rule_versions v ON v.vid = o.vid;
"""

#: French rules aligned with English editions (:mod:`kb.rules.alignment`).
ALIGNMENT = """
CREATE TABLE IF NOT EXISTS french_alignments (
    source TEXT, number TEXT, edition TEXT, english_number TEXT, score REAL,
    PRIMARY KEY (source, number, edition));
CREATE TABLE IF NOT EXISTS french_documents (source TEXT PRIMARY KEY, editions TEXT, dated_edition TEXT);
CREATE TABLE IF NOT EXISTS french_discrepancies (
    source TEXT, number TEXT, english_number TEXT, editions TEXT, note TEXT,
    PRIMARY KEY (source, number));
"""

#: Every reference span of every text, resolved once at build time in the
#: edition its document belongs to (:mod:`kb.rules.resolver`, read by
#: :mod:`kb.rules.references`): one row per cited number or glossary term.
#: ``kind``/``number``/``example``/``line`` locate the text as in
#: ``card_mentions``; ``start``/``end`` the span in it; ``target_kind`` is
#: ``rule``, ``section`` or ``glossary``; ``status`` ``resolved``,
#: ``title_mismatch``, ``ambiguous``, ``range`` or ``missing``; ``current``:
#: JSON list of today's numbers of an older edition's target.  The typed,
#: located warnings (``ref.missing`` …) are in ``reference_warnings``.
REFERENCES = """
CREATE TABLE IF NOT EXISTS "references" (
    source TEXT NOT NULL, kind TEXT NOT NULL, number TEXT, example INTEGER, line INTEGER,
    start INTEGER, "end" INTEGER, phrase TEXT, title TEXT, cited TEXT, target TEXT, target_kind TEXT,
    target_source TEXT, target_edition TEXT, status TEXT NOT NULL, current TEXT);
CREATE INDEX IF NOT EXISTS references_source ON "references" (source, kind, number, line);
CREATE INDEX IF NOT EXISTS references_target ON "references" (target_source, target);
CREATE TABLE IF NOT EXISTS reference_warnings (
    type TEXT NOT NULL, source TEXT, document TEXT, file TEXT, line INTEGER, col INTEGER, rule TEXT,
    cited TEXT, target TEXT, phrase TEXT, expected TEXT, editions TEXT, message TEXT);
"""

TABLES_BY_STAGE = {"documents": DOCUMENTS, "cards": CARDS, "card_mentions": CARD_MENTIONS,
                   "history": HISTORY, "alignment": ALIGNMENT, "references": REFERENCES}


def create_all(conn: sqlite3.Connection) -> None:
    """Create every table, index and view (idempotent) and record :data:`SCHEMA_VERSION`."""
    for sql in TABLES_BY_STAGE.values():
        conn.executescript(sql)
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (SCHEMA_VERSION,))


def version_of(conn: sqlite3.Connection) -> str | None:
    """The schema version a knowledge base was written with (None: none recorded)."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return row[0] if row else None

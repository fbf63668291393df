"""What the knowledge base puts into the search index.

:func:`index_docs` reads the SQLite knowledge base and yields one
:class:`kb.index.IndexDoc` per rule, card record, note, section and glossary
entry.  Comprehensive Rules editions are many; only the latest English
edition's rules and glossary are indexed here (every French document is).
"""
from __future__ import annotations

import json
import sqlite3
from typing import Iterator

from kb.index import IndexDoc


def rule_key(source: str, number: str) -> str:
    return f"rule:{source}:{number}"


def index_docs(conn: sqlite3.Connection) -> Iterator[IndexDoc]:
    """Every searchable unit of the knowledge base (see module docstring)."""
    latest = conn.execute("SELECT source FROM editions WHERE lang='en' ORDER BY date DESC LIMIT 1").fetchone()
    edition_sources = {r[0] for r in conn.execute("SELECT source FROM editions")}
    keep = {row[0] for row in conn.execute("SELECT id FROM documents")}
    if latest:
        keep.add(latest[0])
    keep |= {r[0] for r in conn.execute("SELECT source FROM editions WHERE lang='fr'")}
    titles = {(r["source"], r["id"]): r["title"] for r in conn.execute("SELECT source, id, title FROM sections")}

    for r in conn.execute("SELECT * FROM rules ORDER BY source, position"):
        if r["source"] not in keep:
            continue
        examples = json.loads(r["examples"])
        body = "\n".join([r["text"] or ""] + examples)
        yield IndexDoc(key=rule_key(r["source"], r["number"]), kind="rule", ident=r["number"],
                       lang=r["lang"], source=r["source"], edition=r["edition"], number=r["number"],
                       title=f"{r['number']} {r['title'] or ''}".strip(), body=body or (r["title"] or ""),
                       extra={"edition_source": r["source"] in edition_sources})
    for c in conn.execute("SELECT * FROM card_records ORDER BY source, position"):
        body = "\n".join(x for x in (c["mana_cost"], c["type_line"],
                                     f"{c['power']}/{c['toughness']}" if c["power"] else None,
                                     c["text"]) if x)
        yield IndexDoc(key=f"card:{c['source']}:{c['cid']}", kind="card", ident=c["name"], lang="fr",
                       source=c["source"], title=c["name"], body=body,
                       extra={"section": c["section"], "anchor_index": c["position"]})
    doc_lang = {r["id"]: (r["lang"], r["edition"]) for r in conn.execute("SELECT id, lang, edition FROM documents")}
    for n in conn.execute("SELECT * FROM notes ORDER BY source, position"):
        lang, edition = doc_lang.get(n["source"], ("fr", None))
        about = n["card"] or titles.get((n["source"], n["section"]), "")
        yield IndexDoc(key=f"note:{n['source']}:{n['nid']}", kind="note", ident=f"{n['source']}#{n['position']}",
                       lang=lang, source=n["source"], edition=edition, title=about, body=n["text"],
                       extra={"card": n["card"], "section": n["section"], "position": n["position"]})
    for s in conn.execute("SELECT * FROM sections ORDER BY source, position"):
        lang, edition = doc_lang.get(s["source"], ("fr", None))
        yield IndexDoc(key=f"section:{s['source']}:{s['id']}", kind="section", ident=s["id"], lang=lang,
                       source=s["source"], edition=edition, title=s["title"], body=s["text"] or s["title"])
    for g in conn.execute("SELECT * FROM glossary ORDER BY source, gid"):
        if g["source"] not in keep:
            continue
        yield IndexDoc(key=f"glossary:{g['source']}:{g['term']}", kind="glossary", ident=g["term"],
                       lang=g["lang"], source=g["source"], edition=g["edition"], title=g["term"],
                       body=g["definition"])

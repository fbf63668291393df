"""The fields of the search index: which text of a document goes where, and
which fields a scope searches.  Engine-free (:mod:`kb.search.index` turns
them into the Whoosh schema and queries).

* ``text_*`` / ``old_*``: title and body of a document in its language, in
  the default scope or outside it;
* ``name_*``: the names of a current card, weighing :data:`NAME_BOOST`;
  its text is indexed without the card naming itself
  (:attr:`kb.search.documents.IndexDoc.indexed_body`): a card having a
  keyword (« Persistance (Quand… »; « Parade {2} ») outranks a card whose
  name, or whose text naming itself (« renvoyez le Fantôme persistant »),
  merely shares the stem (« Druidesse de paradis » for « parade »);
* ``ruling_en`` / ``rname_en``: rulings and the cards they are about, read
  only when rulings are asked for.
"""
from __future__ import annotations

from kb.search.documents import IndexDoc
from kb.search.scope import Scope
from kb.search.words import LANGS

#: Indexed text (title + body) per language: ``text_*`` for the default
#: scope, ``old_*`` for the texts outside it (older editions and wordings), so
#: that the default scope needs no filter at query time.
CURRENT_FIELDS = {lang: f"text_{lang}" for lang in LANGS}
OLD_FIELDS = {lang: f"old_{lang}" for lang in LANGS}

#: Card names (title of a current card document), apart from its text and
#: weighing less: a card that has a keyword outranks a card whose name
#: merely shares its stem (« persist »: not Brumes persistantes first).
NAME_FIELDS = {lang: f"name_{lang}" for lang in LANGS}
NAME_BOOST = 0.1

#: Rulings (English only) in fields of their own: the main passes never
#: read their postings, ``kind:ruling`` and the rulings pass read only them.
RULING_FIELDS = {"en": "ruling_en"}
RULING_NAME_FIELDS = {"en": "rname_en"}

#: Every indexed text field, with the language of its analysis (``text_fr`` -> ``fr``).
TEXT_FIELDS = {f: lang for group in (CURRENT_FIELDS, OLD_FIELDS, NAME_FIELDS, RULING_FIELDS, RULING_NAME_FIELDS)
               for lang, f in group.items()}

#: Query-time weight of each field (1 when not listed).
WEIGHTS = {**{f: NAME_BOOST for f in NAME_FIELDS.values()}, **{f: NAME_BOOST for f in RULING_NAME_FIELDS.values()}}

#: Document boosts by kind: a rule or glossary entry that says the same as a
#: card text should rank above it.
KIND_BOOST = {"rule": 1.5, "glossary": 1.3, "section": 1.3, "note": 1.1, "card": 1.0, "ruling": 0.9}


def index_fields(d: IndexDoc) -> dict:
    """The indexed and stored fields of one document (engine field name -> value;
    ``_boost`` its kind's boost)."""
    fields = dict(key=d.key, kind=d.kind, ident=d.ident, lang=d.lang, source=d.source,
                  scope=d.scope, edition=d.edition or "", extra=dict(d.extra),
                  title=d.title, body=d.body, _boost=KIND_BOOST.get(d.kind, 1.0))
    if d.number:
        fields["number"] = d.number
    if d.kind in ("card", "ruling") and d.extra.get("card"):
        fields["card"] = d.extra["card"]
    editions = d.editions or ([d.edition] if d.edition else [])
    if editions:
        fields["editions"] = " ".join(editions)
    lang = "fr" if d.lang == "fr" else "en"
    if d.kind == "ruling":
        fields[RULING_FIELDS["en"]] = d.body
        fields[RULING_NAME_FIELDS["en"]] = "\n".join(d.extra.get("cards") or [d.title])
        return fields
    body = d.body if d.indexed_body is None else d.indexed_body
    text = body if not d.title or d.title == d.body else f"{d.title}\n{body}"
    if d.kind == "card" and d.scope == "current" and d.title:
        fields[NAME_FIELDS[lang]], text = d.title, (body if d.body != d.title else "")
    fields[(CURRENT_FIELDS if d.scope == "current" else OLD_FIELDS)[lang]] = text
    return fields


def text_fields(scope: Scope, lang: str) -> list[str]:
    """The indexed text fields to search in ``lang`` ([] if excluded):
    rulings' fields only when rulings are asked for (alone when they are
    the only kind)."""
    if scope.langs and lang not in scope.langs:
        return []
    rulings = [f for f in (RULING_FIELDS.get(lang), RULING_NAME_FIELDS.get(lang)) if f] \
        if scope.rulings and scope.includes_kind("ruling") else []
    if scope.kinds == ["ruling"]:
        return rulings
    cards = [NAME_FIELDS[lang]] if scope.includes_kind("card") else []
    return [CURRENT_FIELDS[lang]] + cards + ([OLD_FIELDS[lang]] if scope.wide else []) + rulings

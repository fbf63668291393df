"""Evidence for a verdict: the FAQ notes and rules closest to a claim, from
the knowledge base's search index, so a reader can see what the documents
say whatever the answer.

``evidence`` given to :func:`kb.checker.claims.check_claim` is None (no
evidence), a :class:`kb.search.searcher.Searcher`, or any callable
``(claim, edition) -> list[dict]``.  With a Searcher, the claim's words
(mana symbols and punctuation dropped) are searched once among the notes
and once among the rules of the edition asked; each hit becomes
``{kind, id, url, snippet}`` where ``url`` is the site address of a rule
of an English edition (:func:`kb.site.urls.rule_path`), else None, and
``snippet`` plain text.
"""
from __future__ import annotations

import re
from typing import Callable, Optional, Union

#: Notes and rules kept per claim.
PER_KIND = 3
#: Words of a claim sent to the search (the rest is ignored).
MAX_QUERY_WORDS = 24

Evidence = Union[None, Callable[[str, Optional[str]], list], "Searcher"]  # noqa: F821


def _query(claim: str) -> str:
    text = re.sub(r"\{[^{}]*\}|[^\w'’\- ]", " ", claim)
    words = [w for w in text.split() if len(w) > 1 or w.isdigit()]
    return " OR ".join(dict.fromkeys(words[:MAX_QUERY_WORDS]))


#: Longest snippet kept (characters).
SNIPPET_CHARS = 240


def _plain(snippet: str) -> str:
    text = " ".join(re.sub(r"<[^>]+>", "", snippet or "").split())
    return text if len(text) <= SNIPPET_CHARS else text[:SNIPPET_CHARS - 1].rsplit(" ", 1)[0] + " …"


def _url(result) -> Optional[str]:
    from kb.site import urls

    if result.kind == "rule" and result.edition and result.lang == "en":   # a rule of an English edition
        return urls.pretty(urls.rule_path(result.edition, result.id))
    return None          # French documents' addresses come from the site's link registry


def search_evidence(searcher, claim: str, edition: Optional[str]) -> list[dict]:
    """Closest notes and rules for ``claim`` from ``searcher`` (see the module docstring)."""
    query = _query(claim)
    if not query:
        return []
    found = []
    for kind, scope in (("note", None), ("rule", edition)):
        try:
            response = searcher.search(query, limit=PER_KIND, kind=kind, edition=scope)
        except ValueError:
            continue
        found += [{"kind": r.kind, "id": r.id, "url": _url(r), "snippet": _plain(r.snippet)}
                  for r in response.results]
    return found


def find_evidence(evidence: Evidence, claim: str, edition: Optional[str]) -> list[dict]:
    """The evidence list for ``claim`` ([] without a source; a failing
    source gives [] too: evidence never changes an answer)."""
    if evidence is None:
        return []
    try:
        if hasattr(evidence, "search"):
            return search_evidence(evidence, claim, edition)
        return list(evidence(claim, edition))
    except Exception:  # noqa: BLE001 - evidence is an extra: the verdict stands without it
        return []

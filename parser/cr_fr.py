"""A French rules text as a Comprehensive Rules :class:`kb.model.Edition`.

French rules text has one grammar, ``parser/grammars/faq.lark`` (the full
French Comprehensive Rules layout, rules excerpts, rules quoted in FAQs and
articles): :func:`parser.cr.parse_cr_text` with ``lang="fr"`` parses the
text there (:func:`parser.faq.parse_text`) and :func:`french_edition` gives
the parsed document the shape of an edition, as ``parser/grammars/cr.lark``
gives the English ones: chapters (« 100. Généralités ») and sections
(« 1. Concepts du jeu ») apart from the rules, glossary, credits, contents,
effective date.  Titles are those the French grammar's driver decided
(:func:`parser.faq_tree.is_title`), whatever the entry point.
"""
from __future__ import annotations

from kb.model import Document, Edition, RULE_NUMBER_RE

__all__ = ["french_edition"]


def french_edition(doc: Document) -> Edition:
    """The edition of a French rules document: its date is the effective
    date the text states (« Ces règles entrent en vigueur au … »), else
    None; every warning of the document is kept."""
    edition = Edition(date=doc.metadata.get("effective"), path=doc.path, lang=doc.lang, source=doc.id)
    edition.sections = dict(doc.metadata.get("rule_sections", {}))
    for rule in doc.rules:
        m = RULE_NUMBER_RE.match(rule.number)
        if m and m.group("rule") is None:
            edition.chapters[rule.number] = rule.title or rule.text
        else:
            edition.rules.append(rule)
    edition.glossary = list(doc.glossary)
    edition.credits = doc.metadata.get("credits", "")
    edition.contents = list(doc.metadata.get("contents", []))
    edition.warnings = list(doc.warnings)
    return edition

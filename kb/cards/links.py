"""Card names in texts: the public names of the linker, in one import.

The work is done by the modules of each step:

* :mod:`kb.cards.nameindex`: the index of card names looked for in texts;
* :mod:`kb.cards.textcues`: tokens and the cues around a name;
* :mod:`kb.cards.linker`: the card mentions of one text (:func:`link_text`);
* :mod:`kb.cards.mentions`: mentions across documents and the
  ``card_mentions`` table;
* :mod:`kb.cards.records`: a FAQ's card records against the card data.
"""
from __future__ import annotations

from kb.cards.linker import CardLink, LinkResult, UnresolvedName, find_card_links, link_text
from kb.cards.mentions import annotate_document, index_card_mentions, link_document, mentions_of
from kb.cards.nameindex import NameIndex, name_index
from kb.cards.records import resolve_records
from kb.cards.textcues import KEYWORD_CUES, NAMING_CUES

__all__ = ["CardLink", "KEYWORD_CUES", "LinkResult", "NAMING_CUES", "NameIndex", "UnresolvedName",
           "annotate_document", "find_card_links", "index_card_mentions", "link_document", "link_text",
           "mentions_of", "name_index", "resolve_records"]

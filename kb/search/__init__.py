"""Search over the knowledge base.

``words`` (what a token is), ``query`` (the query language), ``documents``
(what is indexed), ``expansions`` (French/English term expansions),
``spelling`` (corrections against the indexed vocabulary), ``scope`` (which
documents a search may return), ``results`` (what a search returns),
``index`` (the Whoosh index: the only module importing ``whoosh``) and
``searcher`` (rule numbers and card names first, then full text).
"""

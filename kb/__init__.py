"""The knowledge base of the Magic: The Gathering rules, by pipeline stage.

``parser/`` (raw text -> :mod:`kb.model`) feeds :mod:`kb.build`, which fills
:mod:`kb.store`; :mod:`kb.rules`, :mod:`kb.cards`, :mod:`kb.search`,
:mod:`kb.site` and :mod:`kb.checker` read the stored knowledge base;
:mod:`kb.cli` drives them.
"""

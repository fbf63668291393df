"""Raw text -> :mod:`kb.model`: decoding, the Lark grammars (``parser/grammars``)
and the transformers that turn their trees into rules, glossary entries,
card records, notes, mana costs, type lines and references."""

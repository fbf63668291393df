"""Cards: the MTGJSON card database and everything that maps names and texts to cards.

``ingest`` (MTGJSON -> ``mtg_*`` tables), ``db`` (cards read back),
``names`` (a name -> its cards: the one name lookup), ``lookup`` (``kb card``),
``nameindex``, ``textcues``, ``linker`` (card names in a text), ``mentions``
(across documents; table ``card_mentions``), ``records`` (FAQ card records
against the data), ``links`` (the linker's public names in one import),
``families`` (the cards a rule describes), ``terms`` / ``termderive``
(French <-> English terms), ``editions`` (which rules editions are read).
"""

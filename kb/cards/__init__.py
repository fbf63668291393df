"""Cards: the MTGJSON card database, card lookup, card mentions in texts, rule families, term pairs."""

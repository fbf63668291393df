"""Tests of kb/cards/: the MTGJSON card database, card names in texts, term pairs."""

"""Tests of kb/search/: the query language, the index and the searcher."""

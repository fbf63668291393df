"""Tests of parser/: the grammars and their drivers, on the seeds and every English edition."""

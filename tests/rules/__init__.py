"""Tests of kb/rules/: rule history across editions and the French-English alignment."""

"""Tests of kb/cli/: every command as a user runs it, its help and its JSON contract."""

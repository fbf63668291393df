"""Tests of kb/checker/: claims against the rules model."""

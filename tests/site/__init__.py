"""Tests of kb/site/: the static site, the server and a real headless browser."""

"""The ``kb`` command line."""

"""The knowledge base on disk: the SQLite schema and the build directories."""

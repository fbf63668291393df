"""The embedded default corpus (package ``kb.data.seeds``): the four French documents, verbatim."""

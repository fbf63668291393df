"""French/English term tables (package ``kb.data.terms``)."""

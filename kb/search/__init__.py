"""Search: the query language, what is indexed, the Whoosh index (the only Whoosh importer), the searcher."""

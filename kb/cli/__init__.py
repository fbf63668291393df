"""The ``kb`` command line: thin commands that call the library and print.

``main`` holds the click group and its error handling; ``build``, ``rules``
(rule, history, diff, editions, glossary), ``cards`` (card, links, term),
``search``, ``site`` (render, serve) and ``check`` hold the commands;
``options`` the shared options, ``common`` the error, connection and JSON
output every command uses; ``reference`` writes docs/cli.md from the help.
"""

"""``python -m kb.cli``: the same as the ``kb`` command."""
from kb.cli.main import main

main()

"""The ``kb`` command: the click group, its error handling, and the
commands of each module registered on it.

Every query command takes ``--json`` for scripts and ``--data-dir`` (or
``KB_DATA_DIR``; default ``./.kb``).  JSON field names are a public
contract: fields may be added, never renamed or dropped.  Errors are
:class:`kb.cli.common.KBError` (``kb: MESSAGE`` on stderr, exit code 1).

Heavy modules (Lark grammars, Whoosh, Jinja2) are imported inside the
commands that need them so that ``kb --help`` and simple look-ups start fast.
"""
from __future__ import annotations

import sqlite3

import click

from kb.cli import build, cards, check, rules, search, site
from kb.cli.common import KBError


class KBGroup(click.Group):
    """Turns a damaged knowledge base or an interrupted command into a
    one-line message instead of a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except sqlite3.DatabaseError as err:
            raise KBError(f"the knowledge base is damaged ({err}): rebuild it with `kb build`") from err
        except KeyboardInterrupt as err:
            raise KBError("interrupted; nothing was changed (an unfinished build is never published)", 130) from err
        except Exception as err:
            if type(err).__module__.startswith("whoosh"):
                raise KBError(f"the search index is damaged or missing ({type(err).__name__}: {err}): "
                              "rebuild it with `kb build`") from err
            raise


@click.group(cls=KBGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mtg-rules-kb")
def main() -> None:
    """Bilingual (French/English) knowledge base of the Magic: The Gathering rules.

    Start with `kb build` (parses the embedded seed documents), then try
    `kb search "association d'âmes"`, `kb rule 702.92a` or
    `kb card "Implorer la reine"`.
    """


for command in (build.build, rules.rule, rules.history, rules.diff, rules.editions, rules.glossary,
                cards.card, cards.links, cards.term, search.search, site.render, site.serve, check.check):
    main.add_command(command)


if __name__ == "__main__":  # pragma: no cover
    main()

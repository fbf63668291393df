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

import contextlib
import os
import sqlite3
import sys

import click

from kb.cli import build, cards, check, rules, search, site, warnings
from kb.cli.common import KBError, emit_json_error, terminal_safe_stdout
from kb.store import db as store

#: The one message of a damaged search index (each way Whoosh fails on one).
INDEX_DAMAGED = "the search index is damaged ({}): rebuild it with `kb build`"


class KBGroup(click.Group):
    """Turns a damaged knowledge base or index, a file-system fault or an
    interrupted command into a one-line message instead of a traceback, and
    escapes control characters of terminal output (not of ``--json``)."""

    def parse_args(self, ctx, args):
        ctx.meta["kb.argv"] = list(args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx):
        argv = ctx.meta.get("kb.argv", [])
        try:
            return self._invoke(ctx, argv)
        except click.exceptions.ClickException as err:
            if "--json" in argv:  # a script reads the error on stdout too: {"error": …}, same exit code
                emit_json_error(err)
            raise

    def _invoke(self, ctx, argv):
        with terminal_safe_stdout(enabled="--json" not in argv):
            try:
                return super().invoke(ctx)
            except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
                raise
            except sqlite3.DatabaseError as err:
                raise KBError(f"the knowledge base is damaged ({err}): rebuild it with `kb build`") from err
            except BrokenPipeError:  # `kb … | head` closed the pipe: stop quietly
                with contextlib.suppress(OSError, ValueError):  # no flush error at exit
                    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
                raise click.exceptions.Exit(141) from None
            except KeyboardInterrupt as err:
                raise KBError("interrupted; nothing was changed (an unfinished build is never published)", 130) from err
            except Exception as err:
                fault = describe_fault(err, argv[:1])
                if fault is None:
                    raise
                raise KBError(fault) from err


def _frames(err: BaseException) -> list:
    """The code objects of the traceback of ``err``, outermost first."""
    codes, tb = [], err.__traceback__
    while tb is not None:
        codes.append(tb.tb_frame.f_code)
        tb = tb.tb_next
    return codes


def index_fault(err: Exception) -> bool:
    """True when ``err`` comes from reading the search index: raised inside
    Whoosh (``Block tag error``, a missing or truncated segment: EOFError,
    FileNotFoundError) or while reading its ``expansions.json``."""
    if type(err).__module__.startswith("whoosh"):
        return True
    codes = _frames(err)
    if codes and "/whoosh/" in codes[-1].co_filename.replace("\\", "/"):
        return True
    return isinstance(err, (ValueError, OSError)) and any(
        c.co_name == "read_table" and c.co_filename.endswith("expansions.py") for c in codes)


def describe_fault(err: Exception, command: list):
    """The one-line message of a fault met by a command, or None for a bug
    (left to show its traceback)."""
    if isinstance(getattr(err, "kb_message", None), str):  # a fault that words itself (kb serve: a busy port)
        return err.kb_message
    if isinstance(err, RecursionError):
        return ("the input is nested too deeply to be read (more levels of lists or mappings than "
                f"{sys.getrecursionlimit()}): give it as a flat list")
    if index_fault(err):
        return INDEX_DAMAGED.format(f"{type(err).__name__}: {' '.join(str(err).split())}")
    if isinstance(err, OSError):
        if command == ["render"]:
            return store.describe_os_error(err, option="--out", writing=True)
        return store.describe_os_error(err)
    return None


@click.group(cls=KBGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mtg-rules-kb")
def main() -> None:
    """Bilingual (French/English) knowledge base of the Magic: The Gathering rules.

    Start with `kb build` (parses the embedded seed documents), then try
    `kb search "association d'âmes"`, `kb rule 702.92a` or
    `kb card "Implorer la reine"`.
    """


for command in (build.build, rules.rule, rules.history, rules.diff, rules.editions, rules.glossary,
                cards.card, cards.links, cards.term, search.search, site.render, site.serve, check.check,
                warnings.warnings):
    main.add_command(command)


if __name__ == "__main__":  # pragma: no cover
    main()

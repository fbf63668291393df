"""Options shared by the ``kb`` commands: ``--json``, ``--data-dir``,
``--edition``, ``--lang``, ``--limit``; the many-valued option of
``kb build --docs/--cr``; progress bars on stderr."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import click

from kb.progress import Progress, no_progress

DATA_DIR_HELP = "Knowledge base directory (default ./.kb, or $KB_DATA_DIR)."


def data_dir_option(f):
    """``--data-dir DIR`` (or ``$KB_DATA_DIR``; default ``./.kb``), passed as ``data_dir``."""
    return click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path), envvar="KB_DATA_DIR",
                        default=Path(".kb"), show_default=True, help=DATA_DIR_HELP)(f)


def json_option(f):
    """``--json``, passed as ``as_json``."""
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(f)


#: How every ``--edition`` reads a date (kb.rules.versions.date_meant, edition_in_force).
EDITION_DATES_HELP = ("A date YYYY-MM-DD, a month YYYY-MM or a year YYYY means the edition in force on that day "
                      "(a month: its last day; a year: its 31 December).")


def edition_option(help: str, dates: bool = False):
    """``--edition`` with the meaning ``help`` gives it for one command;
    with ``dates`` (the edition in force on a date), followed by
    :data:`EDITION_DATES_HELP`."""
    return click.option("--edition", help=f"{help} {EDITION_DATES_HELP}" if dates else help,
                        callback=_checked_edition if dates else None)


def _checked_edition(ctx: click.Context, _param, value):
    """``kb check --edition 1999``: a day before the oldest edition the rules
    model knows is an error (« no edition in force before … »), never an
    answer.  The other commands find the edition in the knowledge base."""
    if value is None or ctx.command.name != "check":
        return value
    from kb.checker.editions import EditionError, first_edition, resolve_edition

    try:
        resolve_edition(value)
    except EditionError as err:
        if f"before {first_edition()}" in str(err):
            from kb.cli.common import KBError

            raise KBError(str(err)) from err
    return value


def lang_option(help: str):
    """``--lang en|fr`` with the meaning ``help`` gives it for one command."""
    return click.option("--lang", type=click.Choice(["en", "fr"]), help=help)


def limit_option(default: int = 10, maximum: int = 500):
    """``--limit N``: the most results shown."""
    return click.option("--limit", default=default, show_default=True, type=click.IntRange(1, maximum),
                        help="Maximum results.")


class GreedyOption(click.Option):
    """An option taking one or more values: ``--docs a.txt b/ c.txt``.
    Values stop at the next argument starting with ``-``; the option may also
    be repeated."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("multiple", True)
        super().__init__(*args, **kwargs)

    def add_to_parser(self, parser, ctx):
        super().add_to_parser(parser, ctx)
        opt = parser._long_opt.get(self.opts[0])
        if opt is None:  # pragma: no cover
            return
        orig = opt.process

        def process(value, state):
            values = [value]
            while state.rargs and not state.rargs[0].startswith("-"):
                values.append(state.rargs.pop(0))
            for v in values:
                orig(v, state)

        opt.process = process


@contextmanager
def progress_bars(enabled: bool = True, min_total: int = 10) -> Iterator[Progress]:
    """A :data:`kb.progress.Progress` drawing click progress bars on stderr,
    one per long step of at least ``min_total`` units (nothing when not
    ``enabled``); bars left unfinished are closed on exit."""
    bars: list = []

    def progress(label: str, total: int):
        if not enabled or total < min_total:
            return no_progress(label, total)
        bar = click.progressbar(length=total, label=label, file=sys.stderr)
        bar.__enter__()
        bars.append(bar)

        def step(n: int = 1) -> None:
            bar.update(n)
            if bar.pos >= bar.length:
                bar.__exit__(None, None, None)
        return step
    try:
        yield progress
    finally:
        for bar in bars:
            if bar.pos < bar.length:
                bar.__exit__(None, None, None)

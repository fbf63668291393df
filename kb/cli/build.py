"""``kb build``: parse the documents into a new knowledge base and print what it holds."""
from __future__ import annotations

import time
from pathlib import Path

import click

from kb.cli.common import KBError, emit_json, terminal_safe
from kb.cli.options import GreedyOption, data_dir_option, json_option, progress_bars
from kb.store import db as store

#: Build warnings printed in full before ``… N more``.
SHOWN_WARNINGS = 20


@click.command()
@click.option("--docs", cls=GreedyOption, type=click.Path(path_type=Path),
              help="French FAQ / rules files or folders (default: the embedded seeds/).")
@click.option("--cr", cls=GreedyOption, type=click.Path(path_type=Path),
              help="Comprehensive Rules files or folders (any edition, any encoding).")
@click.option("--mtgjson", type=click.Path(path_type=Path),
              help="Folder of MTGJSON set files, or an AllPrintings / AtomicCards file.")
@data_dir_option
@json_option
@click.option("--quiet", "-q", is_flag=True, help="No progress bars.")
def build(docs, cr, mtgjson, data_dir, as_json, quiet):
    """Parse documents into a new knowledge base and search index.

    The new build replaces the old one atomically; a failed build leaves the
    previous knowledge base untouched."""
    from kb.build import BuildError, build as run_build

    t0 = time.perf_counter()
    had_one = store.has_current(data_dir)
    try:
        with progress_bars(enabled=not (quiet or as_json)) as progress:
            report = run_build(data_dir, docs=list(docs) or None, cr=list(cr), mtgjson=mtgjson, progress=progress)
    except (BuildError, store.BuildLocked) as err:
        kept = "previous knowledge base kept" if had_one else "nothing was published"
        raise KBError(f"build failed, {kept}: {err}") from err
    report.seconds["total"] = round(time.perf_counter() - t0, 3)
    if as_json:
        emit_json(report.to_dict())
    else:
        print_summary(report, data_dir)


def print_summary(report, data_dir: Path) -> None:
    """The text summary of a :class:`kb.build.BuildReport`: counts per kind,
    per document, and the first warnings and every error."""
    c = report.counts
    click.echo(f"Built knowledge base in {data_dir} ({report.seconds['total']:.2f} s)")
    click.echo(f"  documents     {c['documents']}")
    for d in report.documents:
        click.echo(f"    {d['id']}  {d['title']}  ({d['rules']} rules, {d['card_records']} card records, "
                   f"{d['notes']} notes, {d['warnings']} warnings)")
    if c.get("editions"):
        click.echo(f"  editions      {c['editions']} (Comprehensive Rules; {report.lost_quotes} lost quotes '?')")
    click.echo(f"  rules         {c['rules']}")
    click.echo(f"  card records  {c['card_records']}")
    click.echo(f"  notes         {c['notes']}")
    click.echo(f"  sections      {c['sections']}")
    if c.get("glossary_entries"):
        click.echo(f"  glossary      {c['glossary_entries']}")
    if report.cards:
        click.echo(f"  cards         {report.cards.get('cards', report.cards)}")
    click.echo(f"  indexed       {report.indexed} search documents")
    click.echo(f"  warnings      {c['warnings']}")
    for w in report.warnings[:SHOWN_WARNINGS]:
        click.echo(f"    {w}")
    if len(report.warnings) > SHOWN_WARNINGS:
        click.echo(f"    … {len(report.warnings) - SHOWN_WARNINGS} more (kb build --json lists them all)")
    for e in report.errors:
        click.echo(f"  error: {terminal_safe(e)}", err=True)

"""``kb warnings``: the typed, located warnings of the build, read from the
knowledge base: references resolved nowhere or with a doubt (``ref.missing``,
``ref.title_mismatch``, ``ref.ambiguous``, ``ref.range``:
:mod:`kb.rules.references`) and what the parsers met (``parse.stray_token``,
``parse.duplicate_id``, ``parse.unclosed_mana_symbol``…: :func:`kb.store.db.parse_warnings`)."""
from __future__ import annotations

import click

from kb.cli.common import emit_json, open_conn
from kb.cli.options import data_dir_option, json_option

#: The reference warning types (parse warnings are ``parse.<kind>``).
TYPES = ("ref.missing", "ref.title_mismatch", "ref.ambiguous", "ref.range")


@click.command(short_help="List the build's warnings: doubtful references, misprints, with their locations.")
@click.option("--type", "type_", metavar="TYPE",
              help=f"Only the warnings of this type: {', '.join(TYPES)}, or parse.KIND (parse.stray_token…).")
@click.option("--source", help="Only those of this edition (date or source) or document id.")
@data_dir_option
@json_option
def warnings(type_, source, data_dir, as_json):
    """List the references the build could not resolve, or resolved with a
    doubt (file:line:column, type, the citing rule, what it cites and why),
    then what the parsers met (misprints, duplicate ids, unclosed mana symbols).

    A reference repeated by the same text in consecutive editions is one
    warning listing those editions."""
    from kb.rules.references import reference_warnings
    from kb.store import db as store

    conn = open_conn(data_dir)
    found = reference_warnings(conn, type=type_, source=source) + store.parse_warnings(conn, type_, source)
    if as_json:
        emit_json({"count": len(found), "warnings": found})
        return
    for w in found:
        where = f"{w['file'] or w['document']}:{w['line'] or 0}:{w['col'] or 0}"
        editions = w["editions"]
        span = f" [{editions[0]} … {editions[-1]}, {len(editions)} editions]" if len(editions) > 1 else ""
        rule = f"{w['rule']}: " if w["rule"] else ""
        click.echo(f"{where}: {w['type']}: {rule}{w['message']}{span}")
    click.echo(click.style(f"{len(found)} warning{'s' if len(found) != 1 else ''}", dim=True))

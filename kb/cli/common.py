"""What every ``kb`` command shares: the error it raises, the knowledge base
it opens and the JSON it prints."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import click

from kb.store import db as store


class KBError(click.ClickException):
    """A one-line error printed as ``kb: MESSAGE`` on stderr; the command
    exits with ``exit_code`` (1 unless given)."""

    def __init__(self, message: str, exit_code: int = 1):
        super().__init__(message)
        self.exit_code = exit_code

    def show(self, file=None) -> None:
        click.echo(f"kb: {self.format_message()}", err=True)


def open_conn(data_dir: Path) -> sqlite3.Connection:
    """The published knowledge base of ``data_dir``, or a :class:`KBError`
    saying how to build one."""
    try:
        return store.connect(data_dir)
    except store.KBNotFound as err:
        raise KBError(str(err)) from err


def emit_json(obj) -> None:
    """Print ``obj`` as indented JSON, non-ASCII characters kept."""
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))

"""What every ``kb`` command shares: the error it raises, the knowledge base
it opens, the JSON it prints and the one filter of terminal output.

Terminal output (not ``--json``) goes through :func:`terminal_safe`: control
characters of document text or user input (``\\033[2J``, OSC title
sequences, a lone ``\\r``…) are shown escaped (``\\x1b[2J``) instead of
reaching the terminal; the styles of ``click.style`` (SGR ``ESC[…m``) are kept.
"""
from __future__ import annotations

import contextlib
import io
import json
import re
import sqlite3
import sys
from pathlib import Path

import click

from kb.store import db as store

#: A style of ``click.style`` (bold, dim, colours, reset): kept on terminal output.
_SGR = r"\x1b\[[0-9;]{0,20}m"
#: Every other control character: C0 except tab and newline, DEL, C1.
_CONTROL = r"[\x00-\x08\x0b-\x1f\x7f-\x9f]"
_UNSAFE = re.compile(f"({_SGR})|{_CONTROL}")


def _escape(m: re.Match) -> str:
    return m.group(1) or m.group(0).encode("unicode_escape").decode("ascii")


def terminal_safe(text: str) -> str:
    """``text`` with its control characters escaped (``\\x1b``, ``\\r``…),
    newlines, tabs and ``click.style`` styles kept."""
    return _UNSAFE.sub(_escape, text)


class TerminalSafeStream(io.TextIOBase):
    """A text stream writing :func:`terminal_safe` text to ``stream``;
    ``unfiltered`` is the stream itself (JSON is written there)."""

    def __init__(self, stream):
        self.unfiltered = stream

    def write(self, text: str) -> int:
        self.unfiltered.write(terminal_safe(text))
        return len(text)

    def flush(self) -> None:
        self.unfiltered.flush()

    def isatty(self) -> bool:
        return self.unfiltered.isatty()

    def fileno(self) -> int:
        return self.unfiltered.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self):
        return getattr(self.unfiltered, "encoding", "utf-8")

    @property
    def errors(self):
        return getattr(self.unfiltered, "errors", "strict")


@contextlib.contextmanager
def terminal_safe_stdout(enabled: bool = True):
    """Within the block, ``sys.stdout`` escapes control characters."""
    if not enabled or isinstance(sys.stdout, TerminalSafeStream):
        yield
        return
    saved = sys.stdout
    sys.stdout = TerminalSafeStream(saved)
    try:
        yield
    finally:
        sys.stdout = saved


class KBError(click.ClickException):
    """A one-line error printed as ``kb: MESSAGE`` on stderr; the command
    exits with ``exit_code`` (1 unless given)."""

    def __init__(self, message: str, exit_code: int = 1):
        super().__init__(message)
        self.exit_code = exit_code

    def show(self, file=None) -> None:
        message = " ".join(self.format_message().splitlines())
        click.echo(f"kb: {terminal_safe(message)}", err=True)


def open_conn(data_dir: Path) -> sqlite3.Connection:
    """The published knowledge base of ``data_dir``, or a :class:`KBError`
    saying how to build one."""
    try:
        return store.connect(data_dir)
    except store.KBNotFound as err:
        raise KBError(str(err)) from err


def emit_json(obj) -> None:
    """Print ``obj`` as indented JSON, non-ASCII characters kept (never
    filtered: JSON escapes control characters itself)."""
    out = sys.stdout
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2), file=getattr(out, "unfiltered", out))


def emit_json_error(err: click.ClickException) -> None:
    """Print ``{"error": MESSAGE, "exit_code": N}`` on stdout: what a ``--json``
    caller reads when a command fails (the ``kb: MESSAGE`` line still goes to
    stderr and the exit code is the same)."""
    message = " ".join(err.format_message().split())
    emit_json({"error": message, "exit_code": getattr(err, "exit_code", 1)})

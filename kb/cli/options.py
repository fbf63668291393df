"""Options and helpers shared by the ``kb`` commands."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator

import click

from kb.progress import Progress, no_progress


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

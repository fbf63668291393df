"""Progress of long steps: the one protocol the pipeline and the CLI share.

A long step asks its ``progress`` once: ``step = progress(label, total)``,
then calls ``step(n)`` as it advances by ``n`` of ``total`` units.  The CLI
passes a factory that draws a bar (:func:`kb.cli.options.progress_bars`);
library callers and tests pass nothing (:func:`no_progress`) or a recorder.
"""
from __future__ import annotations

from typing import Callable

#: advance by n units
Step = Callable[[int], None]
#: progress(label, total) -> step
Progress = Callable[[str, int], Step]


def _still(n: int = 1) -> None:
    return None


def no_progress(label: str, total: int) -> Step:
    """The progress that shows nothing."""
    return _still

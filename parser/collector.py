"""The cyclic garbage collector paused over work that makes millions of small objects and no cycles."""
from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def collector_paused():
    """The cyclic collector off while the block runs: a parse makes a token and a tree node for every line,
    an index build a list for every term, and nothing of either is a cycle, yet the collector walked them
    ever again (a tenth of a rules text's parse, of the full corpus's index build).  It runs again after,
    if it ran before (a pause inside a pause leaves it off)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()

"""The production server behind ``kb serve``: gunicorn, run in the
foreground (Ctrl-C or SIGTERM stops it).

gunicorn's master process loads the application first (``preload_app``:
the knowledge base opened, the most asked-for pages rendered, the parsers
built; then its connection and searchers closed, :meth:`Readers.release`),
and only then binds the address, so that the first request finds a warm
server; it forks ``workers`` processes, which inherit all of it, and keeps
them alive (one restarted if it dies or hangs longer than
:data:`WORKER_TIMEOUT`); each worker is a stateless reader of the published
knowledge base (:class:`kb.site.readers.Readers`) answering with ``threads``
threads (the ``gthread`` worker).  Processes give the searches both cores
(one process would share one interpreter lock); threads keep a worker
answering while one of its requests waits.  A connection that sends
nothing for ``idle_timeout`` seconds, kept alive or half-open, is closed
(a new one after ``FIRST_BYTE_WAIT + idle_timeout``).

Errors gunicorn answers itself, before the application sees the request
(a request line over 8190 bytes: 414, a malformed request: 400), are JSON
``{"error": …, "status": …}`` like every ``/api/`` error.
"""
from __future__ import annotations

import errno
import functools
import json
import os
import socket
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional

from gunicorn import util as gunicorn_util
from gunicorn.app.base import BaseApplication
from gunicorn.workers import gthread

from kb.store import db as store

WORKER_TIMEOUT = 60      # seconds a worker may stay silent before the master restarts it
GRACEFUL_TIMEOUT = 5     # seconds the workers get to finish their requests on stop
REQUEST_LINE_MAX = 8190  # bytes (gunicorn's maximum); longer: 414
SWITCH_INTERVAL = 0.001  # seconds a busy thread keeps the interpreter lock (Python: 0.005)
WARM_SEARCHERS = 2       # searchers a new worker opens and warms, behind its first requests
FIRST_BYTE_WAIT = 1.0    # seconds a thread waits for a new connection's first byte (gunicorn: 5)


def default_workers() -> int:
    """One worker per core."""
    return os.cpu_count() or 1


def write_json_error(sock, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's answer to a request it could not read, as JSON."""
    body = json.dumps({"error": f"{reason}: {mesg}" if mesg else reason, "status": status_int}).encode()
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode("latin-1")
    gunicorn_util.write_nonblock(sock, head + body)


_closer = ThreadPoolExecutor(max_workers=4, thread_name_prefix="kb-close")


def _close_elsewhere(close):
    """gunicorn's ``TConn.close`` with its graceful close (which lingers up
    to 2 s draining what a client still sends, e.g. after a 414) run on a
    closing thread instead of the worker's main loop, which it would stall
    for every connection of the worker."""
    @functools.wraps(close)
    def wrapper(conn, graceful: bool = False):
        if graceful:
            _closer.submit(close, conn, True)
        else:
            close(conn)
    return wrapper


def _post_fork(server, worker) -> None:
    """In each worker (gunicorn 27's gthread worker): a short switch
    interval, so that a long search delays a short request's many lock
    hand-overs (socket reads and writes) by 1 ms each, not 5; errors as JSON, a
    silent new connection handed back to the poller (which closes it after
    the idle timeout) after :data:`FIRST_BYTE_WAIT` instead of holding a
    thread for 5 s, and graceful closes off the main loop."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    gunicorn_util.write_error = write_json_error
    if hasattr(gthread, "DEFAULT_WORKER_DATA_TIMEOUT"):     # gunicorn internals: skipped if they move
        gthread.DEFAULT_WORKER_DATA_TIMEOUT = FIRST_BYTE_WAIT
    if hasattr(gthread, "TConn"):
        gthread.TConn.close = _close_elsewhere(gthread.TConn.close)


def _post_worker_init(worker) -> None:
    """In each worker, once it is ready: open and warm
    :data:`WARM_SEARCHERS` searchers on a thread of their own, behind the
    first requests (pages, rendered ahead by the master, never wait for it)."""
    readers = worker.wsgi.extensions["kb"]["readers"]
    threading.Thread(target=readers.prepare, args=(WARM_SEARCHERS,), name="kb-prepare", daemon=True).start()


class KbServer(BaseApplication):
    """gunicorn running :func:`kb.site.serve.create_app` on ``data_dir``."""

    def __init__(self, data_dir: Path, options: dict):
        self.data_dir = Path(data_dir)
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from kb.site.serve import make_app

        try:
            app = make_app(self.data_dir, warm=True)
        except store.KBNotFound:     # answered 503 until a knowledge base is published
            app = make_app(self.data_dir, warm=False)
        app.extensions["kb"]["readers"].release()    # the workers open their own
        return app


def options(host: str, port: int, workers: Optional[int], threads: int, idle_timeout: int) -> dict:
    """gunicorn's settings for ``kb serve``."""
    return {
        "bind": [f"{host}:{port}"],
        "workers": workers or default_workers(),
        "threads": threads,
        "worker_class": "gthread",
        "keepalive": idle_timeout,
        "timeout": WORKER_TIMEOUT,
        "graceful_timeout": GRACEFUL_TIMEOUT,
        "limit_request_line": REQUEST_LINE_MAX,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "post_fork": _post_fork,
        "post_worker_init": _post_worker_init,
        "preload_app": True,
        "proc_name": "kb-serve",
    }


class CannotListen(OSError):
    """The address cannot be listened on (in use, not this machine's, no
    permission); ``kb_message`` is the one line ``kb serve`` prints."""

    def __init__(self, host: str, port: int, err: OSError):
        super().__init__(err.errno, err.strerror)
        why = {errno.EADDRINUSE: "the address is already in use (another server on that port?)",
               errno.EADDRNOTAVAIL: "the address is not one of this machine's",
               errno.EACCES: "no permission to listen on that port (below 1024?)"}.get(err.errno, str(err))
        self.kb_message = (f"cannot listen on {host}:{port}: {why}: choose another --port or --host, "
                           "or stop the server using it")


def check_address(host: str, port: int) -> None:
    """Raise :class:`CannotListen` when ``host:port`` cannot be bound now
    (bound and released at once, as gunicorn binds it: ``SO_REUSEADDR``), so
    that a busy port is one line before the knowledge base is even opened."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as err:
        raise CannotListen(host, port, OSError(errno.EADDRNOTAVAIL, str(err))) from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            raise CannotListen(host, port, err) from None


def run(data_dir: Path, host: str = "127.0.0.1", port: int = 8000, workers: Optional[int] = None,
        threads: int = 8, idle_timeout: int = 5) -> None:
    """Serve ``data_dir`` until interrupted (:class:`CannotListen` at once
    when the address cannot be listened on)."""
    check_address(host, port)
    KbServer(data_dir, options(host, port, workers, threads, idle_timeout)).run()

"""The production server behind ``kb serve``: gunicorn, run in the
foreground (Ctrl-C or SIGTERM stops it).

gunicorn's master process loads the application first (``preload_app``:
the knowledge base opened, the most asked-for pages rendered, the parsers
built; then its connection and searchers closed, :meth:`Readers.release`),
and only then binds the address, so that the first request finds a warm
server; it forks ``workers`` processes, which inherit all of it, and keeps
them alive (one restarted if it dies or hangs longer than
:data:`WORKER_TIMEOUT`, or when one of its threads is stuck on a request
for :data:`STUCK_AFTER` seconds: :class:`Watchdog`); each worker is a stateless reader of the published
knowledge base (:class:`kb.site.readers.Readers`) answering with ``threads``
threads (:class:`KbWorker`, gunicorn's ``gthread`` worker whose threads
only take whole requests).  Processes give the searches both cores (one
process would share one interpreter lock); threads keep a worker answering
while one of its requests waits.  Slow clients cannot starve the others: a
request is read by the worker's poller as its bytes come, and a thread
takes it only once it is whole (line, headers, announced body).  A
connection that sends nothing for ``idle_timeout`` seconds, new, kept alive
or half-sent, is closed, and one whose request is not whole after
:data:`REQUEST_ARRIVAL_LIMIT` seconds is answered 408 and closed.

Errors gunicorn answers itself, before the application sees the request
(a request line over 8190 bytes: 414, a malformed request: 400), are JSON
``{"error": …, "status": …}`` like every ``/api/`` error.
"""
from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import re
import signal
import socket
import sys
import threading
import time
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
STUCK_AFTER = 90.0       # seconds a request may run in a worker thread before the worker is replaced
WATCH_EVERY = 1.0        # seconds between two looks of a worker's watchdog at its requests
STUCK_EXIT = 1           # exit status of a worker replaced for a stuck thread (gunicorn logs it)


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


#: Bytes of a request (line, headers and a body of known length) read by
#: the poller before a thread takes it; a larger request goes to a thread as it is.
WHOLE_REQUEST_MAX = 1 << 20
#: Seconds a request may take to arrive whole once its first byte came (then 408 and closed).
REQUEST_ARRIVAL_LIMIT = 10.0

_HEAD_END = re.compile(rb"\r?\n\r?\n")
_LENGTH = re.compile(rb"^content-length:[ \t]*(\d{1,12})[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
_CHUNKED = re.compile(rb"^transfer-encoding:[^\r\n]*chunked", re.IGNORECASE | re.MULTILINE)


def _whole(held: bytes) -> bool:
    """Whether ``held`` holds a whole request: its head and the body it announces."""
    end = _HEAD_END.search(held)
    if end is None:
        return len(held) >= WHOLE_REQUEST_MAX
    head, body = held[:end.start()], held[end.end():]
    if _CHUNKED.search(head):
        return body.endswith(b"0\r\n\r\n") or len(held) >= WHOLE_REQUEST_MAX
    length = _LENGTH.search(head)
    return length is None or len(body) >= min(int(length.group(1)), WHOLE_REQUEST_MAX)


class KbWorker(gthread.ThreadWorker):
    """gunicorn's ``gthread`` worker, whose threads only take whole requests.

    A connection's bytes are read as they come, without waiting, by a
    thread that gives the connection back to the worker's poller
    (gunicorn's « deferred » connections) until its request line, headers
    and announced body are all there; only then does a thread parse and
    answer it.  A client that sends half a request and then nothing (or one
    byte now and then) therefore holds no thread: it holds a socket, closed
    after the idle timeout of silence or :data:`REQUEST_ARRIVAL_LIMIT`
    seconds in all (408).  Plain HTTP only (``kb serve`` has no TLS: a
    reverse proxy in front terminates it)."""

    def handle(self, conn):
        if self.cfg.is_ssl:
            return super().handle(conn)
        arrived = _arrival(conn)
        if arrived is None:
            return gthread._DEFER
        if arrived is False:
            return False
        return super().handle(conn)


def _arrival(conn):
    """Read what the client of ``conn`` has sent, without waiting: True when
    the request is whole (handed to gunicorn's parser), None to wait for
    more, False to close (the client left, or took too long: 408)."""
    held = getattr(conn, "kb_held", None)
    if held is None:
        held = conn.kb_held = bytearray()
        conn.kb_since = time.monotonic()
        if conn.parser is not None:
            held += conn.parser.unreader.take_buffered()
    while len(held) < WHOLE_REQUEST_MAX:
        try:
            data = conn.sock.recv(65536, socket.MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError):
            break
        except OSError:
            return False
        if not data:
            return False if not held or not _whole(bytes(held)) else _hand_over(conn, held)
        held += data
    if held and _whole(bytes(held)):
        return _hand_over(conn, held)
    if time.monotonic() - conn.kb_since > REQUEST_ARRIVAL_LIMIT:
        if held:
            with contextlib.suppress(OSError):
                write_json_error(conn.sock, 408, "Request Timeout",
                                 f"the request did not arrive whole within {REQUEST_ARRIVAL_LIMIT:g} s")
        return False
    return None


def _hand_over(conn, held: bytearray) -> bool:
    """Give the whole request read so far to gunicorn's parser of ``conn``."""
    conn.init()
    conn.parser.unreader.unread(bytes(held))
    conn.kb_held = None
    return True


def _post_fork(server, worker) -> None:
    """In each worker: a short switch interval, so that a long search delays
    a short request's many lock hand-overs (socket reads and writes) by 1 ms
    each, not 5; errors as JSON, and graceful closes off the main loop."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    gunicorn_util.write_error = write_json_error
    if hasattr(gthread, "TConn"):     # gunicorn internals: skipped if they move
        gthread.TConn.close = _close_elsewhere(gthread.TConn.close)


class Watchdog:
    """A worker's requests, watched: the WSGI application ``app`` wrapped so
    that each request's start is known while it runs, and a thread that
    looks every :data:`WATCH_EVERY` seconds.  A request running longer than
    ``stuck_after`` seconds (every search has a time budget, so it is stuck:
    a Python thread cannot be stopped) replaces the worker: it stops taking
    connections (``worker.handle_exit``, as on SIGTERM), the others' requests get ``grace``
    seconds to finish, then the process ends (``exit(STUCK_EXIT)``) and
    gunicorn's master starts a new worker.  gunicorn's own timeout does not
    see it: a ``gthread`` worker's main loop keeps telling the master it
    lives while one of its threads is stuck."""

    def __init__(self, app, worker, stuck_after: Optional[float] = None, grace: float = GRACEFUL_TIMEOUT,
                 exit=os._exit):
        self.app, self.worker = app, worker
        self.stuck_after = STUCK_AFTER if stuck_after is None else stuck_after
        self.grace, self.exit = grace, exit
        self.running: dict[int, tuple[float, str]] = {}     # thread -> (start, path) of its request
        self.stuck: Optional[str] = None

    def __call__(self, environ, start_response):
        me = threading.get_ident()
        self.running[me] = (time.monotonic(), environ.get("PATH_INFO", ""))
        try:
            return self.app(environ, start_response)
        finally:
            self.running.pop(me, None)

    def __getattr__(self, name: str):           # the application's own (``extensions``, …)
        return getattr(self.app, name)

    def start(self) -> "Watchdog":
        threading.Thread(target=self._watch, name="kb-watchdog", daemon=True).start()
        return self

    def _watch(self) -> None:
        while self.stuck is None:
            time.sleep(WATCH_EVERY)
            now = time.monotonic()
            for start, path in list(self.running.values()):
                if now - start > self.stuck_after:
                    self.stuck = f"a request to {path} has run for {now - start:.0f} s (stuck)"
        self.worker.log.error("%s: replacing worker %s", self.stuck, os.getpid())
        self.worker.handle_exit(signal.SIGTERM, None)      # as gunicorn's master stops it: no new connection
        deadline = time.monotonic() + self.grace
        while time.monotonic() < deadline and len(self.running) > 1:
            time.sleep(0.05)
        self.exit(STUCK_EXIT)


def _post_worker_init(worker) -> None:
    """In each worker, once it is ready: its requests watched
    (:class:`Watchdog`); :data:`WARM_SEARCHERS` searchers opened and warmed
    on a thread of their own, behind the first requests (pages, rendered
    ahead by the master, never wait for it)."""
    worker.wsgi = Watchdog(worker.wsgi, worker).start()
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
        "worker_class": KbWorker,
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

"""Faults, round 3 (issue 26): a worker whose thread is stuck on a request
is replaced (:class:`kb.site.wsgi.Watchdog`): gunicorn's own timeout does
not see it, the worker's main loop still tells the master it lives."""
from __future__ import annotations

import threading
import time

from kb.site import wsgi


class FakeWorker:
    def __init__(self):
        self.alive, self.logged = True, []
        self.log = self

    def error(self, message, *args):
        self.logged.append(message % args)

    def handle_exit(self, sig, frame):
        self.alive = False


def test_a_worker_with_a_stuck_request_is_replaced(monkeypatch):
    monkeypatch.setattr(wsgi, "WATCH_EVERY", 0.05)
    release, exits = threading.Event(), []

    def app(environ, start_response):
        if environ["PATH_INFO"] == "/api/search":
            release.wait(10)                        # a search that never ends
        return [b"ok"]

    worker = FakeWorker()
    dog = wsgi.Watchdog(app, worker, stuck_after=0.3, grace=0.2, exit=exits.append)
    assert dog({"PATH_INFO": "/"}, None) == [b"ok"] and not dog.running     # a short request: not watched after
    dog.start()
    stuck = threading.Thread(target=dog, args=({"PATH_INFO": "/api/search"}, None), daemon=True)
    stuck.start()
    time.sleep(0.2)
    assert worker.alive and exits == []             # 0.2 s: not stuck yet
    deadline = time.monotonic() + 5
    while not exits and time.monotonic() < deadline:
        time.sleep(0.05)
    release.set()
    assert exits == [wsgi.STUCK_EXIT] and not worker.alive
    assert worker.logged and worker.logged[0].startswith("a request to /api/search has run for ")
    assert "stuck" in worker.logged[0] and "replacing worker" in worker.logged[0]


def test_the_watchdog_is_the_application_gunicorn_calls():
    class App:
        extensions = {"kb": {"readers": None}}

        def __call__(self, environ, start_response):
            return [b"page"]

    dog = wsgi.Watchdog(App(), FakeWorker())
    assert dog.extensions == {"kb": {"readers": None}} and dog({"PATH_INFO": "/"}, None) == [b"page"]
    assert wsgi.STUCK_AFTER > 30.0       # longer than any bounded request (heavy lane: 30 s, waiting included)


def get(port: int, path: str, timeout: float) -> tuple[int, str]:
    """(status, body) of one request; status 0 when the connection ends without an answer."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, resp.read().decode()
    except (OSError, http.client.HTTPException):
        return 0, ""
    finally:
        conn.close()


STUCK_SERVER = """
import sys, time
from pathlib import Path
from kb.site import serve, wsgi
wsgi.STUCK_AFTER = 2.0
search_now = serve.Answers._search_now
def search_or_hang(self, build, ui, args):
    if args.q == "stuck":
        time.sleep(120)                          # a search that never ends
    return search_now(self, build, ui, args)
serve.Answers._search_now = search_or_hang
wsgi.run(Path(sys.argv[1]), port=int(sys.argv[2]), workers=1, threads=4)
"""


def test_kb_serve_replaces_the_worker_of_a_stuck_request(seed_kb, tmp_path):
    import subprocess
    import sys

    from tests.site.test_serve_gunicorn import free_port

    script, port = tmp_path / "stuck_server.py", free_port()
    script.write_text(STUCK_SERVER)
    proc = subprocess.Popen([sys.executable, str(script), str(seed_kb), str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and get(port, "/api/search?q=persistance", timeout=2)[0] != 200:
            time.sleep(0.2)
        started = time.monotonic()
        assert get(port, "/api/search?q=stuck", timeout=30)[0] == 0          # its worker ended
        assert time.monotonic() - started < 10
        status, body = get(port, "/api/search?q=persistance&limit=3", timeout=30)
        assert status == 200 and '"502.79"' in body                          # a new worker answers
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "a request to /api/search has run for" in err and "exited with code 1" in err
